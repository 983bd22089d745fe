import StoryKit

/// Cuts the rows of a textured polygon into chunks with one exact perspective divide each, and
/// gives every chunk its texture coordinates as a 16.16 fixed-point line.
///
/// Between the exact divides at both ends of a chunk of ``span`` pixels, u and v are
/// interpolated linearly, which is off by at most about ``interpolationTolerance`` texels of the
/// mip level sampled (zero at both ends of a chunk). `TextureSink.shade` takes the chunk length,
/// the projections, the mip level and the fixed-point line from here, so that tests can walk a
/// row the same way and compare every pixel's coordinate with the exact projection.
///
/// The bound: along a row, `w(x) = m13·x + w₀` is linear and `∂²(u,v)/∂x² = −2 (m13/w) ∂(u,v)/∂x`;
/// linear interpolation over `n` pixels errs by at most `n²/8 · max|∂²(u,v)/∂x²|`. The span is
/// the longest power of two of 8…128 that keeps this within the tolerance with the curvature
/// taken at the polygon's vertices, counting a minification ρ ≥ 2 as 2 (level `⌊log₂ ρ⌋` has
/// texels `2^level` larger).
/// Source: Heckbert, *Fundamentals of Texture Mapping and Image Warping* (1989), §3.5.
struct TextureChunks: Sendable {
    /// The map from destination pixels to texture pixels (texel centres at `+0.5`).
    let map: Homography
    /// How many mip levels the texture has (at least 1).
    let levelCount: Int
    /// `false` when no vertex of the polygon is minified by √2 or more, so every sample can come
    /// from level 0 without estimating the minification per chunk.
    let mipmapped: Bool

    /// Pixels per exact perspective divide, a power of two from 8 to 128.
    let span: Int

    /// The largest tolerated error of the linear interpolation between exact divides, in texels
    /// of the mip level sampled (the length of the `(u, v)` difference to the exact projection).
    static let interpolationTolerance = 1.0 / 8
    /// Texture coordinates are clamped to ±2²⁴ texels before conversion to fixed point.
    static let coordinateLimit: Double = 16_777_216

    /// The plan for a polygon drawn through `map` from a texture with `levelCount` mip levels.
    init(map: Homography, levelCount: Int, polygon: ConvexPolygon) {
        self.map = map
        self.levelCount = Swift.max(1, levelCount)
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

    /// The mip level `⌊log₂ minification⌋` (0 below 2×, and always 0 when not ``mipmapped``) at a
    /// projected point.
    @inline(__always)
    func level(_ p: (u: Double, v: Double, inverseW: Double)) -> Int {
        guard mipmapped else { return 0 }
        let rho2 = Self.minificationSquared(map, u: p.u, v: p.v, inverseW: p.inverseW)
        guard rho2 >= 4, rho2.isFinite else { return 0 }
        return Swift.min(levelCount - 1, Int(rho2.exponent) >> 1)
    }

    /// Walks pixels `x0 ..< x1` of row `y` chunk by chunk, as the sampler draws them: chunks of
    /// ``span`` pixels from `x0` (the last one shorter), each with its mip level and its 16.16
    /// tap line (``line(from:to:scale:step:)``) between the exact projections at its ends.
    ///
    /// `TextureSink.shade` draws through this walk and `TextureChunksTests` checks every pixel of
    /// it against the exact projection, so both see the same chunks. The next chunk's divide is
    /// issued before `body` runs, so that it overlaps the chunk's pixels.
    ///
    /// - Parameters:
    ///   - y: The row.
    ///   - x0: The first pixel.
    ///   - x1: The pixel after the last.
    ///   - body: Called per chunk with its first pixel `x`, its length `n`, the mip `level`, the
    ///     tap `line` and the exact projection at `x` (`start`).
    @inline(__always)
    func walk(y: Int, x0: Int, x1: Int,
              _ body: (_ x: Int, _ n: Int, _ level: Int, _ line: (u: Int, v: Int, du: Int, dv: Int),
                       _ start: (u: Double, v: Double, inverseW: Double)) -> Void) {
        let yc = Double(y) + 0.5
        var x = x0
        var start = project(x, yc)
        var end = project(Swift.min(x + span, x1), yc)
        let spanStep = 1 / Double(span)
        while x < x1 {
            let n = Swift.min(span, x1 - x)
            let next = x + n < x1 ? project(Swift.min(x + n + span, x1), yc) : end
            let level = self.level(start)
            let scale = Double(sign: .plus, exponent: 16 - level, significand: 1)
            let line = Self.line(from: start, to: end, scale: scale, step: n == span ? spanStep : 1 / Double(n))
            body(x, n, level, line, start)
            x += n
            start = end
            end = next
        }
    }

    /// The 16.16 tap coordinates of a chunk's first pixel and their step per pixel, interpolating
    /// linearly from the exact projection at the chunk's first pixel to the one at the pixel after
    /// its last.
    ///
    /// Tap coordinates are in texels of the level sampled, shifted by −½ so that the integer part
    /// is the top-left tap of the bilinear block; pixel `i` of the chunk samples
    /// `(u + i·du, v + i·dv)`.
    ///
    /// - Parameters:
    ///   - first: The projection (``project(_:_:)``) at the chunk's first pixel.
    ///   - last: The projection at the pixel after the chunk's last.
    ///   - scale: `2^(16 − level)`: 16.16 fixed point in texels of the level sampled.
    ///   - step: `1 / count` for a chunk of `count` pixels (passed in, so a full chunk needs no divide).
    /// - Returns: The first tap `(u, v)` and the step `(du, dv)`, 16.16.
    @inline(__always)
    static func line(from first: (u: Double, v: Double, inverseW: Double), to last: (u: Double, v: Double, inverseW: Double),
                     scale: Double, step: Double) -> (u: Int, v: Int, du: Int, dv: Int) {
        let fu0 = first.u * scale - 32768, fv0 = first.v * scale - 32768
        return (Int(fu0), Int(fv0), Int((last.u * scale - 32768 - fu0) * step), Int((last.v * scale - 32768 - fv0) * step))
    }
}
