@testable import StoryRender
import StoryKit
import StoryKitTestSupport
import Testing

/// Shape layers drawn straight into the frame (``FrameCompositor/drawsShapeInPlace(_:)``, the
/// loading ring's segments) and drawings painted in place (``FrameCompositor/drawDrawing(_:)``,
/// the growing arc): the edges a user sees, and frames that do not depend on what the renderer
/// has kept.
@Suite struct ShapesInPlaceTests {
    /// A 2 pt black line across a 40 × 12 pt layer, along y = 5.3 in the layer, the layer placed
    /// `dy` points down, drawn at 1×.
    static func line(dy: Double) throws -> RGBAImage {
        let path = ShapePath([.move(to: Point(x: 2, y: 5.3)), .line(to: Point(x: 38, y: 5.3))])
        let layer = Layer.framed("line", Rect(x: 0, y: dy, width: 40, height: 12)) {
            $0.shape = ShapeContents(path: path, strokeColor: .black, lineWidth: 2)
        }
        return try Renderer().render(LayerScene(size: Size(width: 40, height: 12), layers: [layer]), scale: 1)
    }

    @Test func aSolidStrokeAtAFractionalPlaceHasTheExactAreaAtItsEdges() throws {
        // Moved 0.45 pt down the line covers y 4.75…6.75: a quarter of row 4, all of row 5,
        // three quarters of row 6 and nothing of rows 3 and 7, as the same line drawn there
        // directly (not its bitmap resampled half a pixel off, which spreads it over row 7).
        let image = try Self.line(dy: 0.45)
        for x in [5, 20, 33] {
            #expect(RenderCheck.rgba(image, x, 3)[3] == 0, "x = \(x)")
            #expect(abs(RenderCheck.rgba(image, x, 4)[3] - 64) <= 1, "x = \(x): \(RenderCheck.rgba(image, x, 4))")
            #expect(RenderCheck.rgba(image, x, 5)[3] == 255, "x = \(x)")
            #expect(abs(RenderCheck.rgba(image, x, 6)[3] - 191) <= 1, "x = \(x): \(RenderCheck.rgba(image, x, 6))")
            #expect(RenderCheck.rgba(image, x, 7)[3] == 0, "x = \(x): \(RenderCheck.rgba(image, x, 7))")
        }
    }

    @Test func aDrawingPaintedInPlaceIsItsBitmapComposited() throws {
        // A half-transparent gradient arc at a whole-pixel place, over grey: painted straight into
        // the frame the first time (a part not kept), then from the bitmap kept the second time;
        // the same bytes every time.
        var layer = Layer(name: "arc", frame: Rect(x: 3, y: 2, width: 40, height: 40))
        layer.shape = ShapeContents(
            path: .circle(center: Point(x: 20, y: 20), radius: 16),
            strokeGradient: ColorGradient(kind: .conic, colors: [RGBAColor(red: 1, green: 0.8, blue: 0.4, alpha: 0.5),
                                                                 RGBAColor(red: 0.8, green: 0.1, blue: 0.5, alpha: 0.9)],
                                          startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0)),
            lineWidth: 4, lineCap: .round, strokeEnd: 0.6)
        let scene = LayerScene(size: Size(width: 48, height: 48), backgroundColor: RGBAColor(white: 0.6), layers: [layer])
        let renderer = Renderer()
        let frames = try (0..<3).map { _ in try renderer.render(scene, scale: 1) }
        #expect(renderer.parts.kept.count == 1, "the arc kept from the second frame")
        let same = frames[0].pixels == frames[2].pixels && frames[1].pixels == frames[2].pixels
        #expect(same, "the frame painted in place and the ones from the kept bitmap")
        let grey = RenderCheck.rgba(frames[0], 0, 0)
        let drawn = (0..<48 * 48).filter { RenderCheck.rgba(frames[0], $0 % 48, $0 / 48) != grey }.count
        #expect(drawn > 100, "the arc is drawn: \(drawn) pixels")
    }

    @Test func aGrowingArcPaintsTheColoursAFreshRendererDoes() throws {
        // A conic-gradient arc growing frame by frame at 3×: from the third frame its colours
        // come from the field kept for its gradient (GradientTables.conicField), not from an
        // angle per pixel; every frame equals a fresh renderer's, which takes the angles.
        func scene(_ end: Double) -> LayerScene {
            var layer = Layer(name: "arc", frame: Rect(x: 4, y: 4, width: 40, height: 40))
            layer.shape = ShapeContents(
                path: .circle(center: Point(x: 20, y: 20), radius: 17),
                strokeGradient: ColorGradient(kind: .conic, colors: [RGBAColor(red: 1, green: 0.85, blue: 0.45),
                                                                     RGBAColor(red: 0.84, green: 0.16, blue: 0.46),
                                                                     RGBAColor(red: 0.3, green: 0.2, blue: 0.9, alpha: 0.7)],
                                              startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0)),
                lineWidth: 3, lineCap: .round, strokeEnd: end)
            return LayerScene(size: Size(width: 48, height: 48), backgroundColor: RGBAColor(white: 1), layers: [layer])
        }
        let renderer = Renderer()
        for k in 0..<6 {
            let frame = try renderer.render(scene(0.3 + 0.1 * Double(k)), scale: 3)
            let fresh = try Renderer().render(scene(0.3 + 0.1 * Double(k)), scale: 3)
            let same = frame.pixels == fresh.pixels
            #expect(same, "frame \(k)")
        }
        #expect(renderer.parts.tables.fieldCount == 1, "the arc's colours kept")
    }

    @Test func conicFieldsStayWithinTheirCountAndANonFiniteKeyIsNeverKept() {
        let tables = GradientTables()
        func key(_ k: Int, cx: Double = 8) -> GradientTables.ConicFieldKey {
            GradientTables.ConicFieldKey(colors: [RGBAColor(white: 0), RGBAColor(white: 1)], locations: nil, count: 256,
                                         cx: cx, cy: 8, startAngle: 0, x0: k, y0: 0, width: 4, height: 4)
        }
        func field(_ k: Int) -> GradientTables.ConicField {
            GradientTables.ConicField(x0: k, y0: 0, width: 4, height: 4, colors: [UInt32](repeating: UInt32(k), count: 16))
        }
        // Each key asked for twice: the second time it is made and kept, the oldest let go.
        for k in 0..<20 {
            #expect(tables.conicField(key(k)) { field(k) } == nil)
            #expect(tables.conicField(key(k)) { field(k) }?.colors.first == UInt32(k))
            #expect(tables.fieldCount == Swift.min(k + 1, GradientTables.maximumFieldCount))
        }
        #expect(tables.conicField(key(19)) { nil }?.colors.first == 19)  // kept: not made again
        var nan = key(99, cx: .nan)
        for _ in 0..<3 { #expect(tables.conicField(nan) { field(99) } == nil) }
        nan = key(99)
        nan.colors[0].red = .nan
        for _ in 0..<3 { #expect(tables.conicField(nan) { field(99) } == nil) }
        #expect(tables.fieldCount == GradientTables.maximumFieldCount)
    }
}
