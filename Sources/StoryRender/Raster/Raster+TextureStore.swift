// MARK: - TextureSink + Store

extension TextureSink {
    /// Samples pixels `x0 ..< x1` of row `y` and stores them, with exactly the bytes
    /// ``shade(y:x0:x1:alphas:constant:)`` stores for a span of one constant alpha 255 from an
    /// opaque texture, bilinear, with no `need` mask (an opaque photo at full coverage and opacity).
    ///
    /// The row is planned in batches of chunks (``TextureChunks/plan(y:x0:x:x1:into:)``: every
    /// divide of the batch first, in one loop apart from the pixels), then each run of chunks
    /// whose taps need no clamping is drawn by one call of
    /// ``Bilinear/storeChunks(_:_:count:level:bounds:base:stride:prefetch:)``; a chunk that leaves
    /// its level goes through
    /// ``shadeRun(_:x:n:x0:line:alphas:constant:store:base:stride:prefetch:bounds:)`` as before.
    func storeSpan(y: Int, x0: Int, x1: Int) {
        let row = pixels + y * width
        var k = -1, base = texels, stride = 0, prefetch = 0
        var bounds = (0, 0, 0, 0)
        withUnsafeTemporaryAllocation(of: TextureChunks.Chunk.self, capacity: TextureChunks.batch) { buffer in
            guard let batch = buffer.baseAddress else { return }
            var x = x0
            while x < x1 {
                let count = chunks.plan(y: y, x0: x0, x: x, x1: x1, into: batch)
                var i = 0
                while i < count {
                    let chunk = batch[i]
                    if Int(chunk.level) != k {
                        k = Int(chunk.level)
                        let info = levels[k]
                        base = texels + info.offset
                        stride = info.stride
                        let scale = Double(sign: .plus, exponent: 16 - k, significand: 1)
                        bounds = (
                            (clamp.x0 >> k) << 16, Swift.max(clamp.x0 >> k, (clamp.x1 - 1) >> k) << 16,
                            (clamp.y0 >> k) << 16, Swift.max(clamp.y0 >> k, (clamp.y1 - 1) >> k) << 16
                        )
                        prefetch = prefetchOffset(chunks.project(chunk.x, Double(y) + 0.5), scale: scale, stride: stride)
                    }
                    // The chunks from i on that stay inside level k, then one that does not (if any).
                    i += Bilinear.storeChunks(row, batch + i, count: count - i, level: k, bounds: bounds,
                                              base: base, stride: stride, prefetch: prefetch)
                    if i < count && Int(batch[i].level) == k {
                        let chunk = batch[i]
                        shadeRun(row, x: chunk.x, n: Int(chunk.n), x0: x0, line: chunk.line, alphas: nil, constant: 255,
                                 store: true, base: base, stride: stride, prefetch: prefetch, bounds: bounds)
                        i += 1
                    }
                }
                x = batch[count - 1].x + Int(batch[count - 1].n)
            }
        }
    }

    /// Whether every tap of `chunk` lies within `bounds` (`minU, maxU, minV, maxV`): its line is
    /// straight, so its first and last taps bound the rest.
    @inline(__always)
    static func inside(_ chunk: TextureChunks.Chunk, _ bounds: (Int, Int, Int, Int)) -> Bool {
        let line = chunk.line, last = Int(chunk.n) - 1
        let lastU = line.u &+ line.du &* last, lastV = line.v &+ line.dv &* last
        return Swift.min(line.u, lastU) >= bounds.0 && Swift.max(line.u, lastU) <= bounds.1
            && Swift.min(line.v, lastV) >= bounds.2 && Swift.max(line.v, lastV) <= bounds.3
    }
}

// MARK: - Bilinear + Chunks

extension Bilinear {
    /// Stores the samples of the chunks of a row at `row` from the first one on, while they are
    /// of mip `level` and their taps lie inside `bounds` (`minU, maxU, minV, maxV`), each as
    /// ``storeRun(_:count:base:stride:u:v:du:dv:prefetch:)`` stores it. Not inlined: the loop
    /// gets registers of its own.
    ///
    /// - Returns: How many chunks were stored (0…`count`).
    @inline(never)
    static func storeChunks(_ row: UnsafeMutablePointer<UInt32>, _ chunks: UnsafePointer<TextureChunks.Chunk>, count: Int,
                            level: Int, bounds: (Int, Int, Int, Int), base: UnsafePointer<UInt32>, stride: Int,
                            prefetch: Int) -> Int {
        var i = 0
        while i < count {
            let chunk = chunks[i]
            guard Int(chunk.level) == level, TextureSink.inside(chunk, bounds) else { break }
            let line = chunk.line
            storeRun(row + chunk.x, count: Int(chunk.n), base: base, stride: stride, u: line.u, v: line.v,
                     du: line.du, dv: line.dv, prefetch: prefetch)
            i += 1
        }
        return i
    }
}
