import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

@Suite struct RendererErrorTests {
    static let square = Layer.framed("square", Rect(x: 0, y: 0, width: 10, height: 10)) { $0.backgroundColor = .white }

    @Test func aMissingImageNamesTheImageAndTheLayer() {
        let face = Layer.framed("face", Rect(x: 0, y: 0, width: 10, height: 10)) { $0.contents = ImageContents(image: "nope.jpg") }
        #expect(throws: RenderError.missingImage(name: "nope.jpg", layer: "face")) {
            try Renderer().render(LayerScene(size: Size(width: 10, height: 10), layers: [face]))
        }
        // An unnamed layer is named by its path.
        var anonymous = Layer(contents: ImageContents(image: "gone"))
        anonymous.name = nil
        let cube = Layer(name: "cube", sublayers: [Layer(), anonymous])
        #expect(throws: RenderError.missingImage(name: "gone", layer: "cube > sublayers[1]")) {
            try Renderer(images: ["other": RGBAImage(width: 1, height: 1)])
                .render(LayerScene(size: Size(width: 10, height: 10), layers: [Layer(), cube]))
        }
        #expect(RenderError.missingImage(name: "gone", layer: "cube").description == "missing image \"gone\" for layer cube")
    }

    @Test func aMissingImageInAMaskIsFoundAndNamedByItsPath() {
        var photo = Layer(name: "photo", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        photo.mask = Layer(sublayers: [Layer(contents: ImageContents(image: "stencil.png"))])
        #expect(throws: RenderError.missingImage(name: "stencil.png", layer: "photo > mask > sublayers[0]")) {
            try Renderer().render(LayerScene(size: Size(width: 10, height: 10), layers: [photo]))
        }
        photo.mask = Layer(contents: ImageContents(image: "stencil.png"))
        #expect(throws: RenderError.missingImage(name: "stencil.png", layer: "photo > mask")) {
            try Renderer().render(LayerScene(size: Size(width: 10, height: 10), layers: [photo]))
        }
        // With the image, the mask's alpha (an opaque stencil) lets the layer show.
        photo.backgroundColor = RenderCheck.red
        var stencil = RGBAImage(width: 1, height: 1)
        stencil.pixels = [255, 255, 255, 255]
        photo.mask = Layer(bounds: photo.bounds, position: Point(x: 5, y: 5), contents: ImageContents(image: "stencil.png"))
        let image = try? Renderer(images: ["stencil.png": stencil]).render(LayerScene(size: Size(width: 10, height: 10), layers: [photo]))
        #expect(image.map { RenderCheck.rgba($0, 5, 5) } == [255, 0, 0, 255])
    }

    @Test func anInvalidSceneReportsEveryProblem() throws {
        var bad = Transform3D.identity
        bad.m34 = .nan
        let scene = LayerScene(size: Size(width: 10, height: 10), layers: [Layer(name: "face", transform: bad)])
        let error = try #require(throws: RenderError.self) { try Renderer().render(scene) }
        guard case .invalidScene(let problems) = error else { Issue.record("expected invalidScene, got \(error)"); return }
        #expect(problems.map(\.description) == ["layers[0] \"face\": transform has a non-finite entry"])
        #expect(error.description == "invalid scene: layers[0] \"face\": transform has a non-finite entry")
    }

    @Test(arguments: [Size(width: 0, height: 10), Size(width: 10, height: -1), Size(width: .nan, height: 10),
                      Size(width: .infinity, height: 10)])
    func aSceneWithoutAreaIsInvalid(size: Size) {
        #expect(throws: RenderError.self) { try Renderer().render(LayerScene(size: size, layers: [Self.square])) }
    }

    @Test(arguments: [0.0, -1, .nan, .infinity, -.infinity])
    func aScaleMustBePositiveAndFinite(scale: Double) {
        let result = Result { try Renderer().render(LayerScene(size: Size(width: 10, height: 10)), scale: scale) }
        guard case .failure(let error as RenderError) = result, case .invalidScale = error else {
            Issue.record("expected invalidScale for \(scale), got \(result)")
            return
        }
    }

    @Test func aHugeFrameIsRefusedBeforeAllocating() {
        #expect(throws: RenderError.tooLarge(width: 100_000, height: 10)) {
            try Renderer().render(LayerScene(size: Size(width: 100_000, height: 10)))
        }
        #expect(throws: RenderError.self) { try Renderer().render(LayerScene(size: Size(width: 1e300, height: 1e300)), scale: 3) }
        #expect(throws: RenderError.self) { try Renderer().render(LayerScene(size: Size(width: 10_000, height: 10_000))) }
    }

    @Test func renderingIntoABufferReusesItAndResizesIt() throws {
        let renderer = Renderer()
        var frame = RGBAImage(width: 3, height: 3, fill: (9, 9, 9, 9))
        try renderer.render(LayerScene(size: Size(width: 20, height: 10), layers: [Self.square]), scale: 1, into: &frame)
        #expect(frame.width == 20 && frame.height == 10)
        #expect(RenderCheck.coveredArea(frame) == 100)
        // Same size again: old contents are cleared, not drawn over.
        try renderer.render(LayerScene(size: Size(width: 20, height: 10), backgroundColor: .black), scale: 1, into: &frame)
        #expect(RenderCheck.pixel(frame, 5, 5, is: [0, 0, 0, 255], tolerance: 0))
        // On error the buffer is untouched.
        let before = frame
        #expect(throws: RenderError.self) { try renderer.render(LayerScene(size: Size(width: 0, height: 10)), scale: 1, into: &frame) }
        #expect(frame == before)
    }

    @Test func theEmptySceneAModelGivesForAnUnusableSizeDrawsAZeroByZeroImage() throws {
        // StoriesViewer.scene and CubePager.scene return it for a page size they cannot lay out.
        var frame = RGBAImage(width: 3, height: 3, fill: (9, 9, 9, 9))
        try Renderer().render(LayerScene(size: .zero, backgroundColor: .black), scale: 2, into: &frame)
        #expect(frame.width == 0 && frame.height == 0 && frame.pixels.isEmpty)
        // A zero size with layers is still refused: something was meant to be drawn.
        #expect(throws: RenderError.self) {
            try Renderer().render(LayerScene(size: .zero, layers: [Layer(frame: Rect(x: 0, y: 0, width: 1, height: 1))]), scale: 1)
        }
    }

    @Test(arguments: [UInt64(21), 22, 23, 24, 25, 26])
    func hostileFiniteScenesRenderWithoutCrashing(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        func finite(_ range: ClosedRange<Double>) -> Double {
            let v = random.hostile(in: range)
            return v.isFinite ? v : 0
        }
        for _ in 0..<12 {
            var t = Transform3D(rotationAngle: finite(-4...4), axis: Vector3(x: finite(-1...1), y: 1, z: finite(-1...1)))
            t.m34 = finite(-0.01...0.01)
            t.m44 = finite(-1...2)
            t.m41 = finite(-50...50)
            let image = RenderCheck.image(width: 4, height: 4) { x, y in (UInt8(x * 60), UInt8(y * 60), 0) }
            let child = Layer.framed("child", Rect(x: finite(-20...40), y: 0, width: finite(0...60), height: 10)) {
                $0.contents = ImageContents(image: "i", gravity: .resizeAspectFill,
                                            contentsRect: Rect(x: finite(-1...1), y: 0, width: finite(-2...2), height: 1))
                $0.opacity = finite(0...1)
                $0.blurRadius = random.double(in: 0...1) < 0.2 ? finite(0...3) : 0
            }
            let layer = Layer(name: "l", bounds: Rect(x: 0, y: 0, width: finite(0...100), height: finite(0...100)),
                              position: Point(x: finite(0...50), y: finite(0...50)), zPosition: finite(-100...100),
                              transform: t, sublayerTransform: .perspective(eyeDistance: Swift.max(1e-3, finite(1...1000))),
                              opacity: finite(0...1), isDoubleSided: random.double(in: 0...1) < 0.5,
                              masksToBounds: random.double(in: 0...1) < 0.5, cornerRadius: finite(0...20),
                              backgroundColor: .white, sublayers: [child, child])
            let scene = LayerScene(size: Size(width: 40, height: 30), layers: [layer])
            let frame = try Renderer(images: ["i": image]).render(scene, scale: 1)
            #expect(frame.width == 40 && frame.height == 30)
            #expect(frame.pixels.enumerated().allSatisfy { i, c in i % 4 == 3 || c <= frame.pixels[i | 3] })
        }
    }
}
