import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// The compositor draws a loading item's placeholder: a BlurHash decoded small at the page's
/// aspect, scaled up aspect-filled and blurred, under the chrome and the loading ring; the page
/// is never black and its edges keep the placeholder's colours. Golden frame
/// `aLoadingPageShowsItsPlaceholder.loading` (also written to `$STORYKIT_DEBUG_RENDERS/viewer/`).
// The frame shows the user's name: text gates the suite.
@Suite(.enabled(if: GoldenImages.referenceTextEngineIsAvailable, GoldenImages.textEngineReason))
struct StoriesViewerPlaceholderRenderTests {
    static let page = Size(width: 180, height: 320)
    static let goldens = GoldenImages(["aLoadingPageShowsItsPlaceholder": ["loading"],
                                       "theCubesNextFaceShowsItsPlaceholderMidTurn": ["turn"]])
    static let hash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"

    static func viewer() throws -> StoriesViewer {
        var item = StoryItem(id: "ava-1", kind: .image, url: "ava-1.jpg")
        item.placeholder = .blurHash(try BlurHash(hash))
        var next = StoryItem(id: "ben-1", kind: .video, url: "ben-1.mp4")
        next.placeholder = item.placeholder
        return StoriesViewer(feed: StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [item]),
                                                     StoryUser(id: "ben", name: "Ben", items: [next])]), pageSize: page)
    }

    /// The placeholder's pixels as the scene's image table holds them.
    static func bitmap() throws -> RGBAImage {
        let placeholder = StoryPlaceholder.blurHash(try BlurHash(hash))
        let bitmap = try #require(placeholder.bitmap(forPage: page))
        return try #require(RGBAImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.rgba))
    }

    static func render(_ viewer: StoriesViewer) throws -> RGBAImage {
        let renderer = Renderer(images: [StoryPlaceholder.imageName(forItem: "ava-1"): try bitmap(),
                                         StoryPlaceholder.imageName(forItem: "ben-1"): try bitmap(),
                                         "photo": RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 255))])
        return try renderer.render(viewer.scene(media: { _, _ in ImageContents(image: "photo") }), scale: 2)
    }

    @Test func aLoadingPageShowsItsPlaceholder() throws {
        var viewer = try Self.viewer()
        viewer.advance(to: 0.4)
        #expect(viewer.state == .loading)
        let image = try Self.render(viewer)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "viewer",
                                 name: "placeholder-loading")
        Self.goldens.assertMatches(image, label: "loading", dependsOn: [.textEngine])
        // The placeholder's colours where no chrome covers them: its pixel at the same place,
        // softened by the blur; never black, never the photo's red.
        let small = try Self.bitmap()
        for (u, v) in [(0.5, 0.7), (0.2, 0.9), (0.8, 0.6), (0.03, 0.98), (0.97, 0.97)] {
            let drawn = RenderCheck.rgba(image, Int(u * Double(image.width)), Int(v * Double(image.height)))
            let source = RenderCheck.rgba(small, Int(u * Double(small.width)), Int(v * Double(small.height)))
            #expect(zip(drawn.prefix(3), source.prefix(3)).allSatisfy { abs($0 - $1) <= 14 },
                    "at \(u), \(v): drawn \(drawn), placeholder \(source)")
        }
    }

    @Test func thePhotoReplacesThePlaceholderOnceItsBytesArrive() throws {
        var viewer = try Self.viewer()
        viewer.media(.ready, for: "ava-1", time: 0.2)
        viewer.advance(to: 0.4)
        let image = try Self.render(viewer)
        #expect(RenderCheck.pixel(image, image.width / 2, image.height * 3 / 4, is: [255, 0, 0, 255], tolerance: 2))
    }

    @Test func theCubesNextFaceShowsItsPlaceholderMidTurn() throws {
        var viewer = try Self.viewer()
        viewer.media(.displaying, for: "ava-1", time: 0)
        viewer.touchBegan(at: Point(x: 150, y: 160), time: 1)
        for step in 1...6 { viewer.touchMoved(to: Point(x: 150 - 12 * Double(step), y: 161), time: 1 + 0.03 * Double(step)) }
        let image = try Self.render(viewer)
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels, topic: "viewer",
                                 name: "placeholder-turn")
        Self.goldens.assertMatches(image, label: "turn", dependsOn: [.textEngine])
        // The current face is the photo (red) on the left; the next face, turning in on the
        // right, is its placeholder, not black and not the photo.
        #expect(RenderCheck.pixel(image, image.width / 8, image.height * 3 / 4, is: [255, 0, 0, 255], tolerance: 60))
        let next = RenderCheck.rgba(image, image.width * 15 / 16, image.height * 3 / 4)
        #expect(next[0] > 60 && next[1] > 60 && next[2] > 60 && !(next[0] > 200 && next[1] < 60), "the next face: \(next)")
    }
}
