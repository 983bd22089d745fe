#if canImport(CoreText)
import CoreGraphics
import CoreText
import Foundation
import StoryKit

/// Fonts on Apple platforms: Core Text matches the family with a weight trait, shapes the text
/// (kerning, and per-character fallback through the system's cascade list), and draws each glyph
/// anti-aliased into a `CGBitmapContext`.
///
/// The generic families map to the system's: `sans-serif` (and `system-ui`) to the UI font (San
/// Francisco), `serif` to Times New Roman, `monospace` to Menlo. A character no font has comes
/// back from Core Text in its LastResort font; it is drawn as StoryRender's own
/// ``PlaceholderGlyph`` so it looks as on Linux. Core Text's advances already include its
/// kerning, so ``ShapedGlyph/kerning`` stays 0. Text is laid out left to right.
final class CoreTextFonts: FontBackend {
    /// Fonts seen in shaped runs; ``GlyphID/font`` indexes this.
    private var fonts: [CTFont] = []
    private var fontNumbers: [String: Int32] = [:]

    func metrics(for request: FontRequest, size: Double) -> FontMetrics {
        let font = Self.font(for: request, size: size)
        let ascent = Double(CTFontGetAscent(font)), descent = Double(CTFontGetDescent(font))
        return FontMetrics(ascent: ascent, descent: descent, lineHeight: ascent + descent + Double(CTFontGetLeading(font)))
            .sanitized
    }

    func shape(_ characters: [Character], request: FontRequest, size: Double) -> [ShapedGlyph] {
        // Tabs become spaces (Core Text would move them to tab stops); one UTF-16 unit each way.
        var string = ""
        var characterAt: [Int] = []  // UTF-16 offset → character index
        for (c, character) in characters.enumerated() {
            let shown = character == "\t" ? " " : character
            string.append(shown)
            characterAt += repeatElement(c, count: shown.utf16.count)
        }
        guard !string.isEmpty else { return [] }
        let attributes = [kCTFontAttributeName as String: Self.font(for: request, size: size)] as CFDictionary
        guard let attributed = CFAttributedStringCreate(nil, string as CFString, attributes) else { return [] }
        let line = CTLineCreateWithAttributedString(attributed)
        var shaped: [(glyph: ShapedGlyph, x: Double)] = []
        for run in (CTLineGetGlyphRuns(line) as? [CTRun]) ?? [] {
            let count = CTRunGetGlyphCount(run)
            guard count > 0 else { continue }
            var glyphs = [CGGlyph](repeating: 0, count: count)
            var positions = [CGPoint](repeating: .zero, count: count)
            var advances = [CGSize](repeating: .zero, count: count)
            var indices = [CFIndex](repeating: 0, count: count)
            let all = CFRange(location: 0, length: 0)
            CTRunGetGlyphs(run, all, &glyphs)
            CTRunGetPositions(run, all, &positions)
            CTRunGetAdvances(run, all, &advances)
            CTRunGetStringIndices(run, all, &indices)
            let value = (CTRunGetAttributes(run) as NSDictionary)[kCTFontAttributeName as String] as CFTypeRef?
            let font = value.flatMap { CFGetTypeID($0) == CTFontGetTypeID() ? unsafeDowncast($0, to: CTFont.self) : nil }
            let number = font.flatMap(fontNumber)
            for i in 0..<count where indices[i] >= 0 && indices[i] < characterAt.count && glyphs[i] != 0xFFFF {
                let c = characterAt[indices[i]]
                guard !characters[c].isNewline else { continue }
                let glyph = number.map { GlyphID(font: $0, index: UInt32(glyphs[i])) } ?? .placeholder
                let advance = number == nil ? PlaceholderGlyph.advance * size : Double(advances[i].width)
                shaped.append((ShapedGlyph(glyph: glyph, character: c, advance: advance, kerning: 0), Double(positions[i].x)))
            }
        }
        // Runs come in visual order; the layout wants character order.
        return shaped.enumerated().sorted {
            ($0.element.glyph.character, $0.offset) < ($1.element.glyph.character, $1.offset)
        }.map(\.element.glyph)
    }

    func mask(for glyph: GlyphID, pixelsPerEm: Double, subpixelOffset: Double) -> GlyphMask? {
        guard glyph.font >= 0, Int(glyph.font) < fonts.count, pixelsPerEm > 0, pixelsPerEm <= 4096 else { return nil }
        let font = CTFontCreateCopyWithAttributes(fonts[Int(glyph.font)], CGFloat(pixelsPerEm), nil, nil)
        var index = CGGlyph(truncatingIfNeeded: glyph.index)
        let box = CTFontGetBoundingRectsForGlyphs(font, .default, &index, nil, 1)
        guard !box.isNull, !box.isInfinite, box.width > 0, box.height > 0 else { return nil }
        // One pixel of margin around the ink, in pixels from the pen (x) and the baseline (y up).
        let left = Int((Double(box.minX) + subpixelOffset).rounded(.down)) - 1
        let right = Int((Double(box.maxX) + subpixelOffset).rounded(.up)) + 1
        let bottom = Int(Double(box.minY).rounded(.down)) - 1, top = Int(Double(box.maxY).rounded(.up)) + 1
        let width = right - left, height = top - bottom
        guard width > 0, height > 0, width * height <= 1 << 24 else { return nil }
        var coverage = [UInt8](repeating: 0, count: width * height)
        let drawn = coverage.withUnsafeMutableBytes { pixels -> Bool in
            // White glyphs on black in an 8-bit grey bitmap: each byte is the coverage. Rows are
            // stored top first; the baseline sits `-bottom` pixels above the bitmap's bottom edge.
            guard let context = CGContext(data: pixels.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                          bytesPerRow: width, space: CGColorSpaceCreateDeviceGray(),
                                          bitmapInfo: CGImageAlphaInfo.none.rawValue) else { return false }
            context.setShouldAntialias(true)
            context.setAllowsFontSmoothing(false)
            context.setShouldSmoothFonts(false)
            context.setAllowsFontSubpixelPositioning(true)
            context.setShouldSubpixelPositionFonts(true)
            context.setShouldSubpixelQuantizeFonts(false)
            context.setFillColor(gray: 1, alpha: 1)
            var position = CGPoint(x: subpixelOffset - Double(left), y: -Double(bottom))
            CTFontDrawGlyphs(font, &index, &position, 1, context)
            return true
        }
        guard drawn else { return nil }
        return GlyphMask(width: width, height: height, left: left, top: top, coverage: coverage)
    }

    // MARK: Fonts

    /// The number of a font that a run uses, `nil` for LastResort (no font had the character).
    private func fontNumber(_ font: CTFont) -> Int32? {
        let name = CTFontCopyPostScriptName(font) as String
        guard name != "LastResort" else { return nil }
        let key = name + "|" + String(describing: CTFontCopyVariation(font) ?? [:] as CFDictionary)
        if let number = fontNumbers[key] { return number }
        let number = Int32(fonts.count)
        fonts.append(font)
        fontNumbers[key] = number
        return number
    }

    /// The font for a family and weight at `size` points.
    static func font(for request: FontRequest, size: Double) -> CTFont {
        let traits = [kCTFontWeightTrait as String: request.weight.uiKitValue] as CFDictionary
        let family: String
        switch request.family.lowercased() {
        case "sans-serif", "system-ui":
            let system = CTFontCreateUIFontForLanguage(.system, CGFloat(size), nil)
                ?? CTFontCreateWithName("Helvetica" as CFString, CGFloat(size), nil)
            let descriptor = CTFontDescriptorCreateCopyWithAttributes(
                CTFontCopyFontDescriptor(system), [kCTFontTraitsAttribute as String: traits] as CFDictionary)
            return CTFontCreateWithFontDescriptor(descriptor, CGFloat(size), nil)
        case "serif": family = "Times New Roman"
        case "monospace": family = "Menlo"
        default: family = request.family
        }
        let descriptor = CTFontDescriptorCreateWithAttributes(
            [kCTFontFamilyNameAttribute as String: family, kCTFontTraitsAttribute as String: traits] as CFDictionary)
        return CTFontCreateWithFontDescriptor(descriptor, CGFloat(size), nil)
    }
}
#endif
