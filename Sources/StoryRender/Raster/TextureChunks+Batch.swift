// MARK: - TextureChunks + Batch

extension TextureChunks {
    /// One chunk of a row as ``walk(y:x0:x1:_:)`` gives it to its body: its first pixel, length,
    /// mip level and 16.16 tap line.
    struct Chunk {
        /// The 16.16 tap coordinate of the first pixel and the step per pixel, in texels of `level`.
        var line: (u: Int, v: Int, du: Int, dv: Int)
        /// The chunk's first pixel.
        var x: Int
        /// Its length in pixels (1…``span``).
        var n: Int32
        /// The mip level sampled.
        var level: Int32
    }

    /// How many chunks ``plan(y:x0:x:x1:into:)`` writes at most (16 chunks, 768 bytes: small
    /// enough for the stack of a temporary allocation).
    static let batch = 16

    /// Writes the chunks of pixels `x ..< x1` of row `y`, up to ``batch`` of them, exactly as
    /// ``walk(y:x0:x1:_:)`` of the row from `x0` gives them when `x` is the first pixel of one of
    /// its chunks (so a row can be planned batch after batch).
    ///
    /// The arithmetic is ``project(_:_:)``, ``level(_:)`` and ``line(from:to:scale:step:)``
    /// operation for operation (the same IEEE products, sums and quotients, so the same bits),
    /// with u and v in the two lanes of a `SIMD2<Double>`, the clamp without branches and the
    /// level's exponent read from the bits; `TextureChunksBatchTests` compares it with the walk.
    ///
    /// - Parameters:
    ///   - y: The row.
    ///   - x0: The row's first pixel.
    ///   - x: The first pixel of the first chunk.
    ///   - x1: The pixel after the row's last.
    ///   - chunks: Room for ``batch`` chunks.
    /// - Returns: How many chunks were written (0 when `x ≥ x1`); the next batch starts at the
    ///   pixel after the last chunk.
    @inline(__always)
    func plan(y: Int, x0: Int, x: Int, x1: Int, into chunks: UnsafeMutablePointer<Chunk>) -> Int {
        guard x < x1 else { return 0 }
        guard !local else { return planRuns(y: y, x0: x0, x: x, x1: x1, into: chunks) }
        let count = Swift.min(Self.batch, (x1 - x + span - 1) / span)
        let spanStep = 1 / Double(span)
        let row = BatchRow(self, y: y)
        var start = row.project(x)
        var first = x
        for i in 0..<count {
            let n = Swift.min(span, x1 &- first)
            let end = row.project(first &+ n)
            (chunks + i).initialize(to: row.chunk(first, n: n, from: start, to: end, step: n == span ? spanStep : 1 / Double(n)))
            first &+= n
            start = end
        }
        return count
    }

    /// What ``plan(y:x0:x:x1:into:)`` and ``planRuns(y:x0:x:x1:into:)`` compute the same way on
    /// one row: the projection of a pixel centre and a chunk's level and line, in the operations
    /// and order the walk has them.
    struct BatchRow {
        /// The map from destination pixels to texture pixels (``TextureChunks/map``).
        let map: Homography
        /// Whether chunks may sample a mip level above 0 (``TextureChunks/mipmapped``).
        let mipmapped: Bool
        /// The map's rows `(m11, m12)`, `(m21, m22)`, `(m31, m32)`: u and v in two lanes.
        let m1: SIMD2<Double>, m2: SIMD2<Double>, m3: SIMD2<Double>
        /// `yc · (m21, m22)` and `yc · m23` for the row's centre `yc`.
        let row: SIMD2<Double>, rowW: Double
        /// The highest mip level.
        let top: Int

        /// The constants of row `y` of `chunks`' polygon.
        @inline(__always)
        init(_ chunks: TextureChunks, y: Int) {
            let map = chunks.map, yc = Double(y) + 0.5
            self.map = map
            mipmapped = chunks.mipmapped
            m1 = SIMD2(map.m11, map.m12); m2 = SIMD2(map.m21, map.m22); m3 = SIMD2(map.m31, map.m32)
            row = SIMD2(yc * map.m21, yc * map.m22); rowW = yc * map.m23
            top = chunks.levelCount - 1
        }

        /// ``project(_:_:)``: (u, v) and 1 / w' at pixel centre `(px + 0.5, yc)`.
        @inline(__always)
        func project(_ px: Int) -> (uv: SIMD2<Double>, inverseW: Double) {
            let limit = TextureChunks.coordinateLimit
            let xc = Double(px) + 0.5
            let h = xc * m1 + row + m3
            let inverse = 1 / (xc * map.m13 + rowW + map.m33)
            let p = h * inverse
            // PixelMath.clamp per lane: above −limit and below limit kept, NaN 0, else ±limit.
            var c = p.replacing(with: limit, where: .!(p .< limit))
            c.replace(with: -limit, where: .!(p .> -limit))
            c.replace(with: 0, where: p .!= p)
            return (c, inverse)
        }

        /// The chunk of `n` pixels from pixel `first`, between the projections `start` and `end`
        /// at its ends, `step` being `1 / n`: its mip level (``level(_:)``) and 16.16 tap line
        /// (``line(from:to:scale:step:)``).
        @inline(__always)
        func chunk(_ first: Int, n: Int, from start: (uv: SIMD2<Double>, inverseW: Double),
                   to end: (uv: SIMD2<Double>, inverseW: Double), step: Double) -> Chunk {
            // ``level(_:)``: ⌊log₂ minification⌋ from the larger squared length of ∂(u,v)/∂x, ∂(u,v)/∂y.
            var level = 0
            if mipmapped {
                let dx = (m1 - start.uv * map.m13) * start.inverseW, dy = (m2 - start.uv * map.m23) * start.inverseW
                let sx = dx * dx, sy = dy * dy
                let rho2 = Swift.max(sx[0] + sx[1], sy[0] + sy[1])
                if rho2 >= 4 && rho2.isFinite {
                    level = Swift.min(top, (Int(truncatingIfNeeded: rho2.bitPattern >> 52) - 1023) >> 1)
                }
            }
            // ``line(from:to:scale:step:)`` with scale 2^(16 − level).
            let scale = Double(bitPattern: UInt64(truncatingIfNeeded: 1023 + 16 - level) << 52)
            let f0 = start.uv * scale - 32768
            let d = (end.uv * scale - 32768 - f0) * step
            return Chunk(line: (Int(f0[0]), Int(f0[1]), Int(d[0]), Int(d[1])), x: first,
                         n: Int32(truncatingIfNeeded: n), level: Int32(truncatingIfNeeded: level))
        }
    }

    /// ``plan(y:x0:x:x1:into:)`` of a ``local`` polygon: the chunks of ``walkRuns(y:x0:x1:_:)``,
    /// with the arithmetic of ``run(from:x1:_:)``, ``project(_:_:)``, ``level(_:)`` and
    /// ``line(from:to:scale:step:)`` operation for operation, as ``plan(y:x0:x:x1:into:)`` has it.
    /// Not inlined: only planes that run to their horizon take it.
    @inline(never)
    func planRuns(y: Int, x0: Int, x: Int, x1: Int, into chunks: UnsafeMutablePointer<Chunk>) -> Int {
        guard x < x1 else { return 0 }
        let bound = rowBound(y: y)
        let row = BatchRow(self, y: y)
        var start = row.project(x)
        var first = x
        // The run being cut (replayed from the row's first pixel) and the one after it, planned
        // a run ahead so that its divides overlap this one's chunks.
        var run = self.run(from: x0, x1: x1, bound)
        while run.end <= x { run = self.run(from: run.end, x1: x1, bound) }
        var following = run.end < x1 ? self.run(from: run.end, x1: x1, bound) : run
        var count = 0
        while true {
            // The run's chunks, all of one length but the row's last, as the batch has room.
            let step = 1 / Double(run.length)
            while count < Self.batch && first < run.end {
                let i = count
                let n = Swift.min(run.length, run.end &- first)
                let end = row.project(first &+ n)
                (chunks + i).initialize(to: row.chunk(first, n: n, from: start, to: end,
                                                      step: n == run.length ? step : 1 / Double(n)))
                first &+= n
                start = end
                count &+= 1
            }
            guard count < Self.batch && first < x1 else { break }
            run = following
            if run.end < x1 { following = self.run(from: run.end, x1: x1, bound) }
        }
        return count
    }
}
