import MotionCore

/// A colour in sRGB with straight (not premultiplied) alpha, each component 0…1.
///
/// This is what `UIColor(red:green:blue:alpha:)` takes. In JSON a colour is either an array
/// `[red, green, blue, alpha]` (alpha optional, default 1) or a hex string `"#RRGGBB"` /
/// `"#RRGGBBAA"`; it is written as the array, so no precision is lost.
public struct RGBAColor: Sendable, Hashable {
    /// Red, 0…1 (sRGB, gamma-encoded).
    public var red: Double
    /// Green, 0…1 (sRGB, gamma-encoded).
    public var green: Double
    /// Blue, 0…1 (sRGB, gamma-encoded).
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// Creates a colour; components are clamped to 0…1 and NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red.clamped(to: 0...1)
        self.green = green.clamped(to: 0...1)
        self.blue = blue.clamped(to: 0...1)
        self.alpha = alpha.clamped(to: 0...1)
    }

    /// A grey of brightness `white` (0 black … 1 white).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Parses `"#RRGGBB"` or `"#RRGGBBAA"` (the `#` is optional, case-insensitive).
    ///
    /// - Returns: `nil` when the string is not 6 or 8 hexadecimal digits.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(red: Double((rgba >> 24) & 0xFF) / 255, green: Double((rgba >> 16) & 0xFF) / 255,
                  blue: Double((rgba >> 8) & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
    }

    /// The same colour with its alpha multiplied by `opacity` (0…1).
    public func withAlpha(multipliedBy opacity: Double) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: alpha * opacity.clamped(to: 0...1))
    }

    /// Opaque black.
    public static let black = RGBAColor(white: 0)
    /// Opaque white.
    public static let white = RGBAColor(white: 1)
    /// Fully transparent black.
    public static let clear = RGBAColor(white: 0, alpha: 0)
}

// MARK: - RGBAColor + Codable

extension RGBAColor: Codable {
    /// Decodes `[r, g, b]`, `[r, g, b, a]` or `"#RRGGBB[AA]"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let hex = try? container.decode(String.self) {
            guard let color = RGBAColor(hex: hex) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "colour \"\(hex)\" is not #RRGGBB or #RRGGBBAA")
            }
            self = color
            return
        }
        let components = try container.decode([Double].self)
        guard components.count == 3 || components.count == 4, components.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "colour needs 3 or 4 finite numbers in 0…1, got \(components)")
        }
        self.init(red: components[0], green: components[1], blue: components[2],
                  alpha: components.count == 4 ? components[3] : 1)
    }

    /// Encodes `[red, green, blue, alpha]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([red, green, blue, alpha])
    }
}
