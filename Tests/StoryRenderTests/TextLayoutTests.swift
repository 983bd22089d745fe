import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// How text is broken, truncated and measured, and that no input traps or hangs.
@Suite struct TextLayoutTests {
    let renderer = TextRenderer()
    static let wide = Rect(x: 0, y: 0, width: 10_000, height: 100)

    static func text(_ string: String, size: Double = 15, lines: Int = 0,
                     truncation: TextContents.Truncation = .tail) -> TextContents {
        TextContents(string, fontFamily: "DejaVu Sans", fontSize: size, truncation: truncation, numberOfLines: lines)
    }

    func width(_ string: String) throws -> Double {
        try #require(renderer.layout(Self.text(string), in: Self.wide).lines.first).width
    }

    @Test func aKernedPairIsNarrowerThanItsAdvances() throws {
        #expect(try width("AV") < width("A") + width("V") - 0.5)
        #expect(try width("To") < width("T") + width("o"))
        // A pair the font does not kern is exactly the sum.
        #expect(Approximately.equal(try width("HH"), try 2 * width("H"), absolute: 1e-9))
    }

    @Test func theEllipsisAppearsExactlyWhenTheTextDoesNotFit() throws {
        let name = "ava.anderson"
        let fitting = try width(name)
        let exact = Rect(x: 0, y: 0, width: fitting, height: 30)
        let fits = renderer.layout(Self.text(name, lines: 1), in: exact)
        #expect(fits.lines.map(\.text) == [name] && !fits.isTruncated && !fits.lines[0].hasEllipsis)

        let over = renderer.layout(Self.text(name + "x", lines: 1), in: exact)
        #expect(over.isTruncated && over.lines.count == 1 && over.lines[0].hasEllipsis)
        #expect(over.lines[0].text.hasSuffix("…") && over.lines[0].width <= fitting + 1e-9)
        #expect(name.hasPrefix(over.lines[0].text.dropLast()))

        // Trailing spaces are not text that fails to fit.
        let spaces = renderer.layout(Self.text(name + "   \n  ", lines: 1), in: exact)
        #expect(!spaces.isTruncated && spaces.lines.map(\.text) == [name])
    }

    @Test func linesAreLimitedByNumberOfLinesAndByTheBoundsHeight() throws {
        let three = "one\ntwo\nthree"
        let all = renderer.layout(Self.text(three), in: Self.wide)
        #expect(all.lines.map(\.text) == ["one", "two", "three"] && !all.isTruncated)
        let two = renderer.layout(Self.text(three, lines: 2), in: Self.wide)
        #expect(two.lines.map(\.text) == ["one", "two…"] && two.isTruncated)
        // Bounds for exactly two lines (ascent + descent + one line height) cut the third.
        let m = all.metrics
        let tall = Rect(x: 0, y: 0, width: 200, height: m.ascent + m.descent + m.lineHeight)
        #expect(renderer.layout(Self.text(three), in: tall).lines.map(\.text) == ["one", "two…"])
        let taller = Rect(x: 0, y: 0, width: 200, height: m.ascent + m.descent + 2 * m.lineHeight)
        #expect(renderer.layout(Self.text(three), in: taller).lines.map(\.text) == ["one", "two", "three"])
        // Bounds lower than one line still show the first line.
        #expect(renderer.layout(Self.text(three), in: Rect(x: 0, y: 0, width: 200, height: 1)).lines.map(\.text) == ["one…"])
    }

    @Test func withoutTruncationTheLastLineEndsAtAWord() throws {
        let bounds = Rect(x: 0, y: 0, width: try width("Close friends"), height: 20)
        let layout = renderer.layout(Self.text("Close friends only", truncation: .none), in: bounds)
        #expect(layout.lines.map(\.text) == ["Close friends"] && layout.isTruncated)
        #expect(!layout.lines[0].hasEllipsis)
    }

    @Test func aWordWiderThanTheBoundsBreaksBetweenCharacters() throws {
        let bounds = Rect(x: 0, y: 0, width: try width("abcd"), height: 1_000)
        let layout = renderer.layout(Self.text("abcdefghij xy"), in: bounds)
        #expect(layout.lines.map(\.text) == ["abcd", "efgh", "ij xy"])
    }

    @Test func alignmentPlacesEachLineInTheBounds() throws {
        let bounds = Rect(x: 10, y: 0, width: 200, height: 100)
        for (alignment, expected) in [(TextContents.Alignment.left, 10.0), (.center, 110.0), (.right, 210.0)] {
            var text = Self.text("Ava")
            text.alignment = alignment
            let line = try #require(renderer.layout(text, in: bounds).lines.first)
            let anchor = alignment == .left ? line.x : alignment == .center ? line.x + line.width / 2 : line.x + line.width
            #expect(Approximately.equal(anchor, expected, absolute: 1e-9), "\(alignment)")
        }
    }

    @Test func theDefaultFamilyIsFoundByThePlatformsMatcher() throws {
        let layout = renderer.layout(TextContents("Ava"), in: Self.wide)
        let line = try #require(layout.lines.first)
        #expect(line.width > 10 && line.glyphs.allSatisfy { $0.glyph != .placeholder })
    }

    static let hostile: [TextContents] = [
        TextContents(""),
        TextContents("Ava", fontSize: .nan),
        TextContents("Ava", fontSize: .infinity),
        TextContents("Ava", fontSize: -3),
        TextContents("Ava", fontSize: 0),
        TextContents("Ava", fontSize: 1e-9),
        TextContents("Ava", fontSize: 1e6),
        TextContents("Ava", fontSize: 1e300),
        TextContents(String(repeating: "storykit ", count: 1_200)),
        TextContents(String(repeating: "x", count: 10_000)),
        TextContents(String(repeating: "\n", count: 10_000)),
        TextContents(String(repeating: "\u{301}", count: 500)),
        TextContents("👩‍👩‍👧‍👦 🏳️‍🌈 \u{0}\u{7}\u{200D}\u{FEFF}\t\r\n\u{2028}\u{E000}\u{10FFFD}"),
        TextContents("Ava", fontFamily: ""),
        TextContents("Ava", fontFamily: "No Such Family 123"),
        TextContents("Ava", numberOfLines: -1),
        TextContents("Ava", numberOfLines: .max),
    ]

    @Test(arguments: hostile.indices)
    func hostileTextNeitherTrapsNorHangs(_ index: Int) throws {
        let text = Self.hostile[index]
        for bounds in [Rect(x: 0, y: 0, width: 120, height: 40), .zero, Rect(x: 0, y: 0, width: 1e6, height: 1e6),
                       Rect(x: 5, y: 5, width: -20, height: -20), Rect(x: 0, y: 0, width: 0.01, height: 1e9)] {
            let layout = renderer.layout(text, in: bounds)
            #expect(layout.lines.allSatisfy { $0.baseline.isFinite && $0.x.isFinite && $0.width.isFinite })
            for scale in [1.0, 3.0] {
                _ = renderer.bitmap(for: text, in: bounds, pixelsPerPoint: scale, frameScale: scale)
            }
        }
        // Through the renderer: drawn, or refused with a validation error.
        let layer = Layer(name: "label", bounds: Rect(x: 0, y: 0, width: 120, height: 40), position: Point(x: 60, y: 20),
                          transform: Transform3D(rotationAngle: 0.6, axis: Vector3(x: 0, y: 1, z: 0)), text: text)
        let scene = LayerScene(size: Size(width: 120, height: 40), layers: [layer])
        if scene.isValid {
            _ = try Renderer().render(scene, scale: 2)
        } else {
            #expect(throws: RenderError.self) { try Renderer().render(scene, scale: 2) }
        }
    }

    @Test func aTenThousandCharacterStringShowsOnlyWhatFits() throws {
        let layout = renderer.layout(Self.text(String(repeating: "storykit ", count: 1_200), lines: 3),
                                     in: Rect(x: 0, y: 0, width: 300, height: 1_000))
        #expect(layout.lines.count == 3 && layout.isTruncated && layout.lines[2].hasEllipsis)
    }
}
