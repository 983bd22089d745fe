import Foundation
import StoryKit
@testable import StoryKitUI
import Testing

/// What the UIKit front-end takes from the model for tappable areas: the page's pills and their
/// labels, and the area events resolved into the feed's values.
@Suite struct StoriesAreaFrontEndTests {
    static func viewer() -> StoriesViewer {
        var item = StoryItem(id: "a1", kind: .image, url: "a1.jpg")
        item.areas = [StoryArea(id: "shop", kind: .link(url: "https://example.com"), frame: Rect(x: 0.1, y: 0.1, width: 0.5, height: 0.1)),
                      StoryArea(id: "more", kind: .action(label: "See more", swipeUp: true),
                                frame: Rect(x: 0.3, y: 0.88, width: 0.4, height: 0.06))]
        let feed = StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [item, StoryItem(id: "a2", kind: .image, url: "a2.jpg")])])
        return StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
    }

    @Test func thePageShowsTheActionPillAndItsLabelAndNothingWithoutOne() throws {
        var viewer = Self.viewer()
        let page = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        let areas = page.layers.first { $0.name == "areas" }
        #expect(areas?.sublayers.map(\.name) == ["action more"])
        #expect(areas?.sublayers.first?.sublayers.first { $0.name == "label" }?.text?.string == "See more")
        viewer.nextItem(time: 1)
        let next = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        #expect(next.layers.allSatisfy { $0.name != "areas" })
    }

    @Test func anAreaTapReachesTheHostWithTheUserItemAndArea() {
        let viewer = Self.viewer()
        let events = StoriesEvent.resolving([.areaTapped(user: 0, item: 0, id: "a1", areaID: "shop"),
                                             .areaTapped(user: 0, item: 0, id: "a1", areaID: "gone"),
                                             .areaTapped(user: 3, item: 0, id: "x", areaID: "shop")], in: viewer)
        let user = viewer.users[0]
        #expect(events == [.areaTapped(user: user, item: user.items[0], area: user.items[0].areas[0])])
    }
}
