import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

@Suite struct RendererContentTests {
    /// The goldens of this file's tests (`__Snapshots__/RendererContentTests/`).
    static let goldens = GoldenImages([
        "circularCornersCutAQuarterCircleOfTheRadius": [],
        "continuousCornersStartRoundingEarlierAndCutMore": [],
        "continuousCornersAtHalfTheShortSideMakeACapsule": [],
        "aGradientRingStopsAtSixtyPercentWithRoundCaps": [],
        "aBlurredImageSoftensItsEdgesOnly": [],
    ])

    /// A 60 × 40 pt blue card with 10 pt corners of `curve`, at 2×; the golden of `test` when it
    /// declares one and draws this curve.
    static func corners(_ curve: Layer.CornerCurve, test: String = #function) throws -> RGBAImage {
        let card = Layer.framed("card", Rect(x: 10, y: 10, width: 60, height: 40)) {
            $0.cornerRadius = 10; $0.cornerCurve = curve; $0.backgroundColor = RenderCheck.blue
        }
        let image = try Renderer().render(LayerScene(size: Size(width: 80, height: 60), layers: [card]), scale: 2)
        let drawsItsOwn = (curve == .circular) == test.hasPrefix("circular")
        if drawsItsOwn { goldens.assertMatches(image, test: test) }
        return image
    }

    @Test func circularCornersCutAQuarterCircleOfTheRadius() throws {
        let image = try Self.corners(.circular)
        // At 2×: the card spans pixels 20…140 × 20…100, the radius is 20 px.
        #expect(RenderCheck.rgba(image, 20, 20)[3] == 0)
        #expect(RenderCheck.rgba(image, 139, 99)[3] == 0)
        #expect(RenderCheck.pixel(image, 80, 60, is: [0, 0, 255, 255], tolerance: 0))
        // Just past the radius along the top edge the edge is straight and fully covered.
        #expect(RenderCheck.rgba(image, 20 + 21, 20)[3] == 255)
        // The corner arc passes through (20 + 20 − 20/√2, 20 + 20 − 20/√2) ≈ (25.86, 25.86).
        #expect(RenderCheck.rgba(image, 24, 24)[3] < 30 && RenderCheck.rgba(image, 27, 27)[3] > 225)
        // Area: the rectangle minus (4 − π)·r², within 0.1 px (the curve flattening tolerance) along the arcs.
        let expected = 120.0 * 80 - (4 - Double.pi) * 400, arcs = 2 * Double.pi * 20
        #expect(abs(RenderCheck.coveredArea(image) - expected) < 0.1 * arcs, "\(RenderCheck.coveredArea(image)) vs \(expected)")
    }

    @Test func continuousCornersStartRoundingEarlierAndCutMore() throws {
        let circular = try Self.corners(.circular), continuous = try Self.corners(.continuous)
        // The continuous curve starts about 1.528 r from the corner: at r along the top edge it
        // already bends away, where the circular corner is straight.
        let x = 20 + 20
        #expect(RenderCheck.rgba(circular, x, 20)[3] == 255)
        #expect(RenderCheck.rgba(continuous, x, 20)[3] < 255)
        #expect(RenderCheck.coveredArea(continuous) < RenderCheck.coveredArea(circular))
        #expect(RenderCheck.pixel(continuous, 80, 60, is: [0, 0, 255, 255], tolerance: 0))
        // Both are symmetric: the top-left and bottom-right corners match.
        for d in 0..<30 {
            #expect(abs(RenderCheck.rgba(continuous, 20 + d, 20)[3] - RenderCheck.rgba(continuous, 139 - d, 99)[3]) <= 1)
        }
    }

    /// The continuous corner's limit, a model (no Apple documentation; see the article "Scene
    /// descriptions"): above half the shorter side ÷ 1.528 the corner blends toward a quarter
    /// circle, reaching a capsule with round ends at half the shorter side.
    @Test func continuousCornersAtHalfTheShortSideMakeACapsule() throws {
        func card(_ curve: Layer.CornerCurve) throws -> RGBAImage {
            let card = Layer.framed("card", Rect(x: 10, y: 10, width: 60, height: 40)) {
                $0.cornerRadius = 20; $0.cornerCurve = curve; $0.backgroundColor = RenderCheck.blue
            }
            return try Renderer().render(LayerScene(size: Size(width: 80, height: 60), layers: [card]), scale: 2)
        }
        let continuous = try card(.continuous), circular = try card(.circular)
        Self.goldens.assertMatches(continuous)
        // At 2×: the card spans 20…140 × 20…100 with 40 px round ends, the same as the circular
        // capsule to within the curves' flattening.
        var worst = 0
        for y in 0..<continuous.height {
            for x in 0..<continuous.width {
                worst = max(worst, abs(RenderCheck.rgba(continuous, x, y)[3] - RenderCheck.rgba(circular, x, y)[3]))
            }
        }
        #expect(worst <= 8, "largest alpha difference from the circular capsule: \(worst)")
        let expected = 120.0 * 80 - (4 - Double.pi) * 1600, arcs = 2 * Double.pi * 40
        #expect(abs(RenderCheck.coveredArea(continuous) - expected) < 0.1 * arcs)
        // The round ends: the middle of the left end touches x = 20, the corners are empty.
        #expect(RenderCheck.rgba(continuous, 20, 59)[3] > 128 && RenderCheck.rgba(continuous, 24, 24)[3] == 0)
    }

    @Test func aGradientRingStopsAtSixtyPercentWithRoundCaps() throws {
        // A ring of radius 40 around (50, 50), 8 pt wide, from 12 o'clock clockwise to 60 % (216°).
        var ring = ShapeContents(path: .circle(center: Point(x: 50, y: 50), radius: 40))
        ring.lineWidth = 8
        ring.lineCap = .round
        ring.strokeEnd = 0.6
        ring.strokeGradient = ColorGradient(kind: .conic, colors: [RGBAColor(red: 1, green: 1, blue: 0), RGBAColor(red: 1, green: 0, blue: 1)],
                                       startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0))
        let layer = Layer.framed("ring", Rect(x: 0, y: 0, width: 100, height: 100)) { $0.shape = ring }
        let image = try Renderer().render(LayerScene(size: Size(width: 100, height: 100), layers: [layer]), scale: 2)
        Self.goldens.assertMatches(image)
        func at(_ angle: Double, radius: Double = 40) -> [Int] {
            // Angle clockwise on screen from 12 o'clock, in degrees; pixel at 2×.
            let a = (angle - 90) * .pi / 180
            return RenderCheck.rgba(image, Int((50 + radius * Double.cos(a)) * 2), Int((50 + radius * Double.sin(a)) * 2))
        }
        #expect(at(10)[3] == 255 && at(90)[3] == 255 && at(180)[3] == 255 && at(210)[3] == 255)
        #expect(at(235)[3] == 0 && at(270)[3] == 0 && at(330)[3] == 0)
        // Round caps: past the start (counter-clockwise of 12 o'clock) by 3 pt, still painted…
        let start = RenderCheck.rgba(image, Int((50 - 3) * 2), Int(10 * 2))
        #expect(start[3] > 200)
        // …and past the end by 3 pt along the direction of travel.
        let end = 126.0 * .pi / 180, tangent = Point(x: -Double.sin(end), y: Double.cos(end))
        let beyond = Point(x: 50 + 40 * Double.cos(end) + 3 * tangent.x, y: 50 + 40 * Double.sin(end) + 3 * tangent.y)
        #expect(RenderCheck.rgba(image, Int(beyond.x * 2), Int(beyond.y * 2))[3] > 200)
        // Inside and outside the stroke: nothing.
        #expect(at(90, radius: 34)[3] == 0 && at(90, radius: 46)[3] == 0)
        // The conic gradient runs yellow → magenta clockwise: green fades, blue grows.
        #expect(at(10)[1] > at(90)[1] && at(90)[1] > at(180)[1])
        #expect(at(10)[2] < at(90)[2] && at(90)[2] < at(180)[2])
    }

    @Test func aBlurredImageSoftensItsEdgesOnly() throws {
        let halves = RenderCheck.image(width: 40, height: 20) { x, _ in x < 20 ? (255, 0, 0) : (0, 0, 255) }
        let layer = Layer.framed("photo", Rect(x: 10, y: 10, width: 40, height: 20)) {
            $0.contents = ImageContents(image: "halves"); $0.blurRadius = 2
        }
        let image = try Renderer(images: ["halves": halves]).render(LayerScene(size: Size(width: 60, height: 40), layers: [layer]))
        Self.goldens.assertMatches(image)
        // Far from every edge: unchanged. At the red/blue boundary: a mix. Outside: a soft fringe.
        #expect(RenderCheck.pixel(image, 18, 20, is: [255, 0, 0, 255], tolerance: 3))
        #expect(RenderCheck.pixel(image, 42, 20, is: [0, 0, 255, 255], tolerance: 3))
        let middle = RenderCheck.rgba(image, 30, 20)
        #expect(middle[0] > 60 && middle[2] > 60 && middle[3] >= 250)
        #expect(RenderCheck.rgba(image, 8, 20)[3] > 0 && RenderCheck.rgba(image, 1, 20)[3] == 0)
        #expect(abs(RenderCheck.coveredArea(image) - 800) < 8)
    }
}
