import MotionCore
import StoryKit
import Testing

/// The viewer driven with a scripted media source on a virtual clock, frame by frame at 60 Hz.
@Suite struct StoriesViewerMediaTests {
    static func run(_ viewer: inout StoriesViewer, _ source: inout ScriptedMediaSource, from start: Double, to end: Double,
                    check: (StoriesViewer, ScriptedMediaSource) -> Void = { _, _ in }) -> [StoriesViewer.Event] {
        var events: [StoriesViewer.Event] = []
        var frame = Int((start * 60).rounded())
        while Double(frame) / 60 < end {
            frame += 1
            events += viewer.advance(to: Double(frame) / 60, media: &source)
            check(viewer, source)
        }
        return events
    }

    @Test func progressWaitsForASlowFirstFrame() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        var source = ScriptedMediaSource(defaultBehaviour: .init(loadTime: 1.5))
        _ = Self.run(&viewer, &source, from: 0, to: 1.4)
        #expect(viewer.elapsed == 0 && viewer.state == .loading)
        _ = Self.run(&viewer, &source, from: 1.4, to: 2.5)
        // Listed at the first frame (1/60 s), shown 1.5 s later: 2.5 − (1/60 + 1.5) of progress.
        #expect(abs(viewer.elapsed - (2.5 - 1.0 / 60 - 1.5)) < 1e-9)
    }

    @Test func aVideoStallPausesTheBarAndItEndsWithTheVideo() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, user: 2, pageSize: ViewerFixtures.page)
        var source = ScriptedMediaSource(behaviours: ["c1": .init(loadTime: 0.2, videoLength: 4, stalls: [.init(at: 1, duration: 2)])])
        var stalledFrames = 0
        let events = Self.run(&viewer, &source, from: 0, to: 9) { viewer, _ in
            if viewer.pauseReasons.contains(.stalled) { stalledFrames += 1 }
        }
        #expect(abs(Double(stalledFrames) / 60 - 2) < 0.05)
        #expect(events.contains(.closed(.finished)))
        #expect(source.playingItems.isEmpty && source.loadedItems.isEmpty, "nothing plays after the close")
    }

    @Test func onlyOneItemIsEverHeardAcrossTurnsHoldsAndADismiss() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        viewer.sound = SoundPolicy(preference: .unmuted)              // muted, nothing is ever heard
        var source = ScriptedMediaSource(defaultBehaviour: .init(loadTime: 0.3, videoLength: 6))
        var t = 0.0
        _ = Self.run(&viewer, &source, from: t, to: 1)
        t = 1
        viewer.showUser(1, time: t)                                  // a turn: both pages listed
        _ = Self.run(&viewer, &source, from: t, to: 2)
        viewer.touchBegan(at: Point(x: 200, y: 300), time: 2)
        _ = Self.run(&viewer, &source, from: 2, to: 2.5)
        #expect(source.audibleItems.isEmpty, "held: paused and silent")
        viewer.touchEnded(at: Point(x: 200, y: 300), time: 2.5)
        _ = Self.run(&viewer, &source, from: 2.5, to: 3)
        #expect(source.audibleItems == ["b1"])
        viewer.close(time: 3)
        _ = Self.run(&viewer, &source, from: 3, to: 3.1)
        #expect(source.audibleItems.isEmpty && source.playingItems.isEmpty)
        #expect(source.mostAudibleAtOnce == 1)
    }

    @Test func aFailedItemWaitsForARetry() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        var source = ScriptedMediaSource(behaviours: ["a1": .init(loadTime: 0.5, failure: "HTTP 503")])
        let events = Self.run(&viewer, &source, from: 0, to: 2)
        #expect(events.contains(.failed(id: "a1", reason: "HTTP 503")))
        #expect(viewer.state == .failed(reason: "HTTP 503") && viewer.elapsed == 0)
        source.behaviours["a1"] = .init(loadTime: 0.5)
        viewer.retry(time: 2)
        _ = Self.run(&viewer, &source, from: 2, to: 4)                // attempt 1: loaded anew
        #expect(viewer.state == .playing && viewer.elapsed > 1)
    }
}
