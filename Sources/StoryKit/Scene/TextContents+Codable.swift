import MotionCore

// MARK: - TextContents + Codable

extension TextContents: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case string, fontFamily, fontSize, fontWeight, color, alignment, truncation, numberOfLines
    }

    /// Decodes text contents; only `string` is required, every other key takes its default.
    ///
    /// ```json
    /// {"string": "Ava", "fontSize": 14, "fontWeight": "semibold", "color": "#FFFFFF",
    ///  "alignment": "center", "numberOfLines": 1}
    /// ```
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = TextContents("")
        try self.init(
            c.decode(String.self, forKey: .string),
            fontFamily: c.decodeIfPresent(String.self, forKey: .fontFamily) ?? d.fontFamily,
            fontSize: c.decodeIfPresent(Double.self, forKey: .fontSize) ?? d.fontSize,
            fontWeight: c.decodeIfPresent(Weight.self, forKey: .fontWeight) ?? d.fontWeight,
            color: c.decodeIfPresent(RGBAColor.self, forKey: .color) ?? d.color,
            alignment: c.decodeIfPresent(Alignment.self, forKey: .alignment) ?? d.alignment,
            truncation: c.decodeIfPresent(Truncation.self, forKey: .truncation) ?? d.truncation,
            numberOfLines: c.decodeIfPresent(Int.self, forKey: .numberOfLines) ?? d.numberOfLines)
    }

    /// Encodes the string and every property that differs from its default.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let d = TextContents("")
        try c.encode(string, forKey: .string)
        if fontFamily != d.fontFamily { try c.encode(fontFamily, forKey: .fontFamily) }
        if fontSize != d.fontSize { try c.encode(fontSize, forKey: .fontSize) }
        if fontWeight != d.fontWeight { try c.encode(fontWeight, forKey: .fontWeight) }
        if color != d.color { try c.encode(color, forKey: .color) }
        if alignment != d.alignment { try c.encode(alignment, forKey: .alignment) }
        if truncation != d.truncation { try c.encode(truncation, forKey: .truncation) }
        if numberOfLines != d.numberOfLines { try c.encode(numberOfLines, forKey: .numberOfLines) }
    }
}
