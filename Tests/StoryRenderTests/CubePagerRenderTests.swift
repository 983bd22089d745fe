import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// Renders the cube pager's scene: golden frames at 0, 25, 50, 75 and 100 % of a turn (also
/// written to `$STORYKIT_DEBUG_RENDERS/cube/` to look at, when that is set).
@Suite struct CubePagerRenderTests {
    static let size = Size(width: 200, height: 300)
    static let stages = [0, 0.25, 0.5, 0.75, 1]
    /// The goldens of this file's tests (`__Snapshots__/CubePagerRenderTests/`).
    static let goldens = GoldenImages(["theCubeRendersAtEachStage": stages.map { "\(Int($0 * 100))" }])

    static func render(at position: Double) throws -> RGBAImage {
        var pager = CubePager(pageCount: 2, pageSize: size)
        pager.touchBegan(at: Point(x: 0, y: 0), time: 0)
        pager.touchMoved(to: Point(x: -10, y: 0), time: 0.01)   // locks at the 10 pt slop
        pager.touchMoved(to: Point(x: -10 - position * size.width, y: 0), time: 0.02)
        let renderer = Renderer(images: ["red": RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255)),
                                         "blue": RGBAImage(width: 8, height: 8, fill: (0, 0, 255, 255))])
        let scene = pager.scene { ImageContents(image: $0 == 0 ? "red" : "blue") }
        let image = try renderer.render(scene)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels,
                                 topic: "cube", name: "cube-\(Int(position * 100))")
        return image
    }

    @Test(arguments: stages)
    func theCubeRendersAtEachStage(position: Double) throws {
        let image = try Self.render(at: position)
        #expect(image.width == 200 && image.height == 300)
        Self.goldens.assertMatches(image, label: "\(Int(position * 100))")
    }

    @Test func halfWayBothFacesShowEquallyShadedAndJoinedInTheMiddle() throws {
        // Given position 0.5, then each face is turned 45° and shaded 0.5 · 0.5 = 0.25: 191 of 255,
        // with the shared edge at x = 100 (symmetry) and no gap between the faces.
        let image = try Self.render(at: 0.5)
        #expect(RenderCheck.pixel(image, 90, 150, is: [191, 0, 0, 255], tolerance: 2))
        #expect(RenderCheck.pixel(image, 109, 150, is: [0, 0, 191, 255], tolerance: 2))
        let seam = RenderCheck.rgba(image, 100, 150)
        #expect(seam[3] == 255 && seam[0] + seam[2] >= 180)
    }

    @Test func atRestTheCurrentPageFillsTheFrameUnshaded() throws {
        let image = try Self.render(at: 0)
        #expect(RenderCheck.pixel(image, 1, 1, is: [255, 0, 0, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 198, 298, is: [255, 0, 0, 255], tolerance: 0))
    }
}
