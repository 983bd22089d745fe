import MotionCore
import StoryKit

/// Paints a layer's shadow from its shape: Core Animation's drop shadow, a Gaussian blur of the
/// shape's alpha, moved and tinted (see ``RenderShadow`` for the conventions and their sources).
enum ShadowPainter {
    /// The shadow cast by `shape` on a bitmap of the same size and place.
    ///
    /// - Parameters:
    ///   - shape: Premultiplied pixels whose alpha is the shadow's shape (the colour is ignored).
    ///   - offset: How far the shadow moves, in pixels; a fractional offset is resampled
    ///     bilinearly.
    ///   - sigma: The blur's standard deviation in pixels; 0 for a hard shadow.
    ///   - color: The shadow's colour, its alpha already multiplied by the shadow's opacity.
    /// - Returns: The shadow, premultiplied: `color` weighted by the blurred, moved alpha.
    static func cast(_ shape: RGBAImage, offset: Point, sigma: Double, color: RGBAColor) -> RGBAImage {
        let width = shape.width, height = shape.height
        var mask = RGBAImage(width: width, height: height)
        guard width > 0, height > 0, offset.isFinite else { return mask }
        // dst(x) = src(x − offset): between source pixels x − ix − 1 (weight fx) and x − ix.
        let ix = Int(offset.x.rounded(.down)), iy = Int(offset.y.rounded(.down))
        let fx = offset.x - Double(ix), fy = offset.y - Double(iy)
        func alpha(_ x: Int, _ y: Int) -> Double {
            guard x >= 0, x < width, y >= 0, y < height else { return 0 }
            return Double(shape.pixels[(y * width + x) * 4 + 3])
        }
        let whole = fx == 0 && fy == 0
        for y in 0..<height {
            for x in 0..<width {
                let sx = x - ix, sy = y - iy
                let a = whole ? alpha(sx, sy)
                    : (1 - fy) * ((1 - fx) * alpha(sx, sy) + fx * alpha(sx - 1, sy))
                        + fy * ((1 - fx) * alpha(sx, sy - 1) + fx * alpha(sx - 1, sy - 1))
                guard a > 0 else { continue }
                let byte = UInt8(a.rounded().clamped(to: 0...255))
                let i = (y * width + x) * 4
                mask.pixels[i] = byte; mask.pixels[i + 1] = byte; mask.pixels[i + 2] = byte; mask.pixels[i + 3] = byte
            }
        }
        if sigma > 0 { GaussianBlur.apply(to: &mask, sigma: sigma) }
        var coverage = [UInt8](repeating: 0, count: width * height)
        for i in 0..<(width * height) { coverage[i] = mask.pixels[i * 4 + 3] }
        var shadow = RGBAImage(width: width, height: height)
        CoveragePainter.fill(&shadow, coverage: coverage, color: color)
        return shadow
    }
}
