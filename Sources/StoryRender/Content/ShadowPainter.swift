import MotionCore
import StoryKit

/// Paints a layer's shadow from its shape: Core Animation's drop shadow, a Gaussian blur of the
/// shape's alpha, moved and tinted (see ``RenderShadow`` for the conventions and their sources).
///
/// Only the alpha is carried: it is moved into a plane of one byte per pixel, blurred there
/// (``GaussianBlur/applyToAlpha(_:width:height:sigma:)``, only around the shape) and tinted
/// through a table of the 256 possible pixels, so a large shadow costs about a quarter of a
/// four-channel blur of its box.
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
        var shadow = RGBAImage(width: shape.width, height: shape.height)
        cast(shape, offset: offset, sigma: sigma, color: color, into: &shadow)
        return shadow
    }

    /// Paints the shadow cast by `shape` into `shadow`, a bitmap of the same size whose pixels are
    /// all replaced (so a reused one need not be cleared first: see ``ScratchBitmaps``); the same
    /// pixels as ``cast(_:offset:sigma:color:)``.
    static func cast(_ shape: RGBAImage, offset: Point, sigma: Double, color: RGBAColor, into shadow: inout RGBAImage) {
        let width = shape.width, height = shape.height
        let packed = CoveragePainter.premultiplied(color)
        guard width > 0, height > 0, shadow.width == width, shadow.height == height, offset.isFinite, packed >> 24 > 0,
              abs(offset.x) <= Double(width + 1), abs(offset.y) <= Double(height + 1) else {
            Raster.clear(&shadow, to: .transparent)
            return
        }
        var plane = movedAlpha(shape, offset: offset)
        if sigma > 0 { GaussianBlur.applyToAlpha(&plane, width: width, height: height, sigma: sigma) }
        // The pixel each coverage gives: `color` scaled by it, over transparent.
        var tints = [UInt32](repeating: 0, count: 256)
        tints.withUnsafeMutableBytes { raw in
            guard let table = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            for c in 1..<256 { CoveragePainter.blend(packed, coverage: UInt32(c), into: table + c * 4) }
        }
        shadow.pixels.withUnsafeMutableBytes { raw in
            plane.withUnsafeBufferPointer { coverage in
                tints.withUnsafeBufferPointer { table in
                    guard let out = raw.baseAddress?.assumingMemoryBound(to: UInt32.self), let tint = table.baseAddress,
                          let from = coverage.baseAddress else { return }
                    // Every pixel, the transparent ones too (`tint[0]` is 0), in one pass.
                    for i in 0..<coverage.count { out[i] = tint[Int(from[i])] }
                }
            }
        }
    }

    /// The alpha of `shape` moved by `offset` (|offset| at most the size plus one), one byte per
    /// pixel: `dst(x) = src(x − offset)`, between source pixels `x − ix − 1` (weight `fx`) and
    /// `x − ix` for a fractional offset.
    static func movedAlpha(_ shape: RGBAImage, offset: Point) -> [UInt8] {
        let width = shape.width, height = shape.height
        let ix = Int(offset.x.rounded(.down)), iy = Int(offset.y.rounded(.down))
        let fx = offset.x - Double(ix), fy = offset.y - Double(iy)
        var plane = [UInt8](repeating: 0, count: width * height)
        shape.pixels.withUnsafeBufferPointer { source in
            plane.withUnsafeMutableBufferPointer { target in
                guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                func alpha(_ x: Int, _ y: Int) -> Double {
                    guard x >= 0, x < width, y >= 0, y < height else { return 0 }
                    return Double(src[(y * width + x) * 4 + 3])
                }
                if fx == 0 && fy == 0 {
                    // A whole-pixel move: rows of alpha bytes copied across.
                    let x0 = Swift.max(0, ix), x1 = Swift.min(width, width + ix)
                    let y0 = Swift.max(0, iy), y1 = Swift.min(height, height + iy)
                    guard x0 < x1, y0 < y1 else { return }
                    for y in y0..<y1 {
                        let from = src + ((y - iy) * width + x0 - ix) * 4 + 3, to = dst + y * width
                        for x in x0..<x1 { to[x] = from[(x - x0) * 4] }
                    }
                    return
                }
                for y in 0..<height {
                    for x in 0..<width {
                        let sx = x - ix, sy = y - iy
                        let a = (1 - fy) * ((1 - fx) * alpha(sx, sy) + fx * alpha(sx - 1, sy))
                            + fy * ((1 - fx) * alpha(sx, sy - 1) + fx * alpha(sx - 1, sy - 1))
                        guard a > 0 else { continue }
                        dst[y * width + x] = UInt8(a.rounded().clamped(to: 0...255))
                    }
                }
            }
        }
        return plane
    }
}
