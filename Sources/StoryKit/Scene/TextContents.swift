import MotionCore

/// Text drawn as a layer's contents, as a `CATextLayer` (or a `UILabel` filling the layer) draws it.
///
/// The text is laid out inside the layer's bounds, starting at the top: lines break at word
/// boundaries (at spaces; a word wider than the bounds breaks between characters) and at line
/// breaks in the string, each line is aligned by ``alignment``, and lines follow one another at
/// the font's line height (ascent + descent + line gap). As many lines are shown as
/// ``numberOfLines`` allows and as fit entirely in the bounds' height (the first line is always
/// shown, clipped to the bounds if it is taller). When text is left over, the last shown line is
/// cut at a character and ends in "…" (``Truncation-swift.enum/tail``), or simply ends at its
/// last whole word (``Truncation-swift.enum/none``). Nothing is drawn outside the bounds.
///
/// Fonts are found by the platform's font matcher from ``fontFamily`` and ``fontWeight``:
/// fontconfig on Linux, Core Text on Apple platforms. A character the matched font lacks is drawn
/// with another installed font that has it; one that no installed font has is drawn as a hollow
/// box. Lines run left to right, glyph after glyph with the font's kerning: right-to-left text
/// is not reordered, and scripts that need contextual shaping (Arabic, the Indic scripts) are not
/// shaped by the Linux renderer.
///
/// ```swift
/// var name = Layer(name: "name", frame: Rect(x: 16, y: 12, width: 200, height: 20))
/// name.text = TextContents("ava.anderson", fontSize: 14, fontWeight: .semibold, color: .white)
/// name.text?.numberOfLines = 1                  // one line, "ava.and…" if it is too long
/// ```
public struct TextContents: Sendable, Hashable {
    /// The thickness of the font's strokes, named as `UIFont.Weight`, each with its numeric
    /// OpenType / CSS weight (100…900).
    public enum Weight: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// 100.
        case ultraLight
        /// 200.
        case thin
        /// 300.
        case light
        /// 400, the default.
        case regular
        /// 500.
        case medium
        /// 600.
        case semibold
        /// 700.
        case bold
        /// 800.
        case heavy
        /// 900.
        case black

        /// The OpenType `usWeightClass` (CSS `font-weight`) value, 100 (ultra light) … 900 (black).
        public var numericValue: Int {
            switch self {
            case .ultraLight: 100
            case .thin: 200
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            case .heavy: 800
            case .black: 900
            }
        }

        /// `UIFont.Weight`'s raw value for this weight (UIKit's constants, as printed by
        /// `UIFont.Weight.bold.rawValue`; Core Text's `kCTFontWeightTrait` takes the same), from
        /// −0.8 (ultra light) to 0.62 (black).
        public var uiKitValue: Double {
            switch self {
            case .ultraLight: -0.8
            case .thin: -0.6
            case .light: -0.4
            case .regular: 0
            case .medium: 0.23
            case .semibold: 0.3
            case .bold: 0.4
            case .heavy: 0.56
            case .black: 0.62
            }
        }
    }

    /// Where each line sits between the bounds' left and right edges (`CATextLayerAlignmentMode`).
    public enum Alignment: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// Against the left edge.
        case left
        /// Centred.
        case center
        /// Against the right edge.
        case right
    }

    /// What happens to text that does not fit (`CATextLayerTruncationMode`).
    public enum Truncation: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// The text that does not fit is left out; the last line ends at a word.
        case none
        /// The last line shown ends in "…" where the text is cut (UILabel's default,
        /// `byTruncatingTail`).
        case tail
    }

    /// The family used when none is named: the platform's default sans-serif face, found by its
    /// font matcher (fontconfig's `sans-serif` alias, DejaVu Sans on a stock Debian; the system
    /// font, San Francisco, on Apple platforms).
    ///
    /// `serif` and `monospace` are resolved the same way; any other name is a family name such
    /// as `"DejaVu Sans"` or `"Helvetica Neue"`, matched to the closest installed family.
    public static let defaultFamily = "sans-serif"

    /// The text. Line breaks (`"\n"`) start a new line; tabs count as spaces.
    public var string: String
    /// The font family; an empty name means ``defaultFamily``. Default ``defaultFamily``.
    public var fontFamily: String
    /// The font size (the em), in points, ≥ 0. Default 17, `UILabel`'s.
    public var fontSize: Double
    /// The weight the font matcher looks for. Default ``Weight-swift.enum/regular``.
    public var fontWeight: Weight
    /// The colour of the glyphs. Default opaque black, `UILabel`'s.
    public var color: RGBAColor
    /// Horizontal alignment of every line. Default ``Alignment-swift.enum/left``.
    public var alignment: Alignment
    /// What the last line shows when the text does not fit. Default ``Truncation-swift.enum/tail``.
    public var truncation: Truncation
    /// The most lines shown, ≥ 0; 0 shows as many as fit in the bounds. Default 0.
    public var numberOfLines: Int

    /// Creates text contents; the defaults are `UILabel`'s, except that lines wrap as long as
    /// they fit (`numberOfLines` 0).
    public init(_ string: String, fontFamily: String = TextContents.defaultFamily, fontSize: Double = 17,
                fontWeight: Weight = .regular, color: RGBAColor = .black, alignment: Alignment = .left,
                truncation: Truncation = .tail, numberOfLines: Int = 0) {
        self.string = string
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.color = color
        self.alignment = alignment
        self.truncation = truncation
        self.numberOfLines = numberOfLines
    }

    /// Whether the text paints anything at all: a non-empty string, a positive finite size and a
    /// colour that is not fully transparent.
    public var isVisible: Bool {
        !string.isEmpty && fontSize > 0 && fontSize.isFinite && color.alpha > 0
    }
}
