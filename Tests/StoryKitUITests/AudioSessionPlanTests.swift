import StoryKit
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

    func muted(slot: Int = 0) -> Player {
        Player(slot: slot, isPlaying: true, isMuted: true, hasAudio: true)
    }

    @Test func theSessionIsActivatedBeforeThePlayerIsUnmuted() {
        var plan = AudioSessionPlan()
        // The pool unmutes a playing video with sound: first the category and activation only.
        #expect(plan.update([heard()], momentaryPause: false, category: .playback) == [.activate(.playback)])
        #expect(plan.unmuted.isEmpty, "not heard before the session is ours")
        #expect(plan.update([heard()], momentaryPause: false, category: .playback) == [], "no second activation while one runs")
        // Activation succeeded: now it is unmuted.
        #expect(plan.activationFinished(saved: app, error: nil) == [.unmute(slot: 0)])
        #expect(plan.phase == .active && plan.held == .playback)
    }

    @Test func mutedUnmutedMutedThenClosedIsAmbientPlaybackAmbientThenTheAppsSettings() {
        var plan = AudioSessionPlan()
        // Opened muted: ambient (other apps' audio plays on, the silent switch is obeyed).
        #expect(plan.update([muted()], momentaryPause: false, category: .ambient) == [.activate(.ambient)])
        #expect(plan.activationFinished(saved: app, error: nil) == [])
        #expect(plan.held == .ambient && plan.unmuted.isEmpty)
        // Unmuted: playback, then heard; ambient interrupted nothing, so no deactivation first.
        #expect(plan.update([heard()], momentaryPause: false, category: .playback) == [.activate(.playback)])
        #expect(plan.activationFinished(saved: .ambient, error: nil) == [.unmute(slot: 0)])
        #expect(plan.saved == app, "the first read is the app's; later reads are the viewer's own")
        // Muted again: silent first, then other apps' audio is let go on, then ambient.
        #expect(plan.update([muted()], momentaryPause: false, category: .ambient)
                == [.mute(slot: 0), .deactivate(restoring: nil), .activate(.ambient)])
        #expect(plan.activationFinished(saved: .playback, error: nil) == [])
        // Closed: the app's category, mode and options come back.
        #expect(plan.stop() == [.deactivate(restoring: app)])
        #expect(plan.phase == .inactive && plan.held == nil && plan.saved == nil)
    }

    @Test func whileMutedTheSessionIsNeverPlaybackEvenForAnUnmutedPlayer() {
        var plan = AudioSessionPlan()
        // A player the pool left unmuted, with sound, while the policy is muted.
        #expect(plan.update([heard()], momentaryPause: false, category: .ambient) == [.activate(.ambient)])
        #expect(plan.activationFinished(saved: app, error: nil) == [], "not heard through ambient")
        #expect(plan.update([heard()], momentaryPause: false, category: .ambient) == [])
        #expect(plan.held == .ambient)
    }

    @Test func theAppsCategoryModeAndOptionsAreRestoredAtTheClose() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false, category: .playback)
        _ = plan.activationFinished(saved: app, error: nil)
        #expect(plan.update([], momentaryPause: false, category: .playback) == [.deactivate(restoring: app)],
                "no player left: the session goes back, a released slot is muted by its player's stop")
        #expect(plan.phase == .inactive)
    }

    @Test func anAppAlreadyInPlaybackIsOnlyDeactivated() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false, category: .playback)
        _ = plan.activationFinished(saved: .playback, error: nil)
        #expect(plan.stop() == [.deactivate(restoring: nil)], "a released slot is muted by its player's stop")
        #expect(plan.phase == .inactive && plan.unmuted.isEmpty)
    }

    @Test func aFailedActivationKeepsThePlayersMutedAndReportsIt() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false, category: .playback)
        let steps = plan.activationFinished(saved: app, error: "Session busy")
        #expect(steps == [.deactivate(restoring: app), .report("Session busy")])
        #expect(plan.unmuted.isEmpty && plan.phase == .failed)
        // No retry while the same video wants sound …
        #expect(plan.update([heard()], momentaryPause: false, category: .playback) == [])
        // … muted, ambient is a new wish; the next video with sound tries playback again.
        #expect(plan.update([muted()], momentaryPause: false, category: .ambient) == [.activate(.ambient)])
        _ = plan.activationFinished(saved: app, error: nil)
        #expect(plan.update([heard(slot: 1)], momentaryPause: false, category: .playback) == [.activate(.playback)])
    }

    @Test func aFailedAmbientActivationIsNotRetriedWhileMuted() {
        var plan = AudioSessionPlan()
        _ = plan.update([muted()], momentaryPause: false, category: .ambient)
        #expect(plan.activationFinished(saved: app, error: "busy") == [.deactivate(restoring: app), .report("busy")])
        #expect(plan.update([muted(), muted(slot: 1)], momentaryPause: false, category: .ambient) == [])
        #expect(plan.stop() == [], "given back already")
    }

    @Test func aCloseDuringActivationDeactivatesWhenItReturns() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false, category: .playback)
        #expect(plan.stop() == [])
        #expect(plan.activationFinished(saved: app, error: nil) == [.deactivate(restoring: app)])
        #expect(plan.unmuted.isEmpty && plan.phase == .inactive)
    }

    @Test func theNextVideoIsUnmutedAtOnceWhileTheSessionIsOurs() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false, category: .playback)
        _ = plan.activationFinished(saved: app, error: nil)
        let next = [Player(slot: 0, isPlaying: false, isMuted: true, hasAudio: true), heard(slot: 1, hasAudio: nil)]
        #expect(plan.update(next, momentaryPause: false, category: .playback) == [.mute(slot: 0), .unmute(slot: 1)])
        #expect(plan.phase == .active)
    }

    @Test func aLastingPauseMutesThePlayerAndLetsOtherAudioResume() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false, category: .playback)
        _ = plan.activationFinished(saved: app, error: nil)
        // The host pauses (not momentary): the pool leaves the player unmuted, the plan mutes it.
        let paused = Player(slot: 0, isPlaying: false, isMuted: false, hasAudio: true)
        #expect(plan.update([paused], momentaryPause: false, category: .playback)
                == [.mute(slot: 0), .deactivate(restoring: nil), .activate(.ambient)])
        _ = plan.activationFinished(saved: .playback, error: nil)
        // Resumed: playback again before it is heard.
        #expect(plan.update([heard()], momentaryPause: false, category: .playback) == [.activate(.playback)])
        #expect(plan.activationFinished(saved: .ambient, error: nil) == [.unmute(slot: 0)])
        #expect(plan.stop() == [.deactivate(restoring: app)], "the app's settings, not the viewer's")
    }

    @Test func aSlotGivenANewItemIsUnmutedAgain() {
        var plan = AudioSessionPlan()
        _ = plan.update([heard()], momentaryPause: false, category: .playback)
        _ = plan.activationFinished(saved: app, error: nil)
        // The slot's player takes the next item (loading mutes it); the pool still says heard.
        plan.playerMuted(slot: 0)
        #expect(plan.update([heard()], momentaryPause: false, category: .playback) == [.unmute(slot: 0)])
    }

    @Test func aSilentVideoNeverAsksForPlayback() {
        var plan = AudioSessionPlan()
        #expect(plan.update([heard(hasAudio: false)], momentaryPause: false, category: .playback) == [.activate(.ambient)])
        _ = plan.activationFinished(saved: app, error: nil)
        #expect(plan.update([heard(hasAudio: nil)], momentaryPause: false, category: .playback) == [])
        #expect(plan.held == .ambient && plan.unmuted.isEmpty)
    }
}
