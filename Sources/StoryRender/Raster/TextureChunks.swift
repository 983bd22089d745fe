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
/// texels `2^level` larger). Where even 8 pixels are too many (a plane running to its horizon),
/// the polygon is ``local``: its rows are cut into runs of chunks as long as the bound allows
/// where each run lies, down to one pixel (``run(from:x1:_:)``).
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
    /// Whether the vertices' bound wants chunks of under 8 pixels somewhere: the rows are then
    /// cut by ``run(from:x1:_:)`` instead of into chunks of ``span`` pixels.
    let local: Bool

    /// The longest chunk of a ``local`` polygon, in pixels.
    static let longest = 128

    /// The largest tolerated error of the linear interpolation between exact divides, in texels
    /// of the mip level sampled (the length of the `(u, v)` difference to the exact projection).
    static let interpolationTolerance = 1.0 / 8
    /// The part of ``interpolationTolerance`` that ``run(from:x1:_:)`` plans for, in texels: the
    /// 16.16 truncation of a chunk's first tap and step adds under `longest / 65536` (1/512) texel.
    static let plannedTolerance = interpolationTolerance - 1.0 / 256
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
        local = !(Double(n * n) / 8 * curvature <= Self.interpolationTolerance)
    }

    /// The constants of one row for ``run(from:x1:_:)``: with `lo` and `hi` the smallest and
    /// largest `|w|` over a stretch of the row, chunks of `n` pixels keep the bound when
    /// `n² ≤ max(a·lo³, min(b·lo³/hi², t·lo³))`.
    struct RowBound {
        /// `w(x) − m13·x` on this row: the homogeneous weight at pixel centre `x` is `x·m13 + w0`.
        var w0: Double
        /// `8·plannedTolerance / (2 |m13| |K|)`, in pixels² per `w³`: level-0 texels.
        var a: Double
        /// `8·plannedTolerance / (2 |m13| · 2)` when mipmapped, else 0: a chunk that starts at
        /// `|w| ≤ hi` on level ≥ 1 has `|K| / 2^level < 2 hi²` (its minification is below
        /// `2^(level + 1)`), so its error in texels of its level is at most `n²/8 · 2|m13| · 2hi²/lo³`.
        var b: Double
        /// `a · 2^(levelCount − 1)` when mipmapped (the last level, however minified), else 0.
        var t: Double
    }

    /// The constants of ``run(from:x1:_:)`` for row `y`.
    @inline(__always)
    func rowBound(y: Int) -> RowBound {
        let yc = Double(y) + 0.5
        let cw = yc * map.m23 + map.m33, cu = yc * map.m21 + map.m31, cv = yc * map.m22 + map.m32
        // ∂(u,v)/∂x = K / w², K = (m11·w − u'·m13, m12·w − v'·m13) at x = 0, the same all along the row.
        let ku = map.m11 * cw - cu * map.m13, kv = map.m12 * cw - cv * map.m13
        let q = 8 * Self.plannedTolerance / (2 * Swift.abs(map.m13))
        let a = q / (ku * ku + kv * kv).squareRoot()
        guard mipmapped else { return RowBound(w0: cw, a: a, b: 0, t: 0) }
        return RowBound(w0: cw, a: a, b: q / 2, t: a * Double(sign: .plus, exponent: levelCount - 1, significand: 1))
    }

    /// A run of chunks of one length: from its first pixel up to ``end``, chunks of ``length``
    /// pixels (the row's last one shorter). One length for several chunks keeps the sampler's
    /// loops the same length, so that the processor predicts where they end.
    struct Run {
        /// The pixel after the run's last (where the next run starts).
        var end: Int
        /// The length of its chunks, in pixels: even (the sampler draws pixels in pairs), or 1
        /// where the map allows no interpolation at all.
        var length: Int
    }

    /// The run of chunks that starts at pixel `x` of a row: within the next ``longest`` pixels,
    /// as many chunks as fit of the longest even length that keeps the interpolation within
    /// ``plannedTolerance`` texels of the level each chunk samples, given `|w|` at both ends of
    /// those pixels.
    ///
    /// A run depends only on where it starts, so the sampler plans the next run while it cuts
    /// this one and their divides overlap. Where `w` is 0 or changes sign within the run, or the
    /// map is not finite, chunks of one pixel (never a trap).
    ///
    /// - Parameters:
    ///   - x: The run's first pixel, `x < x1`.
    ///   - x1: The pixel after the row's last.
    ///   - row: ``rowBound(y:)`` of the row.
    @inline(__always)
    func run(from x: Int, x1: Int, _ row: RowBound) -> Run {
        let end = Swift.min(x &+ Self.longest, x1)
        // w at the pixel centres of both ends (the last chunk interpolates to the end's).
        let wa = (Double(x) + 0.5) * map.m13 + row.w0, wb = (Double(end) + 0.5) * map.m13 + row.w0
        let lo = Swift.min(Swift.abs(wa), Swift.abs(wb)), hi = Swift.max(Swift.abs(wa), Swift.abs(wb))
        let lo3 = lo * lo * lo
        let squared = Swift.max(row.a * lo3, Swift.min(row.b * lo3 / (hi * hi), row.t * lo3))
        let allowed = Swift.min(squared.squareRoot(), Double(Self.longest))
        let length = wa * wb > 0 && allowed >= 2 ? Int(allowed) & ~1 : 1
        guard end < x1 else { return Run(end: x1, length: length) }
        // Whole chunks only (a 32-bit divide: a 64-bit one takes several times longer).
        let whole = Int(truncatingIfNeeded: Int32(truncatingIfNeeded: Self.longest) / Int32(truncatingIfNeeded: length))
        return Run(end: x &+ whole &* length, length: length)
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
    /// ``span`` pixels from `x0` (the last one shorter), or those of ``walkRuns(y:x0:x1:_:)`` for a
    /// ``local`` polygon, each with its mip level and its 16.16 tap line
    /// (``line(from:to:scale:step:)``) between the exact projections at its ends.
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
        guard !local else {
            walkRuns(y: y, x0: x0, x1: x1, body)
            return
        }
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

    /// ``walk(y:x0:x1:_:)`` of a ``local`` polygon: the runs of chunks of ``run(from:x1:_:)``
    /// from `x0`, each chunk with its mip level and 16.16 tap line. Not inlined: only planes that
    /// run to their horizon take it.
    @inline(never)
    func walkRuns(y: Int, x0: Int, x1: Int,
                  _ body: (_ x: Int, _ n: Int, _ level: Int, _ line: (u: Int, v: Int, du: Int, dv: Int),
                           _ start: (u: Double, v: Double, inverseW: Double)) -> Void) {
        let yc = Double(y) + 0.5
        let row = rowBound(y: y)
        var x = x0
        var start = project(x, yc)
        var run = Run(end: x0, length: 1)
        while x < x1 {
            if x == run.end { run = self.run(from: x, x1: x1, row) }
            let n = Swift.min(run.length, run.end - x)
            let end = project(x + n, yc)
            let level = self.level(start)
            let scale = Double(sign: .plus, exponent: 16 - level, significand: 1)
            let line = Self.line(from: start, to: end, scale: scale, step: 1 / Double(n))
            body(x, n, level, line, start)
            x += n
            start = end
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
