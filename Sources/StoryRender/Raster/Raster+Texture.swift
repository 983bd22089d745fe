import StoryKit

// MARK: - Raster + Texture

extension Raster {
    /// Fills a convex polygon with a texture mapped through a projective map, bilinearly filtered,
    /// composited source-over.
    ///
    /// For every destination pixel centre `p` the texture is sampled at `destinationToTexture(p)`
    /// (perspective-correct: the divide is exact every 16 pixels and u, v are interpolated linearly
    /// in 16.16 fixed point in between, an error far below 1/100 texel for layer-sized
    /// perspectives). Samples are bilinear on premultiplied texels, with clamp-to-edge at
    /// `sourceClamp`. Where the map shrinks the texture by 2× or more (the larger of the lengths
    /// of `∂(u,v)/∂x` and `∂(u,v)/∂y`, evaluated every 16 pixels), the sample comes from mip level
    /// `⌊log₂ minification⌋` instead, so shrunk photos average instead of aliasing (OpenGL's
    /// `GL_LINEAR_MIPMAP_NEAREST`; Khronos, *OpenGL 4.6 Core Profile*, §8.14). The result is
    /// multiplied by coverage (see ``fill(_:polygon:color:opacity:clip:antialiased:)``) and
    /// `opacity`, then composited over `dst`; an opaque texture at full coverage and opacity is
    /// stored without blending.
    ///
    /// - Parameters:
    ///   - dst: The bitmap to draw into.
    ///   - polygon: The region, in destination pixels (pixel centres at `+0.5`).
    ///   - texture: The image and its mip levels.
    ///   - destinationToTexture: Maps a destination pixel-space point to texture pixel space (texel
    ///     centres at `+0.5`), usually the inverse of the layer's projection scaled to pixels. A
    ///     map with a non-finite entry draws nothing.
    ///   - sourceClamp: The texels samples may read, in full-resolution texels (e.g. the pixels of a
    ///     `contentsRect`); intersected with the texture's bounds, empty draws nothing.
    ///   - opacity: Multiplies the texture, 0…1 (clamped; NaN draws nothing).
    ///   - clip: The only pixels that may change (intersected with the bitmap's bounds).
    ///   - antialiased: Exact area coverage at the edges, or hard pixel-centre edges.
    package static func draw(_ dst: inout RGBAImage, polygon: ConvexPolygon, texture: Texture,
                             destinationToTexture: Homography, sourceClamp: PixelRect, opacity: Double = 1,
                             clip: PixelRect, antialiased: Bool = true) {
        let region = clip.intersection(dst.bounds)
        let source = sourceClamp.intersection(texture.bounds)
        let k = opacity.isNaN ? 0 : Swift.min(Swift.max(opacity, 0), 1)
        guard !region.isEmpty, !source.isEmpty, k > 0, destinationToTexture.isFinite else { return }
        let width = dst.width
        texture.texels.withUnsafeBufferPointer { texels in
            texture.levels.withUnsafeBufferPointer { levels in
                withPixels(&dst) { pixels in
                    var sink = TextureSink(pixels: pixels, width: width, texels: texels.baseAddress!,
                                           levels: levels.baseAddress!, levelCount: levels.count,
                                           map: destinationToTexture, clamp: source, opacity: k,
                                           opaqueTexture: texture.isOpaque)
                    scan(polygon, clip: region, antialiased: antialiased, into: &sink)
                }
            }
        }
    }
}

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

    /// Pixels per exact perspective divide; u and v are interpolated linearly in between.
    static let span = 16
    /// Texture coordinates are clamped to ±2²⁴ texels before conversion to fixed point.
    static let coordinateLimit: Double = 16_777_216

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

    /// The texture coordinate `(u, v)` (texels) and `w'` at pixel centre `(x + 0.5, yc)`.
    @inline(__always)
    func project(_ x: Int, _ yc: Double) -> (u: Double, v: Double, w: Double) {
        let xc = Double(x) + 0.5
        let hu = xc * map.m11 + yc * map.m21 + map.m31
        let hv = xc * map.m12 + yc * map.m22 + map.m32
        let hw = xc * map.m13 + yc * map.m23 + map.m33
        let limit = Self.coordinateLimit
        let u = (hu / hw).clamped(to: -limit...limit), v = (hv / hw).clamped(to: -limit...limit)
        return (u, v, hw)
    }

    /// The mip level for the minification at a point with texture coordinate `(u, v)` and `w'`.
    @inline(__always)
    func level(u: Double, v: Double, w: Double) -> Int {
        guard levelCount > 1 else { return 0 }
        let inverse = 1 / w
        let ux = (map.m11 - u * map.m13) * inverse, vx = (map.m12 - v * map.m13) * inverse
        let uy = (map.m21 - u * map.m23) * inverse, vy = (map.m22 - v * map.m23) * inverse
        let rho2 = Swift.max(ux * ux + vx * vx, uy * uy + vy * vy)
        guard rho2 >= 4, rho2.isFinite else { return 0 }
        return Swift.min(levelCount - 1, Int(rho2.exponent) >> 1)
    }

    /// Samples and composites pixels `x0 ..< x1` of row `y`, with per-pixel alphas or one constant.
    func shade(y: Int, x0: Int, x1: Int, alphas: UnsafePointer<UInt8>?, constant: UInt32) {
        let yc = Double(y) + 0.5
        let row = pixels + y * width
        var x = x0
        var start = project(x, yc)
        let store = alphas == nil && constant == 255 && opaqueTexture
        while x < x1 {
            let n = Swift.min(Self.span, x1 - x)
            let end = project(x + n, yc)
            let k = level(u: start.u, v: start.v, w: start.w)
            let info = levels[k]
            let scale = Double(sign: .plus, exponent: -k, significand: 1) * 65536
            let fu0 = start.u * scale - 32768, fv0 = start.v * scale - 32768
            let fu1 = end.u * scale - 32768, fv1 = end.v * scale - 32768
            var u = Int(fu0.rounded()), v = Int(fv0.rounded())
            let du = Int(((fu1 - fu0) / Double(n)).rounded()), dv = Int(((fv1 - fv0) / Double(n)).rounded())
            let minU = (clamp.x0 >> k) << 16, maxU = Swift.max(clamp.x0 >> k, (clamp.x1 - 1) >> k) << 16
            let minV = (clamp.y0 >> k) << 16, maxV = Swift.max(clamp.y0 >> k, (clamp.y1 - 1) >> k) << 16
            let lastU = u &+ du &* (n - 1), lastV = v &+ dv &* (n - 1)
            let inside = u >= minU && u <= maxU && lastU >= minU && lastU <= maxU
                && v >= minV && v <= maxV && lastV >= minV && lastV <= maxV
            let base = texels + info.offset, stride = info.stride
            let out = row + x
            if store && inside {
                for i in 0..<n {
                    out[i] = Bilinear.sample(base, stride: stride, u: u, v: v)
                    u &+= du
                    v &+= dv
                }
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
        }
    }
}

/// Bilinear filtering of packed premultiplied texels with 8-bit weights.
enum Bilinear {
    /// The texel blend at fixed-point tap coordinate `(u, v)` (16.16, already shifted by −0.5 so
    /// that the integer part is the top-left tap), reading the 2 × 2 block at `base`.
    @inline(__always)
    static func sample(_ base: UnsafePointer<UInt32>, stride: Int, u: Int, v: Int) -> UInt32 {
        let p = base + ((v >> 16) &* stride &+ (u >> 16))
        let fx = UInt32(truncatingIfNeeded: u >> 8) & 0xFF, fy = UInt32(truncatingIfNeeded: v >> 8) & 0xFF
        let t00 = p[0], t01 = p[1], t10 = p[stride], t11 = p[stride &+ 1]
        let m = PixelMath.lanes
        let wy1 = fy, wy0 = 256 &- fy
        let rbL = (((t00 & m) &* wy0 &+ (t10 & m) &* wy1) >> 8) & m
        let gaL = ((((t00 >> 8) & m) &* wy0 &+ ((t10 >> 8) & m) &* wy1) >> 8) & m
        let rbR = (((t01 & m) &* wy0 &+ (t11 & m) &* wy1) >> 8) & m
        let gaR = ((((t01 >> 8) & m) &* wy0 &+ ((t11 >> 8) & m) &* wy1) >> 8) & m
        let wx1 = fx, wx0 = 256 &- fx
        let rb = ((rbL &* wx0 &+ rbR &* wx1) >> 8) & m
        let ga = (gaL &* wx0 &+ gaR &* wx1) & 0xFF00_FF00
        return rb | ga
    }
}
