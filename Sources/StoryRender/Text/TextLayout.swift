import StoryKit

/// Text laid out in a layer's bounds: the lines shown, each a row of glyphs at pen positions in
/// the layer's coordinates (points), by ``StoryKit/TextContents``' rules.
///
/// - Lines break at line breaks in the string, and otherwise after the last space that lets the
///   line fit the bounds' width; a word wider than the bounds breaks between characters (every
///   line holds at least one character, so layout always progresses). Spaces at the end of a line
///   hang: they neither count toward its width nor move it when aligned.
/// - Lines are ``FontMetrics/lineHeight`` apart, the first baseline ``FontMetrics/ascent`` below
///   the bounds' top. A line is shown when it fits entirely in the bounds' height (the first line
///   always) and `numberOfLines` (when not 0) allows it.
/// - When text is left over after the last line shown (anything but spaces and line breaks),
///   the layout ``isTruncated``; with ``StoryKit/TextContents/Truncation-swift.enum/tail`` the
///   last line is laid out again from its start without breaking at spaces, as many characters as
///   fit beside the ellipsis, trailing spaces dropped, then the ellipsis.
/// - Each line is placed by the alignment within the bounds' width.
///
/// The layout depends only on the glyphs' advances in points, never on the render scale, so a
/// label breaks the same way at 1×, 2× and 3×.
package struct TextLayout: Sendable {
    /// One line of laid-out text.
    package struct Line: Sendable {
        /// What the line shows: its characters (trailing spaces dropped), and "…" when it ends in
        /// the ellipsis.
        package var text: String
        /// Whether the line ends in the ellipsis.
        package var hasEllipsis: Bool
        /// The baseline's y in the layer's coordinates, in points.
        package var baseline: Double
        /// The left end of the line's advances in the layer's coordinates, in points.
        package var x: Double
        /// The sum of the line's advances and kerning, in points.
        package var width: Double
        /// The glyphs and their pen positions (x in the layer's points; the pen sits on the baseline).
        package var glyphs: [(glyph: GlyphID, x: Double)]
    }

    /// The lines shown, top to bottom.
    package var lines: [Line]
    /// Whether some of the text (other than spaces and line breaks) is not shown.
    package var isTruncated: Bool
    /// The font's metrics, in points.
    package var metrics: FontMetrics
    /// The em the glyphs were shaped at, in points.
    package var fontSize: Double

    /// A layout of nothing.
    static func empty(metrics: FontMetrics, fontSize: Double) -> TextLayout {
        TextLayout(lines: [], isTruncated: false, metrics: metrics, fontSize: fontSize)
    }

    private init(lines: [Line], isTruncated: Bool, metrics: FontMetrics, fontSize: Double) {
        self.lines = lines
        self.isTruncated = isTruncated
        self.metrics = metrics
        self.fontSize = fontSize
    }

    /// Lays out shaped text in `bounds`.
    ///
    /// - Parameters:
    ///   - characters: The text's characters.
    ///   - glyphs: Their glyphs, in character order (``FontBackend/shape(_:request:size:)``).
    ///   - ellipsis: The glyphs of "…" in the same font.
    ///   - metrics: The font's metrics (sanitised here).
    ///   - fontSize: The em the glyphs were shaped at, in points.
    ///   - text: Alignment, truncation and number of lines.
    ///   - bounds: The layer's bounds, in points; nothing is laid out when it has no width.
    init(characters: [Character], glyphs: [ShapedGlyph], ellipsis: [ShapedGlyph], metrics: FontMetrics,
         fontSize: Double, text: TextContents, bounds: Rect) {
        let metrics = metrics.sanitized
        self.init(lines: [], isTruncated: false, metrics: metrics, fontSize: fontSize)
        let maxWidth = bounds.width
        guard maxWidth > 0, maxWidth.isFinite, bounds.height.isFinite, !characters.isEmpty else { return }
        let run = ShapedRun(characters: characters, glyphs: glyphs)
        let tolerance = 1e-9 * Swift.max(1, maxWidth)

        // Break into lines, as many as are allowed and fit.
        let limit = Swift.max(1, Swift.min(text.numberOfLines > 0 ? text.numberOfLines : Int.max,
                                           Self.linesFitting(bounds.height, metrics)))
        var ranges: [Range<Int>] = []
        var start = 0
        let n = characters.count
        while start < n && ranges.count < limit {
            var end = n, next = n, lastBreak = -1, i = start
            while i < n {
                let c = characters[i]
                if c.isNewline { end = i; next = i + 1; break }
                if c.isWhitespace {
                    lastBreak = i + 1
                } else if i > start && run.width(start..<(i + 1)) > maxWidth + tolerance {
                    (end, next) = lastBreak > start ? (lastBreak, lastBreak) : (i, i)
                    break
                }
                i += 1
            }
            ranges.append(start..<end)
            start = next
        }
        isTruncated = characters[start...].contains { !$0.isWhitespace }

        // Tail truncation: the last line again, unbroken, as far as it fits beside the ellipsis.
        var ellipsized = false
        if isTruncated, text.truncation == .tail, let last = ranges.last {
            let ellipsisWidth = ShapedRun.width(of: ellipsis)
            var e = last.lowerBound
            while e < n, !characters[e].isNewline,
                  run.width(last.lowerBound..<(e + 1)) + ellipsisWidth <= maxWidth + tolerance {
                e += 1
            }
            ranges[ranges.count - 1] = last.lowerBound..<e
            ellipsized = true
        }

        for (k, range) in ranges.enumerated() {
            var end = range.upperBound
            while end > range.lowerBound, characters[end - 1].isWhitespace { end -= 1 }
            let shown = range.lowerBound..<end
            let hasEllipsis = ellipsized && k == ranges.count - 1
            var glyphs = run.glyphs(of: shown)
            if hasEllipsis { glyphs += ellipsis }
            let width = ShapedRun.width(of: glyphs)
            let offset: Double
            switch text.alignment {
            case .left: offset = 0
            case .center: offset = (maxWidth - width) / 2
            case .right: offset = maxWidth - width
            }
            var pen = bounds.minX + offset
            var placed: [(glyph: GlyphID, x: Double)] = []
            placed.reserveCapacity(glyphs.count)
            for (j, g) in glyphs.enumerated() {
                if j > 0 { pen += g.kerning }
                placed.append((g.glyph, pen))
                pen += g.advance
            }
            lines.append(Line(text: String(characters[shown]) + (hasEllipsis ? "…" : ""), hasEllipsis: hasEllipsis,
                              baseline: bounds.minY + metrics.ascent + Double(k) * metrics.lineHeight,
                              x: bounds.minX + offset, width: width, glyphs: placed))
        }
    }

    /// How many lines fit entirely in `height` points: the first needs ascent + descent, each
    /// further one a line height more. At least 1.
    static func linesFitting(_ height: Double, _ metrics: FontMetrics) -> Int {
        guard metrics.lineHeight > 0 else { return Int.max }
        let more = ((height - metrics.ascent - metrics.descent) / metrics.lineHeight + 1e-9).rounded(.down)
        guard more >= 0 else { return 1 }
        return more < 1e9 ? Int(more) + 1 : Int.max
    }
}

/// Shaped glyphs indexed by character, for measuring ranges of characters in constant time.
private struct ShapedRun {
    let glyphs: [ShapedGlyph]
    /// `firstGlyph[c]`: the index of character `c`'s first glyph (`glyphs.count` past the end).
    let firstGlyph: [Int]
    /// `pen[g]`: the sum of advances and kerning of the glyphs before `g`.
    let pen: [Double]

    init(characters: [Character], glyphs: [ShapedGlyph]) {
        self.glyphs = glyphs
        var first = [Int](repeating: glyphs.count, count: characters.count + 1)
        var g = glyphs.count
        for c in stride(from: characters.count - 1, through: 0, by: -1) {
            while g > 0, glyphs[g - 1].character >= c { g -= 1 }
            first[c] = g
        }
        firstGlyph = first
        var pen = [Double](repeating: 0, count: glyphs.count + 1)
        for (i, glyph) in glyphs.enumerated() { pen[i + 1] = pen[i] + glyph.kerning + glyph.advance }
        self.pen = pen
    }

    /// The glyphs of a range of characters.
    func glyphs(of characters: Range<Int>) -> ArraySlice<ShapedGlyph> {
        glyphs[firstGlyph[characters.lowerBound]..<firstGlyph[characters.upperBound]]
    }

    /// The width of a range of characters set on one line (the first glyph's kerning dropped).
    func width(_ characters: Range<Int>) -> Double {
        let a = firstGlyph[characters.lowerBound], b = firstGlyph[characters.upperBound]
        return a < b ? pen[b] - pen[a] - glyphs[a].kerning : 0
    }

    /// The width of glyphs set on one line.
    static func width<C: Collection<ShapedGlyph>>(of glyphs: C) -> Double {
        var width = 0.0
        for (j, g) in glyphs.enumerated() { width += (j > 0 ? g.kerning : 0) + g.advance }
        return width
    }
}
