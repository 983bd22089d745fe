/// A bitmap of premultiplied RGBA8 pixels in sRGB, row by row from the top-left corner.
///
/// This is what the compositor renders into and what the codecs read and write. Each pixel is
/// four bytes, red, green, blue, alpha, with the colour channels already multiplied by alpha
/// (as Core Graphics' `premultipliedLast` bitmaps), so "over" compositing is
/// `dst = src + dst · (1 − srcAlpha)` per channel.
public struct RGBAImage: Sendable, Hashable {
    /// Width in pixels, ≥ 0.
    public let width: Int
    /// Height in pixels, ≥ 0.
    public let height: Int
    /// `width × height × 4` bytes: premultiplied R, G, B, A per pixel, rows top to bottom.
    public var pixels: [UInt8]

    /// The number of bytes in one row, `width × 4`.
    @inlinable
    public var bytesPerRow: Int { width * 4 }

    /// Creates a bitmap filled with one premultiplied pixel value (transparent by default).
    ///
    /// - Parameters:
    ///   - width: Width in pixels; negative values are treated as 0.
    ///   - height: Height in pixels; negative values are treated as 0.
    ///   - fill: The premultiplied RGBA bytes every pixel starts with.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        let w = Swift.max(0, width), h = Swift.max(0, height)
        self.width = w
        self.height = h
        if fill == (0, 0, 0, 0) {
            pixels = [UInt8](repeating: 0, count: w * h * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: w * h * 4) { buffer, count in
                var i = 0
                while i < w * h * 4 {
                    buffer[i] = fill.0; buffer[i + 1] = fill.1; buffer[i + 2] = fill.2; buffer[i + 3] = fill.3
                    i += 4
                }
                count = w * h * 4
            }
        }
    }

    /// Wraps existing premultiplied RGBA8 bytes.
    ///
    /// - Parameters:
    ///   - width: Width in pixels.
    ///   - height: Height in pixels.
    ///   - pixels: Exactly `width × height × 4` bytes.
    /// - Returns: `nil` when the sizes are negative or the byte count does not match.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The premultiplied RGBA bytes of the pixel at column `x`, row `y`.
    ///
    /// - Precondition: `0 ≤ x < width`, `0 ≤ y < height`.
    @inlinable
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            let i = (y * width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }
}
