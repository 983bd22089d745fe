@testable import StoryKitUI
import Testing

@Suite struct AudioInterruptionRuleTests {
    @Test func anInterruptionEndingWithShouldResumeResumesWhatItPaused() {
        var rule = AudioInterruptionRule()
        #expect(rule.began(isPlaying: true) == .pause)
        #expect(rule.ended(shouldResume: true) == .resume)
        #expect(rule.phase == .none)
    }

    @Test func anInterruptionEndingWithoutShouldResumeStaysPausedUntilATouch() {
        var rule = AudioInterruptionRule()
        _ = rule.began(isPlaying: true)
        #expect(rule.ended(shouldResume: false) == nil)
        #expect(rule.phase == .waitingForUser)
        #expect(rule.touched() == .resume)
        #expect(rule.touched() == nil, "only the first touch")
    }

    @Test func aViewerPausedBeforeTheInterruptionIsNotResumed() {
        var rule = AudioInterruptionRule()
        #expect(rule.began(isPlaying: false) == nil)
        #expect(rule.ended(shouldResume: true) == nil)
        #expect(rule.touched() == nil)
    }

    @Test func theHostsOwnPauseOrResumeTakesOver() {
        var rule = AudioInterruptionRule()
        _ = rule.began(isPlaying: true)
        rule.forget()
        #expect(rule.ended(shouldResume: true) == nil)
    }

    @Test func aSecondInterruptionWhileWaitingResumesOnItsShouldResume() {
        var rule = AudioInterruptionRule()
        _ = rule.began(isPlaying: true)
        _ = rule.ended(shouldResume: false)
        #expect(rule.began(isPlaying: false) == nil, "paused already")
        #expect(rule.ended(shouldResume: true) == .resume)
    }

    @Test func aTouchWithoutAnInterruptionDoesNothing() {
        var rule = AudioInterruptionRule()
        #expect(rule.touched() == nil)
    }

    @Test func aNotificationsUserInfoIsReadWithAVFoundationsRawValues() {
        typealias Notice = AudioInterruptionRule.Notice
        // InterruptionType: began 1, ended 0; InterruptionOptions: shouldResume 1.
        #expect(Notice(type: UInt(1), options: nil) == Notice(began: true, shouldResume: false))
        #expect(Notice(type: UInt(0), options: UInt(1)) == Notice(began: false, shouldResume: true))
        #expect(Notice(type: UInt(0), options: nil) == Notice(began: false, shouldResume: false), "no options: no resume")
        #expect(Notice(type: UInt(0), options: UInt(2)) == Notice(began: false, shouldResume: false))
        #expect(Notice(type: nil, options: UInt(1)) == nil && Notice(type: UInt(7), options: nil) == nil)
        #expect(Notice(type: "began", options: nil) == nil, "not a number: ignored")
    }
}
