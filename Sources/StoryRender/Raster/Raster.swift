#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The quad rasteriser: fills convex polygons with a colour or a projectively mapped texture, with
/// exact-area anti-aliasing and premultiplied source-over, plus whole-bitmap clear, composite and
/// mask operations.
///
/// Everything works on premultiplied sRGB RGBA8 (``RGBAImage``) and composites with
/// `dst = src + dst · (255 − srcA) / 255` per channel, rounded exactly with the divide-by-255 trick
/// `(x + 128 + ((x + 128) >> 8)) >> 8` (Blinn, *Three Wrongs Make a Right*, IEEE CG&A 1995).
/// Pixel centres are at `+0.5`. No call allocates on the heap (scratch space is on the stack), and
/// nothing is ever written outside the clip rectangle or the bitmap.
///
/// The bitmap's `pixels` array is written in place: keep it uniquely referenced (do not hold a
/// copy of the image elsewhere while drawing), or Swift copies the whole array on the first write.
package enum Raster {
    /// Sets every pixel of `dst` to `color` at memory speed.
    ///
    /// - Parameters:
    ///   - dst: The bitmap to overwrite.
    ///   - color: The premultiplied value every pixel gets.
    package static func clear(_ dst: inout RGBAImage, to color: PremultipliedColor) {
        let packed = color.packed
        dst.pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, raw.count >= 4 else { return }
            if packed == 0 || (color.r == color.g && color.g == color.b && color.b == color.a) {
                memset(base, Int32(color.r), raw.count)
            } else {
                raw.withMemoryRebound(to: UInt32.self) { $0.update(repeating: packed) }
            }
        }
    }

    /// Runs `body` with the bitmap's pixels as 32-bit words (memory-order RGBA), or not at all
    /// when the bitmap is empty.
    @inline(__always)
    static func withPixels(_ image: inout RGBAImage, _ body: (UnsafeMutablePointer<UInt32>) -> Void) {
        image.pixels.withUnsafeMutableBytes { raw in
            guard raw.count >= 4 else { return }
            raw.withMemoryRebound(to: UInt32.self) { pixels in
                if let first = pixels.baseAddress { body(first) }
            }
        }
    }
}

/// Exact RGBA8 arithmetic on pixels packed in 32-bit words, two channels per 16-bit lane pair
/// (`0x00FF00FF` masks), so a pixel costs two multiplies.
enum PixelMath {
    /// The red/blue lanes (or green/alpha lanes after a shift by 8).
    static let lanes: UInt32 = 0x00FF_00FF

    /// Each channel of `p` times `a / 255`, rounded to nearest (exact for all inputs).
    ///
    /// - Parameters:
    ///   - p: A packed pixel.
    ///   - a: The factor, 0…255.
    @inline(__always)
    static func scale(_ p: UInt32, by a: UInt32) -> UInt32 {
        var rb = (p & lanes) &* a &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & lanes)) >> 8) & lanes
        var ga = ((p >> 8) & lanes) &* a &+ 0x0080_0080
        ga = (ga &+ ((ga >> 8) & lanes)) & 0xFF00_FF00
        return rb | ga
    }

    /// `src` over `dst`: `src + dst · (255 − src.a) / 255` per channel.
    ///
    /// Exact for valid premultiplied pixels (every channel ≤ alpha), whose sums never exceed 255.
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        src &+ scale(dst, by: 255 &- (src >> 24))
    }

    /// `src` scaled by `alpha / 255`, then over `dst`; `alpha` is 0…255.
    @inline(__always)
    static func over(_ src: UInt32, alpha: UInt32, _ dst: UInt32) -> UInt32 {
        over(scale(src, by: alpha), dst)
    }

    /// `value` clamped to 0…1, with NaN as 0.
    @inline(__always)
    static func unit(_ value: Double) -> Double {
        value > 0 ? (value < 1 ? value : 1) : 0
    }

    /// `value` clamped to `-limit…limit`, with NaN as 0.
    @inline(__always)
    static func clamp(_ value: Double, _ limit: Double) -> Double {
        value > -limit ? (value < limit ? value : limit) : (value.isNaN ? 0 : -limit)
    }

    /// A coverage or opacity product 0…1 as a byte 0…255, rounded to nearest; NaN gives 0.
    @inline(__always)
    static func alphaByte(_ value: Double) -> UInt32 {
        let v = value * 255 + 0.5
        guard v >= 1 else { return 0 }
        return v >= 255 ? 255 : UInt32(v)
    }
}
