import StoryKit

/// Paints a colour through a coverage mask with "source over" compositing, in premultiplied
/// RGBA8 (the compositor's convention: `dst = src + dst·(255 − srcA)/255`, exactly rounded).
package enum CoveragePainter {
    /// `x / 255` rounded to nearest for `0 ≤ x ≤ 65 535` (Jim Blinn's divide-by-255).
    @inlinable @inline(__always)
    package static func div255(_ x: UInt32) -> UInt32 {
        let v = x &+ 128
        return (v &+ (v >> 8)) >> 8
    }

    /// A straight-alpha colour as premultiplied RGBA8 bytes packed little-endian (R in the low byte).
    package static func premultiplied(_ color: RGBAColor) -> UInt32 {
        let a = color.alpha.clamped(to: 0...1)
        func byte(_ v: Double) -> UInt32 { UInt32((v.clamped(to: 0...1) * 255).rounded()) }
        return byte(color.red * a) | byte(color.green * a) << 8 | byte(color.blue * a) << 16 | byte(a) << 24
    }

    /// Composites premultiplied `color` (packed, see ``premultiplied(_:)``) scaled by `coverage`
    /// (0…255) over the RGBA pixel at `p`.
    @inlinable @inline(__always)
    package static func blend(_ color: UInt32, coverage: UInt32, into p: UnsafeMutablePointer<UInt8>) {
        var r = color & 0xFF, g = (color >> 8) & 0xFF, b = (color >> 16) & 0xFF, a = color >> 24
        if coverage < 255 {
            r = div255(r &* coverage); g = div255(g &* coverage); b = div255(b &* coverage); a = div255(a &* coverage)
        }
        if a == 255 {
            p[0] = UInt8(truncatingIfNeeded: r); p[1] = UInt8(truncatingIfNeeded: g)
            p[2] = UInt8(truncatingIfNeeded: b); p[3] = 255
            return
        }
        let keep = 255 &- a
        p[0] = UInt8(truncatingIfNeeded: r &+ div255(UInt32(p[0]) &* keep))
        p[1] = UInt8(truncatingIfNeeded: g &+ div255(UInt32(p[1]) &* keep))
        p[2] = UInt8(truncatingIfNeeded: b &+ div255(UInt32(p[2]) &* keep))
        p[3] = UInt8(truncatingIfNeeded: a &+ div255(UInt32(p[3]) &* keep))
    }

    /// Composites `color` over `image` wherever `coverage` (one byte per pixel, same size) is
    /// not zero, weighted by it.
    package static func fill(_ image: inout RGBAImage, coverage: [UInt8], color: RGBAColor) {
        image.withWindow(x: 0, y: 0, width: image.width, height: image.height) { fill($0, coverage: coverage, color: color) }
    }

    /// Composites `color` over the pixels of `window` wherever `coverage` (one byte per pixel of
    /// the window, row by row) is not zero, weighted by it.
    static func fill(_ window: PixelWindow, coverage: [UInt8], color: RGBAColor) {
        let packed = premultiplied(color)
        let w = window.width
        guard packed >> 24 > 0, coverage.count == w * window.height else { return }
        coverage.withUnsafeBufferPointer { mask in
            guard let m = mask.baseAddress else { return }
            for y in 0..<window.height {
                let p = window.row(y), row = m + y &* w
                for x in 0..<w where row[x] != 0 {
                    blend(packed, coverage: UInt32(row[x]), into: p + x &* 4)
                }
            }
        }
    }
}
