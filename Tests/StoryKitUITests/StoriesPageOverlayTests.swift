import MotionCore
import StoryKit
@testable import StoryKitUI
import Testing

/// What the UIKit page draws over its media comes from the scene: the presentation's layers end
/// with the model's `"loading"` or `"retry"` layer, and a failure drops the pictures under the top.
@Suite struct StoriesPageOverlayTests {
    static let feed = StoryFeed(users: [
        StoryUser(id: "ava", name: "Ava", items: [StoryItem(id: "a1", kind: .image, url: "a1.jpg")]),
        StoryUser(id: "ben", name: "Ben", items: [StoryItem(id: "b1", kind: .image, url: "b1.jpg")]),
    ])

    static func viewer() -> StoriesViewer { StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844)) }

    final class View {}

    @Test func theLoadingPageCarriesTheScenesRingAndAFailedPageItsRetryState() throws {
        var viewer = Self.viewer()
        viewer.advance(to: 0.3)
        let loading = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        #expect(!loading.showsFailure && loading.layers.last == viewer.overlayLayer(forUser: 0))
        #expect(loading.layers.last?.name == "loading")
        viewer.media(.failed(reason: "HTTP 500"), for: "a1", time: 0.4)
        let failed = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        #expect(failed.showsFailure && failed.layers.last?.name == "retry")
        #expect(failed.layers.last == viewer.overlayLayer(forUser: 0), "the same layer the compositor draws")
        viewer.media(.ready, for: "a1", time: 0.5)
        viewer.retry(time: 0.6)
        viewer.media(.displaying, for: "a1", time: 0.7)
        let shown = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        #expect(!shown.showsFailure && shown.layers.last?.name == "chrome", "no ring, no retry")
    }

    @Test func theRingIsTheCurrentPagesOnlyAndAFailureShowsOnAnyPage() throws {
        var viewer = Self.viewer()
        viewer.advance(to: 0.3)                 // Ava's page loads; Ben's is not current
        let ben = try #require(StoriesPagePresentation(user: 1, viewer: viewer, now: 0))
        #expect(viewer.userIndex == 0 && !ben.showsFailure && ben.layers.last?.name == "chrome")
        viewer.media(.failed(reason: "HTTP 404"), for: "b1", time: 0.4)
        let failed = try #require(StoriesPagePresentation(user: 1, viewer: viewer, now: 0))
        #expect(failed.layers.last?.name == "retry", "a neighbour's failure shows on its face, as the scene draws it")
    }

    @Test func aFailureDropsTheViewsUnderTheTopAndNothingElseDoes() {
        var stack = StoriesMediaStack<View>()
        let old = View(), new = View()
        _ = stack.push(old)
        _ = stack.push(new)
        #expect(stack.dropBelowTop(when: false).isEmpty && stack.elements.count == 2)
        let dropped = stack.dropBelowTop(when: true)
        #expect(dropped.count == 1 && dropped[0] === old && stack.elements.count == 1 && stack.top === new)
    }
}
