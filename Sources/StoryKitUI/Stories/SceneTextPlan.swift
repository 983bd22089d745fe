import StoryKit

// MARK: - SceneTextPlan

/// What ``SceneLayersView`` gives a `CATextLayer` for a scene layer's text, in Core Animation's
/// and UIKit's terms, so the view only copies it.
///
/// Text is drawn by a `CATextLayer`, not by an image the view renders: Core Animation then draws
/// the glyphs at the screen's scale and redraws them when the string changes, with no bitmap of
/// ours to size or keep, and StoryKitUI does not link the compositor's text renderer. Its limits,
/// said here so that nobody reads more into the bridge: a `CATextLayer` wraps or not but cannot
/// stop after N lines (``isWrapped`` is false only for one line), and its line height is the
/// font's own.
package struct SceneTextPlan: Sendable, Hashable {
    /// The font the text is set in.
    package enum Font: Sendable, Hashable {
        /// The system font (San Francisco) with this design: `default`, `serif` or `monospaced`
        /// (`UIFontDescriptor.SystemDesign`'s names).
        case system(design: String)
        /// The closest installed font of this family name.
        case family(String)
    }

    /// The string shown.
    package var string: String
    /// The font, resolved from the scene's family names (`sans-serif`, `serif`, `monospace`, or a family).
    package var font: Font
    /// The font size in points (0 when the scene's is negative or not finite).
    package var fontSize: Double
    /// `UIFont.Weight`'s raw value for the scene's weight (regular 0, bold 0.4, …).
    package var weight: Double
    /// The `CATextLayerAlignmentMode` raw value: `left`, `center` or `right`.
    package var alignment: String
    /// The `CATextLayerTruncationMode` raw value: `none` or `end`.
    package var truncation: String
    /// `CATextLayer.isWrapped`: false only when the scene shows one line.
    package var isWrapped: Bool

    /// The plan for `text`.
    package init(_ text: TextContents) {
        string = text.string
        switch text.fontFamily {
        case "", TextContents.defaultFamily: font = .system(design: "default")
        case "serif": font = .system(design: "serif")
        case "monospace": font = .system(design: "monospaced")
        default: font = .family(text.fontFamily)
        }
        fontSize = text.fontSize.isFinite && text.fontSize > 0 ? text.fontSize : 0
        weight = text.fontWeight.uiKitValue
        alignment = text.alignment.rawValue   // "left", "center", "right": CATextLayerAlignmentMode's names
        truncation = text.truncation == .none ? "none" : "end"
        isWrapped = text.numberOfLines != 1
    }
}
