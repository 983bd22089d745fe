import StoryKit
import Testing

@Suite struct SceneValidationTests {
    @Test func aDrawableSceneHasNoErrors() {
        let scene = Scene(size: Size(width: 10, height: 10), layers: [Layer(frame: Rect(x: 0, y: 0, width: 5, height: 5))])
        #expect(scene.validationErrors().isEmpty)
    }

    @Test func errorsNameTheLayerAndTheProblem() {
        var bad = Transform3D.identity
        bad.m34 = .nan
        let child = Layer(name: "face", transform: bad)
        let scene = Scene(size: Size(width: 0, height: 10),
                          layers: [Layer(name: "cube", opacity: .infinity, sublayers: [child])])
        let messages = scene.validationErrors().map(\.description)
        #expect(messages == [
            "scene: size must be positive and finite, got 0.0×10.0",
            "layers[0] \"cube\": opacity is not finite (inf)",
            "layers[0] \"cube\" > sublayers[0] \"face\": transform has a non-finite entry",
        ])
    }

    @Test func shapeAndGradientProblemsAreFound() {
        let shape = ShapeContents(path: Path([.move(to: Point(x: .nan, y: 0))]), lineDashPattern: [-1])
        let layer = Layer(gradient: Gradient(colors: [], locations: [0]), shape: shape)
        let problems = Scene(size: Size(width: 1, height: 1), layers: [layer]).validationErrors().map(\.problem)
        #expect(problems.contains("gradient has no colours"))
        #expect(problems.contains("gradient has 0 colours but 1 locations"))
        #expect(problems.contains("shape.path has a non-finite coordinate"))
        #expect(problems.contains("shape.lineDashPattern needs finite, non-negative lengths"))
    }
}
