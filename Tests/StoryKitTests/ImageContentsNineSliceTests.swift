import Foundation
import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct ImageContentsNineSliceTests {
    /// A 12 × 12 px image whose middle 4 × 4 px stretch, at 2 px per point, in a 40 × 20 pt layer.
    static let framed = ImageContents(image: "frame", contentsCenter: Rect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12),
                                      contentsScale: 2)

    @Test func theCornersKeepTheirPointSizeAndTheCentreStretches() {
        let placement = Self.framed.placement(imageWidth: 12, imageHeight: 12, contentsScale: 2,
                                              in: Rect(x: 0, y: 0, width: 40, height: 20))
        let slices = Self.framed.slices(of: placement)
        #expect(slices.count == 9)
        // 4 px at 2 px/pt: 2 pt corners; the centre takes 36 × 16 pt for 4 × 4 px.
        #expect(slices[0] == ImageSlice(frame: Rect(x: 0, y: 0, width: 2, height: 2), texels: Rect(x: 0, y: 0, width: 4, height: 4)))
        #expect(slices[4] == ImageSlice(frame: Rect(x: 2, y: 2, width: 36, height: 16), texels: Rect(x: 4, y: 4, width: 4, height: 4)))
        #expect(slices[8] == ImageSlice(frame: Rect(x: 38, y: 18, width: 2, height: 2), texels: Rect(x: 8, y: 8, width: 4, height: 4)))
        #expect(slices[5] == ImageSlice(frame: Rect(x: 38, y: 2, width: 2, height: 16), texels: Rect(x: 8, y: 4, width: 4, height: 4)))
    }

    @Test func aLayerSmallerThanTheFixedEdgesShrinksThemProportionally() {
        // A 4 px image cut at 1 and 2 px: fixed edges of 1 pt (left) and 2 pt (right) in a
        // 1.5 pt wide layer: both halve, and the centre vanishes.
        let contents = ImageContents(image: "a", contentsCenter: Rect(x: 0.25, y: 0, width: 0.25, height: 1))
        let placement = contents.placement(imageWidth: 4, imageHeight: 1, in: Rect(x: 0, y: 0, width: 1.5, height: 10))
        let slices = contents.slices(of: placement)
        #expect(slices.map(\.frame) == [Rect(x: 0, y: 0, width: 0.5, height: 10), Rect(x: 0.5, y: 0, width: 1, height: 10)])
        #expect(slices.map(\.texels) == [Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 2, y: 0, width: 2, height: 1)])
    }

    @Test func theDefaultCentreIsOneSliceAndAContentsScaleSetsTheNaturalSize() {
        let plain = ImageContents(image: "a", gravity: .center)
        #expect(plain.stretchesWholeImage)
        let placement = plain.placement(imageWidth: 20, imageHeight: 10, contentsScale: 2, in: Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(placement.frame == Rect(x: 15, y: 17.5, width: 10, height: 5))
        #expect(plain.slices(of: placement) == [ImageSlice(frame: placement.frame, texels: placement.texels)])
    }

    @Test func theNewPropertiesDecodeByCoreAnimationsNamesAndRoundTrip() throws {
        let json = #"{"image": "a", "contentsCenter": {"origin": {"x": 0.25, "y": 0.25}, "size": {"width": 0.5, "height": 0.5}}, "contentsScale": 3, "minificationFilter": "trilinear", "magnificationFilter": "nearest"}"#
        let contents = try JSONDecoder().decode(ImageContents.self, from: Data(json.utf8))
        #expect(contents.contentsCenter == Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5) && contents.contentsScale == 3)
        #expect(contents.minificationFilter == .trilinear && contents.magnificationFilter == .nearest)
        let again = try JSONDecoder().decode(ImageContents.self, from: JSONEncoder().encode(contents))
        #expect(again == contents)
        let plain = try JSONDecoder().decode(ImageContents.self, from: Data(#"{"image": "a"}"#.utf8))
        #expect(plain.contentsCenter == ImageContents.unitRect && plain.contentsScale == 1)
        #expect(plain.minificationFilter == .linear && plain.magnificationFilter == .linear)
        let written = String(decoding: try JSONEncoder().encode(plain), as: UTF8.self)
        #expect(!written.contains("contentsCenter") && !written.contains("Filter") && !written.contains("contentsScale"))
    }

    @Test(arguments: [#"{"image": "a", "minificationFilter": "bilinear"}"#, #"{"image": "a", "contentsScale": "2"}"#,
                      #"{"image": "a", "contentCenter": {"origin": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}}}"#])
    func aWrongFilterOrKeyIsADecodingError(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ImageContents.self, from: Data(json.utf8)) }
    }

    @Test func validationNamesACentreOutsideTheUnitSquareAndANonPositiveScale() {
        func problems(_ contents: ImageContents) -> [String] {
            LayerScene(size: Size(width: 1, height: 1), layers: [Layer(name: "card", contents: contents)])
                .validationErrors().map(\.description)
        }
        #expect(problems(ImageContents(image: "a", contentsCenter: Rect(x: 0.5, y: 0, width: 0.6, height: 1)))
                    == [#"layers[0] "card": contents.contentsCenter must lie within the unit square (0…1), got \#(Rect(x: 0.5, y: 0, width: 0.6, height: 1))"#])
        #expect(problems(ImageContents(image: "a", contentsCenter: Rect(x: .nan, y: 0, width: 1, height: 1)))
                    == [#"layers[0] "card": contents.contentsCenter has a non-finite value"#])
        #expect(problems(ImageContents(image: "a", contentsCenter: ImageContents.unitRect, contentsScale: 0))
                    == [#"layers[0] "card": contents.contentsScale must be finite and > 0, got 0.0"#])
        #expect(problems(ImageContents(image: "a", contentsCenter: ImageContents.unitRect, contentsScale: .infinity)).count == 1)
        #expect(problems(ImageContents(image: "a", contentsCenter: Rect(x: 0.2, y: 0.2, width: 0.6, height: 0.6), contentsScale: 3)).isEmpty)
    }

    @Test(arguments: [1e-300, 1e-9, 0.5, 3, 1e9, 1e300])
    func extremeScalesGiveFiniteSlicesThatTileTheFrame(scale: Double) {
        let contents = ImageContents(image: "a", contentsCenter: Rect(x: 0.25, y: 0.1, width: 0.5, height: 0.3), contentsScale: scale)
        let placement = contents.placement(imageWidth: 40, imageHeight: 30, contentsScale: 1, in: Rect(x: 5, y: 5, width: 100, height: 60))
        let slices = contents.slices(of: placement)
        #expect(!slices.isEmpty && slices.allSatisfy { $0.frame.isFinite && $0.texels.isFinite && !$0.frame.isEmpty })
        let area = slices.reduce(0) { $0 + $1.frame.width * $1.frame.height }
        #expect(abs(area - 100 * 60) < 1e-6, "\(area)")
    }
}
