// MARK: - Transform3D + Codable

extension Transform3D: Codable {
    /// Encodes the transform as a flat array of 16 numbers in `m11, m12, m13, m14, m21, …, m44`
    /// order (row by row, the `CATransform3D` field order), so scene files stay short:
    /// the identity is `[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]`.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(m11); try container.encode(m12); try container.encode(m13); try container.encode(m14)
        try container.encode(m21); try container.encode(m22); try container.encode(m23); try container.encode(m24)
        try container.encode(m31); try container.encode(m32); try container.encode(m33); try container.encode(m34)
        try container.encode(m41); try container.encode(m42); try container.encode(m43); try container.encode(m44)
    }

    /// Decodes a transform from an array of exactly 16 numbers in `m11 … m44` order.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when the array does not hold exactly 16 numbers.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 16 {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Transform3D expects 16 numbers (m11…m44), found \(count)"))
        }
        func next() throws -> Double { try container.decode(Double.self) }
        self.init(m11: try next(), m12: try next(), m13: try next(), m14: try next(),
                  m21: try next(), m22: try next(), m23: try next(), m24: try next(),
                  m31: try next(), m32: try next(), m33: try next(), m34: try next(),
                  m41: try next(), m42: try next(), m43: try next(), m44: try next())
        guard container.isAtEnd else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Transform3D expects 16 numbers (m11…m44), found more"))
        }
    }
}
