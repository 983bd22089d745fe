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

/// How SceneLayersView turns the layers it drew last into the next ones: a layer of the right
/// class is kept (no flash, no lost animation), one of another class is replaced, the rest go.
@Suite struct SceneLayerStepsTests {
    static let gradient = Layer(gradient: ColorGradient(colors: [.black, .white]))
    static let shape = Layer(shape: ShapeContents(path: SceneLayerKindTests.arc, strokeColor: .white))

    @Test func layersOfTheRightClassAreKeptAndTheOthersReplacedInPlace() {
        let (steps, removed) = SceneLayerKind.steps(existing: [.plain, .gradient, .shape], for: [Self.gradient, Self.gradient, Layer()])
        #expect(steps == [.replace(.gradient), .keep, .replace(.plain)])
        #expect(removed.isEmpty)
    }

    @Test func moreLayersAreAddedAndFewerRemoveTheLastPlaces() {
        let grown = SceneLayerKind.steps(existing: [.plain], for: [Layer(), Self.shape, Self.gradient])
        #expect(grown.steps == [.keep, .add(.shape), .add(.gradient)])
        #expect(grown.removed.isEmpty)
        let shrunk = SceneLayerKind.steps(existing: [.plain, .shape, .gradient], for: [Layer()])
        #expect(shrunk.steps == [.keep])
        #expect(shrunk.removed == 1..<3)
        let emptied = SceneLayerKind.steps(existing: [.shape], for: [])
        #expect(emptied.steps.isEmpty && emptied.removed == 0..<1)
    }

    @Test func aMaskIsOnePlace() {
        #expect(SceneLayerKind.steps(existing: [], for: [Self.shape]).steps == [.add(.shape)])
        #expect(SceneLayerKind.steps(existing: [.shape], for: [Self.shape]).steps == [.keep])
        #expect(SceneLayerKind.steps(existing: [.plain], for: []).removed == 0..<1)
    }
}
