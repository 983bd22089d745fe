import StoryKit

/// Samples a texture through a homography into the spans the coverage scan reports.
struct TextureSink: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let texels: UnsafePointer<UInt32>
    let levels: UnsafePointer<MipLevel>
    let map: Homography
    let clamp: PixelRect
    let opacity: Double
    let opaqueTexture: Bool
    /// Whether to take the texel under the sample point instead of interpolating four.
    let nearest: Bool
    /// The pixels of a bitmap of the destination's size whose transparent pixels need not be drawn
    /// (a group's mask, drawn first): only the runs of pixels whose mask alpha is above 0 are
    /// sampled, each exactly as the whole chunk samples it. `nil` draws every covered pixel.
    let need: UnsafePointer<UInt32>?
    /// Where the exact perspective divides fall: u and v are interpolated linearly in between,
    /// off by at most 1/8 texel of the level sampled (see ``TextureChunks``).
    let chunks: TextureChunks
    /// How many rows below the pixel being drawn the texels are prefetched: a diagonal walk
    /// through the texture reaches a new texel row every few pixels, at addresses no hardware
    /// prefetcher predicts, while the texels the rows below will read are known in advance.
    static let prefetchRows = 2.0

    init(pixels: UnsafeMutablePointer<UInt32>, width: Int, texels: UnsafePointer<UInt32>,
         levels: UnsafePointer<MipLevel>, levelCount: Int, nearest: Bool = false, map: Homography, clamp: PixelRect,
         opacity: Double, opaqueTexture: Bool, polygon: ConvexPolygon, need: UnsafePointer<UInt32>? = nil) {
        self.nearest = nearest
        self.need = need
        self.pixels = pixels
        self.width = width
        self.texels = texels
        self.levels = levels
        self.map = map
        self.clamp = clamp
        self.opacity = opacity
        self.opaqueTexture = opaqueTexture
        chunks = TextureChunks(map: map, levelCount: levelCount, polygon: polygon)
    }

    func uniformSpan(y: Int, x0: Int, x1: Int, coverage: Double) {
        let alpha = PixelMath.alphaByte(coverage * opacity)
        guard alpha > 0 else { return }
        if alpha == 255 && opaqueTexture && !nearest && need == nil {
            storeSpan(y: y, x0: x0, x1: x1)
            return
        }
        shade(y: y, x0: x0, x1: x1, alphas: nil, constant: alpha)
    }

    func partialSpan(y: Int, x0: Int, coverage: UnsafePointer<Double>, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            guard let alphas = buffer.baseAddress else { return }
            for i in 0..<count { alphas[i] = UInt8(PixelMath.alphaByte(coverage[i] * opacity)) }
            shade(y: y, x0: x0, x1: x0 + count, alphas: UnsafePointer(alphas), constant: 0)
        }
    }

    /// The byte offset from a tap at `point` to the bottom tap row of the sample ``prefetchRows``
    /// rows further down the screen (`∂(u, v)/∂y` there, rounded to whole texels of the level
    /// whose 16.16 scale is `scale`); only an address hint, never dereferenced.
    @inline(__always)
    func prefetchOffset(_ point: (u: Double, v: Double, inverseW: Double), scale: Double, stride: Int) -> Int {
        let rows = Self.prefetchRows * scale * point.inverseW, limit = 1e12
        let pu = Int(PixelMath.clamp((map.m21 - point.u * map.m23) * rows, limit))
        let pv = Int(PixelMath.clamp((map.m22 - point.v * map.m23) * rows, limit))
        // Moving down the texture, the new texels are in the lower tap row.
        let down = ((pv &+ 0x8000) >> 16) &+ (pv > 0 ? 1 : 0)
        return (down &* stride &+ ((pu &+ 0x8000) >> 16)) &* 4
    }

    /// Samples and composites pixels `x0 ..< x1` of row `y`, with per-pixel alphas or one constant.
    ///
    /// The row is cut into chunks by ``TextureChunks/walk(y:x0:x1:_:)``, the walk that
    /// `TextureChunksTests` checks against the exact projection.
    func shade(y: Int, x0: Int, x1: Int, alphas: UnsafePointer<UInt8>?, constant: UInt32) {
        let row = pixels + y * width
        let store = alphas == nil && constant == 255 && opaqueTexture
        var k = -1, base = texels, stride = 0, scale = 0.0, prefetch = 0
        var minU = 0, maxU = 0, minV = 0, maxV = 0
        chunks.walk(y: y, x0: x0, x1: x1) { x, n, level, line, start in
            if level != k {
                k = level
                let info = levels[k]
                base = texels + info.offset
                stride = info.stride
                scale = Double(sign: .plus, exponent: 16 - k, significand: 1)
                minU = (clamp.x0 >> k) << 16
                maxU = Swift.max(clamp.x0 >> k, (clamp.x1 - 1) >> k) << 16
                minV = (clamp.y0 >> k) << 16
                maxV = Swift.max(clamp.y0 >> k, (clamp.y1 - 1) >> k) << 16
                // Once per span and level, not per chunk: a hint, and along a span of one row
                // `∂(u, v)/∂y` changes by a fraction of a texel row.
                prefetch = prefetchOffset(start, scale: scale, stride: stride)
            }
            let bounds = (minU, maxU, minV, maxV)
            guard let need else {
                shadeRun(row, x: x, n: n, x0: x0, line: line, alphas: alphas, constant: constant, store: store,
                         base: base, stride: stride, prefetch: prefetch, bounds: bounds)
                return
            }
            // Only the runs the mask keeps, each sampling its pixels on the chunk's line.
            let mask = need + y * width + x
            var a = 0
            while a < n {
                if a + 8 <= n, !PixelMath.alphas(of: mask + a).any {
                    a += 8
                    continue
                }
                guard mask[a] >> 24 != 0 else {
                    a += 1
                    continue
                }
                var b = a + 1
                while b < n && mask[b] >> 24 != 0 { b += 1 }
                shadeRun(row, x: x + a, n: b - a, x0: x0,
                         line: (line.u &+ line.du &* a, line.v &+ line.dv &* a, line.du, line.dv), alphas: alphas,
                         constant: constant, store: store, base: base, stride: stride, prefetch: prefetch, bounds: bounds)
                a = b
            }
        }
    }

    /// Samples and composites the `n` pixels of a chunk (or of a run of it) from pixel `x` of
    /// `row`: pixel `i` samples `(u + i·du, v + i·dv)` of `line` in the level at `base`, with the
    /// alphas of the span that starts at `x0` (or one `constant`).
    @inline(__always)
    func shadeRun(_ row: UnsafeMutablePointer<UInt32>, x: Int, n: Int, x0: Int, line: (u: Int, v: Int, du: Int, dv: Int),
                  alphas: UnsafePointer<UInt8>?, constant: UInt32, store: Bool, base: UnsafePointer<UInt32>,
                  stride: Int, prefetch: Int, bounds: (Int, Int, Int, Int)) {
        let u = line.u, v = line.v
        let du = line.du, dv = line.dv
        let lastU = u &+ du &* (n - 1), lastV = v &+ dv &* (n - 1)
        let out = row + x
        if nearest {
            shadeNearest(out, count: n, x: x - x0, alphas: alphas, constant: constant, store: store,
                         base: base, stride: stride, u: u, v: v, du: du, dv: dv,
                         bounds: bounds)
        } else if store && Swift.min(u, lastU) >= bounds.0 && Swift.max(u, lastU) <= bounds.1
            && Swift.min(v, lastV) >= bounds.2 && Swift.max(v, lastV) <= bounds.3 {
            Bilinear.storeRun(out, count: n, base: base, stride: stride, u: u, v: v, du: du, dv: dv,
                              prefetch: prefetch)
        } else {
            // Only the pixels whose taps leave the level need clamping: a chunk that starts or
            // ends outside (the texture's edge, the first texel of a `contentsRect`) draws its
            // inside part as one run, which `storeRun` samples exactly as `sample` does.
            // A blended chunk (a transparent texture, partial coverage, an opacity) draws its
            // inside part through `blendRun`, with the same bytes as the clamped path.
            var lo = 0, hi = 0
            while lo < n && !Self.inside(u &+ du &* lo, v &+ dv &* lo, bounds) { lo += 1 }
            hi = n
            while hi > lo && !Self.inside(u &+ du &* (hi - 1), v &+ dv &* (hi - 1), bounds) { hi -= 1 }
            if hi > lo && store {
                Bilinear.storeRun(out + lo, count: hi - lo, base: base, stride: stride,
                                  u: u &+ du &* lo, v: v &+ dv &* lo, du: du, dv: dv,
                                  prefetch: prefetch)
            } else if hi > lo {
                Bilinear.blendRun(out + lo, count: hi - lo, alphas: alphas.map { $0 + (x - x0 + lo) }, constant: constant,
                                  base: base, stride: stride, u: u &+ du &* lo, v: v &+ dv &* lo, du: du, dv: dv)
            } else {
                lo = n
                hi = n
            }
            clamped(out, 0..<lo, alphas: alphas.map { $0 + (x - x0) }, constant: constant, store: store,
                    base: base, stride: stride, line: (u, v, du, dv), bounds: bounds)
            clamped(out, hi..<n, alphas: alphas.map { $0 + (x - x0) }, constant: constant, store: store,
                    base: base, stride: stride, line: (u, v, du, dv), bounds: bounds)
        }
    }
}

// MARK: - TextureSink + Clamping

extension TextureSink {
    /// Whether 16.16 tap coordinate `(u, v)` needs no clamping: `minU…maxU` by `minV…maxV`.
    @inline(__always)
    static func inside(_ u: Int, _ v: Int, _ bounds: (Int, Int, Int, Int)) -> Bool {
        u >= bounds.0 && u <= bounds.1 && v >= bounds.2 && v <= bounds.3
    }

    /// Samples pixels `range` of a chunk at `out` with their taps clamped to `bounds`
    /// (`minU, maxU, minV, maxV`), and stores or composites them with per-pixel `alphas` (indexed
    /// like `out`) or one `constant` alpha. Pixel `i` samples `(u + i·du, v + i·dv)` of `line`.
    @inline(__always)
    func clamped(_ out: UnsafeMutablePointer<UInt32>, _ range: Range<Int>, alphas: UnsafePointer<UInt8>?,
                 constant: UInt32, store: Bool, base: UnsafePointer<UInt32>, stride: Int,
                 line: (u: Int, v: Int, du: Int, dv: Int), bounds: (Int, Int, Int, Int)) {
        for i in range {
            let alpha = alphas.map { UInt32($0[i]) } ?? constant
            if alpha > 0 {
                let cu = Swift.min(Swift.max(line.u &+ line.du &* i, bounds.0), bounds.1)
                let cv = Swift.min(Swift.max(line.v &+ line.dv &* i, bounds.2), bounds.3)
                let s = Bilinear.sample(base, stride: stride, u: cu, v: cv)
                if store {
                    out[i] = s
                } else {
                    out[i] = PixelMath.over(alpha == 255 ? s : PixelMath.scale(s, by: alpha), out[i])
                }
            }
        }
    }
}

// MARK: - TextureSink + Nearest

extension TextureSink {
    /// Samples and composites `count` pixels from `out` with the nearest texel: tap coordinates
    /// are shifted by −½ texel, so the texel under the sample point is `(u + ½) >> 16`.
    @inline(__always)
    func shadeNearest(_ out: UnsafeMutablePointer<UInt32>, count n: Int, x first: Int, alphas: UnsafePointer<UInt8>?,
                      constant: UInt32, store: Bool, base: UnsafePointer<UInt32>, stride: Int,
                      u start: Int, v startV: Int, du: Int, dv: Int, bounds: (Int, Int, Int, Int)) {
        var u = start, v = startV
        let half = 0x8000
        for i in 0..<n {
            let alpha = alphas.map { UInt32($0[first + i]) } ?? constant
            if alpha > 0 {
                let cu = Swift.min(Swift.max(u &+ half, bounds.0), bounds.1 | 0xFFFF) >> 16
                let cv = Swift.min(Swift.max(v &+ half, bounds.2), bounds.3 | 0xFFFF) >> 16
                let s = base[cv &* stride &+ cu]
                out[i] = store ? s : PixelMath.over(alpha == 255 ? s : PixelMath.scale(s, by: alpha), out[i])
            }
            u &+= du
            v &+= dv
        }
    }
}
