import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// The zoom transition through the compositor: golden frames of an interactive pop at progress
/// 0, 0.25, 0.5, 0.75 and 1 (also written to `$STORYKIT_DEBUG_RENDERS/zoom/`), with pixel checks.
@Suite struct ZoomTransitionRenderTests {
    static let container = Size(width: 180, height: 320)
    static let progresses = [0.0, 0.25, 0.5, 0.75, 1]
    /// The goldens of this file's tests (`__Snapshots__/ZoomTransitionRenderTests/`).
    static let goldens = GoldenImages(["anInteractivePopShrinksRoundsAndRevealsTheDimmedGrid": progresses.map { "\(Int($0 * 100))" }])

    static let renderer: Renderer = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/cube").standardized.path
        var images: [String: RGBAImage] = [:]
        for name in ["ava", "ben", "cleo"] { images[name] = try? RGBAImage(contentsOfFile: "\(folder)/\(name).jpg") }
        return Renderer(images: images)
    }()

    /// A three-column grid of the photos (square cells, 2 pt gaps), and the cell at row 1,
    /// column 1 (Ben) as the source.
    static func grid() -> (layers: [Layer], cell: Rect) {
        let side = (container.width - 4) / 3
        var layers: [Layer] = []
        var cell = Rect.zero
        for row in 0..<5 {
            for column in 0..<3 {
                let frame = Rect(x: Double(column) * (side + 2), y: 40 + Double(row) * (side + 2), width: side, height: side)
                var photo = Layer(name: "cell \(row),\(column)", frame: frame)
                photo.contents = ImageContents(image: ["ava", "ben", "cleo"][(row + column) % 3], gravity: .resizeAspectFill).mipmapped
                photo.masksToBounds = true
                layers.append(photo)
                if row == 1, column == 1 { cell = frame }
            }
        }
        return (layers, cell)
    }

    @Test func anInteractivePopShrinksRoundsAndRevealsTheDimmedGrid() throws {
        let (grid, cell) = Self.grid()
        // Ben's photo is 720 × 1280: shown aspect-fit across the full width at the detail.
        let height = Self.container.width * 1280 / 720
        let geometry = ZoomTransition.Geometry(container: Self.container, source: cell, destination:
            Rect(x: 0, y: (Self.container.height - height) / 2, width: Self.container.width, height: height),
                                               imageSize: Size(width: 720, height: 1280))
        var images: [RGBAImage] = []
        for progress in Self.progresses {
            var zoom = ZoomTransition(geometry: geometry, presented: true)
            zoom.touchBegan(at: Point(x: 20, y: 160), time: 0)
            zoom.touchMoved(to: Point(x: 20 + progress * Self.container.width, y: 160 + 20 * progress), time: 0.5)
            let scene = LayerScene(size: Self.container, backgroundColor: RGBAColor(white: 1),
                                   layers: zoom.layers(at: 0.5, grid: grid, image: ImageContents(image: "ben").mipmapped))
            let image = try Self.renderer.render(scene, scale: 2)
            DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "zoom",
                                     name: "pop-\(Int(progress * 100))")
            Self.goldens.assertMatches(image, label: "\(Int(progress * 100))", dependsOn: .jpegDecoder)
            images.append(image)
        }
        // At 0 the detail (a 9:16 photo in a 9:16 container) covers everything: above the grid,
        // its blue sky, not the screen's white.
        let sky = RenderCheck.rgba(images[0], 2 * 90, 2 * 20)
        #expect(sky[2] > sky[0] + 40, "the photo's sky: \(sky)")
        // At 0.5 the same spot is the white screen behind, dimmed (the image has moved right and
        // shrunk): grey.
        let dimmed = RenderCheck.rgba(images[2], 2 * 20, 2 * 20)
        #expect(abs(dimmed[0] - dimmed[2]) < 4 && dimmed[0] > 100 && dimmed[0] < 200, "dimmed white: \(dimmed)")
        // At 1 (scale 0.6) the grid shows dimmed at the corner: the first cell at half brightness.
        let corner = RenderCheck.rgba(images[4], 2 * 10, 2 * 50)
        #expect(corner[0] < 140 && corner[3] == 255, "dimmed grid: \(corner)")
        // The placeholder hides the source cell while the image is away (at 1 its centre is off it).
        let hole = RenderCheck.rgba(images[4], Int(2 * (cell.minX + 4)), Int(2 * (cell.minY + 4)))
        #expect(abs(hole[0] - hole[2]) < 6, "the grey placeholder under the dimming: \(hole)")
    }
}
