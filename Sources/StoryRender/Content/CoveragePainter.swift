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
    /// (0…255) over the RGBA pixel at `p`: `src = color·coverage/255`, then
    /// `src + dst·(255 − src.a)/255`, each channel rounded to nearest (``PixelMath``'s two lanes at
    /// a time; the same bytes as ``div255(_:)`` channel by channel, for premultiplied pixels).
    @inline(__always)
    package static func blend(_ color: UInt32, coverage: UInt32, into p: UnsafeMutablePointer<UInt8>) {
        let src = coverage < 255 ? PixelMath.scale(color, by: coverage) : color
        let a = src >> 24
        let out = UnsafeMutableRawPointer(p)
        if a == 255 {
            out.storeBytes(of: UInt32(littleEndian: src), as: UInt32.self)
            return
        }
        let dst = UInt32(littleEndian: out.loadUnaligned(as: UInt32.self))
        out.storeBytes(of: UInt32(littleEndian: src &+ PixelMath.scale(dst, by: 255 &- a)), as: UInt32.self)
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
