import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// Text drawn by the compositor, checked against goldens and by a few pixels.
///
/// The goldens name the family (`DejaVu Sans`, from Debian's `fonts-dejavu-core`, which `.ci/run`
/// installs) rather than relying on what `sans-serif` means on the machine; the fallback golden
/// needs DejaVu Serif from the same package.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct TextRenderTests {
    /// The goldens of this file's tests (`__Snapshots__/TextRenderTests/`).
    static let goldens = GoldenImages([
        "labelsAlignLeftCentreAndRightInTheirBounds": [],
        "aParagraphWrapsAtWordsIntoTwoLines": [],
        "textThatDoesNotFitEndsInAnEllipsis": [],
        "boldIsHeavierThanRegular": [],
        "aLabelOnAPerspectiveCardTurnsWithIt": [],
        "aCharacterTheFontLacksComesFromAnotherFont": [],
        "aCharacterNoFontHasIsAHollowBox": [],
        "labelsAreCrispAtEachScale": ["1x", "3x"],
    ])
    static let family = "DejaVu Sans"
    static let ink = RGBAColor(hex: "#1C1C28")!
    static let paper = RGBAColor(hex: "#F4F4F8")!

    /// A label layer at `frame` with a light background, showing `text`.
    static func label(_ name: String, _ frame: Rect, _ text: TextContents) -> Layer {
        Layer.framed(name, frame) {
            $0.backgroundColor = paper
            $0.text = text
        }
    }

    static func text(_ string: String, size: Double = 15, weight: TextContents.Weight = .regular,
                     alignment: TextContents.Alignment = .left, lines: Int = 0) -> TextContents {
        TextContents(string, fontFamily: family, fontSize: size, fontWeight: weight, color: ink, alignment: alignment,
                     numberOfLines: lines)
    }

    static func render(_ layers: [Layer], _ size: Size, scale: Double = 2, background: RGBAColor = .white) throws -> RGBAImage {
        try Renderer().render(LayerScene(size: size, backgroundColor: background, layers: layers), scale: scale)
    }

    /// The leftmost and rightmost columns (pixels) in rows `rows` whose red channel is darker
    /// than the background by more than half.
    static func inkColumns(_ image: RGBAImage, rows: Range<Int>, columns: Range<Int>? = nil) -> ClosedRange<Int>? {
        var low = Int.max, high = Int.min
        for y in rows {
            for x in columns ?? 0..<image.width where RenderCheck.rgba(image, x, y)[0] < 140 {
                low = Swift.min(low, x); high = Swift.max(high, x)
            }
        }
        return low <= high ? low...high : nil
    }

    @Test func labelsAlignLeftCentreAndRightInTheirBounds() throws {
        let rows: [(String, TextContents.Alignment)] = [("Ava", .left), ("ben.k", .center), ("Cleo · 2h", .right)]
        let layers = rows.enumerated().map { i, row in
            Self.label("label-\(row.1.rawValue)", Rect(x: 10, y: 10 + Double(i) * 30, width: 140, height: 24),
                       Self.text(row.0, alignment: row.1))
        }
        let image = try Self.render(layers, Size(width: 160, height: 100))
        Self.goldens.assertMatches(image, dependsOn: .textEngine)
        // At 2×: each label spans x 20…300; the left label's ink starts within 2 pt of the left
        // edge, the right label's ends within 2 pt of the right edge, the centred one is centred.
        let left = try #require(Self.inkColumns(image, rows: 20..<68))
        let centre = try #require(Self.inkColumns(image, rows: 80..<128))
        let right = try #require(Self.inkColumns(image, rows: 140..<188))
        #expect(left.lowerBound >= 20 && left.lowerBound <= 24)
        #expect(right.upperBound <= 300 && right.upperBound >= 294)
        #expect(abs((centre.lowerBound + centre.upperBound) / 2 - 160) <= 3)
    }

    @Test func aParagraphWrapsAtWordsIntoTwoLines() throws {
        let paragraph = Self.label("paragraph", Rect(x: 10, y: 10, width: 180, height: 44),
                                   Self.text("Stories disappear after 24 hours unless saved"))
        let image = try Self.render([paragraph], Size(width: 200, height: 64))
        Self.goldens.assertMatches(image, dependsOn: .textEngine)
        let layout = TextRenderer().layout(Self.text("Stories disappear after 24 hours unless saved"),
                                           in: Rect(x: 0, y: 0, width: 180, height: 44))
        #expect(layout.lines.map(\.text) == ["Stories disappear after", "24 hours unless saved"])
        #expect(!layout.isTruncated)
        // The second baseline is one line height below the first.
        #expect(Approximately.equal(layout.lines[1].baseline - layout.lines[0].baseline, layout.metrics.lineHeight,
                                    absolute: 1e-9))
    }

    @Test func textThatDoesNotFitEndsInAnEllipsis() throws {
        let one = Self.label("one-line", Rect(x: 10, y: 10, width: 120, height: 22),
                             Self.text("ava.anderson.official", lines: 1))
        let two = Self.label("two-lines", Rect(x: 10, y: 40, width: 120, height: 60),
                             Self.text("Close friends only: the long weekend in Lisbon, day three", lines: 2))
        let image = try Self.render([one, two], Size(width: 140, height: 110))
        Self.goldens.assertMatches(image, dependsOn: .textEngine)
        let renderer = TextRenderer()
        let first = renderer.layout(try #require(one.text), in: one.bounds)
        let second = renderer.layout(try #require(two.text), in: two.bounds)
        #expect(first.lines.map(\.text) == ["ava.anderson…"])
        #expect(second.lines.map(\.text) == ["Close friends", "only: the long…"])
        #expect(first.isTruncated && second.isTruncated)
        #expect(first.lines[0].width <= 120 && second.lines.allSatisfy { $0.width <= 120 })
    }

    @Test func boldIsHeavierThanRegular() throws {
        let regular = Self.label("regular", Rect(x: 10, y: 10, width: 140, height: 24), Self.text("Ava Anderson"))
        let bold = Self.label("bold", Rect(x: 10, y: 40, width: 140, height: 24), Self.text("Ava Anderson", weight: .bold))
        let image = try Self.render([regular, bold], Size(width: 160, height: 74))
        Self.goldens.assertMatches(image, dependsOn: .textEngine)
        func ink(_ rows: Range<Int>) -> Double {
            var sum = 0.0
            for y in rows { for x in 20..<300 { sum += Double(255 - RenderCheck.rgba(image, x, y)[0]) } }
            return sum
        }
        #expect(ink(80..<128) > ink(20..<68) * 1.2)
    }

    @Test func aLabelOnAPerspectiveCardTurnsWithIt() throws {
        let turn = Transform3D(rotationAngle: -.pi / 5, axis: Vector3(x: 0, y: 1, z: 0))
            .concatenating(.perspective(eyeDistance: 400))
        var card = Layer(name: "card", bounds: Rect(x: 0, y: 0, width: 200, height: 90), position: Point(x: 120, y: 60),
                         transform: turn, cornerRadius: 12, backgroundColor: RGBAColor(hex: "#2B2B3A"))
        card.sublayers = [
            Layer.framed("name", Rect(x: 16, y: 14, width: 170, height: 24)) {
                $0.text = TextContents("Ava Anderson", fontFamily: Self.family, fontSize: 18, fontWeight: .bold, color: .white)
            },
            Layer.framed("time", Rect(x: 16, y: 44, width: 170, height: 20)) {
                $0.text = TextContents("2h · Lisbon", fontFamily: Self.family, fontSize: 14,
                                       color: RGBAColor(white: 1, alpha: 0.7))
            },
        ]
        let image = try Self.render([card], Size(width: 240, height: 120), background: .black)
        Self.goldens.assertMatches(image, dependsOn: .textEngine)
    }

    @Test func aCharacterTheFontLacksComesFromAnotherFont() throws {
        // DejaVu Sans lacks U+2934 (⤴), which only DejaVu Serif has, and U+2336 (⌶), which only
        // DejaVu Sans Mono has, among the DejaVu fonts (core and extra); other installed
        // families may come earlier in fontconfig's fallback order and draw them differently.
        let label = Self.label("fallback", Rect(x: 10, y: 10, width: 150, height: 30),
                               Self.text("Reply ⤴ to ⌶ Ava", size: 18))
        let image = try Self.render([label], Size(width: 170, height: 50))
        Self.goldens.assertMatches(image, dependsOn: .textEngine)
        let glyphs = TextRenderer().layout(try #require(label.text), in: label.bounds).lines.flatMap(\.glyphs)
        // One glyph a character; the arrow and the I-beam each come from another font; no boxes.
        #expect(glyphs.count == 16)
        #expect(!glyphs.contains { $0.glyph == .placeholder })
        let sans = glyphs[0].glyph.font, arrow = glyphs[6].glyph.font, beam = glyphs[11].glyph.font
        #expect(arrow != sans && beam != sans && beam != arrow)
        #expect(glyphs[13].glyph.font == sans)
    }

    @Test func aCharacterNoFontHasIsAHollowBox() throws {
        // U+E000 is private use: no installed font has it.
        let label = Self.label("missing", Rect(x: 10, y: 10, width: 150, height: 30),
                               Self.text("Ava \u{E000}\u{E000} Ben", size: 18))
        let image = try Self.render([label], Size(width: 170, height: 50))
        Self.goldens.assertMatches(image, dependsOn: .textEngine)
        let layout = TextRenderer().layout(try #require(label.text), in: label.bounds)
        let boxes = layout.lines[0].glyphs.filter { $0.glyph == .placeholder }
        #expect(boxes.count == 2)
        // The first box at 2×: its left edge is ink, its middle is the label's background.
        let em = 18.0, box = try #require(boxes.first), baseline = 10 + layout.lines[0].baseline
        let edge = RenderCheck.rgba(image, Int((10 + box.x + 0.11 * em) * 2), Int((baseline - 0.35 * em) * 2))
        let middle = RenderCheck.rgba(image, Int((10 + box.x + 0.3 * em) * 2), Int((baseline - 0.35 * em) * 2))
        #expect(edge[0] < 120)
        #expect(middle == [244, 244, 248, 255])
    }

    @Test func textTakesItsLayersOpacityAndItsSuperlayersMask() throws {
        func darkest(_ image: RGBAImage, columns: Range<Int>) -> Int {
            var low = 255
            for y in 0..<image.height { for x in columns { low = Swift.min(low, RenderCheck.rgba(image, x, y)[0]) } }
            return low
        }
        let opaque = Layer.framed("opaque", Rect(x: 0, y: 0, width: 60, height: 20)) { $0.text = Self.text("Ava") }
        var faded = opaque
        faded.opacity = 0.5
        let full = try Self.render([opaque], Size(width: 60, height: 20), scale: 1)
        let half = try Self.render([faded], Size(width: 60, height: 20), scale: 1)
        // Ink #1C over white: 28 opaque, 255 − (255 − 28) / 2 ≈ 141 at half opacity.
        #expect(darkest(full, columns: 0..<60) <= 40)
        #expect(abs(darkest(half, columns: 0..<60) - (255 - (255 - darkest(full, columns: 0..<60)) / 2)) <= 2)

        // A 30 pt wide window that masks a long label: no ink right of it.
        var window = Layer.framed("window", Rect(x: 0, y: 0, width: 30, height: 20)) { $0.masksToBounds = true }
        window.sublayers = [Layer.framed("long", Rect(x: 0, y: 0, width: 200, height: 20)) { $0.text = Self.text("Ava Anderson") }]
        let masked = try Self.render([window], Size(width: 120, height: 20), scale: 1)
        #expect(darkest(masked, columns: 0..<30) <= 40)
        #expect(darkest(masked, columns: 30..<120) == 255)
    }

    @Test func framesAreTheSameWithWarmCachesAndWithAFreshRenderer() throws {
        var card = Layer.framed("card", Rect(x: 10, y: 10, width: 140, height: 40)) {
            $0.text = Self.text("Ava ⤴ \u{E000} · 2h")
        }
        card.transform = Transform3D(rotationAngle: 0.4, axis: Vector3(x: 0, y: 1, z: 0))
        let scene = LayerScene(size: Size(width: 160, height: 60), backgroundColor: .white, layers: [card])
        let renderer = Renderer()
        let first = try renderer.render(scene, scale: 2)
        #expect(try renderer.render(scene, scale: 2) == first)
        #expect(try Renderer().render(scene, scale: 2) == first)
    }

    /// DejaVu Sans draws "H" and "E" from y = 0 (the baseline) to y = 1493 font units (its cap
    /// height) in a 2048-unit em, all on-curve points (read from the font with FreeType's
    /// `FT_Outline_Get_BBox` at `FT_LOAD_NO_SCALE`): flat edges whose exact height at 24 pt is
    /// 24 × 1493 / 2048 = 17.496 pixels at 1×.
    @Test(arguments: [1.0, 2.0, 3.0])
    func a24PointCapitalIsInkedToItsOutlinesExactHeight(scale: Double) throws {
        let renderer = TextRenderer()
        for letter in ["H", "E"] {
            let text = Self.text(letter, size: 24)
            let bounds = Rect(x: 0, y: 0, width: 40, height: 32)
            let baseline = try #require(renderer.layout(text, in: bounds).lines.first).baseline
            let bitmap = try #require(renderer.bitmap(for: text, in: bounds, pixelsPerPoint: scale, frameScale: scale))
            let image = bitmap.image
            // Baselines sit on whole pixels; the cap height is measured up from there.
            let baselineRow = (baseline * scale).rounded() - bitmap.origin.y * scale
            let capHeight = 24 * scale * 1493 / 2048
            // The fullest column runs through the left stem, whose ink has flat top and bottom.
            func ink(_ x: Int) -> Int { (0..<image.height).reduce(0) { $0 + Int(image[x, $1].a) } }
            let x = try #require((0..<image.width).max { ink($0) < ink($1) })
            let rows = (0..<image.height).filter { image[x, $0].a > 0 }
            let first = try #require(rows.first), last = try #require(rows.last)
            // Coverage is the fraction of a pixel's area under the outline: a partly inked top
            // row with coverage c has its edge (1 − c) below the row's top.
            let inkTop = Double(first) + 1 - Double(image[x, first].a) / 255
            let inkBottom = Double(last) + Double(image[x, last].a) / 255
            #expect(abs(inkTop - (baselineRow - capHeight)) <= 0.25, "\(letter) at \(scale)×: ink top \(inkTop)")
            #expect(abs(inkBottom - baselineRow) <= 0.25, "\(letter) at \(scale)×: ink bottom \(inkBottom)")
        }
    }

    @Test(arguments: [1.0, 3.0])
    func labelsAreCrispAtEachScale(scale: Double) throws {
        let label = Self.label("name", Rect(x: 4, y: 4, width: 92, height: 20), Self.text("ava · 2h", size: 13))
        let image = try Self.render([label], Size(width: 100, height: 28), scale: scale)
        Self.goldens.assertMatches(image, label: "\(Int(scale))x", dependsOn: .textEngine)
    }
}
