/// The platform's font system: Core Text on Apple platforms, fontconfig and FreeType on Linux,
/// and, where there is neither, none (every character draws as the placeholder box).
enum SystemFonts {
    /// A new backend for one ``TextRenderer``.
    static func backend() -> any FontBackend {
        #if canImport(CoreText)
        CoreTextFonts()
        #elseif canImport(CFreeType) && canImport(CFontconfig)
        FreeTypeFonts()
        #else
        NoFonts()
        #endif
    }
}

/// A font system with no fonts: every character is the placeholder box, lines are 1.2 em apart.
final class NoFonts: FontBackend {
    func metrics(for request: FontRequest, size: Double) -> FontMetrics { .fallback(size: size) }

    func shape(_ characters: [Character], request: FontRequest, size: Double) -> [ShapedGlyph] {
        characters.enumerated().compactMap { c, character in
            if character.isNewline { return nil }
            let advance = character.isWhitespace ? 0.3 * size : PlaceholderGlyph.advance * size
            return ShapedGlyph(glyph: character.isWhitespace ? GlyphID(font: 0, index: 0) : .placeholder,
                               character: c, advance: advance, kerning: 0)
        }
    }

    func mask(for glyph: GlyphID, pixelsPerEm: Double, subpixelOffset: Double) -> GlyphMask? { nil }
}
