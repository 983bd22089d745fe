@testable import StoryKitUI
import Testing

@Suite struct AudioSessionPlanTests {
    typealias Player = AudioSessionPlan.Player
    typealias Settings = AudioSessionPlan.Settings

    /// An app that records with the speaker and mixes with others.
    let app = Settings(category: "AVAudioSessionCategoryPlayAndRecord", mode: "AVAudioSessionModeDefault", options: 0x1 | 0x8)

    func heard(slot: Int = 0, hasAudio: Bool? = true) -> Player {
        Player(slot: slot, isPlaying: true, isMuted: false, hasAudio: hasAudio)
    }

    @Test func theSessionIsActivatedBeforeThePlayerIsUnmuted() {
        var plan = AudioSessionPlan()
        // The pool unmutes a playing video with sound: first the category and activation only.
        #expect(plan.update([heard()], momentaryPause: false) == [.activate(.playback)])
        #expect(plan.unmuted.isEmpty, "not heard before the session is ours")
        #expect(plan.update([heard()], momentaryPause: false) == [], "no second activation while one runs")
        // Activation succeeded: now it is unmuted.
        #expect(plan.activationFinished(saved: app, error: nil) == [.unmute(slot: 0)])
        #expect(plan.phase == .active)
    }

    @Test func theAppsCategoryModeAndOptionsAreRestoredAfterDeactivation() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false)
        _ = plan.activationFinished(saved: app, error: nil)
        // The video is muted by the viewer: mute first, then deactivate and restore the app's.
        let muted = Player(slot: 0, isPlaying: true, isMuted: true, hasAudio: true)
        #expect(plan.update([muted], momentaryPause: false) == [.mute(slot: 0), .deactivate(restoring: app)])
        #expect(plan.phase == .inactive)
    }

    @Test func anAppAlreadyInPlaybackIsOnlyDeactivated() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false)
        _ = plan.activationFinished(saved: .playback, error: nil)
        #expect(plan.stop() == [.deactivate(restoring: nil)], "a released slot is muted by its player's stop")
        #expect(plan.phase == .inactive && plan.unmuted.isEmpty)
    }

    @Test func aFailedActivationKeepsThePlayersMutedAndReportsIt() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false)
        let steps = plan.activationFinished(saved: app, error: "Session busy")
        #expect(steps == [.deactivate(restoring: app), .report("Session busy")])
        #expect(plan.unmuted.isEmpty)
        // No retry while the same video wants sound …
        #expect(plan.update([heard()], momentaryPause: false) == [])
        // … but the next video with sound tries again, after the first stopped wanting it.
        _ = plan.update([Player(slot: 0, isPlaying: false, isMuted: true, hasAudio: true)], momentaryPause: false)
        #expect(plan.update([heard(slot: 1)], momentaryPause: false) == [.activate(.playback)])
    }

    @Test func aCloseDuringActivationDeactivatesWhenItReturns() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false)
        #expect(plan.stop() == [])
        #expect(plan.activationFinished(saved: app, error: nil) == [.deactivate(restoring: app)])
        #expect(plan.unmuted.isEmpty && plan.phase == .inactive)
    }

    @Test func theNextVideoIsUnmutedAtOnceWhileTheSessionIsOurs() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false)
        _ = plan.activationFinished(saved: app, error: nil)
        let next = [Player(slot: 0, isPlaying: false, isMuted: true, hasAudio: true), heard(slot: 1, hasAudio: nil)]
        #expect(plan.update(next, momentaryPause: false) == [.mute(slot: 0), .unmute(slot: 1)])
        #expect(plan.phase == .active)
    }

    @Test func aLastingPauseMutesThePlayerBeforeGivingTheSessionBack() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false)
        _ = plan.activationFinished(saved: app, error: nil)
        // The host pauses (not momentary): the pool leaves the player unmuted, the plan mutes it.
        let paused = Player(slot: 0, isPlaying: false, isMuted: false, hasAudio: true)
        #expect(plan.update([paused], momentaryPause: false) == [.mute(slot: 0), .deactivate(restoring: app)])
        // Resumed: activated again before it is heard.
        #expect(plan.update([heard()], momentaryPause: false) == [.activate(.playback)])
        #expect(plan.activationFinished(saved: app, error: nil) == [.unmute(slot: 0)])
    }

    @Test func aSlotGivenANewItemIsUnmutedAgain() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false)
        _ = plan.activationFinished(saved: app, error: nil)
        // The slot's player takes the next item (loading mutes it); the pool still says heard.
        plan.playerMuted(slot: 0)
        #expect(plan.update([heard()], momentaryPause: false) == [.unmute(slot: 0)])
    }

    @Test func aSilentVideoNeverActivatesTheSession() {
        var plan = AudioSessionPlan()
        #expect(plan.update([heard(hasAudio: false)], momentaryPause: false) == [])
        #expect(plan.update([heard(hasAudio: nil)], momentaryPause: false) == [])
        #expect(plan.phase == .inactive)
    }
}
