import StoryKit

/// The platform's font system, as the text renderer needs it: match a family and weight, shape
/// characters into glyphs (per-character fallback, kerning), and rasterise one glyph.
///
/// Two implementations live at the system edge: `FreeTypeFonts` (fontconfig and FreeType, Linux)
/// and `CoreTextFonts` (Apple platforms). Everything else about text, line breaking, alignment,
/// truncation, caching and compositing, is shared Swift (``TextLayout``, ``TextRenderer``), so the
/// two platforms break and truncate lines by the same rules.
///
/// A backend is used by one thread at a time (the ``TextRenderer`` that owns it holds a lock).
protocol FontBackend: AnyObject {
    /// The vertical metrics of the font `request` matches, at `size` points.
    func metrics(for request: FontRequest, size: Double) -> FontMetrics

    /// The glyphs that draw `characters` in the font `request` matches, at `size` points, in order.
    ///
    /// Each character gets the glyphs of its Unicode scalars, from the first font in the
    /// matcher's fallback order that has the scalar, or ``GlyphID/placeholder`` (advance
    /// ``PlaceholderGlyph/advance`` em) when no font has it. Line breaks, control characters and
    /// default-ignorable code points (joiners, variation selectors) get no glyph; a tab draws as a
    /// space. ``ShapedGlyph/kerning`` holds the pair kerning with the glyph before it.
    func shape(_ characters: [Character], request: FontRequest, size: Double) -> [ShapedGlyph]

    /// The anti-aliased coverage of a glyph (never ``GlyphID/placeholder``) at `pixelsPerEm`,
    /// its pen position `subpixelOffset` (0 ≤ offset < 1) pixels right of a pixel boundary.
    ///
    /// - Returns: `nil` when the glyph draws nothing (a space) or cannot be drawn.
    func mask(for glyph: GlyphID, pixelsPerEm: Double, subpixelOffset: Double) -> GlyphMask?
}

/// What the layout asks the font matcher for.
struct FontRequest: Sendable, Hashable {
    /// A family name or a generic family (`sans-serif`, `serif`, `monospace`); never empty.
    var family: String
    /// The weight.
    var weight: TextContents.Weight

    /// The request for `text`: its family (``TextContents/defaultFamily`` when empty) and weight.
    init(_ text: TextContents) {
        family = text.fontFamily.isEmpty ? TextContents.defaultFamily : text.fontFamily
        weight = text.fontWeight
    }
}

/// A font's vertical metrics at one size, in points.
package struct FontMetrics: Sendable, Hashable {
    /// From the baseline up to the top of the tallest glyphs, ≥ 0.
    package var ascent: Double
    /// From the baseline down to the bottom of the lowest glyphs, ≥ 0.
    package var descent: Double
    /// Baseline to baseline, ≥ ascent + descent (the font's line gap added).
    package var lineHeight: Double

    /// Metrics for an em of `size` points when there is no font at all: 0.8 em up, 0.2 em down,
    /// lines 1.2 em apart.
    static func fallback(size: Double) -> FontMetrics {
        FontMetrics(ascent: 0.8 * size, descent: 0.2 * size, lineHeight: 1.2 * size)
    }

    /// The metrics with every value made finite and non-negative, the line height at least
    /// ascent + descent.
    var sanitized: FontMetrics {
        let a = ascent.isFinite ? Swift.max(0, ascent) : 0, d = descent.isFinite ? Swift.max(0, descent) : 0
        let h = lineHeight.isFinite ? lineHeight : 0
        return FontMetrics(ascent: a, descent: d, lineHeight: Swift.max(h, a + d))
    }
}

/// A glyph of one font known to a backend: the backend's font number and the font's glyph index.
package struct GlyphID: Sendable, Hashable {
    /// The backend's number for the font (its position in the backend's table of opened fonts),
    /// or −1 for ``placeholder``.
    package var font: Int32
    /// The glyph's index in that font.
    package var index: UInt32

    /// The hollow box drawn for a character that no installed font has.
    package static let placeholder = GlyphID(font: -1, index: 0)
}

/// One glyph of shaped text.
struct ShapedGlyph: Sendable, Hashable {
    /// The glyph.
    var glyph: GlyphID
    /// The index of the character it draws, in the characters that were shaped.
    var character: Int
    /// How far the pen moves after the glyph, in points.
    var advance: Double
    /// Added to the pen before the glyph when it follows the previous glyph on the same line, in
    /// points (negative for a pair such as "AV" that the font pulls together).
    var kerning: Double
}

/// The anti-aliased coverage of one glyph at one size, placed relative to the pen.
struct GlyphMask: Sendable {
    /// Width in pixels.
    var width: Int
    /// Height in pixels.
    var height: Int
    /// Pixels from the pen position (left) to the mask's left column (FreeType's `bitmap_left`).
    var left: Int
    /// Pixels from the baseline up to the mask's top row (FreeType's `bitmap_top`).
    var top: Int
    /// `width × height` coverage values, 0…255, rows top to bottom.
    var coverage: [UInt8]
}
