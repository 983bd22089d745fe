import StoryKit

/// The glyph drawn for a character that no installed font has: a hollow box, like the `.notdef`
/// glyph of most fonts, drawn by StoryRender itself so it looks the same on every platform and
/// with every font (some fonts' `.notdef` is blank).
///
/// In em units (multiply by the font size for points): the pen advances 0.6; the box stands on the
/// baseline from x = 0.08 to 0.52 (0.44 wide) and rises 0.7, with a 0.06 stroke (at least one
/// pixel).
enum PlaceholderGlyph {
    /// The pen advance, in ems.
    static let advance = 0.6
    /// The box's left edge from the pen, in ems.
    static let left = 0.08
    /// The box's width, in ems.
    static let width = 0.44
    /// The box's height above the baseline, in ems.
    static let height = 0.7
    /// The stroke width, in ems.
    static let stroke = 0.06

    /// The box's coverage at `pixelsPerEm`, its pen `subpixelOffset` (0 ≤ offset < 1) pixels right
    /// of a pixel boundary, anti-aliased by exact area.
    ///
    /// - Returns: `nil` when the size is not positive and finite, or too large to draw
    ///   (over 4096 pixels per em).
    static func mask(pixelsPerEm: Double, subpixelOffset: Double) -> GlyphMask? {
        guard pixelsPerEm > 0, pixelsPerEm <= 4096 else { return nil }
        let s = pixelsPerEm
        let line = Swift.max(stroke * s, 1)
        // The outer box in pixels, relative to the pen at x = subpixelOffset and the baseline at y = 0 (y up).
        let x0 = subpixelOffset + left * s, x1 = x0 + Swift.max(width * s, 2 * line + 1)
        let y0 = 0.0, y1 = Swift.max(height * s, 2 * line + 1)
        let columns = Int(x1.rounded(.up)), rows = Int(y1.rounded(.up))
        guard columns > 0, rows > 0 else { return nil }
        var coverage = [UInt8](repeating: 0, count: columns * rows)
        for row in 0..<rows {
            // Row 0 is the top: it spans y from rows − 1 to rows (y up).
            let top = Double(rows - row), bottom = top - 1
            for column in 0..<columns {
                let l = Double(column), r = l + 1
                let outer = overlap(l, r, x0, x1) * overlap(bottom, top, y0, y1)
                let inner = overlap(l, r, x0 + line, x1 - line) * overlap(bottom, top, y0 + line, y1 - line)
                coverage[row * columns + column] = UInt8(((outer - inner) * 255).rounded().clamped(to: 0...255))
            }
        }
        return GlyphMask(width: columns, height: rows, left: 0, top: rows, coverage: coverage)
    }

    /// The length of the overlap of [a0, a1] and [b0, b1], ≥ 0.
    private static func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
        Swift.max(0, Swift.min(a1, b1) - Swift.max(a0, b0))
    }
}
