import MotionCore
@testable import StoryKit
import StoryKitTestSupport
import Testing

/// The current item's clock on its own (``StoriesViewer/PlaybackClock``): seconds shown, the
/// bar's fill, item ends and lengths.
@Suite struct StoriesPlaybackClockTests {
    typealias Clock = StoriesViewer.PlaybackClock

    @Test func itRunsUntilTheItemEndsAndSaysWhen() {
        var clock = Clock()
        let throughAll = clock.run(for: 2, duration: 5)
        #expect(throughAll == nil)
        #expect(clock.elapsed == 2 && clock.progress(duration: 5) == 0.4)
        // 4 s more of a 5 s item: it ends 3 s in, and the clock stops at its end.
        let endIn = clock.run(for: 4, duration: 5)
        #expect(endIn == 3)
        #expect(clock.elapsed == 5 && clock.progress(duration: 5) == 1)
        // An item already at its end ends at once.
        let endAtOnce = clock.run(for: 1, duration: 5)
        #expect(endAtOnce == 0)
    }

    @Test func aNewItemStartsWithAnEmptyBar() {
        var clock = Clock()
        _ = clock.run(for: 3, duration: 5)
        clock.lengthChanged(from: 5, to: 10)
        clock.restart()
        #expect(clock.elapsed == 0 && clock.anchor == nil)
        #expect(clock.progress(duration: 10) == 0)
    }

    @Test func anUnknownLengthShowsNoProgress() {
        var clock = Clock()
        _ = clock.run(for: 3, duration: 5)
        #expect(clock.progress(duration: nil) == 0)
    }

    @Test func aLongerLengthFillsTheRestFromWhereTheBarStands() {
        var clock = Clock()
        _ = clock.run(for: 4, duration: 8)                 // half way
        clock.lengthChanged(from: 8, to: 12)
        #expect(clock.progress(duration: 12) == 0.5, "no jump back")
        _ = clock.run(for: 4, duration: 12)                // half of the 8 s left
        #expect(Approximately.equal(clock.progress(duration: 12), 0.75))
        let endWithNewLength = clock.run(for: 10, duration: 12)
        #expect(endWithNewLength == 4)     // ends with the video's new end
        #expect(clock.progress(duration: 12) == 1)
    }

    @Test func aShorterLengthDoesNotJumpTheBarForward() {
        var clock = Clock()
        _ = clock.run(for: 2, duration: 8)                 // a quarter
        clock.lengthChanged(from: 8, to: 4)
        #expect(clock.progress(duration: 4) == 0.25)
        _ = clock.run(for: 1, duration: 4)
        #expect(Approximately.equal(clock.progress(duration: 4), 0.625))
    }

    @Test func theSameOrAnUnknownLengthChangesNothing() {
        var clock = Clock()
        _ = clock.run(for: 2, duration: 8)
        clock.lengthChanged(from: 8, to: 8)
        clock.lengthChanged(from: nil, to: 8)
        clock.lengthChanged(from: 8, to: nil)
        #expect(clock.anchor == nil && clock.progress(duration: 8) == 0.25)
    }

    @Test func thePlayheadMovesTheClockOnlyForwardAndNotPastTheEnd() {
        var clock = Clock()
        let endedAt3 = clock.follow(playhead: 3, duration: 8)
        #expect(!endedAt3)
        #expect(clock.elapsed == 3)
        let endedBack = clock.follow(playhead: 1, duration: 8)
        #expect(!endedBack)
        #expect(clock.elapsed == 3, "never back")
        let endedPast = clock.follow(playhead: 20, duration: 8)
        #expect(endedPast)
        #expect(clock.elapsed == 8, "the end, not past it")
    }

    @Test func theVideosEndPutsTheClockAtTheEnd() {
        var clock = Clock()
        _ = clock.run(for: 6.5, duration: 8)
        clock.reachEnd(duration: 8)
        #expect(clock.elapsed == 8 && clock.progress(duration: 8) == 1)
    }

    @Test func anItemIsSeenAfterTheSeenDelayOrAtItsEndIfShorter() {
        var clock = Clock()
        _ = clock.run(for: 0.5, duration: 5)
        #expect(!clock.isSeen(duration: 5, seenAfter: 1))
        _ = clock.run(for: 0.5, duration: 5)
        #expect(clock.isSeen(duration: 5, seenAfter: 1))
        var short = Clock()
        _ = short.run(for: 0.4, duration: 0.5)
        #expect(!short.isSeen(duration: 0.5, seenAfter: 1))
        _ = short.run(for: 0.2, duration: 0.5)
        #expect(short.isSeen(duration: 0.5, seenAfter: 1))
    }

    @Test func lengthsComeFromTheItemThenTheImageDurationThenTheMedia() {
        let image = StoryItem(id: "i", kind: .image, url: "i.jpg")
        let timed = StoryItem(id: "t", kind: .image, url: "t.jpg", duration: 3)
        let video = StoryItem(id: "v", kind: .video, url: "v.mp4")
        #expect(Clock.length(of: image, imageDuration: 5, reported: 9) == 5)
        #expect(Clock.length(of: timed, imageDuration: 5, reported: 9) == 3)
        #expect(Clock.length(of: video, imageDuration: 5, reported: 9) == 9)
        #expect(Clock.length(of: video, imageDuration: 5, reported: nil) == nil)
        // Clamped to 0.1 s…1 day; a non-finite own duration falls back.
        #expect(Clock.length(of: video, imageDuration: 5, reported: 0.01) == 0.1)
        #expect(Clock.length(of: video, imageDuration: 5, reported: 1e9) == 86_400)
        let broken = StoryItem(id: "b", kind: .video, url: "b.mp4", duration: .nan)
        #expect(Clock.length(of: broken, imageDuration: 5, reported: 7) == 7)
    }
}
