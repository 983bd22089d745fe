import StoryKit

/// One premultiplied sRGB RGBA8 pixel value: the colour channels are already multiplied by alpha.
///
/// This is the byte layout of ``RGBAImage`` (red, green, blue, alpha in memory), so a colour that
/// is stored unchanged in a bitmap reads back with the same four bytes. Valid values have every
/// colour channel ≤ `a`; the rasteriser does not check this, and an invalid value composites as the
/// arithmetic says (the channels may saturate).
package struct PremultipliedColor: Sendable, Hashable {
    /// Red multiplied by alpha, 0…255.
    package var r: UInt8
    /// Green multiplied by alpha, 0…255.
    package var g: UInt8
    /// Blue multiplied by alpha, 0…255.
    package var b: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque).
    package var a: UInt8

    /// Creates a colour from premultiplied bytes.
    package init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Premultiplies a straight-alpha colour, each component 0…1, rounding to the nearest byte.
    ///
    /// Each channel becomes `round(c · alpha · 255)`; NaN counts as 0 and values outside 0…1 are
    /// clamped.
    ///
    /// - Parameters:
    ///   - red: Red, 0…1 (sRGB, gamma-encoded).
    ///   - green: Green, 0…1.
    ///   - blue: Blue, 0…1.
    ///   - alpha: Opacity, 0…1.
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        let a = PixelMath.unit(alpha)
        func byte(_ c: Double) -> UInt8 { UInt8((PixelMath.unit(c) * a * 255).rounded()) }
        self.init(r: byte(red), g: byte(green), b: byte(blue), a: UInt8((a * 255).rounded()))
    }

    /// Premultiplies a scene ``RGBAColor`` (straight alpha) to bytes.
    ///
    /// - Parameter color: The colour, components 0…1.
    package init(_ color: RGBAColor) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }

    /// Fully transparent: all four bytes 0.
    package static let transparent = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    package static let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 255)
    /// Opaque white.
    package static let white = PremultipliedColor(r: 255, g: 255, b: 255, a: 255)

    /// The four bytes as one `UInt32` in memory order (red in the lowest byte on little-endian
    /// hosts, which every supported platform is), as the raster loops read pixels.
    package var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// The colour whose memory-order packing is `value` (the inverse of ``packed``).
    package init(packed value: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: value), g: UInt8(truncatingIfNeeded: value >> 8),
                  b: UInt8(truncatingIfNeeded: value >> 16), a: UInt8(truncatingIfNeeded: value >> 24))
    }
}
