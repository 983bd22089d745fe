import MotionCore
import StoryKit
import StoryKitTestSupport
import Testing

/// The outputs a front-end with views of its own reads: the page size it sets after layout, when
/// it must run its display link, and where the chrome's views go.
@Suite struct StoriesViewerFrontEndOutputTests {
    // MARK: Page size

    @Test func resizingKeepsTheItemAndItsProgressAndTheBarsFollowTheWidth() {
        // Given Ava's first item at 2.5 s of 5, when the page is resized, then the item and its
        // progress stay and the bars span the new width.
        var viewer = ViewerFixtures.viewer()
        viewer.advance(to: 2.5)
        viewer.pageSize = Size(width: 600, height: 900)
        #expect(viewer.userIndex == 0 && viewer.itemIndex == 0 && viewer.progress == 0.5)
        #expect(viewer.segments(forUser: 0).last.map { Approximately.equal($0.frame.maxX, 592) } == true)
        #expect(viewer.chromeLayout.scrim.width == 600)
    }

    @Test func aViewerMadeWithoutASizeWorksOnceItGetsOne() {
        // Given a viewer made before layout (zero size), then nothing draws and no drag starts;
        // once the size comes, a swipe down starts the dismiss.
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: .zero)
        #expect(viewer.segments(forUser: 0).isEmpty && viewer.players.isEmpty)
        viewer.pageSize = ViewerFixtures.page
        #expect(viewer.players.map(\.id) == ["a1"])
        viewer.touchBegan(at: Point(x: 200, y: 300), time: 0)
        viewer.touchMoved(to: Point(x: 200, y: 400), time: 0.05)
        #expect(viewer.isDismissing)
    }

    @Test func aDismissSettlingIntoTheAvatarLandsOnItAfterAResize() throws {
        // Given a dismiss released toward the avatar, when the page is resized mid-flight, then
        // the page lands centred on the avatar relative to the new page (offset = avatar centre −
        // new page centre).
        var viewer = ViewerFixtures.viewer()
        let avatar = Rect(x: 20, y: 100, width: 60, height: 60)
        viewer.setAvatarFrame(avatar, time: 0)
        viewer.touchBegan(at: Point(x: 200, y: 200), time: 0)
        viewer.touchMoved(to: Point(x: 200, y: 300), time: 0.05)
        viewer.touchMoved(to: Point(x: 200, y: 600), time: 0.1)
        viewer.touchEnded(at: Point(x: 200, y: 650), time: 0.12)
        viewer.advance(to: 0.15)
        let size = Size(width: 500, height: 1_000)
        viewer.pageSize = size
        var t = 0.15
        var last = viewer.dismissGeometry
        while !viewer.isClosed, t < 5 {
            last = viewer.dismissGeometry
            t += 1.0 / 60
            viewer.advance(to: t)
        }
        try #require(viewer.closeReason == .dismissed)
        #expect(Approximately.equal(last.offset, Point(x: avatar.midX - size.width / 2, y: avatar.midY - size.height / 2),
                                    absolute: 1))
    }

    // MARK: Frames

    @Test func framesRunWhileProgressRunsOrTheRingTurnsAndStopWhilePausedOrFailed() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        #expect(viewer.needsFrames && viewer.showsLoadingIndicator, "loading: the ring turns")
        viewer.media(.displaying, for: "a1", time: 0)
        #expect(viewer.needsFrames, "playing")
        viewer.setPaused(true, time: 1)
        #expect(!viewer.needsFrames, "paused by the user")
        viewer.setPaused(false, time: 2)
        viewer.setAppActive(false, time: 2)
        #expect(!viewer.needsFrames, "in the background")
        viewer.setAppActive(true, time: 3)
        viewer.nextItem(time: 3)
        viewer.media(.failed(reason: "offline"), for: "a2", time: 3)
        #expect(!viewer.needsFrames, "failed")
        viewer.close(time: 4)
        #expect(!viewer.needsFrames, "closed")
    }

    @Test func aVideoWhoseLengthIsUnknownNeedsNoFrames() {
        // Cleo's video shows its first frame before its length is known: its bar waits at 0.
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, user: 2, pageSize: ViewerFixtures.page)
        viewer.media(.displaying, for: "c1", time: 0)
        #expect(viewer.state == .playing && !viewer.needsFrames)
        viewer.media(.duration(8), for: "c1", time: 0.1)
        #expect(viewer.needsFrames)
    }

    @Test func aRestingFingerNeedsFramesUntilTheHoldAndTheChromeFadeAreDone() {
        // Given a user pause (nothing progresses), a finger needs frames until it becomes a hold
        // and the chrome has faded out; then none until it lifts, and again while the chrome
        // fades back in.
        var viewer = ViewerFixtures.viewer()
        viewer.setPaused(true, time: 0)
        viewer.touchBegan(at: Point(x: 200, y: 400), time: 1)
        #expect(viewer.needsFrames, "the hold delay runs")
        viewer.advance(to: 1.3)                                   // hold at 1.2, fading until 1.4
        #expect(viewer.needsFrames && viewer.chromeOpacity > 0)
        viewer.advance(to: 1.5)
        #expect(!viewer.needsFrames && viewer.chromeOpacity == 0)
        viewer.touchEnded(at: Point(x: 200, y: 400), time: 2)
        #expect(viewer.needsFrames, "the chrome fades back in")
        viewer.advance(to: 2.3)
        #expect(!viewer.needsFrames && viewer.chromeOpacity == 1)
    }

    @Test func aSettlingCubeAndADismissNeedFrames() {
        var viewer = ViewerFixtures.viewer()
        viewer.setPaused(true, time: 0)
        viewer.showUser(1, time: 0)
        #expect(viewer.needsFrames, "the cube settles")
        viewer.advance(to: 3)
        viewer.displayEverythingListed(time: 3)       // Ben's item arrived: no loading ring turns
        #expect(viewer.userIndex == 1 && !viewer.needsFrames)
        viewer.touchBegan(at: Point(x: 200, y: 200), time: 4)
        viewer.touchMoved(to: Point(x: 200, y: 300), time: 4.1)
        viewer.advance(to: 5)
        #expect(viewer.isDismissing && viewer.needsFrames, "a dismiss asks for the avatar every frame")
    }

    @Test func aStallNeedsFramesDuringItsGracePeriodAndThenForTheRing() {
        // The loading state shows when the grace period runs out, with no input: a frame must see it.
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, user: 2, pageSize: ViewerFixtures.page)
        viewer.media(.duration(8), for: "c1", time: 0)
        viewer.media(.displaying, for: "c1", time: 0)
        viewer.media(.stalled, for: "c1", time: 1)
        #expect(viewer.needsFrames && viewer.state == .paused(.stalled))
        viewer.advance(to: 1.6)
        #expect(viewer.state == .loading && viewer.needsFrames, "then the loading ring shows, and turns")
    }

    // MARK: Chrome layout

    @Test func theChromeLayoutIsWhereTheSceneDrawsTheScrimAndTheAvatar() throws {
        let viewer = ViewerFixtures.viewer()
        let layout = viewer.chromeLayout
        let page = try #require(Self.layer(named: "page 0", in: viewer.scene(media: { _, _ in nil }).layers))
        let scrim = try #require(Self.layer(named: "scrim", in: [page]))
        let avatar = try #require(Self.layer(named: "avatar", in: [page]))
        #expect(Self.frame(of: scrim) == layout.scrim && scrim.gradient == layout.scrimGradient)
        #expect(Self.frame(of: avatar) == layout.avatar && avatar.cornerRadius == layout.avatar.width / 2)
        // The bars end 8 pt above the avatar; the title runs from 8 pt right of it to the inset.
        #expect(layout.avatar == Rect(x: 8, y: 18, width: 32, height: 32))
        #expect(layout.title == Rect(x: 48, y: 18, width: 390 - 8 - 48, height: 32))
    }

    @Test func theTitleNeverHasANegativeWidth() {
        let viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: Size(width: 20, height: 20))
        #expect(viewer.chromeLayout.title.width == 0 && viewer.chromeLayout.scrim.height == 20)
    }

    static func layer(named name: String, in layers: [Layer]) -> Layer? {
        for layer in layers {
            if layer.name == name { return layer }
            if let found = Self.layer(named: name, in: layer.sublayers) { return found }
        }
        return nil
    }

    /// The frame in its superlayer of an untransformed layer with the default anchor point.
    static func frame(of layer: Layer) -> Rect {
        Rect(x: layer.position.x - layer.bounds.width / 2, y: layer.position.y - layer.bounds.height / 2,
             width: layer.bounds.width, height: layer.bounds.height)
    }
}
