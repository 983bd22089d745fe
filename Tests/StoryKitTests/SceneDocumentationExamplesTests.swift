import Foundation
import StoryKit
import StoryKitTestSupport
import Testing

/// Every Swift snippet of `StoryKit.docc/SceneDescriptions.md` that needs no renderer, compiled
/// and checked against what the article says it shows. Keep the snippet code identical to the
/// article's. The snippets about what gets drawn (draw order, groups) are rendered in
/// `RenderDocumentationExamplesTests`.
@Suite struct SceneDocumentationExamplesTests {
    /// The article's card with its loading ring, verbatim.
    static func cardScene() -> LayerScene {
        var card = Layer(name: "card", frame: Rect(x: 40, y: 200, width: 310, height: 420))
        card.cornerRadius = 24
        card.cornerCurve = .continuous
        card.masksToBounds = true
        card.contents = ImageContents(image: "photo.jpg", gravity: .resizeAspectFill)

        var ring = Layer(name: "ring", frame: Rect(x: 111, y: 166, width: 88, height: 88))
        var stroke = ShapeContents(path: .circle(center: Point(x: 44, y: 44), radius: 40))
        stroke.lineWidth = 4
        stroke.lineCap = .round
        stroke.strokeEnd = 0.6                      // 60 % of the circle, clockwise from 12 o'clock
        stroke.strokeGradient = ColorGradient(kind: .conic,
                                         colors: [RGBAColor(hex: "#FEDA75")!, RGBAColor(hex: "#D62976")!, RGBAColor(hex: "#FEDA75")!],
                                         startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0))
        ring.shape = stroke
        card.sublayers = [ring]

        let scene = LayerScene(size: Size(width: 390, height: 844), backgroundColor: .black, layers: [card])
        return scene
    }

    @Test func buildingASceneSetsBoundsAndPositionFromTheFrame() {
        let scene = Self.cardScene()
        let card = scene.layers[0]
        #expect(card.bounds == Rect(x: 0, y: 0, width: 310, height: 420))
        #expect(card.position == Point(x: 195, y: 410))
        #expect(scene.validationErrors().isEmpty)
        // strokeEnd 0.6 of a circle starting at 12 o'clock ends 216° clockwise on screen.
        let trimmed = card.sublayers[0].shape!.path.trimmed(from: 0, to: 0.6)
        #expect(Approximately.equal(trimmed.length, 0.6 * 2 * .pi * 40, absolute: 1e-9))
    }

    @Test func layerGeometryPlacesTheAnchorAtThePositionAndTurnsAboutIt() throws {
        var tile = Layer(bounds: Rect(x: 0, y: 0, width: 100, height: 50), position: Point(x: 200, y: 300),
                         anchorPoint: Point(x: 0, y: 0))
        let origin = try #require(tile.matrixToSuperlayer.apply(to: Point(x: 0, y: 0)))      // (200, 300): the anchor sits at the position
        let corner = try #require(tile.matrixToSuperlayer.apply(to: Point(x: 100, y: 50)))   // (300, 350)
        #expect(Approximately.equal(origin, Point(x: 200, y: 300), absolute: 1e-12))
        #expect(Approximately.equal(corner, Point(x: 300, y: 350), absolute: 1e-12))

        tile.transform = Transform3D(rotationAngle: .pi / 2, axis: Vector3(x: 0, y: 0, z: 1))
        let turned = try #require(tile.matrixToSuperlayer.apply(to: Point(x: 100, y: 0)))    // (200, 400): a quarter turn clockwise
                                                                                              // on screen, about the anchor
        #expect(Approximately.equal(turned, Point(x: 200, y: 400), absolute: 1e-9))
    }

    @Test func jsonRoundTripGivesTheSameScene() throws {
        let scene = Self.cardScene()
        let json = try JSONEncoder().encode(scene)
        let decoded = try JSONDecoder().decode(LayerScene.self, from: json)   // == scene
        #expect(decoded == scene)
    }

    @Test func validationNamesTheLayerAndTheProblem() {
        let scene = Self.cardScene()
        var broken = scene
        broken.layers[0].sublayers[0].opacity = .nan
        #expect(broken.validationErrors().map(\.description)
                == ["layers[0] \"card\" > sublayers[0] \"ring\": opacity is not finite (nan)"])
    }

    @Test func aSheetRoundsItsTopCornersAndCastsAShadowUp() throws {
        var sheet = Layer(name: "sheet", frame: Rect(x: 0, y: 500, width: 390, height: 344))
        sheet.backgroundColor = .white
        sheet.cornerRadius = 16
        sheet.maskedCorners = [.minXMinY, .maxXMinY]   // only the top corners
        sheet.shadowOpacity = 0.2
        sheet.shadowRadius = 12
        sheet.shadowOffset = Size(width: 0, height: -2)

        #expect(sheet.maskedCorners.rawValue == 0b0011)   // kCALayerMinXMinYCorner | kCALayerMaxXMinYCorner
        #expect(LayerScene(size: Size(width: 390, height: 844), layers: [sheet]).validationErrors().isEmpty)
        let path = ShapePath.roundedRect(sheet.bounds, cornerRadius: 16, curve: .circular, corners: sheet.maskedCorners)
        // The bottom corners are square: the path passes through them.
        #expect(path.elements.contains(.line(to: Point(x: 0, y: 344))))
        #expect(path.elements.contains(.line(to: Point(x: 390, y: 344))))
    }

    @Test func aNineSliceBubbleKeepsItsCornersAtTheirPointSize() {
        var bubble = Layer(name: "bubble", frame: Rect(x: 16, y: 600, width: 240, height: 64))
        bubble.contents = ImageContents(image: "bubble@3x.png",
                                        contentsCenter: Rect(x: 0.45, y: 0.45, width: 0.1, height: 0.1),
                                        contentsScale: 3)        // a 3× image: its corners keep their point size
        var thumbnail = Layer(name: "thumbnail", frame: Rect(x: 16, y: 680, width: 60, height: 60))
        thumbnail.contents = ImageContents(image: "photo.jpg", gravity: .resizeAspectFill,
                                           contentsCenter: ImageContents.unitRect,
                                           minificationFilter: .trilinear)   // a 1080 px photo in 60 pt
        #expect(LayerScene(size: Size(width: 390, height: 844), layers: [bubble, thumbnail]).validationErrors().isEmpty)
        // A 120 × 120 px bubble image: 54 px = 18 pt corners, the centre stretches over 204 × 28 pt.
        let contents = bubble.contents ?? ImageContents(image: "")
        let slices = contents.slices(of: contents.placement(imageWidth: 120, imageHeight: 120, contentsScale: 3, in: bubble.bounds))
        #expect(slices.count == 9)
        #expect(slices[0].frame.origin == .zero && abs(slices[0].frame.width - 18) < 1e-9 && abs(slices[0].frame.height - 18) < 1e-9)
        #expect(abs(slices[4].frame.width - 204) < 1e-9 && abs(slices[4].frame.height - 28) < 1e-9)
    }
}
