import MotionCore
import StoryKit
import Testing

/// What a page draws while its item loads and after it failed, and what the host hears when a
/// failed item becomes current: the viewer's scene draws nothing of an item before its media
/// arrived, and a failed item's page its retry state, however the item was reached.
@Suite struct StoriesViewerFailedPageTests {
    static func layer(named name: String, in layers: [Layer]) -> Layer? {
        for layer in layers {
            if layer.name == name { return layer }
            if let found = Self.layer(named: name, in: layer.sublayers) { return found }
        }
        return nil
    }

    static func page(_ user: Int, of viewer: StoriesViewer) throws -> Layer {
        let scene = viewer.scene(media: { user, item in ImageContents(image: "\(user)-\(item)") })
        return try #require(Self.layer(named: "page \(user)", in: scene.layers))
    }

    @Test func nothingOfAnItemIsDrawnBeforeItsMediaArrived() throws {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        viewer.advance(to: 0.5)
        let loading = try Self.page(0, of: viewer)
        #expect(Self.layer(named: "media", in: [loading])?.contents == nil, "no picture under the loading ring")
        #expect(Self.layer(named: "loading", in: [loading]) != nil)

        viewer.media(.ready, for: "a1", time: 0.6)
        viewer.media(.displaying, for: "a1", time: 0.6)
        let shown = try Self.page(0, of: viewer)
        #expect(Self.layer(named: "media", in: [shown])?.contents?.image == "0-0")
        #expect(Self.layer(named: "loading", in: [shown]) == nil)
    }

    @Test func aFailedItemDrawsCouldntLoadAndARetryGlyphInsteadOfItsPicture() throws {
        var viewer = ViewerFixtures.viewer()
        viewer.tap(x: 350, at: 1)                                    // a2, never reported
        viewer.media(.failed(reason: "HTTP 404"), for: "a2", time: 1.2)
        let page = try Self.page(0, of: viewer)
        let retry = try #require(Self.layer(named: "retry", in: [page]))
        #expect(Self.layer(named: "message", in: [retry])?.text?.string == "Couldn\u{2019}t load")
        #expect(Self.layer(named: "glyph", in: [retry])?.shape != nil)
        #expect(Self.layer(named: "media", in: [page])?.contents == nil)
        #expect(Self.layer(named: "loading", in: [page]) == nil)
        #expect(viewer.scene(media: { _, _ in nil }).isValid)

        viewer.retry(time: 2)
        let again = try Self.page(0, of: viewer)
        #expect(Self.layer(named: "retry", in: [again]) == nil, "a retry loads again: the ring, not the message")
        #expect(Self.layer(named: "loading", in: [again]) != nil)
    }

    @Test func aFailedItemReachedByACubeTurnIsReportedAsFailed() throws {
        var viewer = ViewerFixtures.viewer()
        var events = viewer.showUser(1, time: 1)                    // Ben's page turns into view
        events += viewer.media(.failed(reason: "HTTP 500"), for: "b1", time: 1.1)
        #expect(!events.contains(.failed(id: "b1", reason: "HTTP 500")), "not current yet")
        var t = 1.1
        for _ in 0..<240 where viewer.userIndex == 0 {
            t += 1.0 / 60
            events += viewer.advance(to: t)
        }
        #expect(viewer.userIndex == 1)
        let shown = try #require(events.firstIndex(of: .itemShown(user: 1, item: 0, id: "b1")))
        let failed = try #require(events.firstIndex(of: .failed(id: "b1", reason: "HTTP 500")))
        #expect(failed > shown, "itemShown, then failed: as when a tap reaches it")
        #expect(viewer.state == .failed(reason: "HTTP 500"))
    }

    @Test func aFailedItemReachedByATapIsReportedOnce() {
        var viewer = ViewerFixtures.viewer()
        var events = viewer.tap(x: 350, at: 1)
        events += viewer.media(.failed(reason: "HTTP 404"), for: "a2", time: 1.2)
        #expect(events.filter { $0 == .failed(id: "a2", reason: "HTTP 404") }.count == 1)
    }
}
