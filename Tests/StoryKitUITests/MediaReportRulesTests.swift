import StoryKit
@testable import StoryKitUI
import Testing

@Suite struct MediaReportRulesTests {
    @Test func aVideoReportsItsLengthReadyThenItsFirstFrame() {
        var rules = MediaReportRules()
        #expect(rules.firstFrameShown(false).isEmpty)
        #expect(rules.loaded(duration: 8) == [.duration(8), .ready])
        #expect(rules.loaded(duration: 8).isEmpty, "once")
        #expect(rules.firstFrameShown(false).isEmpty)
        #expect(rules.firstFrameShown(true) == [.displaying])
        #expect(rules.firstFrameShown(true).isEmpty, "once")
    }

    @Test func aFirstFrameSeenBeforeTheLoadIsReportedWithIt() {
        // KVO on the item's status and on the layer may arrive in either order after their hops.
        var rules = MediaReportRules()
        #expect(rules.firstFrameShown(true).isEmpty)
        #expect(rules.timeControl(.waiting).isEmpty)
        #expect(rules.loaded(duration: 4) == [.duration(4), .ready, .displaying, .stalled])
        #expect(rules.firstFrameShown(true).isEmpty)
    }

    @Test func aRestartedItemCanEndAgain() {
        var rules = MediaReportRules()
        _ = rules.loaded(duration: 4)
        _ = rules.firstFrameShown(true)
        #expect(rules.playedToEnd() == [.ended] && rules.playhead(1).isEmpty)
        rules.restarted()
        #expect(rules.playhead(1) == [.playhead(1)] && rules.playedToEnd() == [.ended])
    }

    @Test func anUnknownOrLiveLengthIsNotReported() {
        var rules = MediaReportRules()
        #expect(rules.loaded(duration: .nan) == [.ready])
        var image = MediaReportRules()
        #expect(image.loaded(duration: nil) == [.ready])
        #expect(image.firstFrameShown(true) == [.displaying])
    }

    @Test func waitingBeforeTheFirstFrameIsReportedAsAStallWithIt() {
        // AVPlayer waits (buffering) while its first frame is already up: the viewer ignores a
        // stall before `.displaying`, so the stall comes again right after it.
        var rules = MediaReportRules()
        _ = rules.loaded(duration: 8)
        #expect(rules.timeControl(.waiting).isEmpty)
        #expect(rules.firstFrameShown(true) == [.displaying, .stalled])
        #expect(rules.timeControl(.waiting).isEmpty, "one stall at a time")
        #expect(rules.timeControl(.playing) == [.resumed])
        #expect(rules.timeControl(.playing).isEmpty)
    }

    @Test func aPauseIsNotAStallAndResumingAfterItSaysNothing() {
        var rules = MediaReportRules()
        _ = rules.loaded(duration: 8)
        _ = rules.firstFrameShown(true)
        #expect(rules.timeControl(.playing).isEmpty)
        #expect(rules.timeControl(.paused).isEmpty)
        #expect(rules.timeControl(.playing).isEmpty)
        #expect(rules.timeControl(.waiting) == [.stalled])
        #expect(rules.timeControl(.paused).isEmpty, "a stall stays until playing resumes it")
        #expect(rules.timeControl(.playing) == [.resumed])
    }

    @Test func aDryBufferWhilePlayingIsAStallUntilDataComesBack() {
        // With automaticallyWaitsToMinimizeStalling off, AVPlayer plays on into an empty buffer
        // (it does not wait): the item's buffer says the stall.
        var rules = MediaReportRules()
        _ = rules.loaded(duration: 8)
        _ = rules.firstFrameShown(true)
        #expect(rules.timeControl(.playing).isEmpty)
        #expect(rules.bufferEmpty(true) == [.stalled])
        #expect(rules.bufferEmpty(true).isEmpty, "AVPlayerItemPlaybackStalled after the KVO: one stall")
        #expect(rules.bufferEmpty(false) == [.resumed])
        #expect(rules.bufferEmpty(false).isEmpty)
    }

    @Test func aDryBufferWhilePausedIsNoStallButPlayingIntoItIs() {
        // Given a prepared item, paused, whose buffer is empty, when it starts playing, then it
        // has stalled; when the player stopped at the stall (rate 0) and is played again once
        // the buffer refills, it resumes.
        var rules = MediaReportRules()
        _ = rules.loaded(duration: 8)
        _ = rules.firstFrameShown(true)
        #expect(rules.bufferEmpty(true).isEmpty)
        #expect(rules.timeControl(.playing) == [.stalled])
        #expect(rules.timeControl(.paused).isEmpty)
        #expect(rules.bufferEmpty(false).isEmpty, "data, but not playing yet")
        #expect(rules.timeControl(.playing) == [.resumed])
    }

    @Test func aDryBufferBeforeTheFirstFrameIsReportedWithIt() {
        var rules = MediaReportRules()
        _ = rules.loaded(duration: 8)
        _ = rules.timeControl(.playing)
        #expect(rules.bufferEmpty(true).isEmpty)
        #expect(rules.firstFrameShown(true) == [.displaying, .stalled])
    }

    @Test func playheadsCountOnlyWhileDisplayingAndFinite() {
        var rules = MediaReportRules()
        #expect(rules.playhead(1).isEmpty)
        _ = rules.loaded(duration: 8)
        _ = rules.firstFrameShown(true)
        #expect(rules.playhead(1.5) == [.playhead(1.5)])
        #expect(rules.playhead(.nan).isEmpty && rules.playhead(-1).isEmpty)
        #expect(rules.playedToEnd() == [.ended])
        #expect(rules.playedToEnd().isEmpty && rules.playhead(8).isEmpty && rules.timeControl(.waiting).isEmpty)
    }

    @Test func nothingIsReportedAfterAFailure() {
        var rules = MediaReportRules()
        #expect(rules.failed("The file is damaged.") == [.failed(reason: "The file is damaged.")])
        #expect(rules.failed("again").isEmpty)
        #expect(rules.loaded(duration: 8).isEmpty && rules.firstFrameShown(true).isEmpty && rules.playedToEnd().isEmpty)
    }

    @Test func aVideoFrozenOnItsFirstFrameNeverLetsProgressRun() {
        // Given the rules' reports fed to a viewer showing Cleo's video, when the player waits
        // from before its first frame, then the bar stays at 0 until it plays.
        let feed = StoryFeed(users: [StoryUser(id: "cleo", name: "Cleo", items: [StoryItem(id: "c1", kind: .video, url: "c1.mp4")])])
        var viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
        var rules = MediaReportRules()
        func report(_ events: [StoriesViewer.MediaEvent], at time: Double) {
            for event in events { viewer.media(event, for: "c1", time: time) }
        }
        report(rules.loaded(duration: 8), at: 0.1)
        report(rules.timeControl(.waiting), at: 0.1)
        report(rules.firstFrameShown(true), at: 0.2)
        viewer.advance(to: 3)
        #expect(viewer.elapsed == 0 && viewer.state == .loading)
        report(rules.timeControl(.playing), at: 3)
        viewer.advance(to: 4)
        #expect(abs(viewer.elapsed - 1) < 1e-9)
    }
}
