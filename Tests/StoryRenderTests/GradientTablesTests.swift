import Foundation
import MotionCore
import StoryKit
@testable import StoryRender
import Testing

/// Gradient ramps kept across frames (``GradientTables``) paint exactly what computing them again
/// paints, are found by colours, locations and size, and stay within their count.
@Suite struct GradientTablesTests {
    static let gradient = ColorGradient(kind: .conic, colors: [RGBAColor(red: 1, green: 0.6, blue: 0, alpha: 1),
                                                               RGBAColor(red: 0.9, green: 0, blue: 0.5, alpha: 0.8),
                                                               RGBAColor(red: 0.5, green: 0, blue: 1, alpha: 1)],
                                        locations: [0, 0.3, 1], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0))

    @Test func aKeptRampPaintsAsANewOne() throws {
        let tables = GradientTables()
        let rect = Rect(x: 0, y: 0, width: 32, height: 32)
        let plain = try #require(GradientPainter(Self.gradient, unitRect: rect, origin: .zero, pixelsPerPoint: 3))
        let first = try #require(GradientPainter(Self.gradient, unitRect: rect, origin: .zero, pixelsPerPoint: 3, tables: tables))
        // Another origin (a canvas that moved as an arc grew): the same ramp, found again.
        let moved = try #require(GradientPainter(Self.gradient, unitRect: rect, origin: Point(x: 2, y: 1),
                                                 pixelsPerPoint: 3, tables: tables))
        let movedPlain = try #require(GradientPainter(Self.gradient, unitRect: rect, origin: Point(x: 2, y: 1), pixelsPerPoint: 3))
        #expect(tables.count == 1)
        for y in stride(from: 0, to: 96, by: 5) {
            for x in stride(from: 0, to: 96, by: 5) {
                #expect(first.color(atPixel: x, y) == plain.color(atPixel: x, y))
                #expect(moved.color(atPixel: x, y) == movedPlain.color(atPixel: x, y))
            }
        }
        // Other colours or another size: another ramp.
        var other = Self.gradient
        other.locations = [0, 0.5, 1]
        _ = GradientPainter(other, unitRect: rect, origin: .zero, pixelsPerPoint: 3, tables: tables)
        _ = GradientPainter(Self.gradient, unitRect: rect, origin: .zero, pixelsPerPoint: 2, tables: tables)
        #expect(tables.count == 3)
    }

    @Test func tablesStayWithinTheirCount() {
        let tables = GradientTables()
        for k in 0..<(GradientTables.maximumCount * 2) {
            _ = GradientPainter(Self.gradient, unitRect: Rect(x: 0, y: 0, width: 30 + Double(k), height: 30), origin: .zero,
                                pixelsPerPoint: 1, tables: tables)
        }
        #expect(tables.count == GradientTables.maximumCount)
    }

    @Test func theGrowingArcDrawsAsANewRendererDrawsIt() throws {
        let kept = Renderer()
        var frame = RGBAImage(width: 0, height: 0)
        var arc = Layer(name: "arc", frame: Rect(x: 8, y: 8, width: 80, height: 80))
        for k in 0..<8 {
            var stroke = ShapeContents(path: .arc(center: Point(x: 40, y: 40), radius: 36, startAngle: -Double.pi / 2,
                                                  endAngle: 3 * Double.pi / 2, clockwise: true),
                                       strokeColor: .black, lineWidth: 4, lineCap: .round)
            stroke.strokeGradient = Self.gradient
            stroke.strokeEnd = 0.2 + Double(k) / 10
            arc.shape = stroke
            let scene = LayerScene(size: Size(width: 96, height: 96), backgroundColor: RGBAColor(white: 1), layers: [arc])
            try kept.render(scene, scale: 1, into: &frame)
            #expect(frame.pixels == (try Renderer().render(scene, scale: 1)).pixels, "frame \(k)")
        }
        #expect(kept.parts.tables.count == 1)
    }
}
