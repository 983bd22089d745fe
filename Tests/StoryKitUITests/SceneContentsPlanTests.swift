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

/// What SceneLayersView sets on a CATextLayer: a wrong value sets the text in another font, place or size.
@Suite struct SceneTextPlanTests {
    @Test func theFormatsFamilyNamesBecomeTheSystemFontsDesignsOrAFamily() {
        #expect(SceneTextPlan(TextContents("a")).font == .system(design: "default"))
        #expect(SceneTextPlan(TextContents("a", fontFamily: "")).font == .system(design: "default"))
        #expect(SceneTextPlan(TextContents("a", fontFamily: "serif")).font == .system(design: "serif"))
        #expect(SceneTextPlan(TextContents("a", fontFamily: "monospace")).font == .system(design: "monospaced"))
        #expect(SceneTextPlan(TextContents("a", fontFamily: "Helvetica Neue")).font == .family("Helvetica Neue"))
    }

    @Test func sizeWeightAlignmentTruncationAndWrappingAreCoreAnimationsAndUIKitsValues() {
        let title = SceneTextPlan(TextContents("Ava", fontSize: 24, fontWeight: .bold, alignment: .center, numberOfLines: 1))
        #expect(title.string == "Ava" && title.fontSize == 24 && title.weight == 0.4)
        #expect(title.alignment == "center" && title.truncation == "end" && !title.isWrapped)
        let body = SceneTextPlan(TextContents("Long caption", fontWeight: .semibold, alignment: .right, truncation: .none))
        #expect(body.weight == 0.3 && body.alignment == "right" && body.truncation == "none" && body.isWrapped)
        #expect(SceneTextPlan(TextContents("a", fontSize: .nan)).fontSize == 0)
        #expect(SceneTextPlan(TextContents("a", fontSize: -3)).fontSize == 0)
    }

    @Test func aTextLayerIsACATextLayerUnlessAGradientOrShapeDrawsIt() {
        #expect(SceneLayerKind(Layer(text: TextContents("Ava"))) == .text)
        let ring = ShapeContents(path: .circle(center: Point(x: 4, y: 4), radius: 3), strokeColor: .white)
        #expect(SceneLayerKind(Layer(shape: ring, text: TextContents("Ava"))) == .shape)
        #expect(SceneLayerKind.steps(existing: [.plain], for: [Layer(text: TextContents("Ava"))]).steps == [.replace(.text)])
    }
}
