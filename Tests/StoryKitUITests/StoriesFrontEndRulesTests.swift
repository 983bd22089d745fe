import Foundation
import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

@Suite struct StoriesFrontEndRulesTests {
    static let page = Size(width: 390, height: 844)
    static let feed = StoryFeed(users: [
        StoryUser(id: "zed", name: "Zed", items: []),                       // no items: left out
        StoryUser(id: "ava", name: "Ava", avatar: "ava.jpg", items: [
            StoryItem(id: "a1", kind: .image, url: "a1.jpg", createdAt: 0),
            StoryItem(id: "a2", kind: .image, url: "a2.jpg", createdAt: 3_600),
        ]),
        StoryUser(id: "ben", name: "Ben", items: [StoryItem(id: "b1", kind: .video, url: "b1.mp4")]),
        StoryUser(id: "cy", name: "Cy", items: [StoryItem(id: "c1", kind: .image, url: "c1.jpg")]),
    ])

    static func showing(_ viewer: inout StoriesViewer, time: Double) {
        for player in viewer.players {
            viewer.media(.duration(8), for: player.id, time: time)
            viewer.media(.displaying, for: player.id, time: time)
        }
    }

    // MARK: Dismiss container

    static func layer(named name: String, in layers: [Layer]) -> Layer? {
        for layer in layers {
            if layer.name == name { return layer }
            if let found = Self.layer(named: name, in: layer.sublayers) { return found }
        }
        return nil
    }

    @Test(arguments: [false, true], [false, true])
    func theContainerIsWhereTheSceneDrawsThePage(avatar: Bool, reduceMotion: Bool) throws {
        // Given a dismiss dragged and released (toward an avatar or in place, with or without
        // Reduce Motion), at every frame, then the container's centre, bounds, scale, corners,
        // alpha and clipping and the cube's centre in it are the scene's "viewer" and "cube".
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page,
                                   configuration: .init(reduceMotion: reduceMotion))
        if avatar { viewer.setAvatarFrame(Rect(x: 30, y: 60, width: 56, height: 56), time: 0) }
        viewer.touchBegan(at: Point(x: 200, y: 200), time: 0)
        var t = 0.0
        for y in stride(from: 210.0, through: 560, by: 35) {
            t += 1.0 / 60
            viewer.touchMoved(to: Point(x: 200 + (y - 200) / 4, y: y), time: t)
            try Self.check(viewer)
        }
        viewer.touchEnded(at: Point(x: 300, y: 600), time: t + 0.01)
        while !viewer.isClosed, t < 3 {
            t += 1.0 / 60
            viewer.advance(to: t)
            if !viewer.isClosed { try Self.check(viewer) }
        }
        #expect(viewer.closeReason == .dismissed)
    }

    @Test func atRestTheContainerIsThePage() throws {
        let viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page)
        let layout = DismissContainerLayout(viewer.dismissGeometry, pageSize: Self.page)
        #expect(layout.center == Point(x: 195, y: 422) && layout.bounds == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(layout.scale == 1 && layout.cornerRadius == 0 && layout.alpha == 1 && !layout.clipsToBounds)
        #expect(layout.contentCenter == Point(x: 195, y: 422) && layout.backdropAlpha == 1)
        try Self.check(viewer)
    }

    static func check(_ viewer: StoriesViewer) throws {
        let layout = DismissContainerLayout(viewer.dismissGeometry, pageSize: viewer.pageSize)
        let scene = viewer.scene(media: { _, _ in nil })
        let container = try #require(layer(named: "viewer", in: scene.layers))
        let cube = try #require(layer(named: "cube", in: [container]))
        let backdrop = try #require(layer(named: "backdrop", in: scene.layers))
        #expect(Approximately.equal(layout.center, container.position))
        #expect(layout.bounds == container.bounds)
        #expect(Approximately.equal(Transform3D(scaleX: layout.scale, y: layout.scale), container.transform))
        #expect(layout.cornerRadius == container.cornerRadius && container.cornerCurve == .continuous)
        #expect(layout.alpha == container.opacity && layout.clipsToBounds == container.masksToBounds)
        #expect(Approximately.equal(layout.contentCenter, cube.position) && cube.bounds.size == viewer.pageSize)
        #expect(layout.backdropAlpha == backdrop.opacity)
    }

    // MARK: Events and start

    @Test func eventsNameTheFeedsUsersAndItemsNotTheModelsIndices() {
        // Zed has no items, so the model's user 0 is Ava.
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page)
        Self.showing(&viewer, time: 0)
        let ava = Self.feed.users[1], ben = Self.feed.users[2]
        var events = viewer.advance(to: 5.5)
        events += viewer.media(.failed(reason: "offline"), for: "a2", time: 5.6)
        events += viewer.close(time: 6)
        #expect(StoriesEvent.resolving(events, in: viewer) == [
            .itemSeen(itemID: "a1"), .itemCompleted(user: ava, item: ava.items[0]), .itemShown(user: ava, item: ava.items[1]),
            .failed(user: ava, item: ava.items[1], reason: "offline"), .userLeft(user: ava, item: ava.items[1]),
            .viewerClosed(reason: .closedByHost, user: ava, item: ava.items[1]), .closed(.closedByHost),
        ])
        #expect(StoriesEvent.resolving([.userChanged(from: 0, to: 1), .reply(user: 1, item: 0, id: "b1")], in: viewer)
            == [.userChanged(ben), .reply(user: ben, item: ben.items[0])])
        #expect(StoriesEvent.resolving([.userChanged(from: 0, to: 9), .itemShown(user: 0, item: 7, id: "?"),
                                        .failed(id: "?", reason: "")], in: viewer).isEmpty)
    }

    @Test func theStartUserIsCountedAmongUsersWithItems() {
        #expect(StoriesStart.userIndex(of: "ava", in: Self.feed) == 0)
        #expect(StoriesStart.userIndex(of: "cy", in: Self.feed) == 2)
        #expect(StoriesStart.userIndex(of: "zed", in: Self.feed) == 0, "no items: the next user with some")
        #expect(StoriesStart.userIndex(of: "nobody", in: Self.feed) == 0 && StoriesStart.userIndex(of: nil, in: Self.feed) == 0)
        let trailing = StoryFeed(users: Self.feed.users + [StoryUser(id: "end", name: "End", items: [])])
        #expect(StoriesStart.userIndex(of: "end", in: trailing) == 2, "no items at the end: the last with some")
        #expect(StoriesStart.userIndex(of: "zed", in: StoryFeed(users: [Self.feed.users[0]])) == 0)
    }

    // MARK: VoiceOver

    @Test func theActionsOfferOnlyWhatExists() {
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page)
        Self.showing(&viewer, time: 0)
        #expect(StoriesAccessibilityAction.available(in: viewer) == [.nextItem, .previousItem, .nextUser, .pause, .close])
        StoriesAccessibilityAction.pause.perform(on: &viewer, time: 0.1)
        #expect(viewer.pauseReasons.contains(.user))
        #expect(StoriesAccessibilityAction.available(in: viewer).contains(.resume))
        StoriesAccessibilityAction.resume.perform(on: &viewer, time: 0.2)
        #expect(!viewer.pauseReasons.contains(.user))
        StoriesAccessibilityAction.nextUser.perform(on: &viewer, time: 0.3)
        #expect(viewer.cube.targetIndex == 1)
        #expect(StoriesAccessibilityAction.available(in: viewer).contains(.previousUser), "counted from where the cube heads")
        StoriesAccessibilityAction.nextUser.perform(on: &viewer, time: 0.35)   // a second press goes on from there
        #expect(viewer.cube.targetIndex == 2)
        viewer.advance(to: 3)
        #expect(viewer.userIndex == 2 && !StoriesAccessibilityAction.available(in: viewer).contains(.nextUser))
        viewer.media(.failed(reason: "x"), for: "c1", time: 3)
        #expect(StoriesAccessibilityAction.available(in: viewer).contains(.retry))
        StoriesAccessibilityAction.retry.perform(on: &viewer, time: 3.1)
        #expect(viewer.state == .loading && viewer.players.first?.attempt == 1)
        StoriesAccessibilityAction.close.perform(on: &viewer, time: 4)
        #expect(viewer.closeReason == .closedByHost && StoriesAccessibilityAction.available(in: viewer).isEmpty)
        #expect(Set(StoriesAccessibilityAction.allCases.map(\.name)).count == StoriesAccessibilityAction.allCases.count)
    }

    @Test func theItemActionsNavigate() {
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page)
        StoriesAccessibilityAction.nextItem.perform(on: &viewer, time: 0)
        #expect(viewer.itemIndex == 1)
        StoriesAccessibilityAction.previousItem.perform(on: &viewer, time: 0.1)
        #expect(viewer.itemIndex == 0)
    }

    // MARK: Pages

    @Test func aPageShowsLoadingThenNothingThenTheFailure() throws {
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page)
        var page = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 2 * 3_600 + 1))
        #expect(page.layers.last?.name == "loading" && page.itemID == "a1" && !page.showsFailure)
        let chrome = try #require(Self.layer(named: "chrome", in: page.layers))
        #expect(chrome.sublayers.compactMap { $0.text?.string } == ["Ava", "2h"], "the header's text as the scene draws it")
        #expect(chrome.sublayers.suffix(2).map(\.name) == ["name", "age"])
        #expect(page.avatar == "ava.jpg" && chrome.sublayers.first { $0.name == "bars" }?.sublayers.count == 2 && chrome.opacity == 1)
        Self.showing(&viewer, time: 0)
        page = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        #expect(Self.layer(named: "loading", in: page.layers) == nil && Self.layer(named: "retry", in: page.layers) == nil)
        #expect(Self.layer(named: "age", in: page.layers)?.text?.string == "now")
        viewer.media(.failed(reason: "The file is damaged."), for: "a1", time: 0.5)
        page = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        #expect(page.showsFailure && page.layers.last?.name == "retry")
        #expect(Self.layer(named: "retry", in: page.layers).map { Self.texts(in: $0) }?.contains("The file is damaged.") == true)
        #expect(StoriesPagePresentation(user: 7, viewer: viewer, now: 0) == nil)
    }

    /// Every string the text layers in `layer` draw, back to front.
    static func texts(in layer: Layer) -> [String] {
        (layer.text.map { [$0.string] } ?? []) + layer.sublayers.flatMap(texts)
    }

    @Test func onlyTheCurrentPageFadesItsChromeAndShowsItsState() throws {
        // Given a hold on Ava's page, the chrome fades out there only; Ben's page (not current)
        // shows no loading state and full chrome.
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page)
        Self.showing(&viewer, time: 0)
        viewer.touchBegan(at: Point(x: 200, y: 400), time: 1)
        viewer.advance(to: 2)
        let ava = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        let ben = try #require(StoriesPagePresentation(user: 1, viewer: viewer, now: 0))
        #expect(Self.layer(named: "chrome", in: ava.layers)?.opacity == 0 && Self.layer(named: "chrome", in: ben.layers)?.opacity == 1)
        #expect(Self.layer(named: "loading", in: ben.layers) == nil && ben.layers.last?.name == "chrome" && !ben.showsFailure)
    }

    @Test func aNeighboursFailedItemShowsItsRetryOnItsFaceAsTheSceneDrawsIt() throws {
        // Given Ava's page current and Ben's video failed while preloading, then Ben's face (which
        // a cube turn shows) carries the failure and the Retry button in the page view and in the
        // scene alike; Ava's shows none.
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page)
        Self.showing(&viewer, time: 0)
        viewer.media(.failed(reason: "HTTP 404"), for: "b1", time: 0.5)
        let ben = try #require(StoriesPagePresentation(user: 1, viewer: viewer, now: 0))
        let ava = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        #expect(ben.showsFailure && ben.layers.last?.name == "retry" && !ava.showsFailure)
        #expect(Self.layer(named: "retry", in: ava.layers) == nil)
        viewer.touchBegan(at: Point(x: 300, y: 400), time: 1)          // turn the cube half way
        for step in 1...6 { viewer.touchMoved(to: Point(x: 300 - Double(step) * 30, y: 400), time: 1 + Double(step) / 60) }
        let layers = viewer.scene(media: { _, _ in nil }).layers
        let benFace = try #require(Self.layer(named: "page 1", in: layers))
        let avaFace = try #require(Self.layer(named: "page 0", in: layers))
        #expect(Self.layer(named: "retry", in: [benFace]) != nil && Self.layer(named: "retry", in: [avaFace]) == nil)
        let benNow = try #require(StoriesPagePresentation(user: 1, viewer: viewer, now: 0))
        #expect(Self.layer(named: "retry", in: benNow.layers) == Self.layer(named: "retry", in: [benFace]), "the face draws the scene's")
    }

    @Test func theBarsAndAvatarThePageDrawsAreTheScenes() throws {
        // Given Ava's first item partly played, the page view's track frames, fill frames and
        // corner radii (the segments' own) are the scene's "segment" and "fill" layers, and the
        // avatar's corner radius is the scene's "avatar".
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page)
        Self.showing(&viewer, time: 0)
        viewer.advance(to: 4)
        let segments = viewer.segments(forUser: 0)
        #expect(segments.map(\.fraction) == [0.8, 0], "4 s into a 5 s picture")
        let page = try #require(Self.layer(named: "page 0", in: viewer.scene(media: { _, _ in nil }).layers))
        for (index, segment) in segments.enumerated() {
            let track = try #require(Self.layer(named: "segment \(index)", in: [page]))
            #expect(track.bounds.size == segment.frame.size && track.position == segment.frame.center)
            #expect(track.cornerRadius == segment.cornerRadius && segment.cornerRadius == segment.frame.height / 2)
            #expect(segment.fillFrame.width == segment.frame.width * segment.fraction)
            #expect(segment.fillFrame.height == segment.frame.height && segment.fillFrame.origin == .zero)
            if let fill = track.sublayers.first {
                #expect(fill.bounds.size == segment.fillFrame.size && fill.position == segment.fillFrame.center)
                #expect(fill.cornerRadius == segment.cornerRadius)
            } else {
                #expect(segment.fillFrame.width == 0, "an empty fill is not drawn")
            }
        }
        // The page view draws the scene's own scrim and bars layers.
        let presentation = try #require(StoriesPagePresentation(user: 0, viewer: viewer, now: 0))
        let bars = try #require(Self.layer(named: "bars", in: presentation.layers))
        #expect(try bars == #require(Self.layer(named: "bars", in: [page])))
        #expect(try #require(Self.layer(named: "scrim", in: presentation.layers)) == #require(Self.layer(named: "scrim", in: [page])))
        #expect(bars.sublayers.map { $0.sublayers.first?.bounds.width ?? 0 } == segments.map(\.fillFrame.width))
        let avatar = try #require(Self.layer(named: "avatar", in: [page]))
        #expect(avatar.cornerRadius == viewer.chromeLayout.avatarCornerRadius)
        #expect(viewer.chromeLayout.avatarCornerRadius * 2 == viewer.chromeLayout.avatar.width)
    }

    @Test func thePageIsTheSafeAreasHeightAndTheViewsWidth() {
        let stage = StoriesStage.frame(bounds: Rect(x: 0, y: 0, width: 393, height: 852), safeAreaTop: 59,
                                       safeAreaBottom: 34)
        #expect(stage == Rect(x: 0, y: 59, width: 393, height: 759))
        #expect(StoriesStage.frame(bounds: Rect(x: 0, y: 0, width: 390, height: 844), safeAreaTop: 0, safeAreaBottom: 0)
            == Rect(x: 0, y: 0, width: 390, height: 844))
        let squeezed = StoriesStage.frame(bounds: Rect(x: 0, y: 0, width: 320, height: 50), safeAreaTop: 40, safeAreaBottom: 30)
        #expect(squeezed.height == 0 && squeezed.width == 320, "never a negative height")
    }

    // MARK: Touches

    @Test func oneFingerIsFollowedFromDownToUp() {
        var bridge = StoriesTouchBridge<Int>()
        #expect(bridge.began([(1, Point(x: 10, y: 10)), (2, Point(x: 50, y: 50))]) == [.began(Point(x: 10, y: 10))])
        #expect(bridge.began([(3, Point(x: 90, y: 90))]).isEmpty, "a second finger is ignored")
        #expect(bridge.moved([(2, Point(x: 60, y: 60))]).isEmpty)
        #expect(bridge.moved([(2, Point(x: 60, y: 60)), (1, Point(x: 12, y: 30))]) == [.moved(Point(x: 12, y: 30))])
        #expect(bridge.ended([(3, Point(x: 90, y: 90))]).isEmpty)
        #expect(bridge.ended([(1, Point(x: 12, y: 40))]) == [.ended(Point(x: 12, y: 40))])
        #expect(bridge.tracked == nil && bridge.reset().isEmpty)
    }

    @Test func aCancelledOrAbandonedFingerCancelsTheModelsTouch() {
        var bridge = StoriesTouchBridge<Int>()
        _ = bridge.began([(1, .zero)])
        #expect(bridge.cancelled([2]).isEmpty)
        #expect(bridge.cancelled([1]) == [.cancelled] && bridge.tracked == nil)
        _ = bridge.began([(4, .zero)])
        #expect(bridge.reset() == [.cancelled])
    }

    @Test func aTapThroughTheBridgeGoesToTheNextItem() {
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Self.page)
        var bridge = StoriesTouchBridge<Int>()
        for input in bridge.began([(1, Point(x: 300, y: 400))]) { input.apply(to: &viewer, time: 1) }
        for input in bridge.ended([(1, Point(x: 300, y: 400))]) { input.apply(to: &viewer, time: 1.05) }
        #expect(viewer.itemIndex == 1)
    }

    // MARK: Media locations

    @Test func mediaStringsResolveToFilesOrWebAddresses() {
        let bundle = URL(fileURLWithPath: "/app/Stories.bundle", isDirectory: true)
        let web = URL(string: "https://cdn.example.com/stories/")!
        #expect(StoryMediaLocation.resolve("https://cdn.example.com/a.jpg", relativeTo: bundle)
            == .remote(URL(string: "https://cdn.example.com/a.jpg")!))
        #expect(StoryMediaLocation.resolve("HTTP://cdn.example.com/a.mp4", relativeTo: nil)?.url.host == "cdn.example.com")
        #expect(StoryMediaLocation.resolve("file:///tmp/a.jpg", relativeTo: nil) == .file(URL(fileURLWithPath: "/tmp/a.jpg")))
        #expect(StoryMediaLocation.resolve("/tmp/a b.jpg", relativeTo: bundle) == .file(URL(fileURLWithPath: "/tmp/a b.jpg")))
        #expect(StoryMediaLocation.resolve("ava/1.jpg", relativeTo: bundle)?.url.path == "/app/Stories.bundle/ava/1.jpg")
        #expect(StoryMediaLocation.resolve(" ava/1 b.jpg ", relativeTo: web)
            == .remote(URL(string: "https://cdn.example.com/stories/ava/1%20b.jpg")!))
        #expect(StoryMediaLocation.resolve("ava/1.jpg", relativeTo: nil)?.url.isFileURL == true)
        #expect(StoryMediaLocation.resolve("", relativeTo: bundle) == nil)
        #expect(StoryMediaLocation.resolve("data:image/png;base64,AAAA", relativeTo: bundle) == nil)
        #expect(StoryMediaLocation.resolve("ftp://example.com/a.jpg", relativeTo: bundle) == nil)
        #expect(StoryMediaLocation.resolve("https://", relativeTo: bundle) == nil)
    }
}
