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
