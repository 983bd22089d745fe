#if canImport(CFontconfig)
import CFontconfig
import Foundation
import StoryKit

/// The installed fonts fontconfig offers for a family and weight, best match first: the Linux
/// font matcher behind `FreeTypeFonts`.
///
/// `FcFontSort` orders every installed font by how well it matches (family, including the
/// generic aliases `sans-serif`, `serif` and `monospace` that the system's configuration
/// resolves, then weight), trimmed to the fonts that add characters the earlier ones lack, and
/// without bitmap-only fonts. The first font draws the text; a character it lacks comes from the first later font whose
/// character set has it (`FcCharSetHasChar`).
final class FontconfigFallbackList {
    /// One font file of the list.
    struct Font: Hashable {
        /// The font file's path.
        var path: String
        /// The face's index in the file (for collections).
        var index: Int32
    }

    /// The fonts, best match first.
    let fonts: [Font]
    private let charsets: [OpaquePointer?]
    private let set: UnsafeMutablePointer<FcFontSet>?
    /// For each Unicode scalar looked up so far, the index of the first font that has it, or −1.
    private var fontForScalar: [UInt32: Int] = [:]

    /// fontconfig's configuration is process-wide; its calls are serialised here.
    private static let lock = NSLock()

    /// The fonts matching `family` at `weight` (100…900), in fallback order; empty when fontconfig
    /// finds no font at all.
    init(family: String, weight: Int) {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        var fonts: [Font] = []
        var charsets: [OpaquePointer?] = []
        var sorted: UnsafeMutablePointer<FcFontSet>?
        if let pattern = FcPatternCreate() {
            _ = FcPatternAddString(pattern, FC_FAMILY, family)
            _ = FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight)))
            _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            sorted = FcFontSort(nil, pattern, FcTrue, nil, &result)
            FcPatternDestroy(pattern)
        }
        if let sorted, let list = sorted.pointee.fonts {
            for i in 0..<Int(sorted.pointee.nfont) {
                guard let font = list[i] else { continue }
                // Bitmap-only fonts (colour emoji strikes) have no outlines to scale: leave them
                // out, so their characters come from an outline font or show the placeholder.
                var outline: FcBool = FcTrue
                if FcPatternGetBool(font, FC_OUTLINE, 0, &outline) == FcResultMatch, outline == FcFalse { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
                var index: Int32 = 0
                if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
                var charset: OpaquePointer?
                if FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) != FcResultMatch { charset = nil }
                fonts.append(Font(path: String(cString: file), index: index))
                charsets.append(charset)
            }
        }
        self.fonts = fonts
        self.charsets = charsets
        set = sorted
    }

    deinit {
        guard let set else { return }
        Self.lock.lock()
        FcFontSetDestroy(set)
        Self.lock.unlock()
    }

    /// The index in ``fonts`` of the first font that has `scalar`, or `nil` when none has it.
    func font(for scalar: Unicode.Scalar) -> Int? {
        if let known = fontForScalar[scalar.value] { return known >= 0 ? known : nil }
        let found = charsets.firstIndex { $0.map { FcCharSetHasChar($0, scalar.value) != 0 } ?? false }
        fontForScalar[scalar.value] = found ?? -1
        return found
    }

    /// Whether font `index` of the list has `scalar`.
    func font(_ index: Int, has scalar: Unicode.Scalar) -> Bool {
        charsets[index].map { FcCharSetHasChar($0, scalar.value) != 0 } ?? false
    }
}
#endif
