import Foundation
import MotionCore
import StoryKit
import Testing

/// The viewer's tappable areas on a virtual clock: a tap on an area is the area's, a hold over
/// one still pauses, a swipe up fires a swipe-up action, and VoiceOver and the scene see them.
@Suite struct StoriesViewerAreaTests {
    /// Ava's first item carries a link rotated 30° (a 1080×1920 picture), a mention and a
    /// swipe-up "See more"; Ben's none.
    static func viewer() -> StoriesViewer {
        var feed = ViewerFixtures.feed
        feed.users[0].items[0].areas = [
            StoryArea(id: "shop", kind: .link(url: "https://www.example.com/shoes"),
                      frame: Rect(x: 0.2, y: 0.4, width: 0.6, height: 0.1), rotation: 30),
            StoryArea(id: "tag", kind: .mention(userID: "ben"), frame: Rect(x: 0.1, y: 0.15, width: 0.3, height: 0.05)),
            StoryArea(id: "more", kind: .action(label: "See more", swipeUp: true), frame: Rect(x: 0.3, y: 0.88, width: 0.4, height: 0.06)),
        ]
        var viewer = StoriesViewer(feed: feed, pageSize: ViewerFixtures.page)
        viewer.setMediaSize(Size(width: 1080, height: 1920), forItem: "a1")
        viewer.displayEverythingListed(time: 0)
        return viewer
    }

    /// A point of the link's rectangle in its own axes (points from its centre), on the page.
    static func onLink(_ u: Double, _ v: Double) -> Point {
        let angle = 30.0 * .pi / 180
        return Point(x: 195 + u * cos(angle) - v * sin(angle), y: 379.8 + u * sin(angle) + v * cos(angle))
    }

    /// The link's half sides, in points (0.6 × 474.75 wide, 0.1 × 844 tall).
    static let halfWidth = 284.85 / 2, halfHeight = 84.4 / 2

    @Test func aTapNearARotatedAreasCornerIsTheAreasAndNeitherAdvancesNorPauses() {
        var viewer = Self.viewer()
        viewer.advance(to: 1)
        let corner = Self.onLink(Self.halfWidth - 2, Self.halfHeight - 2)
        let events = viewer.touchBegan(at: corner, time: 1) + viewer.touchEnded(at: corner, time: 1.05)
        #expect(events == [.areaTapped(user: 0, item: 0, id: "a1", areaID: "shop")])
        #expect(viewer.userIndex == 0 && viewer.itemIndex == 0)
        #expect(viewer.elapsed == 1, "the elapsed time is what it was at the touch-down")
        #expect(viewer.pauseReasons.isEmpty && viewer.state == .playing)
        viewer.advance(to: 2.05)
        #expect(abs(viewer.elapsed - 2) < 1e-9, "progress goes on after the tap")
    }

    @Test func aTapJustOutsideTheRotatedAreaIsAPageTap() {
        var viewer = Self.viewer()
        viewer.advance(to: 1)
        // Inside the area's upright bounding box, outside the rotated rectangle, on the right.
        let outside = Self.onLink(Self.halfWidth + 2, Self.halfHeight - 2)
        #expect(outside.x > 390 / 3 && viewer.area(at: outside) == nil)
        let events = viewer.touchBegan(at: outside, time: 1) + viewer.touchEnded(at: outside, time: 1.05)
        #expect(events.contains(.itemShown(user: 0, item: 1, id: "a2")))
        #expect(!events.contains { if case .areaTapped = $0 { return true } else { return false } })
    }

    @Test func aHoldOverAnAreaStillPausesAndTapsNothing() {
        var viewer = Self.viewer()
        viewer.advance(to: 1)
        let middle = Self.onLink(0, 0)
        viewer.touchBegan(at: middle, time: 1)
        viewer.advance(to: 3)
        #expect(viewer.elapsed == 1 && viewer.pauseReasons == .held)
        let events = viewer.touchEnded(at: middle, time: 3)
        #expect(events.isEmpty && viewer.itemIndex == 0)
        viewer.advance(to: 4)
        #expect(abs(viewer.elapsed - 2) < 1e-9)
    }

    @Test func aSwipeUpOnAnItemWithASwipeUpActionFiresItInsteadOfAReply() {
        var viewer = Self.viewer()
        viewer.advance(to: 1)
        viewer.touchBegan(at: Point(x: 200, y: 600), time: 1)
        let events = viewer.touchMoved(to: Point(x: 200, y: 560), time: 1.05)
        #expect(events == [.areaTapped(user: 0, item: 0, id: "a1", areaID: "more")])
        viewer.touchEnded(at: Point(x: 200, y: 500), time: 1.1)
        #expect(viewer.itemIndex == 0)
        // Ava's second item has no areas: a swipe up is a reply.
        viewer.nextItem(time: 2)
        viewer.displayEverythingListed(time: 2)
        viewer.touchBegan(at: Point(x: 200, y: 600), time: 2.1)
        #expect(viewer.touchMoved(to: Point(x: 200, y: 560), time: 2.15) == [.reply(user: 0, item: 1, id: "a2")])
    }

    @Test func areasAreOnlyHitOnAPageAtRestAndOnlyTheCurrentItems() {
        var viewer = Self.viewer()
        viewer.showUser(1, time: 0.5)
        #expect(viewer.area(at: Self.onLink(0, 0)) == nil && viewer.areaPlacements.isEmpty, "turning")
        viewer.run(to: 3, from: 0.5)
        #expect(viewer.userIndex == 1 && viewer.area(at: Self.onLink(0, 0)) == nil, "Ben's item has no areas")
    }

    @Test func voiceOverSeesEachAreaWithItsLabelAndFrameAndActivatesIt() throws {
        var viewer = Self.viewer()
        let elements = viewer.areaAccessibilityElements
        #expect(elements.map(\.id) == ["more", "tag", "shop"], "front-most first")
        #expect(elements.map(\.label) == ["See more", "Mention, ben", "Link, example.com"])
        #expect(elements[0].hint == "Or swipe up" && elements[2].isLink && !elements[1].isLink)
        let link = elements[2].frame
        let corners = [Self.onLink(-Self.halfWidth, -Self.halfHeight), Self.onLink(Self.halfWidth, -Self.halfHeight),
                       Self.onLink(Self.halfWidth, Self.halfHeight), Self.onLink(-Self.halfWidth, Self.halfHeight)]
        #expect(abs(link.minY - (corners.map(\.y).min() ?? 0)) < 1e-9 && abs(link.maxY - (corners.map(\.y).max() ?? 0)) < 1e-9)
        #expect(link.minX >= 0 && link.maxX <= 390, "clipped to the page")
        viewer.advance(to: 1)
        #expect(viewer.tapArea("tag", time: 1.5) == [.areaTapped(user: 0, item: 0, id: "a1", areaID: "tag")])
        #expect(viewer.tapArea("nope", time: 1.6).isEmpty && viewer.itemIndex == 0 && abs(viewer.elapsed - 1.6) < 1e-9)
    }

    @Test func theSceneDrawsTheActionAsAPillAndNothingForLinksAndMentions() throws {
        let viewer = Self.viewer()
        let scene = viewer.scene(media: { _, _ in ImageContents(image: "photo") })
        #expect(scene.isValid)
        let page = try #require(scene.layers.last?.sublayers.first?.sublayers.first)
        let areas = try #require(page.sublayers.first { $0.name == "areas" })
        #expect(areas.sublayers.map(\.name) == ["action more"])
        let pill = try #require(areas.sublayers.first)
        // 0.3…0.7 of a 474.75-pt-wide picture cropped by 42.375 pt; 0.88…0.94 of 844 pt.
        #expect(abs(pill.position.x - 195) < 1e-9 && abs(pill.position.y - 0.91 * 844) < 1e-9)
        #expect(abs(pill.bounds.width - 0.4 * 474.75) < 1e-9 && pill.cornerRadius == pill.bounds.height / 2)
        #expect(pill.sublayers.first { $0.name == "label" }?.text?.string == "See more")
        #expect(pill.sublayers.contains { $0.name == "chevron" })
    }

    @Test func aRotatedPillTurnsWithItsLabel() throws {
        var feed = ViewerFixtures.feed
        feed.users[0].items[0].areas = [StoryArea(id: "go", kind: .action(label: "Go", swipeUp: false),
                                                  frame: Rect(x: 0.3, y: 0.8, width: 0.4, height: 0.06), rotation: -4)]
        let viewer = StoriesViewer(feed: feed, pageSize: ViewerFixtures.page)
        let pill = try #require(viewer.areaLayer(forUser: 0)?.sublayers.first)
        #expect(abs(atan2(pill.transform.m12, pill.transform.m11) + 4 * Double.pi / 180) < 1e-12)
        let label = try #require(pill.sublayers.first { $0.name == "label" })
        #expect(label.text?.string == "Go" && label.bounds.width > 0 && label.bounds.width < pill.bounds.width, "inside the pill")
    }

    @Test func hostileAreasAreNeverHitNorDrawnAndNothingTraps() {
        var feed = ViewerFixtures.feed
        let bad: [Rect] = [Rect(x: .nan, y: 0, width: 0.5, height: 0.5), Rect(x: 0, y: 0, width: -0.5, height: 0.5),
                           Rect(x: 0, y: 0, width: .infinity, height: 1), Rect(x: 0, y: 0, width: 0, height: 0)]
        feed.users[0].items[0].areas = bad.enumerated().map { index, frame in
            StoryArea(id: "bad\(index)", kind: .action(label: "X", swipeUp: false), frame: frame)
        } + [StoryArea(id: "spin", kind: .link(url: ""), frame: Rect(x: 0, y: 0, width: 1, height: 1), rotation: .infinity)]
        var viewer = StoriesViewer(feed: feed, pageSize: ViewerFixtures.page)
        viewer.displayEverythingListed(time: 0)
        // A negative width is standardised (as CGRect does): -0.5…0, off the page's left edge.
        #expect(viewer.area(at: Point(x: 195, y: 422)) == nil && viewer.areaPlacements.map(\.id) == ["bad1"])
        #expect(viewer.areaAccessibilityElements.isEmpty, "wholly off the page")
        #expect(viewer.scene(media: { _, _ in ImageContents(image: "p") }).isValid)
        #expect(viewer.area(at: Point(x: .nan, y: 1)) == nil)
        viewer.pageSize = Size(width: .nan, height: 0)
        #expect(viewer.areaPlacements.isEmpty && viewer.areaAccessibilityElements.isEmpty)
    }

    @Test func aMediaSizeForAnUnknownItemOrOfNoSizeIsIgnored() {
        var viewer = Self.viewer()
        viewer.setMediaSize(Size(width: 0, height: 10), forItem: "a1")
        viewer.setMediaSize(Size(width: 10, height: 10), forItem: "zz")
        #expect(viewer.mediaSize(forItem: "a1") == Size(width: 1080, height: 1920) && viewer.mediaSize(forItem: "zz") == nil)
    }
}
