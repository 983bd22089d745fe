import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct SceneValidationTests {
    @Test func aDrawableSceneHasNoErrors() {
        let scene = LayerScene(size: Size(width: 10, height: 10), layers: [Layer(frame: Rect(x: 0, y: 0, width: 5, height: 5))])
        #expect(scene.validationErrors().isEmpty)
    }

    @Test func errorsNameTheLayerAndTheProblem() {
        var bad = Transform3D.identity
        bad.m34 = .nan
        let child = Layer(name: "face", transform: bad)
        let scene = LayerScene(size: Size(width: 0, height: 10),
                          layers: [Layer(name: "cube", opacity: .infinity, sublayers: [child])])
        let messages = scene.validationErrors().map(\.description)
        #expect(messages == [
            "scene: size must be positive and finite, got 0.0×10.0",
            "layers[0] \"cube\": opacity is not finite (inf)",
            "layers[0] \"cube\" > sublayers[0] \"face\": transform has a non-finite entry",
        ])
    }

    @Test func shapeAndGradientProblemsAreFound() {
        let shape = ShapeContents(path: ShapePath([.move(to: Point(x: .nan, y: 0))]), lineDashPattern: [-1])
        let layer = Layer(gradient: ColorGradient(colors: [], locations: [0]), shape: shape)
        let problems = LayerScene(size: Size(width: 1, height: 1), layers: [layer]).validationErrors().map(\.problem)
        #expect(problems.contains("gradient has no colours"))
        #expect(problems.contains("gradient has 0 colours but 1 locations"))
        #expect(problems.contains("shape.path has a non-finite coordinate"))
        #expect(problems.contains("shape.lineDashPattern needs finite, non-negative lengths"))
    }

    @Test func shadowAndMiterProblemsAreFound() {
        var card = Layer(name: "card")
        card.shadowOpacity = .nan
        card.shadowRadius = -2
        card.shadowOffset = Size(width: .infinity, height: 0)
        card.shadowPath = ShapePath([.move(to: Point(x: 0, y: .nan))])
        var shape = ShapeContents(path: .rect(Rect(x: 0, y: 0, width: 4, height: 4)))
        shape.miterLimit = -1
        card.shape = shape
        let problems = LayerScene(size: Size(width: 1, height: 1), layers: [card]).validationErrors().map(\.problem)
        #expect(problems == [
            "shadowOpacity is not finite (nan)",
            "shadowRadius must be finite and not negative, got -2.0",
            "shadowOffset has a non-finite value \(Size(width: .infinity, height: 0))",
            "shadowPath has a non-finite coordinate",
            "shape.miterLimit must be finite and not negative, got -1.0",
        ])
        var fine = Layer(name: "fine")
        fine.shadowOpacity = 0.3
        fine.shadowRadius = 0
        fine.maskedCorners = []
        #expect(LayerScene(size: Size(width: 1, height: 1), layers: [fine]).validationErrors().isEmpty)
    }

    @Test func textProblemsAreFoundAndNamedByLayer() {
        let label = Layer(name: "label", text: TextContents("Ava", fontSize: .nan, numberOfLines: -1))
        let scene = LayerScene(size: Size(width: 1, height: 1), layers: [Layer(name: "tray", sublayers: [label])])
        #expect(scene.validationErrors().map(\.description) == [
            "layers[0] \"tray\" > sublayers[0] \"label\": text.fontSize must be finite and not negative, got nan",
            "layers[0] \"tray\" > sublayers[0] \"label\": text.numberOfLines must not be negative, got -1",
        ])
        let fine = Layer(text: TextContents("", fontSize: 0))
        #expect(LayerScene(size: Size(width: 1, height: 1), layers: [fine]).isValid)
    }

    /// One hostile value put in one place of a valid scene.
    static func sceneWithOneBadValue(_ seed: UInt64) -> LayerScene {
        var random = SeededRandom(seed: seed)
        let bad = [Double.nan, .infinity, -.infinity][Int.random(in: 0..<3, using: &random)]
        var child = Layer(name: "child", frame: Rect(x: 1, y: 1, width: 2, height: 2))
        var parent = Layer(name: "parent", frame: Rect(x: 0, y: 0, width: 8, height: 8))
        var size = Size(width: 10, height: 10)
        switch Int.random(in: 0..<10, using: &random) {
        case 0: size.width = bad
        case 1: parent.opacity = bad
        case 2: child.cornerRadius = bad
        case 3: child.transform.m34 = bad
        case 4: parent.sublayerTransform.m41 = bad
        case 5: child.gradient = ColorGradient(colors: [.white], startPoint: Point(x: bad, y: 0))
        case 6: child.shape = ShapeContents(path: ShapePath([.line(to: Point(x: 0, y: bad))]))
        case 7: child.blurRadius = bad
        case 8: child.text = TextContents("Ava", fontSize: bad)
        default: break  // valid
        }
        parent.sublayers = [child]
        return LayerScene(size: size, layers: [parent])
    }

    @Test(arguments: 0..<60 as Range<UInt64>)
    func isValidIsExactlyWhenThereAreNoErrors(seed: UInt64) {
        let scene = Self.sceneWithOneBadValue(seed)
        #expect(scene.isValid == scene.validationErrors().isEmpty)
    }

    @Test func theSeedsReachBothValidAndInvalidScenes() {
        let validity = (0..<60 as Range<UInt64>).map { Self.sceneWithOneBadValue($0).isValid }
        #expect(validity.contains(true) && validity.contains(false))
    }

    @Test func aMasksProblemsAreFoundAndNamedUnderItsLayer() {
        var photo = Layer(name: "photo")
        var ring = Layer(name: "ring")
        ring.opacity = .nan
        var inner = Layer()
        inner.cornerRadius = .infinity
        ring.mask = inner
        photo.mask = ring
        let errors = LayerScene(size: Size(width: 1, height: 1), layers: [photo]).validationErrors().map(\.description)
        #expect(errors == [
            "layers[0] \"photo\" > mask \"ring\": opacity is not finite (nan)",
            "layers[0] \"photo\" > mask \"ring\" > mask: cornerRadius is not finite (inf)",
        ])
        #expect(!LayerScene(size: Size(width: 1, height: 1), layers: [photo]).isValid)
        photo.mask = Layer(name: "fine")
        #expect(LayerScene(size: Size(width: 1, height: 1), layers: [photo]).isValid)
    }

    @Test func masksCountTowardTheDepthLimit() {
        // A chain of masks, each one level below its layer, as deep as sublayers may nest.
        func chain(_ levels: Int) -> Layer {
            var layer = Layer()
            for _ in 1..<levels {
                var outer = Layer()
                outer.mask = layer
                layer = outer
            }
            return layer
        }
        let limit = LayerScene.maximumLayerDepth
        #expect(LayerScene(size: Size(width: 1, height: 1), layers: [chain(limit)]).isValid)
        let errors = LayerScene(size: Size(width: 1, height: 1), layers: [chain(limit + 1)]).validationErrors()
        #expect(errors.map(\.problem) == ["mask nested deeper than \(limit) levels"])
    }
}
