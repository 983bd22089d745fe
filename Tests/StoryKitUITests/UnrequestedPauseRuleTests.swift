import StoryKit
@testable import StoryKitUI
import Testing

@Suite struct UnrequestedPauseRuleTests {
    @Test func aPlayerPausingItselfWhileAskedToPlayIsAnUnrequestedPause() {
        var rule = UnrequestedPauseRule()
        _ = rule.requested(playing: true)
        #expect(rule.observed(.playing, rate: 1, atEnd: false) == nil)
        #expect(rule.observed(.paused, rate: 0, atEnd: false) == true)
        #expect(rule.observed(.playing, rate: 1, atEnd: false) == false)
    }

    @Test func ourOwnPauseAndTheEndAreNotUnrequested() {
        var rule = UnrequestedPauseRule()
        _ = rule.requested(playing: false)
        #expect(rule.observed(.paused, rate: 0, atEnd: false) == nil)
        _ = rule.requested(playing: true)
        #expect(rule.observed(.paused, rate: 0, atEnd: true) == nil, "the end is .ended")
        #expect(!rule.isPausedUnrequested)
    }

    @Test func unpluggedHeadphonesNeverReplayOnARefill() {
        var rule = UnrequestedPauseRule()
        _ = rule.requested(playing: true)
        rule.outputDeviceLost()
        _ = rule.observed(.paused, rate: 0, atEnd: false)
        #expect(!rule.replaysOnRefill)
        // The viewer's next play request (a hold released) plays it again.
        #expect(rule.requested(playing: true) == false)
        #expect(rule.replaysOnRefill)
    }

    @Test func anUnrequestedPauseStopsProgressAndPlayingAgainResumesIt() {
        // The model hears .stalled: its progress stops with the frozen picture.
        var pause = UnrequestedPauseRule()
        var rules = MediaReportRules()
        _ = rules.loaded(duration: 10)
        _ = rules.timeControl(.playing)
        _ = rules.firstFrameShown(true)
        _ = pause.requested(playing: true)
        var events = rules.timeControl(.paused)
        if let paused = pause.observed(.paused, rate: 0, atEnd: false) { events += rules.pausedUnrequested(paused) }
        #expect(events == [.stalled])
        events = rules.timeControl(.playing)
        if let paused = pause.observed(.playing, rate: 1, atEnd: false) { events += rules.pausedUnrequested(paused) }
        #expect(events == [.resumed])
    }
}

@Suite struct MediaReportQueueTests {
    @Test func reportsAreTakenInOrderUpToATimeEachOnce() {
        var queue = MediaReportQueue()
        let added = queue.append([], for: "a1", at: 0)
        #expect(!added)
        queue.append([.ready, .displaying], for: "a1", at: 1)
        queue.append([.stalled], for: "a1", at: 2)
        let first = queue.take(through: 1.5), again = queue.take(through: 1.5), last = queue.take(through: 2)
        #expect(first.map(\.event) == [.ready, .displaying])
        #expect(again.isEmpty)
        #expect(last == [MediaReport(id: "a1", event: .stalled, time: 2)])
    }

    @Test func aClockThatGoesBackNeverReordersReports() {
        var queue = MediaReportQueue()
        queue.append([.ready], for: "a1", at: 3)
        queue.append([.displaying], for: "a1", at: 2)
        let early = queue.take(through: 2.5), due = queue.take(through: 3)
        #expect(early.isEmpty, "the later report is not handed over before the earlier")
        #expect(due.map(\.time) == [3, 3])
    }

    @Test func aClockThatGoesBackAfterATakeStillNeverGoesBack() {
        // Found by StoryMediaSlotsStorm: a report at 0 after one at 6 was taken came out at 0.
        var queue = MediaReportQueue()
        queue.append([.ended], for: "a1", at: 6)
        _ = queue.take(through: 6)
        queue.append([.failed(reason: "late")], for: "a1", at: 0)
        #expect(queue.take(through: 0).isEmpty, "a report is never handed over earlier than one before it")
        #expect(queue.take(through: 6).map(\.time) == [6])
    }

    @Test func aTimeThatIsNotFiniteHoldsNoReportBack() {
        var queue = MediaReportQueue()
        queue.append([.ready], for: "a1", at: 1)
        queue.append([.displaying], for: "a1", at: .nan)
        queue.append([.stalled], for: "a1", at: .infinity)
        queue.append([.resumed], for: "a1", at: 2)
        #expect(queue.take(through: 1).map(\.event) == [.ready, .displaying, .stalled], "stamped as the report before")
        #expect(queue.take(through: 2).map(\.event) == [.resumed])
        var first = MediaReportQueue()
        first.append([.ready], for: "a1", at: -.infinity)
        #expect(first.take(through: 0).map(\.time) == [0], "before any report: stamped 0, a time the viewer takes")
    }

    @Test func theEndOfAnItemIsNotAnUnrequestedPause() {
        #expect(UnrequestedPauseRule.isAtEnd(9.98, duration: 10))
        #expect(!UnrequestedPauseRule.isAtEnd(5, duration: 10))
        #expect(!UnrequestedPauseRule.isAtEnd(5, duration: .nan) && !UnrequestedPauseRule.isAtEnd(5, duration: .infinity))
    }

    @Test func timeControlStatusesMapFromTheirRawValues() {
        #expect(MediaReportRules.TimeControl(rawStatus: 0) == .paused)
        #expect(MediaReportRules.TimeControl(rawStatus: 1) == .waiting)
        #expect(MediaReportRules.TimeControl(rawStatus: 2) == .playing)
        #expect(MediaReportRules.TimeControl(rawStatus: 3) == nil)
    }
}
