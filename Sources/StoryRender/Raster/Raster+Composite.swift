// MARK: - Raster + Composite

extension Raster {
    /// Composites a whole bitmap over another at an integer offset, with an opacity (for opacity
    /// groups and offscreen layers).
    ///
    /// Pixel `(x, y)` of `src` lands on `(x + offset.x, y + offset.y)` of `dst` as
    /// `src · opacity` over `dst`; the part outside `dst` is ignored. Opaque source pixels at
    /// opacity 1 are stored and transparent ones skipped.
    ///
    /// - Parameters:
    ///   - src: The premultiplied bitmap to lay on top.
    ///   - dst: The bitmap underneath, changed in place.
    ///   - offset: Where `src`'s top-left pixel goes in `dst`, in pixels (any integers).
    ///   - opacity: Multiplies `src`, 0…1 (clamped; NaN draws nothing).
    package static func composite(_ src: RGBAImage, over dst: inout RGBAImage, at offset: (x: Int, y: Int),
                                  opacity: Double = 1) {
        let alpha = PixelMath.alphaByte(PixelMath.unit(opacity))
        guard alpha > 0, offset.x < dst.width, offset.y < dst.height,
              offset.x > -src.width, offset.y > -src.height else { return }
        let x0 = Swift.max(0, offset.x), x1 = Swift.min(dst.width, offset.x + src.width)
        let y0 = Swift.max(0, offset.y), y1 = Swift.min(dst.height, offset.y + src.height)
        let dstWidth = dst.width, srcWidth = src.width
        src.pixels.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { source in
                guard let source = source.baseAddress else { return }   // an empty image: nothing to draw
                withPixels(&dst) { pixels in
                    for y in y0..<y1 {
                        let out = pixels + y * dstWidth
                        let input = source + (y - offset.y) * srcWidth - offset.x
                        for x in x0..<x1 {
                            let s = input[x]
                            if alpha == 255 {
                                if s >> 24 == 255 { out[x] = s } else if s != 0 { out[x] = PixelMath.over(s, out[x]) }
                            } else if s != 0 {
                                out[x] = PixelMath.over(s, alpha: alpha, out[x])
                            }
                        }
                    }
                }
            }
        }
    }

    /// Multiplies every pixel of `image` (all four premultiplied channels) by the alpha of the
    /// pixel at the same place in `mask`, as a `CALayer` mask or a rounded-corner clip does.
    ///
    /// Each channel becomes `round(c · mask.a / 255)`. The mask should have the image's size;
    /// pixels of `image` outside `mask` count as masked out and become transparent.
    ///
    /// - Parameters:
    ///   - image: The bitmap to mask, changed in place.
    ///   - mask: The bitmap whose alpha is the mask (its colour channels are ignored).
    package static func multiplyAlpha(_ image: inout RGBAImage, by mask: RGBAImage) {
        let width = image.width, height = image.height, maskWidth = mask.width
        let commonWidth = Swift.min(width, mask.width), commonHeight = Swift.min(height, mask.height)
        mask.pixels.withUnsafeBytes { raw in
            withPixels(&image) { pixels in
                for y in 0..<height {
                    let row = pixels + y * width
                    guard y < commonHeight else { row.update(repeating: 0, count: width); continue }
                    for x in 0..<commonWidth {
                        let a = UInt32(raw[(y * maskWidth + x) * 4 + 3])
                        if a != 255 { row[x] = a == 0 ? 0 : PixelMath.scale(row[x], by: a) }
                    }
                    if commonWidth < width { (row + commonWidth).update(repeating: 0, count: width - commonWidth) }
                }
            }
        }
    }
}
