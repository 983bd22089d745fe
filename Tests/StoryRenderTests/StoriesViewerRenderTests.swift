import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// Renders the Stories viewer's scene through the compositor: golden frames of an item at 0, 50
/// and 100 %, a hold, mid-cube and the dismiss at 25, 50 and 75 % (also written to
/// `$STORYKIT_DEBUG_RENDERS/viewer/`), and pixel checks of the bars, the chrome and the backdrop.
// The viewer's goldens show the user's name and photos: text gates the suite, JPEGs widen the tolerance.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct StoriesViewerRenderTests {
    static let page = Size(width: 180, height: 320)
    static let avatar = Rect(x: 16, y: 40, width: 40, height: 40)
    /// The wall clock of the renders: items were posted 2, 3 and 5 hours before.
    static let now = 1_764_000_000.0
    /// The goldens of this file's tests (`__Snapshots__/StoriesViewerRenderTests/`).
    static let goldens = GoldenImages([
        "anItemRendersAtEachStage": ["0", "50", "100"],
        "aHoldFadesTheChromeOut": ["held"],
        "theCubeShowsTwoUsersMidTurn": [],
        "theDismissShrinksTowardTheAvatar": ["25", "50", "75"],
    ])

    static let feed = StoryFeed(users: ["ava", "ben", "cleo"].map { name in
        StoryUser(id: name, name: name.capitalized, avatar: name, items: [5, 3, 2].enumerated().map { index, hours in
            StoryItem(id: "\(name)-\(index + 1)", kind: .image, url: name, createdAt: now - Double(hours) * 3_600)
        })
    })

    static let renderer: Renderer = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/cube").standardized.path
        var images: [String: RGBAImage] = [:]
        for name in ["ava", "ben", "cleo"] {
            images[name] = try? RGBAImage(contentsOfFile: "\(folder)/\(name).jpg")
        }
        return Renderer(images: images)
    }()

    /// Renders `viewer` at 2× (written for looking as `name`), compared with `test`'s golden
    /// `label` when the test declares it.
    static func render(_ viewer: StoriesViewer, _ name: String, label: String? = nil, test: String = #function) throws -> RGBAImage {
        // The example photos carry a page number and bars of their own at the top: crop them off.
        let photo = Rect(x: 0, y: 0.16, width: 1, height: 0.84)
        let scene = viewer.scene(media: { user, _ in ImageContents(image: viewer.users[user].id, contentsRect: photo).mipmapped },
                                 avatar: { user in ImageContents(image: viewer.users[user].id).mipmapped },
                                 behind: [Layer(name: "tray", frame: Rect(x: 0, y: 0, width: page.width, height: page.height))
                                     .with { $0.backgroundColor = RGBAColor(white: 0.93) }],
                                 now: now)
        let image = try renderer.render(scene, scale: 2)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "viewer", name: name)
        if goldens.declares(label, test: test) { goldens.assertMatches(image, label: label, test: test, dependsOn: [.jpegDecoder, .textEngine]) }
        return image
    }

    static func playing() -> StoriesViewer {
        var viewer = StoriesViewer(feed: feed, pageSize: page)
        for id in ["ava-1", "ava-2", "ava-3", "ben-1", "cleo-1"] { viewer.media(.displaying, for: id, time: 0) }
        return viewer
    }

    @Test func theBarsShowPastItemsFullAndTheCurrentOneAtItsProgress() throws {
        var viewer = Self.playing()
        viewer.advance(to: 7.5)                                  // the second item, half way
        let image = try Self.render(viewer, "item-2-at-50")
        // Bars: inset 8, gap 4, 3 segments over 164 pt → 52 pt each, 2 pt high at y 8…10 (×2).
        #expect(RenderCheck.pixel(image, 2 * 30, 2 * 9, is: [255, 255, 255, 255], tolerance: 3), "the first, full")
        #expect(RenderCheck.pixel(image, 2 * (68 + 20), 2 * 9, is: [255, 255, 255, 255], tolerance: 3), "the second's first half")
        let unfilled = RenderCheck.rgba(image, 2 * (68 + 40), 2 * 9)
        #expect(unfilled[0] < 235, "the second's second half is the translucent track")
    }

    @Test(arguments: [0.0, 0.5, 1.0])
    func anItemRendersAtEachStage(fraction: Double) throws {
        var viewer = Self.playing()
        viewer.advance(to: 5 + 5 * fraction - (fraction == 1 ? 1e-6 : 0))   // the second item
        #expect(viewer.itemIndex == 1)
        _ = try Self.render(viewer, "item-\(Int(fraction * 100))", label: "\(Int(fraction * 100))")
    }

    @Test func aHoldFadesTheChromeOut() throws {
        var free = Self.playing()
        free.advance(to: 6)                                       // the first item done: its bar full
        var held = free
        held.touchBegan(at: Point(x: 90, y: 200), time: 6)
        held.advance(to: 7)
        let heldImage = try Self.render(held, "held", label: "held")
        let freeImage = try Self.render(free, "not-held")
        #expect(RenderCheck.pixel(freeImage, 2 * 30, 2 * 9, is: [255, 255, 255, 255], tolerance: 3), "the full bar")
        #expect(RenderCheck.rgba(heldImage, 2 * 30, 2 * 9)[0] < 150, "no bar in a hold: the photo's dark sky")
        #expect(RenderCheck.rgba(heldImage, 2 * 24, 2 * 34) != RenderCheck.rgba(freeImage, 2 * 24, 2 * 34), "no avatar either")
    }

    @Test func theCubeShowsTwoUsersMidTurn() throws {
        var viewer = Self.playing()
        viewer.touchBegan(at: Point(x: 150, y: 160), time: 1)
        for frame in 1...8 { viewer.touchMoved(to: Point(x: 150 - Double(frame) * 11.25, y: 160), time: 1 + Double(frame) / 60) }
        _ = try Self.render(viewer, "mid-turn")
        #expect(viewer.cube.layout.leading?.index == 0 && viewer.cube.layout.trailing?.index == 1)
    }

    @Test(arguments: [0.25, 0.5, 0.75])
    func theDismissShrinksTowardTheAvatar(fraction: Double) throws {
        var viewer = Self.playing()
        viewer.setAvatarFrame(Self.avatar, time: 0.5)
        viewer.touchBegan(at: Point(x: 90, y: 100), time: 1)
        // 50 % of the dismiss is a quarter of the page's height (dismissDistance 0.5) past the slop.
        let dy = 10 + fraction * 0.5 * Self.page.height
        for frame in 1...10 { viewer.touchMoved(to: Point(x: 90, y: 100 + dy * Double(frame) / 10), time: 1 + Double(frame) / 60) }
        let image = try Self.render(viewer, "dismiss-\(Int(fraction * 100))", label: "\(Int(fraction * 100))")
        let geometry = viewer.dismissGeometry
        #expect(abs(geometry.progress - fraction) < 1e-9)
        // The tray shows through the backdrop in proportion (0.93 white under black at 1 − p),
        // and the page's scaled box holds the photo, outside it only the backdrop.
        let tray = Int((0.93 * 255 * fraction).rounded())
        #expect(RenderCheck.pixel(image, 1, 1, is: [tray, tray, tray, 255], tolerance: 3))
        let centre = Point(x: 90 + geometry.offset.x, y: 160 + geometry.offset.y)
        let halfHeight = geometry.mask.height * geometry.scale / 2
        #expect(RenderCheck.rgba(image, Int(2 * centre.x), Int(2 * (centre.y - halfHeight + 20))) != [tray, tray, tray, 255])
        if centre.y + halfHeight + 4 < Self.page.height {
            #expect(RenderCheck.pixel(image, Int(2 * centre.x), Int(2 * (centre.y + halfHeight + 3)), is: [tray, tray, tray, 255], tolerance: 3))
        }
    }
}

extension Layer {
    /// A copy changed by `change`.
    func with(_ change: (inout Layer) -> Void) -> Layer {
        var copy = self
        change(&copy)
        return copy
    }
}
