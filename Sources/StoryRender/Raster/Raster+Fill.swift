import StoryKit

// MARK: - Raster + Fill

extension Raster {
    /// Fills a convex polygon with a premultiplied colour, composited source-over.
    ///
    /// Each pixel receives `color · coverage · opacity` over what is there, where coverage is the
    /// exact fraction of the pixel square inside the polygon (or 0/1 by the pixel centre when
    /// `antialiased` is false). Fully covered pixels of an opaque colour are stored directly.
    ///
    /// - Parameters:
    ///   - dst: The bitmap to draw into.
    ///   - polygon: The region, in destination pixels (pixel centres at `+0.5`). NaN vertices make
    ///     the call draw nothing; coordinates beyond ±2⁴⁰ are clamped.
    ///   - color: The premultiplied colour.
    ///   - opacity: Multiplies the colour, 0…1 (clamped; NaN draws nothing).
    ///   - clip: The only pixels that may change (intersected with the bitmap's bounds).
    ///   - antialiased: `true` for exact area coverage, `false` for hard pixel-centre edges that
    ///     tile seamlessly with a neighbouring polygon sharing an edge.
    package static func fill(_ dst: inout RGBAImage, polygon: ConvexPolygon, color: PremultipliedColor,
                             opacity: Double = 1, clip: PixelRect, antialiased: Bool = true) {
        let region = clip.intersection(dst.bounds)
        let k = PixelMath.unit(opacity)
        guard !region.isEmpty, color.a > 0 || color.packed != 0, k > 0 else { return }
        let width = dst.width
        withPixels(&dst) { pixels in
            var sink = FillSink(pixels: pixels, width: width, color: color.packed, opacity: k)
            scan(polygon, clip: region, antialiased: antialiased, into: &sink)
        }
    }
}

/// Composites a solid colour into the spans the coverage scan reports.
struct FillSink: SpanSink {
    let pixels: UnsafeMutablePointer<UInt32>
    let width: Int
    let color: UInt32
    let opacity: Double

    func uniformSpan(y: Int, x0: Int, x1: Int, coverage: Double) {
        let alpha = PixelMath.alphaByte(coverage * opacity)
        guard alpha > 0 else { return }
        let row = pixels + y * width
        if alpha == 255 && color >> 24 == 255 {
            (row + x0).update(repeating: color, count: x1 - x0)
            return
        }
        let src = alpha == 255 ? color : PixelMath.scale(color, by: alpha)
        let inverse = 255 &- (src >> 24)
        var x = x0
        while x < x1 {
            row[x] = src &+ PixelMath.scale(row[x], by: inverse)
            x &+= 1
        }
    }

    func partialSpan(y: Int, x0: Int, coverage: UnsafePointer<Double>, count: Int) {
        let row = pixels + y * width + x0
        for i in 0..<count {
            let alpha = PixelMath.alphaByte(coverage[i] * opacity)
            if alpha > 0 { row[i] = PixelMath.over(color, alpha: alpha, row[i]) }
        }
    }
}
