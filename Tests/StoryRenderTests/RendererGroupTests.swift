import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

@Suite struct RendererGroupTests {
    /// The goldens of this file's tests (`__Snapshots__/RendererGroupTests/`).
    static let goldens = GoldenImages([
        "groupOpacityDoesNotDarkenWhereChildrenOverlap": [],
        "nestedOpacityMultipliesAndEachGroupFlattensItsOverlap": [],
        "masksToBoundsClipsARotatedChildExactly": [],
        "roundedMasksToBoundsCutsTheCornersOfSublayersAndImages": [],
        "aBlurSpreadsTheLayerButKeepsItsMass": [],
    ])

    @Test func groupOpacityDoesNotDarkenWhereChildrenOverlap() throws {
        let a = Layer.framed("a", Rect(x: 0, y: 0, width: 20, height: 20)) { $0.backgroundColor = RenderCheck.red }
        let b = Layer.framed("b", Rect(x: 10, y: 10, width: 20, height: 20)) { $0.backgroundColor = RenderCheck.red }
        let group = Layer.framed("group", Rect(x: 5, y: 5, width: 30, height: 30)) { $0.opacity = 0.5; $0.sublayers = [a, b] }
        let image = try Renderer().render(LayerScene(size: Size(width: 40, height: 40), backgroundColor: .white, layers: [group]))
        Self.goldens.assertMatches(image)
        // Half red over white, the same in the overlap (20, 20) as in a single child (8, 8).
        let half = [255, 128, 128, 255]
        #expect(RenderCheck.pixel(image, 8, 8, is: half))
        #expect(RenderCheck.pixel(image, 20, 20, is: half))
        #expect(RenderCheck.pixel(image, 30, 30, is: half))
        #expect(RenderCheck.pixel(image, 30, 8, is: [255, 255, 255, 255], tolerance: 0))
    }

    @Test func nestedOpacityMultipliesAndEachGroupFlattensItsOverlap() throws {
        // Outer 0.5 around an inner 0.5 group of two overlapping children and a third sibling
        // overlapping both: the inner overlap shows 0.5·0.5 red, the sibling covers it inside the
        // outer group (so it shows 0.5 blue over white, never a mix with the red below).
        let a = Layer.framed("a", Rect(x: 0, y: 0, width: 20, height: 20)) { $0.backgroundColor = RenderCheck.red }
        let b = Layer.framed("b", Rect(x: 10, y: 0, width: 20, height: 20)) { $0.backgroundColor = RenderCheck.red }
        let inner = Layer.framed("inner", Rect(x: 0, y: 0, width: 30, height: 20)) { $0.opacity = 0.5; $0.sublayers = [a, b] }
        let cover = Layer.framed("cover", Rect(x: 25, y: 0, width: 10, height: 20)) { $0.backgroundColor = RenderCheck.blue }
        let outer = Layer.framed("outer", Rect(x: 0, y: 0, width: 40, height: 20)) { $0.opacity = 0.5; $0.sublayers = [inner, cover] }
        let image = try Renderer().render(LayerScene(size: Size(width: 40, height: 20), backgroundColor: .white, layers: [outer]))
        Self.goldens.assertMatches(image)
        // Red at 0.25 over white: (255, 191, 191); the same in the inner overlap (15, 10).
        #expect(RenderCheck.pixel(image, 5, 10, is: [255, 191, 191, 255], tolerance: 1))
        #expect(RenderCheck.pixel(image, 15, 10, is: [255, 191, 191, 255], tolerance: 1))
        // The opaque blue sibling hides the red inside the outer group: 0.5 blue over white.
        #expect(RenderCheck.pixel(image, 27, 10, is: [128, 128, 255, 255], tolerance: 1))
    }

    @Test func masksToBoundsClipsARotatedChildExactly() throws {
        let bar = Layer(name: "bar", bounds: Rect(x: 0, y: 0, width: 100, height: 20), position: Point(x: 30, y: 30),
                        transform: Transform3D(rotationAngle: .pi / 4, axis: Vector3(x: 0, y: 0, z: 1)), backgroundColor: .white)
        let box = Layer.framed("box", Rect(x: 20, y: 20, width: 60, height: 60)) {
            $0.masksToBounds = true; $0.backgroundColor = .black; $0.sublayers = [bar]
        }
        let image = try Renderer().render(LayerScene(size: Size(width: 100, height: 100), layers: [box]))
        Self.goldens.assertMatches(image)
        #expect(RenderCheck.coveredArea(image) > 3599.9 && RenderCheck.coveredArea(image) < 3600.1)  // only the box
        #expect(RenderCheck.pixel(image, 21, 21, is: [255, 255, 255, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 78, 21, is: [0, 0, 0, 255], tolerance: 0))
        #expect(RenderCheck.rgba(image, 19, 19)[3] == 0 && RenderCheck.rgba(image, 81, 81)[3] == 0)
        // The white band |x − y| ≤ 10√2 inside the 60 × 60 box: 3600 − (60 − 10√2)².
        var white = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) { white += Int(image.pixels[i]) }
        let expected = 3600 - (60 - 10 * 2.0.squareRoot()) * (60 - 10 * 2.0.squareRoot())
        #expect(abs(Double(white) / 255 - expected) < 1, "\(Double(white) / 255) vs \(expected)")
    }

    @Test func roundedMasksToBoundsCutsTheCornersOfSublayersAndImages() throws {
        let fill = Layer.framed("fill", Rect(x: -10, y: -10, width: 80, height: 80)) { $0.backgroundColor = RenderCheck.blue }
        let card = Layer.framed("card", Rect(x: 10, y: 10, width: 60, height: 40)) {
            $0.masksToBounds = true; $0.cornerRadius = 10; $0.sublayers = [fill]
        }
        let image = try Renderer().render(LayerScene(size: Size(width: 80, height: 60), layers: [card]))
        Self.goldens.assertMatches(image)
        #expect(RenderCheck.rgba(image, 10, 10)[3] == 0)   // the corner is cut
        #expect(RenderCheck.rgba(image, 69, 49)[3] == 0)
        #expect(RenderCheck.pixel(image, 40, 30, is: [0, 0, 255, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 40, 10, is: [0, 0, 255, 255], tolerance: 0))  // straight edges stay sharp
        // Area: the rectangle minus (4 − π)·r² at the corners, within 0.1 px along the arcs.
        let expected = 60.0 * 40 - (4 - Double.pi) * 100, arcs = 2 * Double.pi * 10
        #expect(abs(RenderCheck.coveredArea(image) - expected) < 0.1 * arcs, "\(RenderCheck.coveredArea(image)) vs \(expected)")
    }

    @Test func aBlurSpreadsTheLayerButKeepsItsMass() throws {
        let square = Layer.framed("square", Rect(x: 20, y: 20, width: 20, height: 20)) {
            $0.backgroundColor = .white; $0.blurRadius = 3
        }
        let image = try Renderer().render(LayerScene(size: Size(width: 60, height: 60), layers: [square]))
        Self.goldens.assertMatches(image)
        #expect(RenderCheck.rgba(image, 30, 30)[3] >= 250)        // the middle stays nearly opaque
        let edge = RenderCheck.rgba(image, 20, 30)[3]
        #expect(edge > 90 && edge < 165)                           // the edge is about half
        #expect(RenderCheck.rgba(image, 16, 30)[3] > 0)            // it bleeds out
        #expect(RenderCheck.rgba(image, 5, 30)[3] == 0)
        #expect(abs(RenderCheck.coveredArea(image) - 400) < 4)
    }
}
