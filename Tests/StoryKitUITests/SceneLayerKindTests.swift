import MotionCore
import StoryKit
import StoryKitUI
import Testing

/// The class SceneLayersView makes for a scene layer: a wrong one draws nothing of the layer's content.
@Suite struct SceneLayerKindTests {
    static let arc = ShapePath([.arc(center: Point(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: 6, clockwise: true)])

    @Test func aGradientLayerIsAGradientLayerEvenWithAShape() {
        let gradient = ColorGradient(kind: .conic, colors: [.black, .white])
        #expect(SceneLayerKind(Layer(gradient: gradient)) == .gradient)
        #expect(SceneLayerKind(Layer(gradient: gradient, shape: ShapeContents(path: Self.arc))) == .gradient)
    }

    @Test func aShapeLayerIsAShapeLayerAndTheRestArePlain() {
        #expect(SceneLayerKind(Layer(shape: ShapeContents(path: Self.arc, strokeColor: .white, lineWidth: 2))) == .shape)
        #expect(SceneLayerKind(Layer(cornerRadius: 4, backgroundColor: .black)) == .plain)
        #expect(SceneLayerKind(Layer()) == .plain)
    }
}
