import MotionCore
import StoryKit
import Testing

/// While an item loads, its page shows the item's placeholder (blurred, aspect-filled over the
/// page) and never its media; an image's placeholder goes when its bytes arrive, a video's when
/// its first frame is on screen; the cube's next face shows its own while dragged; progress
/// waits for the real first frame. On a virtual clock.
@Suite struct StoriesViewerPlaceholderTests {
    static let hash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"

    static func feed() throws -> StoryFeed {
        let placeholder = StoryPlaceholder.blurHash(try BlurHash(hash))
        var a1 = StoryItem(id: "a1", kind: .image, url: "a1.jpg")
        a1.placeholder = placeholder
        var b1 = StoryItem(id: "b1", kind: .video, url: "b1.mp4")
        b1.placeholder = placeholder
        return StoryFeed(users: [
            StoryUser(id: "ava", name: "Ava", items: [a1, StoryItem(id: "a2", kind: .image, url: "a2.jpg")]),
            StoryUser(id: "ben", name: "Ben", items: [b1]),
        ])
    }

    /// The `"media"` layer of the page of `user` in `viewer`'s scene, every item's media named
    /// `"item:<id>"`.
    static func media(ofUser user: Int, in viewer: StoriesViewer) -> Layer? {
        let scene = viewer.scene(media: { u, i in ImageContents(image: "item:\(viewer.users[u].items[i].id)") })
        func find(_ layers: [Layer]) -> Layer? {
            for layer in layers {
                if layer.name == "page \(user)" { return layer.sublayers.first { $0.name == "media" } }
                if let found = find(layer.sublayers) { return found }
            }
            return nil
        }
        return find(scene.layers)
    }

    static func placeholderLayer(in media: Layer?) -> Layer? { media?.sublayers.first { $0.name == "placeholder" } }

    @Test func aLoadingImageShowsItsPlaceholderAndNeverItsPhotoUntilItsBytesArrive() throws {
        var viewer = StoriesViewer(feed: try Self.feed(), pageSize: ViewerFixtures.page)
        viewer.advance(to: 0.5)
        let loading = try #require(Self.media(ofUser: 0, in: viewer))
        #expect(loading.contents == nil)
        let placeholder = try #require(Self.placeholderLayer(in: loading))
        #expect(placeholder.contents?.image == "placeholder:a1")
        #expect(placeholder.contents?.gravity == .resizeAspectFill)
        #expect(placeholder.blurRadius == StoriesViewer.placeholderBlurRadius)
        // Over the whole page and 3 blur radii past each edge; the media layer clips it.
        #expect(placeholder.bounds.width == 390 + 36 && placeholder.bounds.height == 844 + 36)
        #expect(placeholder.position == Point(x: 195, y: 422) && loading.masksToBounds)
        #expect(viewer.placeholder(forUser: 0) == .blurHash(try BlurHash(Self.hash)))
        #expect(viewer.progress == 0)

        viewer.media(.ready, for: "a1", time: 0.6)
        let arrived = try #require(Self.media(ofUser: 0, in: viewer))
        #expect(arrived.contents?.image == "item:a1")
        #expect(Self.placeholderLayer(in: arrived) == nil && viewer.placeholder(forUser: 0) == nil)
        // The photo is there; progress still waits for it to be on screen.
        viewer.advance(to: 1.6)
        #expect(viewer.progress == 0)
        viewer.media(.displaying, for: "a1", time: 1.6)
        viewer.advance(to: 2.6)
        #expect(abs(viewer.progress - 0.2) < 1e-9)
    }

    @Test func aVideoShowsItsPlaceholderUntilItsFirstFrameIsDecoded() throws {
        var viewer = StoriesViewer(feed: try Self.feed(), user: 1, pageSize: ViewerFixtures.page)
        viewer.media(.duration(8), for: "b1", time: 0.1)
        viewer.media(.ready, for: "b1", time: 0.2)
        viewer.advance(to: 1)
        let ready = try #require(Self.media(ofUser: 1, in: viewer))
        #expect(ready.contents == nil && Self.placeholderLayer(in: ready)?.contents?.image == "placeholder:b1")
        #expect(viewer.progress == 0 && viewer.state == .loading)
        viewer.media(.displaying, for: "b1", time: 1)
        let playing = try #require(Self.media(ofUser: 1, in: viewer))
        #expect(playing.contents?.image == "item:b1" && Self.placeholderLayer(in: playing) == nil)
        viewer.advance(to: 3)
        #expect(abs(viewer.progress - 0.25) < 1e-9)
    }

    @Test func theCubesNextFaceShowsItsPlaceholderWhileDragged() throws {
        var viewer = StoriesViewer(feed: try Self.feed(), pageSize: ViewerFixtures.page)
        viewer.media(.displaying, for: "a1", time: 0)
        viewer.touchBegan(at: Point(x: 300, y: 400), time: 1)
        viewer.touchMoved(to: Point(x: 250, y: 402), time: 1.05)
        viewer.touchMoved(to: Point(x: 150, y: 404), time: 1.1)
        let next = try #require(Self.media(ofUser: 1, in: viewer))
        #expect(next.contents == nil && Self.placeholderLayer(in: next)?.contents?.image == "placeholder:b1")
        let current = try #require(Self.media(ofUser: 0, in: viewer))
        #expect(current.contents?.image == "item:a1" && Self.placeholderLayer(in: current) == nil)
    }

    @Test func anItemWithoutAPlaceholderStaysBlackWhileItLoads() throws {
        var viewer = StoriesViewer(feed: try Self.feed(), pageSize: ViewerFixtures.page)
        viewer.media(.displaying, for: "a1", time: 0)
        viewer.nextItem(time: 0.5)
        let media = try #require(Self.media(ofUser: 0, in: viewer))
        #expect(viewer.currentItem?.id == "a2")
        #expect(media.contents == nil && Self.placeholderLayer(in: media) == nil && media.backgroundColor == .black)
        #expect(viewer.placeholder(forUser: 0) == nil && viewer.placeholder(forUser: 7) == nil)
    }

    @Test func aFailedItemShowsItsPlaceholderUnderTheRetry() throws {
        var viewer = StoriesViewer(feed: try Self.feed(), pageSize: ViewerFixtures.page)
        viewer.media(.displaying, for: "a1", time: 0)
        viewer.media(.failed(reason: "offline"), for: "a1", time: 0.5)
        let media = try #require(Self.media(ofUser: 0, in: viewer))
        #expect(media.contents == nil && Self.placeholderLayer(in: media)?.contents?.image == "placeholder:a1")
    }
}
