import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// The Swift snippets of the StoryRender DocC catalog (`StoryRender.md`, `GoldenTests.md`) and
/// the drawing snippets of StoryKit's `SceneDescriptions.md`, run and checked against what the
/// articles say. Keep the snippet code identical to the articles'.
@Suite struct RenderDocumentationExamplesTests {
    // MARK: - StoryRender.md

    @Test func landingPageRendersReusesAndRoundTripsThroughPNG() throws {
        var square = Layer(name: "square", frame: Rect(x: 5, y: 5, width: 10, height: 10))
        square.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0)
        let scene = LayerScene(size: Size(width: 20, height: 20), backgroundColor: .white, layers: [square])

        let renderer = Renderer()                         // give it images by name: Renderer(images: [...])
        var frame = try renderer.render(scene, scale: 2)  // 40 × 40 pixels; (20, 20) is red
        #expect(frame.width == 40 && frame.height == 40)
        #expect(RenderCheck.pixel(frame, 20, 20, is: [255, 0, 0, 255], tolerance: 0))
        #expect(RenderCheck.pixel(frame, 2, 2, is: [255, 255, 255, 255], tolerance: 0))
        let first = frame
        try renderer.render(scene, scale: 2, into: &frame)  // the same frame, drawn into the same storage
        #expect(frame == first)
        let png = try frame.pngData()                     // and back: try RGBAImage(pngData: png) == frame
        #expect(try RGBAImage(pngData: png) == frame)

        var gif = try GIFEncoder(width: 40, height: 40)
        try gif.addFrame(frame, delay: 1.0 / 30)          // shown for 0.03 s: GIF counts hundredths
        let bytes = gif.data()                            // starts with "GIF89a"
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        #expect(GIFEncoder.centiseconds(fromSeconds: 1.0 / 30) == 3)
    }

    /// `Renderer`'s own doc comment: the cube rendered twice into one frame.
    @Test func rendererDocCommentRendersTheCubeIntoOneFrame() throws {
        let alice = RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255))
        let bob = RGBAImage(width: 8, height: 8, fill: (0, 0, 255, 255))
        let renderer = Renderer(images: ["alice.jpg": alice, "bob.jpg": bob])
        let photos = ["alice.jpg", "bob.jpg"]
        var cube = CubePager(pageCount: 2, pageSize: Size(width: 390, height: 844))
        cube.turn(to: 1, time: 0, animated: true)
        cube.advance(to: 0.1)                                                     // part way round
        var frame = try renderer.render(cube.scene { ImageContents(image: photos[$0]) }, scale: 2)
        #expect(frame.width == 780 && frame.height == 1_688)
        #expect(cube.position > 0 && cube.position < 1)
        let storage = frame.pixels.withUnsafeBufferPointer { $0.baseAddress }
        cube.advance(to: 0.2)
        try renderer.render(cube.scene { ImageContents(image: photos[$0]) }, scale: 2, into: &frame)   // no allocation
        #expect(frame.pixels.withUnsafeBufferPointer { $0.baseAddress } == storage)
        DebugPNG.writeForLooking(width: frame.width, height: frame.height, premultiplied: frame.pixels,
                                 topic: "docs", name: "renderer-cube")
        // 87 % of the way round: Alice's face is a darkened red sliver at the left edge, Bob's
        // blue fills the rest.
        #expect(cube.position > 0.8 && cube.position < 0.95)
        #expect((0..<100).contains { RenderCheck.rgba(frame, $0, 844)[0] > 100 })
        #expect(RenderCheck.rgba(frame, 400, 844) == [0, 0, 239, 255])
    }

    @Test func landingPageMissingImageSaysWhichAndWhere() {
        var card = Layer(name: "card", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        card.contents = ImageContents(image: "photo.jpg")
        let scene = LayerScene(size: Size(width: 10, height: 10), layers: [card])
        #expect(throws: RenderError.missingImage(name: "photo.jpg", layer: "card")) {
            try Renderer().render(scene)
        }
        #expect(RenderError.missingImage(name: "photo.jpg", layer: "card").description
                == "missing image \"photo.jpg\" for layer card")
    }

    // MARK: - GoldenTests.md

    @Test func goldenToleranceAllowsSixLevelsOnAtMostPointTwoPercentOfPixels() {
        let golden = RGBAImage(width: 100, height: 100, fill: (200, 100, 50, 255))
        var render = golden
        render[10, 10] = (206, 100, 50, 255)              // 6 levels off: still equal
        #expect(GoldenImages.difference(render, golden, tolerance: .standard) == nil)
        render[20, 20] = (255, 0, 0, 255)                 // 1 pixel of 10 000 is off: 0.01 %
        #expect(GoldenImages.difference(render, golden, tolerance: .standard) == nil)   // nil, within 0.2 %
        for x in 0..<21 { render[x, 50] = (0, 0, 0, 255) }  // 22 pixels off: 0.22 %
        #expect(GoldenImages.difference(render, golden, tolerance: .standard)
                == "22 pixels (0.220 %) differ by more than 6, worst 200")
        // A different size never matches.
        #expect(GoldenImages.difference(RGBAImage(width: 99, height: 100), golden, tolerance: .standard) != nil)
    }

    // MARK: - SceneDescriptions.md (StoryKit)

    @Test func sceneDescriptionsZPositionPutsTheFirstSiblingOnTop() throws {
        var red = Layer(name: "red", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        red.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0)
        red.zPosition = 1                           // drawn last, though it comes first
        var blue = Layer(name: "blue", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        blue.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1)
        let overlap = LayerScene(size: Size(width: 30, height: 30), backgroundColor: .white, layers: [red, blue])
        // Where they overlap, at (15, 15), the red square is on top.
        let image = try Renderer().render(overlap)
        #expect(RenderCheck.pixel(image, 15, 15, is: [255, 0, 0, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 25, 25, is: [0, 0, 255, 255], tolerance: 0))
        // Without the z position, array order puts blue on top.
        red.zPosition = 0
        let flat = try Renderer().render(LayerScene(size: Size(width: 30, height: 30), backgroundColor: .white, layers: [red, blue]))
        #expect(RenderCheck.pixel(flat, 15, 15, is: [0, 0, 255, 255], tolerance: 0))
    }

    @Test func sceneDescriptionsGroupOpacityHidesTheOverlap() throws {
        var fading = Layer(name: "fading", frame: Rect(x: 0, y: 0, width: 30, height: 30))
        fading.opacity = 0.5
        fading.sublayers = [Layer(name: "red", frame: Rect(x: 0, y: 0, width: 20, height: 20)),
                            Layer(name: "blue", frame: Rect(x: 10, y: 10, width: 20, height: 20))]
        fading.sublayers[0].backgroundColor = RGBAColor(red: 1, green: 0, blue: 0)
        fading.sublayers[1].backgroundColor = RGBAColor(red: 0, green: 0, blue: 1)
        let faded = LayerScene(size: Size(width: 30, height: 30), backgroundColor: .white, layers: [fading])
        // The overlap at (15, 15) is half blue over white, with no red showing through.
        let image = try Renderer().render(faded)
        let halfBlue = [128, 128, 255, 255]
        #expect(RenderCheck.pixel(image, 15, 15, is: halfBlue))
        #expect(RenderCheck.pixel(image, 25, 25, is: halfBlue))
        #expect(RenderCheck.pixel(image, 5, 5, is: [255, 128, 128, 255]))
    }

    @Test func sceneDescriptionsDashedArcsMaskAConicGradient() throws {
        // Instagram's ring: dashed arcs masking a conic gradient (how the UIKit ring view is built).
        var ring = Layer(name: "ring", frame: Rect(x: 0, y: 0, width: 64, height: 64))
        ring.gradient = ColorGradient(kind: .conic, colors: [RGBAColor(hex: "#FEDA75")!, RGBAColor(hex: "#D62976")!,
                                                              RGBAColor(hex: "#FEDA75")!],
                                      startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0))
        var segments = Layer(name: "segments", frame: Rect(x: 0, y: 0, width: 64, height: 64))
        segments.shape = ShapeContents(path: .circle(center: Point(x: 32, y: 32), radius: 29),
                                       strokeColor: .white, lineWidth: 4, lineDashPattern: [30, 6])
        ring.mask = segments
        let image = try Renderer().render(LayerScene(size: Size(width: 64, height: 64), layers: [ring]), scale: 1)
        // The gradient shows only on the dashes: not in the middle, not outside the circle.
        #expect(image[32, 32].a == 0 && image[1, 1].a == 0)
        #expect(image[3, 32].a == 255)
        let onRing = (0..<360).map { degrees -> UInt8 in
            let a = Double(degrees) * .pi / 180
            return image[Int(32 + 29 * cos(a)), Int(32 + 29 * sin(a))].a
        }
        #expect(onRing.contains(0) && onRing.filter { $0 == 255 }.count > 250)
    }

    @Test func sceneDescriptionsTextIsOneLineCutWithAnEllipsis() throws {
        var name = Layer(name: "name", frame: Rect(x: 16, y: 12, width: 120, height: 20))
        name.text = TextContents("ava.anderson.official", fontSize: 14, fontWeight: .semibold, color: .white)
        name.text?.numberOfLines = 1                // one line, cut with "…" where the width runs out
        let layout = TextRenderer().layout(try #require(name.text), in: name.bounds)
        #expect(layout.lines.count == 1 && layout.lines[0].text.hasSuffix("…") && layout.lines[0].width <= 120)
        // Drawn white on black: some pixels of the name are white.
        let image = try Renderer().render(LayerScene(size: Size(width: 150, height: 40), backgroundColor: .black, layers: [name]))
        #expect(image.pixels.enumerated().contains { $0.offset % 4 == 0 && $0.element > 240 })
    }
}
