import MotionCore
import StoryKit
import StoryKitUI
import Testing

/// What SceneLayersView sets on a CALayer for image contents: a wrong value puts the image elsewhere.
@Suite struct SceneContentsPlanTests {
    @Test func theFiltersAreCoreAnimationsNames() {
        let contents = ImageContents(image: "pixel art", contentsCenter: ImageContents.unitRect,
                                     minificationFilter: .trilinear, magnificationFilter: .nearest)
        let plan = SceneContentsPlan(contents, isFlipped: false)
        // kCAFilterNearest, kCAFilterLinear and kCAFilterTrilinear are "nearest", "linear", "trilinear".
        #expect(plan.minificationFilter == "trilinear" && plan.magnificationFilter == "nearest")
        #expect(SceneContentsPlan(ImageContents(image: "a"), isFlipped: false).minificationFilter == "linear")
        #expect(plan.image == "pixel art")
    }

    @Test func aTopGravityIsCoreAnimationsBottomOnAnUnflippedLayer() {
        let top = ImageContents(image: "a", gravity: .top)
        #expect(SceneContentsPlan(top, isFlipped: false).gravity == "bottom")
        #expect(SceneContentsPlan(top, isFlipped: true).gravity == "top")
        #expect(SceneContentsPlan(ImageContents(image: "a", gravity: .bottomLeft), isFlipped: false).gravity == "topLeft")
        #expect(SceneContentsPlan(ImageContents(image: "a", gravity: .resizeAspectFill), isFlipped: false).gravity == "resizeAspectFill")
    }

    @Test func rectsAndScalePassUnchangedAndABadScaleIsOne() {
        let center = Rect(x: 0.25, y: 0.3, width: 0.5, height: 0.4), shown = Rect(x: 0, y: 0.5, width: 1, height: 0.5)
        let plan = SceneContentsPlan(ImageContents(image: "a", contentsRect: shown, contentsCenter: center, contentsScale: 3),
                                     isFlipped: false)
        #expect(plan.contentsRect == shown && plan.contentsCenter == center && plan.contentsScale == 3)
        #expect(SceneContentsPlan(ImageContents(image: "a", contentsCenter: center, contentsScale: 0), isFlipped: false).contentsScale == 1)
        #expect(SceneContentsPlan(ImageContents(image: "a", contentsCenter: center, contentsScale: .nan), isFlipped: false).contentsScale == 1)
    }
}

/// When SceneLayersView adds a gradient under a shape's stroke: a wrong answer draws a solid stroke or none.
@Suite struct SceneStrokeGradientTests {
    static let ring = ShapePath.circle(center: Point(x: 44, y: 44), radius: 40)
    static let conic = ColorGradient(kind: .conic, colors: [.white, .black], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0))

    @Test func aShapeWithAStrokeGradientAndAWidthGetsTheGradient() {
        #expect(SceneLayerKind.drawsStrokeGradient(Layer(shape: ShapeContents(path: Self.ring, strokeGradient: Self.conic, lineWidth: 4))))
    }

    @Test func noGradientNoWidthOrAGradientLayerGetNone() {
        #expect(!SceneLayerKind.drawsStrokeGradient(Layer(shape: ShapeContents(path: Self.ring, strokeColor: .white, lineWidth: 4))))
        #expect(!SceneLayerKind.drawsStrokeGradient(Layer(shape: ShapeContents(path: Self.ring, strokeGradient: Self.conic, lineWidth: 0))))
        #expect(!SceneLayerKind.drawsStrokeGradient(Layer(shape: ShapeContents(path: Self.ring, strokeGradient: Self.conic, lineWidth: .nan))))
        // A gradient layer is a CAGradientLayer: it draws no shape at all.
        #expect(!SceneLayerKind.drawsStrokeGradient(Layer(gradient: Self.conic, shape: ShapeContents(path: Self.ring, strokeGradient: Self.conic, lineWidth: 4))))
    }
}
