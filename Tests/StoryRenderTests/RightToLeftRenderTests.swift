import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// The mirrored effects through the compositor: the cube, the viewer and the tray laid out right
/// to left by their models. Goldens of each (also written to `$STORYKIT_DEBUG_RENDERS/rtl/`) and
/// a pixel check that the right-to-left cube is the left-to-right one mirrored at every stage.
// The viewer and the tray show names and photos: text gates the suite, JPEGs widen the tolerance.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct RightToLeftRenderTests {
    /// The goldens of this file's tests (`__Snapshots__/RightToLeftRenderTests/`).
    static let goldens = GoldenImages([
        "theCubeTurnsTheOtherWayMidTurn": ["25"],
        "theViewerFillsItsBarsFromTheRightWithTheAvatarAtTheRight": [],
        "theTrayStartsAtTheRight": [],
    ])

    // MARK: Cube

    static let cubeSize = Size(width: 200, height: 300)

    /// The two-page cube (red, blue) dragged `position` pages forward in `direction`, rendered at 1×.
    static func cube(at position: Double, _ direction: StoryLayoutDirection) throws -> RGBAImage {
        var pager = CubePager(pageCount: 2, pageSize: cubeSize)
        pager.layoutDirection = direction
        let s = direction.sign
        pager.touchBegan(at: Point(x: 100, y: 0), time: 0)
        pager.touchMoved(to: Point(x: 100 - s * 10, y: 0), time: 0.01)   // locks at the 10 pt slop
        pager.touchMoved(to: Point(x: 100 - s * (10 + position * cubeSize.width), y: 0), time: 0.02)
        let renderer = Renderer(images: ["red": RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255)),
                                         "blue": RGBAImage(width: 8, height: 8, fill: (0, 0, 255, 255))])
        let image = try renderer.render(pager.scene { ImageContents(image: $0 == 0 ? "red" : "blue") })
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels,
                                 topic: "rtl", name: "cube-\(direction.rawValue)-\(Int(position * 100))")
        return image
    }

    @Test(arguments: [0.1, 0.25, 0.5, 0.75, 0.9])
    func theRightToLeftCubeIsTheLeftToRightOneMirroredPixelByPixel(position: Double) throws {
        let ltr = try Self.cube(at: position, .leftToRight), rtl = try Self.cube(at: position, .rightToLeft)
        var differing = 0
        for y in 0..<ltr.height {
            for x in 0..<ltr.width {
                let a = RenderCheck.rgba(ltr, ltr.width - 1 - x, y), b = RenderCheck.rgba(rtl, x, y)
                if zip(a, b).contains(where: { abs($0 - $1) > 3 }) { differing += 1 }
            }
        }
        // Pixel centres mirror onto pixel centres: only edge anti-aliasing may round apart.
        #expect(differing <= ltr.width * ltr.height / 1_000, "\(differing) pixels differ at \(position)")
    }

    @Test(arguments: [0.25])
    func theCubeTurnsTheOtherWayMidTurn(position: Double) throws {
        // A quarter of the way to page 1 (blue), right to left: blue arrives on the LEFT, red leaves to the right.
        let image = try Self.cube(at: position, .rightToLeft)
        Self.goldens.assertMatches(image, label: "\(Int(position * 100))")
        #expect(RenderCheck.rgba(image, 20, 150)[2] > 150 && RenderCheck.rgba(image, 20, 150)[0] < 40, "blue at the left")
        #expect(RenderCheck.rgba(image, 150, 150)[0] > 150 && RenderCheck.rgba(image, 150, 150)[2] < 40, "red at the right")
    }

    // MARK: Viewer

    static let page = Size(width: 180, height: 320)
    static let now = 1_764_000_000.0
    static let feed = StoryFeed(users: ["ava", "ben", "cleo"].map { name in
        StoryUser(id: name, name: name.capitalized, avatar: name, items: [5, 3, 2].enumerated().map { index, hours in
            StoryItem(id: "\(name)-\(index + 1)", kind: .image, url: name, createdAt: now - Double(hours) * 3_600)
        })
    })

    static let renderer: Renderer = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/cube").standardized.path
        var images: [String: RGBAImage] = [:]
        for name in ["ava", "ben", "cleo"] { images[name] = try? RGBAImage(contentsOfFile: "\(folder)/\(name).jpg") }
        return Renderer(images: images)
    }()

    @Test func theViewerFillsItsBarsFromTheRightWithTheAvatarAtTheRight() throws {
        var configuration = StoriesViewer.Configuration()
        configuration.layoutDirection = .rightToLeft
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page, configuration: configuration)
        for id in ["ava-1", "ava-2", "ava-3", "ben-1"] { viewer.media(.displaying, for: id, time: 0) }
        viewer.advance(to: 7.5)                                  // the second item, half way
        let photo = Rect(x: 0, y: 0.16, width: 1, height: 0.84)
        let scene = viewer.scene(media: { user, _ in ImageContents(image: viewer.users[user].id, contentsRect: photo) },
                                 avatar: { user in ImageContents(image: viewer.users[user].id) }, now: Self.now)
        let image = try Self.renderer.render(scene, scale: 2)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "rtl", name: "viewer")
        Self.goldens.assertMatches(image, dependsOn: [.jpegDecoder, .textEngine])
        // Bars: 3 segments of 52 pt from the right: the first at 120…172 (full), the second at
        // 64…116, filled over its right half (90…116), the third at 8…60 (empty).
        #expect(RenderCheck.pixel(image, 2 * 150, 2 * 9, is: [255, 255, 255, 255], tolerance: 3), "the first, full, at the right")
        #expect(RenderCheck.pixel(image, 2 * 108, 2 * 9, is: [255, 255, 255, 255], tolerance: 3), "the second's right half")
        #expect(RenderCheck.rgba(image, 2 * 72, 2 * 9)[0] < 235, "the second's left half is the translucent track")
        #expect(RenderCheck.rgba(image, 2 * 30, 2 * 9)[0] < 235, "the third, empty, at the left")
    }

    // MARK: Tray

    @Test func theTrayStartsAtTheRight() throws {
        var configuration = StoryTray.Configuration()
        configuration.layoutDirection = .rightToLeft
        let feed = StoryFeed(users: ["ava", "ben", "cleo", "dan", "eve"].map { id in
            StoryUser(id: id, name: id.capitalized, items: [StoryItem(id: "\(id)-1", kind: .image, url: "\(id).jpg")])
        })
        let tray = StoryTray(feed: feed, seen: ["ava-1", "cleo-1"], viewportWidth: 240, configuration: configuration)
        let photos = ["ava": "ava", "ben": "ben", "cleo": "cleo", "dan": "ava", "eve": "cleo"]
        let layers = tray.layers(at: 0) { index in
            photos[tray.users[index].id].map { ImageContents(image: $0, gravity: .resizeAspectFill).mipmapped }
        }
        let image = try Self.renderer.render(LayerScene(size: Size(width: tray.viewportWidth, height: tray.height),
                                                        backgroundColor: .white, layers: layers), scale: 2)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "rtl", name: "tray")
        Self.goldens.assertMatches(image, dependsOn: [.jpegDecoder, .textEngine])
        // Ben (unseen, first) at the right edge: his avatar 17.5 pt from it; the third user cut at the left.
        let first = try #require(tray.avatarFrame(user: 0))
        #expect(tray.users[0].id == "ben" && first.maxX == 240 - 17.5)
        let third = try #require(tray.avatarFrame(user: 2))
        #expect(third.minX < 17.5)
        let centre = RenderCheck.rgba(image, Int(2 * first.midX), Int(2 * first.midY))
        #expect(centre[3] == 255 && !(centre[0] > 250 && centre[1] > 250 && centre[2] > 250), "a photo, not the background")
    }
}
