import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

@Suite struct RendererTests {
    /// The goldens of this file's tests (`__Snapshots__/RendererTests/`).
    static let goldens = GoldenImages([
        "aPlainRectFillsExactlyItsPixelsWithHalfCoverageOnHalfPixelEdges": ["whole", "half-pixel"],
        "anImageLandsWhereItsGravityPutsIt": ContentsGravity.allCases.map(\.rawValue),
        "aLayerTurnedAboutYWithPerspectiveCoversExactlyItsProjectedQuad": [],
        "aPerspectiveContainerShowsTwoChildrenJoinedAtTheirSharedEdge": [],
        "siblingsDrawInZPositionOrderNotArrayOrder": [],
        "aBackFaceIsHiddenWhenSingleSidedAndMirroredWhenShown": ["shown", "hidden"],
        "cubeFacesWithTheirSharedEdgeLeftOutOfAntialiasingShowNoSeam": ["hard", "antialiased"],
    ])
    static let yAxis = Vector3(x: 0, y: 1, z: 0)
    /// 20 × 10 px: left half red, right half blue.
    static let halves = RenderCheck.image(width: 20, height: 10) { x, _ in x < 10 ? (255, 0, 0) : (0, 0, 255) }

    @Test func aPlainRectFillsExactlyItsPixelsWithHalfCoverageOnHalfPixelEdges() throws {
        let rect = Layer.framed("rect", Rect(x: 10, y: 5, width: 20, height: 10)) { $0.backgroundColor = RenderCheck.red }
        let half = Layer.framed("half", Rect(x: 2.5, y: 20, width: 5, height: 5)) { $0.backgroundColor = RenderCheck.blue }
        let image = try Renderer().render(LayerScene(size: Size(width: 40, height: 30), backgroundColor: .white, layers: [rect]))
        Self.goldens.assertMatches(image, label: "whole")
        #expect(image.width == 40 && image.height == 30)
        #expect(RenderCheck.pixel(image, 10, 5, is: [255, 0, 0, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 29, 14, is: [255, 0, 0, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 9, 5, is: [255, 255, 255, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 30, 10, is: [255, 255, 255, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 20, 15, is: [255, 255, 255, 255], tolerance: 0))

        let clear = try Renderer().render(LayerScene(size: Size(width: 10, height: 30), layers: [half]), scale: 1)
        Self.goldens.assertMatches(clear, label: "half-pixel")
        // Columns 2 and 7 are half covered; columns 3…6 fully; rows 20…24 exactly.
        #expect(RenderCheck.pixel(clear, 2, 22, is: [0, 0, 128, 128]))
        #expect(RenderCheck.pixel(clear, 7, 22, is: [0, 0, 128, 128]))
        #expect(RenderCheck.pixel(clear, 5, 22, is: [0, 0, 255, 255], tolerance: 0))
        #expect(RenderCheck.pixel(clear, 5, 19, is: [0, 0, 0, 0], tolerance: 0))
        #expect(Approximately.equal(RenderCheck.coveredArea(clear), 25, absolute: 0.05))
    }

    @Test func scaleRendersAtThatManyPixelsPerPoint() throws {
        let rect = Layer.framed("rect", Rect(x: 1, y: 1, width: 2, height: 3)) { $0.backgroundColor = RenderCheck.red }
        let image = try Renderer().render(LayerScene(size: Size(width: 5, height: 5), layers: [rect]), scale: 3)
        #expect(image.width == 15 && image.height == 15)
        #expect(Approximately.equal(RenderCheck.coveredArea(image), 6 * 9, absolute: 0.01))
        #expect(RenderCheck.pixel(image, 3, 3, is: [255, 0, 0, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 9, 3, is: [0, 0, 0, 0], tolerance: 0))
    }

    /// The frame (in scene points) each gravity gives a 20 × 10 px image in a 40 × 40 layer at (10, 10).
    static let gravityFrames: [(ContentsGravity, Rect)] = [
        (.resize, Rect(x: 10, y: 10, width: 40, height: 40)),
        (.resizeAspect, Rect(x: 10, y: 20, width: 40, height: 20)),
        (.resizeAspectFill, Rect(x: -10, y: 10, width: 80, height: 40)),
        (.center, Rect(x: 20, y: 25, width: 20, height: 10)),
        (.top, Rect(x: 20, y: 10, width: 20, height: 10)),
        (.bottom, Rect(x: 20, y: 40, width: 20, height: 10)),
        (.left, Rect(x: 10, y: 25, width: 20, height: 10)),
        (.right, Rect(x: 30, y: 25, width: 20, height: 10)),
        (.topLeft, Rect(x: 10, y: 10, width: 20, height: 10)),
        (.topRight, Rect(x: 30, y: 10, width: 20, height: 10)),
        (.bottomLeft, Rect(x: 10, y: 40, width: 20, height: 10)),
        (.bottomRight, Rect(x: 30, y: 40, width: 20, height: 10)),
    ]

    @Test(arguments: gravityFrames.indices)
    func anImageLandsWhereItsGravityPutsIt(_ index: Int) throws {
        let (gravity, frame) = Self.gravityFrames[index]
        let layer = Layer.framed("image", Rect(x: 10, y: 10, width: 40, height: 40)) {
            $0.contents = ImageContents(image: "halves", gravity: gravity)
        }
        let renderer = Renderer(images: ["halves": Self.halves])
        let image = try renderer.render(LayerScene(size: Size(width: 60, height: 60), layers: [layer]))
        Self.goldens.assertMatches(image, label: gravity.rawValue)
        // Just inside each corner of the frame: red on the left half, blue on the right.
        let inset = 1.5
        let probes = [(frame.minX + inset, frame.minY + inset, true), (frame.maxX - inset, frame.minY + inset, false),
                      (frame.minX + inset, frame.maxY - inset, true), (frame.maxX - inset, frame.maxY - inset, false)]
        for (x, y, isRed) in probes where x >= 0 && x < 60 {
            let expected = isRed ? [255, 0, 0, 255] : [0, 0, 255, 255]
            #expect(RenderCheck.pixel(image, Int(x), Int(y), is: expected, tolerance: 0), "\(gravity) at \(x), \(y)")
        }
        // Just outside the frame (inside the scene): nothing.
        for (x, y) in [(frame.minX - 1.5, frame.midY), (frame.maxX + 0.5, frame.midY), (frame.midX, frame.minY - 1.5), (frame.midX, frame.maxY + 0.5)]
            where x >= 0 && x < 60 && y >= 0 && y < 60 {
            #expect(RenderCheck.rgba(image, Int(x), Int(y))[3] == 0, "\(gravity) outside at \(x), \(y)")
        }
        #expect(Approximately.equal(RenderCheck.coveredArea(image),
                                    (Swift.min(frame.maxX, 60) - Swift.max(frame.minX, 0)) * frame.height, absolute: 0.1))
    }

    @Test func aLayerTurnedAboutYWithPerspectiveCoversExactlyItsProjectedQuad() throws {
        // The hand-computed card of RenderTreeTests: corners (167.64, 91.76), (311.95, 106.20),
        // (311.95, 193.80), (167.64, 208.24).
        let s = 0.5.squareRoot()
        let turn = Transform3D(rotationAngle: .pi / 4, axis: Self.yAxis).concatenating(.perspective(eyeDistance: 500))
        let card = Layer(name: "card", bounds: Rect(x: 0, y: 0, width: 200, height: 100), position: Point(x: 250, y: 150),
                         transform: turn, backgroundColor: .white)
        let image = try Renderer().render(LayerScene(size: Size(width: 500, height: 300), backgroundColor: .black, layers: [card]))
        Self.goldens.assertMatches(image)
        let wl = 1 - 100 * s / 500, wr = 1 + 100 * s / 500
        let left = 250 - 100 * s / wl, right = 250 + 100 * s / wr
        // Coverage of the edge columns on the middle row is the covered fraction of the pixel.
        func coverage(_ x: Int, _ y: Int) -> Double { Double(RenderCheck.rgba(image, x, y)[0]) / 255 }
        #expect(abs(coverage(Int(left), 150) - (left.rounded(.up) - left)) < 0.01)
        #expect(abs(coverage(Int(right), 150) - (right - right.rounded(.down))) < 0.01)
        #expect(coverage(Int(left) - 1, 150) == 0 && coverage(Int(right) + 1, 150) == 0)
        // Top edge: the line from the top-left to the top-right corner, sampled in the middle column.
        let topLeft = Point(x: left, y: 150 - 50 / wl), topRight = Point(x: right, y: 150 - 50 / wr)
        let x = 240.5
        let edgeY = topLeft.y + (x - topLeft.x) / (topRight.x - topLeft.x) * (topRight.y - topLeft.y)
        let row = Int(edgeY)
        #expect(abs(coverage(240, row) - (edgeY.rounded(.up) - edgeY)) < 0.02)
        #expect(coverage(240, row + 1) == 1 && coverage(240, row - 1) == 0)
        // Total area: the trapezoid's (its vertical sides are parallel), white on black.
        let area = (right - left) * (100 / wl + 100 / wr) / 2
        var white = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) { white += Int(image.pixels[i]) }
        #expect(abs(Double(white) / 255 - area) < 1, "\(Double(white) / 255) vs \(area)")
    }

    @Test func aPerspectiveContainerShowsTwoChildrenJoinedAtTheirSharedEdge() throws {
        // Two 100 × 100 faces of a cube turned 30°: the left one turned −60° about its right edge,
        // the right one 30° about its left edge, both at the container's centre line.
        func face(_ name: String, anchorX: Double, angle: Double, image: String) -> Layer {
            Layer(name: name, bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: Point(x: 150, y: 100),
                  anchorPoint: Point(x: anchorX, y: 0.5), transform: Transform3D(rotationAngle: angle, axis: Self.yAxis),
                  isDoubleSided: false, contents: ImageContents(image: image))
        }
        let container = Layer(name: "cube", bounds: Rect(x: 0, y: 0, width: 300, height: 200), position: Point(x: 150, y: 100),
                              sublayerTransform: .perspective(eyeDistance: 500),
                              sublayers: [face("left", anchorX: 1, angle: -.pi / 3, image: "red"),
                                          face("right", anchorX: 0, angle: .pi / 6, image: "blue")])
        let renderer = Renderer(images: ["red": RenderCheck.image(width: 8, height: 8) { _, _ in (255, 0, 0) },
                                         "blue": RenderCheck.image(width: 8, height: 8) { _, _ in (0, 0, 255) }])
        let image = try renderer.render(LayerScene(size: Size(width: 300, height: 200), backgroundColor: .black, layers: [container]))
        Self.goldens.assertMatches(image)
        // The shared edge is the vertical line x = 150 (both faces turn about it, at depth 0).
        #expect(RenderCheck.pixel(image, 148, 100, is: [255, 0, 0, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 151, 100, is: [0, 0, 255, 255], tolerance: 0))
        // The far edges: a face point u from the shared edge lands at x = 150 + u·cos θ / w with
        // w = 1 − z/500 and z = −u·sin θ (left: θ = −60°, u = −100; right: θ = 30°, u = 100).
        let uLeft = -100.0, zLeft = -uLeft * Double.sin(-.pi / 3)
        let xLeft = 150 + uLeft * Double.cos(.pi / 3) / (1 - zLeft / 500)
        let uRight = 100.0, zRight = -uRight * Double.sin(.pi / 6)
        let xRight = 150 + uRight * Double.cos(.pi / 6) / (1 - zRight / 500)
        #expect(RenderCheck.rgba(image, Int(xLeft) + 1, 100)[0] == 255 && RenderCheck.rgba(image, Int(xLeft) - 1, 100)[3] == 255
            && RenderCheck.rgba(image, Int(xLeft) - 1, 100)[0] == 0)
        #expect(RenderCheck.rgba(image, Int(xRight) - 1, 100)[2] == 255 && RenderCheck.rgba(image, Int(xRight) + 1, 100)[2] == 0)
        // No gap at the shared edge: every row of the column pair 149…150 is fully coloured.
        for y in 60..<140 {
            let l = RenderCheck.rgba(image, 149, y), r = RenderCheck.rgba(image, 150, y)
            #expect(l[0] + l[2] >= 250 && r[0] + r[2] >= 250, "gap at row \(y)")
        }
    }

    @Test func siblingsDrawInZPositionOrderNotArrayOrder() throws {
        let front = Layer.framed("front", Rect(x: 0, y: 0, width: 20, height: 20)) { $0.backgroundColor = RenderCheck.red; $0.zPosition = 1 }
        let back = Layer.framed("back", Rect(x: 10, y: 10, width: 20, height: 20)) { $0.backgroundColor = RenderCheck.blue }
        let image = try Renderer().render(LayerScene(size: Size(width: 30, height: 30), layers: [front, back]))
        Self.goldens.assertMatches(image)
        #expect(RenderCheck.pixel(image, 15, 15, is: [255, 0, 0, 255], tolerance: 0))  // the overlap shows the front
        #expect(RenderCheck.pixel(image, 25, 25, is: [0, 0, 255, 255], tolerance: 0))
        let flat = try Renderer().render(LayerScene(size: Size(width: 30, height: 30), layers: [
            Layer.framed("a", Rect(x: 0, y: 0, width: 20, height: 20)) { $0.backgroundColor = RenderCheck.red },
            back,
        ]))
        #expect(RenderCheck.pixel(flat, 15, 15, is: [0, 0, 255, 255], tolerance: 0))  // equal z: array order
    }

    @Test func aBackFaceIsHiddenWhenSingleSidedAndMirroredWhenShown() throws {
        let turned = Transform3D(rotationAngle: .pi, axis: Self.yAxis).concatenating(.perspective(eyeDistance: 500))
        var card = Layer(name: "card", bounds: Rect(x: 0, y: 0, width: 40, height: 20), position: Point(x: 30, y: 20),
                         transform: turned, isDoubleSided: true, contents: ImageContents(image: "halves"))
        let renderer = Renderer(images: ["halves": Self.halves])
        let shown = try renderer.render(LayerScene(size: Size(width: 60, height: 40), layers: [card]))
        Self.goldens.assertMatches(shown, label: "shown")
        // Seen from behind, the red (left) half is on the right.
        #expect(RenderCheck.pixel(shown, 15, 20, is: [0, 0, 255, 255], tolerance: 0))
        #expect(RenderCheck.pixel(shown, 45, 20, is: [255, 0, 0, 255], tolerance: 0))
        card.isDoubleSided = false
        let hidden = try renderer.render(LayerScene(size: Size(width: 60, height: 40), layers: [card]))
        Self.goldens.assertMatches(hidden, label: "hidden")
        #expect(RenderCheck.coveredArea(hidden) == 0)
    }

    /// A 200 pt white cube turned 0.35 rad, its two visible faces turning about the cube's centre, on black.
    static func cube(sharedEdgeHard: Bool) throws -> RGBAImage {
        func face(_ name: String, base: Double, edges: Layer.Edges) -> Layer {
            let t = Transform3D(translationX: 0, y: 0, z: 100)
                .concatenating(Transform3D(rotationAngle: base + 0.35, axis: Self.yAxis))
                .concatenating(Transform3D(translationX: 0, y: 0, z: -100))
            return Layer(name: name, bounds: Rect(x: 0, y: 0, width: 200, height: 300), position: Point(x: 100, y: 150),
                         transform: t, isDoubleSided: false, contents: ImageContents(image: "white"),
                         antialiasedEdges: sharedEdgeHard ? edges : .all)
        }
        let container = Layer(name: "cube", bounds: Rect(x: 0, y: 0, width: 200, height: 300), position: Point(x: 200, y: 150),
                              sublayerTransform: .perspective(eyeDistance: 600),
                              sublayers: [face("front", base: 0, edges: [.top, .bottom, .right]),
                                          face("left", base: -.pi / 2, edges: [.top, .bottom, .left])])
        let renderer = Renderer(images: ["white": RGBAImage(width: 4, height: 4, fill: (255, 255, 255, 255))])
        return try renderer.render(LayerScene(size: Size(width: 400, height: 300), backgroundColor: .black, layers: [container]))
    }

    @Test func cubeFacesWithTheirSharedEdgeLeftOutOfAntialiasingShowNoSeam() throws {
        let hard = try Self.cube(sharedEdgeHard: true), soft = try Self.cube(sharedEdgeHard: false)
        Self.goldens.assertMatches(hard, label: "hard")
        Self.goldens.assertMatches(soft, label: "antialiased")
        // Row 150, between the outer edges: every pixel pure white with the shared edge hard…
        func row(_ image: RGBAImage) -> [Int] { (0..<400).map { RenderCheck.rgba(image, $0, 150)[0] } }
        let hardRow = row(hard), softRow = row(soft)
        let first = try #require(hardRow.firstIndex(of: 255)), last = try #require(hardRow.lastIndex(of: 255))
        #expect(hardRow[first...last].allSatisfy { $0 == 255 })
        // …while anti-aliasing it on both faces lets the background through (the conflation seam).
        #expect((softRow[first...last].min() ?? 255) < 230)
        // The outer edges stay anti-aliased.
        #expect(first > 1 && last < 398)
        #expect((1...254).contains(hardRow[first - 1]) && (1...254).contains(hardRow[last + 1]))
    }
}
