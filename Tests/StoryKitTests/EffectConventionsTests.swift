import StoryKit
import Testing

/// The one shape of the six effects: touches through ``TouchDriven``, `layers(…)` as the output
/// (`scene(…)` built on it), every configuration default written once in its rule.
@Suite struct EffectConventionsTests {
    /// Feeds a horizontal swipe into any touch-driven effect and runs its clock to `end`.
    static func swipe<Effect: TouchDriven>(_ effect: inout Effect, from: Point, to: Point, end: Double) -> [Effect.Event] {
        var events = effect.touchBegan(at: from, time: 0)
        for step in 1...5 {
            let f = Double(step) / 5
            events += effect.touchMoved(to: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), time: 0.016 * Double(step))
        }
        events += effect.touchEnded(at: to, time: 0.1)
        return events + effect.advance(to: end)
    }

    @Test func theCubeAndTheZoomAreDrivenTheSameWay() {
        var cube = CubePager(pageCount: 3, pageSize: Size(width: 390, height: 844))
        #expect(Self.swipe(&cube, from: Point(x: 300, y: 400), to: Point(x: 60, y: 400), end: 2)
            == [.willChangePage(from: 0, to: 1), .didChangePage(1)])
        var zoom = ZoomTransition(geometry: ZoomTransitionTests.geometry, presented: true)
        #expect(Self.swipe(&zoom, from: Point(x: 40, y: 400), to: Point(x: 300, y: 420), end: 5) == [.began, .finished(presented: false)])
        #expect(zoom.phase == .rest(presented: false))
    }

    @Test func aZoomMoveReportsASettleThatEndedAsAdvanceWould() {
        var zoom = ZoomTransition(geometry: ZoomTransitionTests.geometry)
        zoom.open(time: 0)
        #expect(zoom.touchMoved(to: Point(x: 10, y: 10), time: 5) == [.finished(presented: true)])
        #expect(zoom.advance(to: 6).isEmpty)
    }

    @Test func theScenesAreTheLayersOnTheirBackground() {
        var cube = CubePager(pageCount: 3, pageSize: Size(width: 390, height: 844))
        cube.touchBegan(at: Point(x: 300, y: 400), time: 0)
        cube.touchMoved(to: Point(x: 200, y: 400), time: 0.05)
        let contents: (Int) -> ImageContents? = { ImageContents(image: "page \($0)") }
        #expect(cube.scene(pageContents: contents)
            == LayerScene(size: cube.pageSize, backgroundColor: .black, layers: cube.layers(pageContents: contents)))
        #expect(CubePager(pageCount: 0, pageSize: Size(width: 390, height: 844)).layers(pageContents: contents).isEmpty)
        let viewer = StoriesViewer(feed: StoryFeed(users: [StoryUser(id: "a", name: "A", items: [StoryItem(id: "1", kind: .image, url: "a.jpg")])]),
                                   pageSize: Size(width: 390, height: 844))
        let media: (Int, Int) -> ImageContents? = { _, _ in nil }
        #expect(viewer.scene(media: media) == LayerScene(size: viewer.pageSize, layers: viewer.layers(media: media)))
    }

    @Test func theRingTakesTheTimeFirst() {
        let ring = StoryRing(status: .unseen)
        let layers = ring.layers(at: 0.5, avatarFrame: Rect(x: 10, y: 10, width: 56, height: 56), avatar: nil)
        #expect(layers.count == 2 && layers.first?.name == "avatar")
        #expect(StoryRing(status: .none).layers(at: 0.5, avatarFrame: Rect(x: 0, y: 0, width: 56, height: 56), avatar: nil).count == 1)
    }

    @Test func everyConfigurationsDefaultIsItsRules() {
        #expect(CubePager.Configuration().snapThreshold == CubePager.Configuration.Rules.snapThreshold.defaultValue)
        #expect(StoriesViewer.Configuration().imageDuration == StoriesViewer.Configuration.Rules.imageDuration.defaultValue)
        #expect(StoryRing.Configuration().segments == StoryRing.Configuration.Rules.segments.defaultValue)
        #expect(StoryTray.Configuration().avatarDiameter == StoryTray.Configuration.Rules.avatarDiameter.defaultValue)
        #expect(ZoomTransition.Configuration().minimumScale == ZoomTransition.Configuration.Rules.minimumScale.defaultValue)
        #expect(StretchyHeader.Configuration().blurRadius == StretchyHeader.Configuration.Rules.blurRadius.defaultValue)
        #expect(RetryPolicy().maximumAttempts == RetryPolicy.Rules.maximumAttempts.defaultValue)
    }
}
