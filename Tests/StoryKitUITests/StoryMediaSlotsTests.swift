import Foundation
import MotionCore
import StoryKit
@testable import StoryKitUI
import Testing

@Suite struct StoryMediaSlotsTests {
    typealias Step = StoryMediaSlots.Step

    static let feed = StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [
        StoryItem(id: "v", kind: .video, url: "https://example.com/v.mp4"),
        StoryItem(id: "i", kind: .image, url: "https://example.com/i.jpg"),
    ])])

    static func viewer() -> StoriesViewer {
        var viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
        viewer.sound = SoundPolicy(preference: .unmuted)   // these tests follow the heard video
        return viewer
    }

    static func slots(capacity: Int = 3, managesAudio: Bool = true) -> StoryMediaSlots {
        StoryMediaSlots(users: feed.users, baseURL: nil, capacity: capacity, hasByteSource: true,
                        managesAudio: managesAudio)
    }

    /// The player as AVFoundation shows it after pausing itself mid-video.
    static let stoppedMidVideo = StoryMediaSlots.PlayerState(status: .paused, rate: 0, time: 2, duration: 10)

    /// The app's own audio settings, read before the viewer's first change.
    static let app = AudioSessionPlan.Settings(category: "AVAudioSessionCategoryPlayAndRecord", mode: "AVAudioSessionModeDefault",
                                               options: 0x1)

    /// Slots with the video loaded, shown and playing (the ambient session the viewer opened
    /// with is active; playback is asked for); returns its load's token and slot.
    static func playingVideo(_ slots: inout StoryMediaSlots) throws -> (token: Int, slot: Int) {
        _ = slots.update(to: viewer(), at: 0)
        _ = slots.activationFinished(saved: app, error: nil)
        let entry = try #require(slots.entry(showing: "v"))
        _ = slots.receive(.loaded(duration: 10, hasAudio: true), token: entry.token, player: nil, at: 0.1)
        _ = slots.receive(.timeControl(.playing), token: entry.token, player: nil, at: 0.1)
        _ = slots.receive(.firstFrame(true), token: entry.token, player: nil, at: 0.1)
        _ = slots.take(through: 0.1)
        return (entry.token, entry.slot)
    }

    @Test func theShownVideoLoadsThroughTheLoaderThenPlays() throws {
        var slots = Self.slots()
        let steps = slots.update(to: Self.viewer(), at: 0)
        let entry = try #require(slots.entry(showing: "v"))
        let load = try #require(steps.firstIndex { if case .load(.video(.throughLoader), entry.token, entry.slot) = $0 { true } else { false } })
        let play = try #require(steps.firstIndex(of: .play(slot: entry.slot)), "the current video plays")
        #expect(load < play, "it is loaded before it is told to play")
        #expect(slots.players[entry.slot]?.isPlaying == true)
        #expect(steps.last == .activateAudio(.ambient) && !steps.contains(.activateAudio(.playback)),
                "whether it has sound is not known yet: ambient, other apps' audio plays on")
    }

    @Test func withAManagedSessionThePoolNeverUnmutesAPlayerItself() {
        var managed = Self.slots(managesAudio: true), unmanaged = Self.slots(managesAudio: false)
        let managedSteps = managed.update(to: Self.viewer(), at: 0)
        let unmanagedSteps = unmanaged.update(to: Self.viewer(), at: 0)
        #expect(!managedSteps.contains { if case .unmute = $0 { true } else { false } },
                "the audio plan unmutes once the session is ours")
        #expect(unmanagedSteps.contains { if case .unmute = $0 { true } else { false } })
        #expect(!unmanagedSteps.contains { if case .activateAudio = $0 { true } else { false } })
    }

    @Test func aLoadedVideoReportsItsLengthAndTellsTheSessionItHasSound() throws {
        var slots = Self.slots()
        _ = slots.update(to: Self.viewer(), at: 0)
        _ = slots.activationFinished(saved: Self.app, error: nil)
        let entry = try #require(slots.entry(showing: "v"))
        let steps = slots.receive(.loaded(duration: 10, hasAudio: true), token: entry.token, player: nil, at: 1)
        #expect(steps == [.activateAudio(.playback), .reportsAvailable], "the session is asked for, then the reports")
        #expect(slots.entries[entry.slot]?.hasAudio == true)
        #expect(slots.take(through: 0.5).isEmpty, "a report is not due before it arrived")
        #expect(slots.take(through: 1).map(\.event) == [.duration(10), .ready])
        #expect(slots.take(through: 2).isEmpty, "each report is taken once")
    }

    @Test func anUnknownLengthIsNotReported() throws {
        var slots = Self.slots()
        _ = slots.update(to: Self.viewer(), at: 0)
        let entry = try #require(slots.entry(showing: "v"))
        _ = slots.receive(.loaded(duration: .nan, hasAudio: false), token: entry.token, player: nil, at: 1)
        #expect(slots.take(through: 1).map(\.event) == [.ready])
    }

    @Test func aPlayerThatPausedItselfMidVideoStallsTheStory() throws {
        var slots = Self.slots()
        let (token, _) = try Self.playingVideo(&slots)
        _ = slots.receive(.timeControl(.paused), token: token, player: Self.stoppedMidVideo, at: 2)
        #expect(slots.take(through: 2).map(\.event) == [.stalled], "progress stops with the frozen picture")
    }

    @Test func aPlayerThatStoppedAtItsEndIsNotAStall() throws {
        var slots = Self.slots()
        let (token, _) = try Self.playingVideo(&slots)
        let atEnd = StoryMediaSlots.PlayerState(status: .paused, rate: 0, time: 9.98, duration: 10)
        _ = slots.receive(.timeControl(.paused), token: token, player: atEnd, at: 2)
        #expect(slots.take(through: 2).isEmpty)
    }

    @Test func aRefilledBufferPlaysAStoppedPlayerAgainUnlessItsHeadphonesWentAway() throws {
        var slots = Self.slots()
        let (token, slot) = try Self.playingVideo(&slots)
        let refill = slots.receive(.bufferEmpty(false), token: token, player: Self.stoppedMidVideo, at: 2)
        #expect(refill.first == .play(slot: slot))

        var unplugged = Self.slots()
        let (otherToken, _) = try Self.playingVideo(&unplugged)
        unplugged.outputDeviceLost()
        let steps = unplugged.receive(.bufferEmpty(false), token: otherToken, player: Self.stoppedMidVideo, at: 2)
        #expect(!steps.contains { if case .play = $0 { true } else { false } }, "headphone audio never moves to the speaker")
    }

    @Test func theViewersPlayRequestEndsAPauseOfThePlayersOwn() throws {
        var slots = Self.slots()
        let (token, slot) = try Self.playingVideo(&slots)
        _ = slots.receive(.timeControl(.paused), token: token, player: Self.stoppedMidVideo, at: 2)
        _ = slots.take(through: 2)
        var viewer = Self.viewer()
        _ = viewer.setPaused(true, time: 3)
        let steps = slots.update(to: viewer, at: 3)
        #expect(steps.contains(.pause(slot: slot)))
        #expect(slots.take(through: 3).isEmpty, "the pause is ours now; the stall lasts until playing resumes")
        _ = slots.receive(.timeControl(.playing), token: token, player: nil, at: 4)
        #expect(slots.take(through: 4).map(\.event) == [.resumed])
    }

    @Test func restartingRewindsTheVideoAndLetsItEndAgain() throws {
        var slots = Self.slots()
        let (token, slot) = try Self.playingVideo(&slots)
        _ = slots.receive(.ended, token: token, player: nil, at: 10)
        #expect(slots.take(through: 10).map(\.event) == [.ended])
        let steps = slots.restart("v", at: 11)
        #expect(steps.prefix(2) == [.rewind(slot: slot), .play(slot: slot)], "it goes back to 0 and plays as the pool says")
        _ = slots.receive(.ended, token: token, player: nil, at: 21)
        #expect(slots.take(through: 21).map(\.event) == [.ended])
        var empty = Self.slots()
        #expect(empty.restart("v", at: 0).isEmpty, "nothing loaded: nothing to rewind")
    }

    @Test func anImageTakingAVideosSlotEmptiesItsPlayerAndHasNoSound() throws {
        var slots = Self.slots(capacity: 1)
        var viewer = Self.viewer()
        let (_, slot) = try Self.playingVideo(&slots)
        _ = viewer.nextItem(time: 1)
        let steps = slots.update(to: viewer, at: 1)
        let image = try #require(slots.entry(showing: "i"))
        #expect(image.slot == slot && image.hasAudio == false)
        #expect(steps.contains(.unload(slot: slot)), "the video's player is emptied")
        #expect(slots.players[slot]?.hasItem == false)
        #expect(!steps.contains(.play(slot: slot)), "an emptied player is not played")
        #expect(slots.entry(showing: "v") == nil)
    }

    @Test func observationsOfAnEarlierLoadAreDropped() throws {
        var slots = Self.slots(capacity: 1)
        var viewer = Self.viewer()
        let (videoToken, _) = try Self.playingVideo(&slots)
        _ = viewer.nextItem(time: 1)
        _ = slots.update(to: viewer, at: 1)
        #expect(slots.receive(.failed("late"), token: videoToken, player: nil, at: 2).isEmpty)
        #expect(slots.take(through: 2).isEmpty, "the image is not failed by the video's late error")
    }

    @Test func anItemThatCannotLoadFailsWithAReason() {
        let slots = StoryMediaSlots(users: [StoryUser(id: "bo", name: "Bo", items: [
            StoryItem(id: "x", kind: .video, url: "ftp://example.com/x.mp4"),
            StoryItem(id: "f", kind: .image, url: "/tmp/f.jpg"),
        ])], baseURL: nil, capacity: 3, hasByteSource: false, managesAudio: true)
        #expect(slots.load(of: "nope") == .failed("This story is not in the feed."))
        #expect(slots.load(of: "x") == .failed("This story's address is not supported."))
        #expect(slots.load(of: "f") == .image(.file(URL(fileURLWithPath: "/tmp/f.jpg"))))
    }

    @Test func closingReleasesEverySlotAndDropsWaitingReports() throws {
        var slots = Self.slots()
        let (token, slot) = try Self.playingVideo(&slots)
        _ = slots.receive(.playhead(1), token: token, player: nil, at: 1)
        let steps = slots.stopAll()
        #expect(steps.contains(.release(slot: slot)))
        #expect(slots.players.isEmpty && slots.entries.isEmpty && slots.pool.slots.isEmpty)
        #expect(slots.take(through: 100).isEmpty)
        #expect(slots.receive(.ended, token: token, player: nil, at: 2).isEmpty, "nothing is heard of a closed load")
    }
    @Test func aVideoWithSoundIsHeardOnlyOnceTheSessionIsOursAndTheCloseGivesItBack() throws {
        var slots = Self.slots()
        let (_, slot) = try Self.playingVideo(&slots)
        #expect(slots.activationFinished(saved: .ambient, error: nil) == [.unmute(slot: slot)])
        let close = slots.stopAll()
        #expect(close.contains(.release(slot: slot)))
        #expect(close.last == .deactivateAudio(restoring: Self.app), "the players go, then the session, with the app's settings put back")
    }

    @Test func mutingTheViewerSilencesThePlayerThenTurnsTheSessionAmbient() throws {
        var slots = Self.slots()
        var viewer = Self.viewer()
        let (_, slot) = try Self.playingVideo(&slots)
        _ = slots.activationFinished(saved: .ambient, error: nil)
        _ = viewer.sound(.toggle, time: 1)
        #expect(viewer.sound.sessionCategory == .ambient)
        let steps = slots.update(to: viewer, at: 1)
        let mute = try #require(steps.lastIndex(of: .mute(slot: slot)))
        #expect(Array(steps[(mute + 1)...]) == [.deactivateAudio(restoring: nil), .activateAudio(.ambient)],
                "silent first, other apps' audio let go on, then ambient; the app's settings wait for the close")
        _ = slots.activationFinished(saved: .playback, error: nil)
        _ = viewer.sound(.toggle, time: 2)
        #expect(slots.update(to: viewer, at: 2).last == .activateAudio(.playback), "unmuted: playback again")
    }

    @Test func aFailedActivationIsReportedAndTheStoryStaysSilent() throws {
        var slots = Self.slots()
        _ = try Self.playingVideo(&slots)
        let steps = slots.activationFinished(saved: .playback, error: "busy")
        #expect(steps.contains(.audioFailed("busy")))
        #expect(!steps.contains { if case .unmute = $0 { true } else { false } })
    }

    @Test func anImageInAHeardSlotStaysMutedAndTheSessionGoes() throws {
        var slots = Self.slots(capacity: 1)
        var viewer = Self.viewer()
        let (_, slot) = try Self.playingVideo(&slots)
        _ = slots.activationFinished(saved: .playback, error: nil)
        _ = viewer.nextItem(time: 1)
        let steps = slots.update(to: viewer, at: 1)
        let load = try #require(steps.firstIndex { if case .load = $0 { true } else { false } })
        #expect(!steps[load...].contains(.mute(slot: slot)), "the load muted the player: the plan does not mute it again")
        #expect(Array(steps.suffix(2)) == [.deactivateAudio(restoring: nil), .activateAudio(.ambient)],
                "an image has no sound: playback goes, ambient stays")
    }

    @Test func anActivationOutlivingItsViewerRestoresTheAppsSettings() {
        let app = AudioSessionPlan.Settings(category: "AVAudioSessionCategoryAmbient", mode: "AVAudioSessionModeDefault", options: 0)
        #expect(AudioSessionPlan.restoration(of: app) == app)
        #expect(AudioSessionPlan.restoration(of: .playback) == nil, "our own settings are not put back")
    }
}
