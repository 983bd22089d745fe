#if canImport(CFreeType) && canImport(CFontconfig)
import CFreeType
import StoryKit

/// Fonts on Linux: fontconfig matches families and orders fallbacks (``FontconfigFallbackList``),
/// FreeType reads metrics, advances and kerning and rasterises glyphs, anti-aliased (grayscale).
///
/// Layout uses unhinted advances and kerning in font units (`FT_LOAD_NO_SCALE`,
/// `FT_KERNING_UNSCALED`, the font's `kern` table) scaled to the size, so line breaks do not
/// depend on the render scale. Glyphs are rendered unhinted at the exact pixel size, shifted by
/// the pen's sub-pixel offset, so spacing is even at every scale. Opened faces live as long as
/// the backend (one per renderer).
final class FreeTypeFonts: FontBackend {
    private var library: FT_Library?
    /// Opened faces; ``GlyphID/font`` indexes this.
    private var faces: [FT_Face] = []
    /// The pixel size each face is currently set to (FreeType keeps one size per face).
    private var faceSizes: [Double] = []
    private var faceNumbers: [FontconfigFallbackList.Font: Int32] = [:]
    private var lists: [FontRequest: FontconfigFallbackList] = [:]

    init() {
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0 { self.library = library }
    }

    deinit {
        for face in faces { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    func metrics(for request: FontRequest, size: Double) -> FontMetrics {
        let list = fallbackList(request)
        guard !list.fonts.isEmpty, let number = face(list.fonts[0]) else { return .fallback(size: size) }
        let face = faces[Int(number)].pointee
        let unit = size / Double(Swift.max(1, face.units_per_EM))
        return FontMetrics(ascent: Double(face.ascender) * unit, descent: -Double(face.descender) * unit,
                           lineHeight: Double(face.height) * unit).sanitized
    }

    func shape(_ characters: [Character], request: FontRequest, size: Double) -> [ShapedGlyph] {
        let list = fallbackList(request)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(characters.count)
        var previous: (font: Int32, index: UInt32)?
        for (c, character) in characters.enumerated() {
            if character.isNewline { previous = nil; continue }
            var characterFont: Int?
            for var scalar in character.unicodeScalars {
                if scalar == "\t" { scalar = " " }
                if scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .control {
                    continue
                }
                // Marks stay in the base character's font when it has them.
                let listIndex = characterFont.flatMap { list.font($0, has: scalar) ? $0 : nil } ?? list.font(for: scalar)
                guard let listIndex, let number = face(list.fonts[listIndex]) else {
                    glyphs.append(ShapedGlyph(glyph: .placeholder, character: c,
                                              advance: PlaceholderGlyph.advance * size, kerning: 0))
                    previous = nil
                    continue
                }
                characterFont = characterFont ?? listIndex
                let face = faces[Int(number)]
                let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
                let unit = size / Double(Swift.max(1, face.pointee.units_per_EM))
                var advance: FT_Fixed = 0
                if FT_Get_Advance(face, index, FT_Int32(FT_LOAD_NO_SCALE), &advance) != 0 { advance = 0 }
                var kerning = 0.0
                if let previous, previous.font == number, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0 {
                    var delta = FT_Vector()
                    if FT_Get_Kerning(face, previous.index, index, FT_UInt(FT_KERNING_UNSCALED.rawValue), &delta) == 0 {
                        kerning = Double(delta.x) * unit
                    }
                }
                glyphs.append(ShapedGlyph(glyph: GlyphID(font: number, index: index), character: c,
                                          advance: Double(advance) * unit, kerning: kerning))
                previous = (number, index)
            }
        }
        return glyphs
    }

    func mask(for glyph: GlyphID, pixelsPerEm: Double, subpixelOffset: Double) -> GlyphMask? {
        guard glyph.font >= 0, Int(glyph.font) < faces.count, pixelsPerEm >= 1.0 / 64, pixelsPerEm <= 4096 else {
            return nil
        }
        let n = Int(glyph.font), face = faces[n]
        if faceSizes[n] != pixelsPerEm {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelsPerEm * 64).rounded()), 72, 72) == 0 else { return nil }
            faceSizes[n] = pixelsPerEm
        }
        guard FT_Load_Glyph(face, glyph.index, Self.loadFlags) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos((subpixelOffset * 64).rounded()), 0)
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer,
              bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), pitch >= width else { return nil }
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                (out.baseAddress! + row * width).update(from: buffer + row * pitch, count: width)
            }
        }
        return GlyphMask(width: width, height: height, left: Int(slot.pointee.bitmap_left),
                         top: Int(slot.pointee.bitmap_top), coverage: coverage)
    }

    /// Outlines only (no embedded bitmaps), unhinted (`FT_LOAD_NO_HINTING`): the outline is
    /// scaled exactly and nothing is snapped to the pixel grid, so a glyph's ink covers its exact
    /// extents (a 24 pt capital is as tall as the font's cap height × 24 / em, to a fraction of a
    /// pixel), as Core Text draws it. Light hinting, used before, moved heights by up to a pixel.
    private static let loadFlags = FT_Int32(FT_LOAD_NO_BITMAP) | FT_Int32(FT_LOAD_NO_HINTING)

    // MARK: Fonts and faces

    private func fallbackList(_ request: FontRequest) -> FontconfigFallbackList {
        if let list = lists[request] { return list }
        let list = FontconfigFallbackList(family: request.family, weight: request.weight.numericValue)
        lists[request] = list
        return list
    }

    /// The number of the opened face for `font`, opening it on first use; `nil` when FreeType
    /// cannot open it.
    private func face(_ font: FontconfigFallbackList.Font) -> Int32? {
        if let number = faceNumbers[font] { return number >= 0 ? number : nil }
        var face: FT_Face?
        guard let library, FT_New_Face(library, font.path, FT_Long(font.index), &face) == 0, let face else {
            faceNumbers[font] = -1
            return nil
        }
        let number = Int32(faces.count)
        faces.append(face)
        faceSizes.append(0)
        faceNumbers[font] = number
        return number
    }
}
#endif
