// MARK: - Raster + Masked composite

extension Raster {
    /// ``multiplyAlpha(_:by:)`` then ``composite(_:over:at:opacity:)`` in one pass, without
    /// changing `src`: each pixel of `src` is multiplied by the alpha of `mask`'s pixel at the same
    /// place, then laid over `dst` at `offset` with `opacity`, with exactly the arithmetic of the
    /// two calls (the same bytes). Where the mask is transparent nothing is read or written, eight
    /// mask pixels at a time, so a thin mask (a ring's segments) costs about its own area.
    ///
    /// - Parameters:
    ///   - src: The premultiplied bitmap to lay on top.
    ///   - mask: The bitmap whose alpha masks `src`, of `src`'s size (another size: `nil` is
    ///     returned and nothing is drawn, for the caller to take the two-pass way).
    ///   - dst: The bitmap underneath, changed in place.
    ///   - offset: Where `src`'s top-left pixel goes in `dst`, in pixels (any integers).
    ///   - opacity: Multiplies `src`, 0…1 (clamped; NaN draws nothing).
    /// - Returns: `nil` when the sizes differ, else `()`.
    @discardableResult
    package static func composite(_ src: RGBAImage, masked mask: RGBAImage, over dst: inout RGBAImage,
                                  at offset: (x: Int, y: Int), opacity: Double = 1) -> Void? {
        guard mask.width == src.width, mask.height == src.height else { return nil }
        let alpha = PixelMath.alphaByte(PixelMath.unit(opacity))
        guard alpha > 0, offset.x < dst.width, offset.y < dst.height,
              offset.x > -src.width, offset.y > -src.height else { return () }
        let x0 = Swift.max(0, offset.x), x1 = Swift.min(dst.width, offset.x + src.width)
        let y0 = Swift.max(0, offset.y), y1 = Swift.min(dst.height, offset.y + src.height)
        let dstWidth = dst.width, srcWidth = src.width
        src.pixels.withUnsafeBytes { raw in
            mask.pixels.withUnsafeBytes { maskRaw in
                raw.withMemoryRebound(to: UInt32.self) { source in
                    maskRaw.withMemoryRebound(to: UInt32.self) { masks in
                        guard let source = source.baseAddress, let masks = masks.baseAddress else { return }
                        withPixels(&dst) { pixels in
                            for y in y0..<y1 {
                                let out = pixels + y * dstWidth
                                let input = source + (y - offset.y) * srcWidth - offset.x
                                let m = masks + (y - offset.y) * srcWidth - offset.x
                                var x = x0
                                while x < x1 {
                                    let n = Swift.min(8, x1 - x)
                                    var full = false
                                    if n == 8 {
                                        let block = PixelMath.alphas(of: m + x)
                                        // Eight transparent mask pixels: nothing to draw.
                                        if !block.any {
                                            x += 8
                                            continue
                                        }
                                        // Eight opaque ones: the source as it is (a rounded clip's inside),
                                        // stored as it is where it is opaque too (a photo).
                                        full = block.all
                                        if full && alpha == 255 && PixelMath.alphas(of: input + x).all {
                                            (out + x).update(from: input + x, count: 8)
                                            x += 8
                                            continue
                                        }
                                    }
                                    for x in x..<(x + n) {
                                        let a = full ? 255 : m[x] >> 24
                                        guard a != 0 else { continue }
                                        let s = a == 255 ? input[x] : PixelMath.scale(input[x], by: a)
                                        if alpha == 255 {
                                            if s >> 24 == 255 { out[x] = s } else if s != 0 { out[x] = PixelMath.over(s, out[x]) }
                                        } else if s != 0 {
                                            out[x] = PixelMath.over(s, alpha: alpha, out[x])
                                        }
                                    }
                                    x += n
                                }
                            }
                        }
                    }
                }
            }
        }
        return ()
    }
}

// MARK: - PixelMath + Alpha blocks

extension PixelMath {
    /// Whether any of the eight pixels from `p` has a non-zero alpha, and whether all have alpha
    /// 255: four 64-bit loads and a few ORs and ANDs (comparing `SIMD8` vectors with `==`
    /// compiles to a lane-by-lane loop through memory).
    @inline(__always)
    static func alphas(of p: UnsafePointer<UInt32>) -> (any: Bool, all: Bool) {
        let raw = UnsafeRawPointer(p), alpha: UInt64 = 0xFF00_0000_FF00_0000
        let w0 = raw.loadUnaligned(as: UInt64.self), w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let w2 = raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), w3 = raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        return ((w0 | w1 | w2 | w3) & alpha != 0, (w0 & w1 & w2 & w3) & alpha == alpha)
    }
}
