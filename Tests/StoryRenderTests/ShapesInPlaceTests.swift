@testable import StoryRender
import StoryKit
import StoryKitTestSupport
import Testing

/// Shape layers drawn straight into the frame (``FrameCompositor/drawsShapeInPlace(_:)``, the
/// loading ring's segments): the edges a user sees.
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
}
