import StoryKit

/// Samples a texture through a homography into the spans the coverage scan reports.
struct TextureSink: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let texels: UnsafePointer<UInt32>
    let levels: UnsafePointer<MipLevel>
    let levelCount: Int
    let map: Homography
    let clamp: PixelRect
    let opacity: Double
    let opaqueTexture: Bool
    /// `false` when no vertex of the polygon is minified by √2 or more, so every sample can come
    /// from level 0 without estimating the minification per span.
    let mipmapped: Bool
    /// Pixels per exact perspective divide, a power of two from 8 to 128: u and v are
    /// interpolated linearly in between, which is off by at most about 1/8 texel of the level
    /// sampled (zero at both ends of a span).
    let span: Int

    /// The largest tolerated error of the linear interpolation between exact divides, in texels
    /// of the mip level sampled.
    static let interpolationTolerance = 1.0 / 8
    /// Texture coordinates are clamped to ±2²⁴ texels before conversion to fixed point.
    static let coordinateLimit: Double = 16_777_216
    /// How many rows below the pixel being drawn the texels are prefetched: a diagonal walk
    /// through the texture reaches a new texel row every few pixels, at addresses no hardware
    /// prefetcher predicts, while the texels the rows below will read are known in advance.
    static let prefetchRows = 2.0

    init(pixels: UnsafeMutablePointer<UInt32>, width: Int, texels: UnsafePointer<UInt32>,
         levels: UnsafePointer<MipLevel>, levelCount: Int, map: Homography, clamp: PixelRect, opacity: Double,
         opaqueTexture: Bool, polygon: ConvexPolygon) {
        self.pixels = pixels
        self.width = width
        self.texels = texels
        self.levels = levels
        self.levelCount = levelCount
        self.map = map
        self.clamp = clamp
        self.opacity = opacity
        self.opaqueTexture = opaqueTexture
        // The interpolation error over n pixels is about n²/8 · |∂²(u,v)/∂x²|, and
        // ∂²(u,v)/∂x² = −2 (m13 / w) ∂(u,v)/∂x; bound both at the vertices. Minification ρ ≥ 2
        // samples level ⌊log₂ ρ⌋, whose texels are 2^level larger, so ρ counts as at most 2.
        var minified = false, curvature = 0.0
        for p in polygon {
            let h = map.applyHomogeneous(p)
            let rho2 = Self.minificationSquared(map, u: h.u / h.w, v: h.v / h.w, inverseW: 1 / h.w)
            if !(rho2 < 2) { minified = true }
            curvature = Swift.max(curvature, 2 * Swift.abs(map.m13 / h.w) * Swift.min(rho2, 4).squareRoot())
        }
        mipmapped = minified && levelCount > 1
        var n = 128
        while n > 8 && !(Double(n * n) / 8 * curvature <= Self.interpolationTolerance) { n /= 2 }
        span = n
    }

    func uniformSpan(y: Int, x0: Int, x1: Int, coverage: Double) {
        let alpha = PixelMath.alphaByte(coverage * opacity)
        guard alpha > 0 else { return }
        shade(y: y, x0: x0, x1: x1, alphas: nil, constant: alpha)
    }

    func partialSpan(y: Int, x0: Int, coverage: UnsafePointer<Double>, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
            let alphas = buffer.baseAddress!
            for i in 0..<count { alphas[i] = UInt8(PixelMath.alphaByte(coverage[i] * opacity)) }
            shade(y: y, x0: x0, x1: x0 + count, alphas: UnsafePointer(alphas), constant: 0)
        }
    }

    /// The square of the larger of `|∂(u,v)/∂x|` and `|∂(u,v)/∂y|` (texels per pixel) at a point
    /// with texture coordinate `(u, v)` and homogeneous weight `w`.
    @inline(__always)
    static func minificationSquared(_ map: Homography, u: Double, v: Double, inverseW inverse: Double) -> Double {
        let ux = (map.m11 - u * map.m13) * inverse, vx = (map.m12 - v * map.m13) * inverse
        let uy = (map.m21 - u * map.m23) * inverse, vy = (map.m22 - v * map.m23) * inverse
        return Swift.max(ux * ux + vx * vx, uy * uy + vy * vy)
    }

    /// The texture coordinate `(u, v)` (texels) and `1 / w'` at pixel centre `(x + 0.5, yc)`.
    @inline(__always)
    func project(_ x: Int, _ yc: Double) -> (u: Double, v: Double, inverseW: Double) {
        let xc = Double(x) + 0.5
        let hu = xc * map.m11 + yc * map.m21 + map.m31
        let hv = xc * map.m12 + yc * map.m22 + map.m32
        let hw = xc * map.m13 + yc * map.m23 + map.m33
        let inverse = 1 / hw
        let limit = Self.coordinateLimit
        return (PixelMath.clamp(hu * inverse, limit), PixelMath.clamp(hv * inverse, limit), inverse)
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

    /// The mip level `⌊log₂ minification⌋` (0 below 2×) at a point.
    @inline(__always)
    func level(u: Double, v: Double, inverseW: Double) -> Int {
        let rho2 = Self.minificationSquared(map, u: u, v: v, inverseW: inverseW)
        guard rho2 >= 4, rho2.isFinite else { return 0 }
        return Swift.min(levelCount - 1, Int(rho2.exponent) >> 1)
    }

    /// Samples and composites pixels `x0 ..< x1` of row `y`, with per-pixel alphas or one constant.
    func shade(y: Int, x0: Int, x1: Int, alphas: UnsafePointer<UInt8>?, constant: UInt32) {
        let yc = Double(y) + 0.5
        let row = pixels + y * width
        let store = alphas == nil && constant == 255 && opaqueTexture
        var x = x0
        var start = project(x, yc)
        var end = project(Swift.min(x + span, x1), yc)
        let spanStep = 1 / Double(span)
        var k = -1, base = texels, stride = 0, scale = 0.0
        var minU = 0, maxU = 0, minV = 0, maxV = 0
        while x < x1 {
            let n = Swift.min(span, x1 - x)
            // The next chunk's divide is issued now so that it overlaps this chunk's pixels.
            let next = x + n < x1 ? project(Swift.min(x + n + span, x1), yc) : end
            let level = mipmapped ? self.level(u: start.u, v: start.v, inverseW: start.inverseW) : 0
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
            }
            let fu0 = start.u * scale - 32768, fv0 = start.v * scale - 32768
            let step = n == span ? spanStep : 1 / Double(n)
            var u = Int(fu0), v = Int(fv0)
            let du = Int((end.u * scale - 32768 - fu0) * step), dv = Int((end.v * scale - 32768 - fv0) * step)
            let lastU = u &+ du &* (n - 1), lastV = v &+ dv &* (n - 1)
            let out = row + x
            if store && Swift.min(u, lastU) >= minU && Swift.max(u, lastU) <= maxU
                && Swift.min(v, lastV) >= minV && Swift.max(v, lastV) <= maxV {
                Bilinear.storeRun(out, count: n, base: base, stride: stride, u: u, v: v, du: du, dv: dv,
                                  prefetch: prefetchOffset(start, scale: scale, stride: stride))
            } else {
                for i in 0..<n {
                    let alpha = alphas.map { UInt32($0[x - x0 + i]) } ?? constant
                    if alpha > 0 {
                        let cu = Swift.min(Swift.max(u, minU), maxU), cv = Swift.min(Swift.max(v, minV), maxV)
                        let s = Bilinear.sample(base, stride: stride, u: cu, v: cv)
                        if store {
                            out[i] = s
                        } else {
                            out[i] = PixelMath.over(alpha == 255 ? s : PixelMath.scale(s, by: alpha), out[i])
                        }
                    }
                    u &+= du
                    v &+= dv
                }
            }
            x += n
            start = end
            end = next
        }
    }
}
