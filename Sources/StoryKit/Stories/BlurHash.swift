import MotionCore
import RealModule

/// A BlurHash: a few dozen characters that describe a picture's blurred colours, to show while
/// the picture itself loads.
///
/// A BlurHash is the low frequencies of a picture's discrete cosine transform in linear RGB: one
/// average (DC) colour and up to 9 × 9 − 1 AC components, quantised and written in base 83. This
/// is the reference decoder of [the specification](https://github.com/woltapp/blurhash)
/// (`C/decode.c` and `TypeScript/src/decode.ts`), in plain Swift: the string is checked when the
/// hash is made, and decoding to pixels cannot fail.
///
/// ```swift
/// let hash = try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")
/// hash.components              // (x: 4, y: 3)
/// let rgba = hash.pixels(width: 18, height: 32)   // 18 × 32 × 4 bytes, opaque
/// ```
public struct BlurHash: Sendable, Hashable {
    /// Why a string is not a BlurHash.
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, in words ("is 27 characters long; 4 × 3 components need 28").
        public var description: String
    }

    /// The hash as given.
    public let string: String
    /// How many cosine components the hash has across (`x`) and down (`y`), each 1…9.
    public let components: (x: Int, y: Int)
    /// The components' colours in linear RGB, row by row (`x` fastest); the first is the average.
    let colors: [(r: Double, g: Double, b: Double)]

    /// The 83 digits of the hash's base-83 numbers, in order of value.
    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)

    /// The largest number of pixels ``pixels(width:height:punch:)`` decodes (a 256 × 256 image);
    /// a placeholder is drawn small and scaled up.
    public static let maximumPixelCount = 65_536

    /// Reads `string` as a BlurHash.
    ///
    /// - Throws: ``Error`` saying what is wrong: too short, a character that is not a base-83
    ///   digit (and where), or a length that does not match the component count.
    public init(_ string: String) throws {
        let bytes = Array(string.utf8)
        guard bytes.count >= 6 else {
            throw Error(description: "is \(bytes.count) characters long; a BlurHash has at least 6")
        }
        var values: [Int] = []
        values.reserveCapacity(bytes.count)
        for (offset, byte) in bytes.enumerated() {
            guard let digit = Self.digits.firstIndex(of: byte) else {
                let character = string.unicodeScalars.count == bytes.count
                    ? "\"\(Character(Unicode.Scalar(byte)))\"" : "a non-ASCII character"
                throw Error(description: "\(character) at offset \(offset) is not a base-83 digit")
            }
            values.append(digit)
        }
        let size = values[0]
        let x = size % 9 + 1, y = size / 9 + 1
        let expected = 4 + 2 * x * y
        guard bytes.count == expected else {
            throw Error(description: "is \(bytes.count) characters long; \(x) × \(y) components need \(expected)")
        }
        func number(_ range: Range<Int>) -> Int { values[range].reduce(0) { $0 * 83 + $1 } }
        let maximum = Double(values[1] + 1) / 166
        let dc = number(2..<6)
        guard dc < 1 << 24 else {
            throw Error(description: "the average colour (characters 2…5) is \(dc), more than 24 bits")
        }
        var colors = [(r: Self.linear(dc >> 16), g: Self.linear((dc >> 8) & 255), b: Self.linear(dc & 255))]
        for index in 1..<(x * y) {
            let ac = number((4 + 2 * index)..<(6 + 2 * index))
            guard ac < 19 * 19 * 19 else {
                throw Error(description: "component \(index) (characters \(4 + 2 * index)…\(5 + 2 * index)) is \(ac), "
                                + "more than 19³ − 1")
            }
            func level(_ quantised: Int) -> Double {
                let v = Double(quantised - 9) / 9
                return (v < 0 ? -1 : 1) * v * v * maximum
            }
            colors.append((r: level(ac / (19 * 19)), g: level(ac / 19 % 19), b: level(ac % 19)))
        }
        self.string = string
        self.components = (x, y)
        self.colors = colors
    }

    /// The average colour of the picture (the DC component), opaque.
    public var averageColor: RGBAColor {
        let dc = colors[0]
        return RGBAColor(red: Double(Self.sRGB(dc.r)) / 255, green: Double(Self.sRGB(dc.g)) / 255,
                         blue: Double(Self.sRGB(dc.b)) / 255)
    }

    /// The picture decoded to `width` × `height` pixels, RGBA8 row by row, opaque (alpha 255, so
    /// premultiplied or not alike).
    ///
    /// Each pixel is the sum of the components' cosines at its place, in linear RGB, turned to
    /// sRGB, exactly as the reference decoder does.
    ///
    /// - Parameters:
    ///   - width: Pixels across, at least 1.
    ///   - height: Pixels down, at least 1.
    ///   - punch: How strongly the AC components count (the reference's `punch`, 1 by default;
    ///     more gives more contrast); a value that is not finite and positive counts as 1.
    /// - Returns: `width × height × 4` bytes; none when a side is under 1 or the pixels are more
    ///   than ``maximumPixelCount``.
    public func pixels(width: Int, height: Int, punch: Double = 1) -> [UInt8] {
        guard width >= 1, height >= 1, width <= Self.maximumPixelCount, height <= Self.maximumPixelCount / width else {
            return []
        }
        let punch = punch.isFinite && punch > 0 ? punch : 1
        let (cx, cy) = components
        // The cosines once per column and row, not per pixel.
        let across = (0..<width).map { px in (0..<cx).map { Double.cos(Double.pi * Double(px) * Double($0) / Double(width)) } }
        let down = (0..<height).map { py in (0..<cy).map { Double.cos(Double.pi * Double(py) * Double($0) / Double(height)) } }
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for py in 0..<height {
            for px in 0..<width {
                var r = 0.0, g = 0.0, b = 0.0
                for j in 0..<cy {
                    for i in 0..<cx {
                        let basis = across[px][i] * down[py][j]
                        let color = colors[i + j * cx]
                        let scale = i + j == 0 ? 1 : punch
                        r += color.r * basis * scale
                        g += color.g * basis * scale
                        b += color.b * basis * scale
                    }
                }
                let offset = (py * width + px) * 4
                bytes[offset] = Self.sRGB(r)
                bytes[offset + 1] = Self.sRGB(g)
                bytes[offset + 2] = Self.sRGB(b)
            }
        }
        return bytes
    }

    /// The size to decode a placeholder at for a page of `page` points: 32 pixels on the longer
    /// side, the page's aspect ratio (at least 1 × 1; 32 × 32 for an unusable size).
    ///
    /// A BlurHash has no size of its own: decoded at the page's aspect and scaled up, it covers
    /// the page as the picture it stands for would (stories are page-shaped).
    public static func decodeSize(forPage page: Size) -> (width: Int, height: Int) {
        let w = page.width, h = page.height
        guard w.isFinite, h.isFinite, w > 0, h > 0 else { return (32, 32) }
        let long = 32.0
        if w >= h { return (32, Swift.max(1, Swift.min(32, Int((long * h / w).rounded())))) }
        return (Swift.max(1, Swift.min(32, Int((long * w / h).rounded()))), 32)
    }

    /// An sRGB byte (0…255) in linear light (0…1).
    static func linear(_ value: Int) -> Double {
        let v = Double(value) / 255
        return v <= 0.04045 ? v / 12.92 : Double.pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light, clamped to 0…1, as an sRGB byte, rounded as the reference C decoder does.
    static func sRGB(_ value: Double) -> UInt8 {
        let v = value.isNaN ? 0 : Swift.max(0, Swift.min(1, value))
        let encoded = v <= 0.0031308 ? v * 12.92 : 1.055 * Double.pow(v, 1 / 2.4) - 0.055
        return UInt8(Swift.max(0, Swift.min(255, encoded * 255 + 0.5)))
    }
}

// MARK: - BlurHash + Hashable

extension BlurHash {
    /// Two hashes are equal when their strings are (the colours follow from the string).
    public static func == (lhs: BlurHash, rhs: BlurHash) -> Bool { lhs.string == rhs.string }

    /// Hashes the string.
    public func hash(into hasher: inout Hasher) { hasher.combine(string) }
}
