import StoryKit
@testable import StoryRender
import Testing

/// A colour with a NaN component (set through `RGBAColor`'s public fields, which no scene check
/// rejects) makes a cache key that equals nothing, itself included. The renderer's caches let
/// their oldest entries go by index, so such keys neither hang a frame (removing one by key left
/// it there, and the eviction loop never ended) nor grow a cache past its bounds.
@Suite struct NonFiniteColourTests {
    @Test func framesWithNaNColoursFinishAndTheCachesStayBounded() throws {
        let renderer = Renderer()
        var frame = RGBAImage(width: 0, height: 0)
        for k in 0..<(PartBitmaps.maximumCount * 3) {
            // The card's 40 sizes come back every 40 frames: each time its NaN-coloured key is
            // asked for again, equal to no key kept, it is kept anew, so the part cache fills with
            // such keys and must let them go. The ramp's NaN colour does the same to the gradient
            // tables, and the dot is drawn in place every frame.
            var card = Layer(name: "card", frame: Rect(x: 2, y: 2, width: 20 + Double(k % 40), height: 20))
            card.cornerRadius = 4
            card.backgroundColor = RGBAColor(red: 0.5, green: 0.5, blue: 0.5)
            card.backgroundColor?.red = .nan
            var dot = Layer(name: "dot", frame: Rect(x: 30, y: 30, width: 20, height: 20))
            dot.shape = ShapeContents(path: .ellipse(in: Rect(x: 0, y: 0, width: 20, height: 20)))
            dot.shape?.fillColor = RGBAColor(red: .nan, green: 0, blue: 0)
            var ramp = Layer(name: "ramp", frame: Rect(x: 0, y: 60, width: 90, height: 30))
            var nan = RGBAColor(white: 0.2)
            nan.green = .nan
            ramp.gradient = ColorGradient(colors: [nan, RGBAColor(white: Double(k % 40) / 40)])
            let scene = LayerScene(size: Size(width: 100, height: 100), backgroundColor: RGBAColor(white: 1),
                                   layers: [card, dot, ramp])
            try renderer.render(scene, scale: 1, into: &frame)
            #expect(renderer.parts.kept.count <= PartBitmaps.maximumCount)
            #expect(renderer.parts.kept.bytes <= PartBitmaps.maximumBytes)
            #expect(renderer.parts.tables.count <= GradientTables.maximumCount)
        }
        #expect(frame.width == 100 && frame.height == 100)
    }
}
