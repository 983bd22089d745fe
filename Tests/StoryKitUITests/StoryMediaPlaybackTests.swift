import Dispatch
import Foundation
import MotionCore
import StoryKit
@testable import StoryKitUI
import Testing

@MainActor
@Suite struct StoryMediaPlaybackTests {
    typealias Step = StoryMediaSlots.Step

    /// A playback whose players and views only record what they are told.
    final class RecordingPlayback: StoryMediaPlayback {
        var performed: [Step] = []
        var states: [Int: StoryMediaSlots.PlayerState] = [:]

        override func perform(_ step: Step) { performed.append(step) }
        override func playerState(slot: Int) -> StoryMediaSlots.PlayerState? { states[slot] }
    }

    /// An audio session switch that records its calls and returns activations when told.
    final class FakeAudio: AudioSessionSwitching, @unchecked Sendable {
        typealias Finished = @Sendable (AudioSessionPlan.Settings, String?) -> Void
        private let lock = NSLock()
        private var _activations: [AudioSessionPlan.Settings] = []
        private var _finishers: [Finished] = []
        private var _deactivations: [AudioSessionPlan.Settings?] = []
        var activations: [AudioSessionPlan.Settings] { lock.withLock { _activations } }
        var deactivations: [AudioSessionPlan.Settings?] { lock.withLock { _deactivations } }

        func activate(_ settings: AudioSessionPlan.Settings, finished: @escaping Finished) {
            lock.withLock {
                _activations.append(settings)
                _finishers.append(finished)
            }
        }

        func deactivate(restoring: AudioSessionPlan.Settings?) {
            lock.withLock { _deactivations.append(restoring) }
        }

        /// The newest activation returns, from another thread, as the session's queue does.
        func finishActivation(saved: AudioSessionPlan.Settings, error: String?) async {
            guard let finished = lock.withLock({ _finishers.last }) else { return }
            await Task.detached { finished(saved, error) }.value
        }
    }

    /// The viewer's clock, set by hand.
    @MainActor
    final class Clock {
        var now: Double
        init(now: Double) { self.now = now }
    }

    /// The app's own audio settings, read before the viewer's.
    static let app = AudioSessionPlan.Settings(category: "AVAudioSessionCategoryPlayAndRecord", mode: "AVAudioSessionModeDefault",
                                               options: 0x1)

    static let feed = StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [
        StoryItem(id: "v", kind: .video, url: "https://example.com/v.mp4"),
    ])])

    /// A feed whose only story has an address no loader reads.
    static let unsupported = StoryFeed(users: [StoryUser(id: "bo", name: "Bo", items: [
        StoryItem(id: "x", kind: .image, url: "ftp://example.com/x.jpg"),
    ])])

    static func viewer(_ feed: StoryFeed = feed) -> StoriesViewer {
        var viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
        viewer.sound = SoundPolicy(preference: .unmuted)   // these tests follow the heard video
        return viewer
    }

    /// A playback of `feed`; `onMainThread` says where it is let go (the test's main actor is not
    /// always the main thread on Linux).
    static func playback(_ feed: StoryFeed = feed, audio: FakeAudio = FakeAudio(), managesAudio: Bool = true,
                         onMainThread: Bool = true,
                         clock: @escaping @MainActor () -> Double = { 1 }) -> RecordingPlayback {
        RecordingPlayback(users: feed.users, baseURL: nil,
                          configuration: StoriesMediaConfiguration(managesAudioSession: managesAudio),
                          audio: audio, clock: clock, onMainThread: { onMainThread })
    }

    /// Lets every block already on the main queue run (observations hop there from any thread).
    static func drainMainQueue() async {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }

    @Test func theViewersChangeLoadsTheShownVideoThenPlaysIt() throws {
        let playback = Self.playback()
        playback.apply(Self.viewer())
        let entry = try #require(playback.slots.entry(showing: "v"))
        let load = try #require(playback.performed.firstIndex {
            if case .load(.video, entry.token, entry.slot) = $0 { true } else { false }
        })
        let play = try #require(playback.performed.firstIndex(of: .play(slot: entry.slot)))
        #expect(load < play, "the video is in its player before it is told to play")
    }

    @Test func anObservationFromAnyThreadBecomesAReportOnTheMainActorStampedByTheClock() async throws {
        let clock = Clock(now: 2)
        let playback = Self.playback(clock: { clock.now })
        var announced = 0
        playback.onReportsAvailable = { announced += 1 }
        playback.apply(Self.viewer())
        let entry = try #require(playback.slots.entry(showing: "v"))
        let send = playback.sink(token: entry.token, slot: entry.slot)
        send(.loaded(duration: 10, hasAudio: false))
        #expect(announced == 0, "nothing arrives in the middle of what the main actor is doing")
        clock.now = 3
        await Self.drainMainQueue()
        #expect(announced == 1)
        let reports = playback.reports(through: 3)
        #expect(reports.contains(MediaReport(id: "v", event: .ready, time: 3)), "stamped when it arrived")
        #expect(reports.contains(MediaReport(id: "v", event: .duration(10), time: 3)))
        await Task.detached { send(.firstFrame(true)) }.value
        await Self.drainMainQueue()
        #expect(playback.reports(through: 3).map(\.event) == [.displaying], "from another thread, the same way")
        #expect(playback.reports(through: 3).isEmpty, "each report is taken once")
    }

    @Test func anEarlierLoadsObservationsAreDropped() async throws {
        let playback = Self.playback()
        playback.apply(Self.viewer())
        let first = try #require(playback.slots.entry(showing: "v"))
        let send = playback.sink(token: first.token, slot: first.slot)
        playback.stopAll()
        playback.apply(Self.viewer())
        let second = try #require(playback.slots.entry(showing: "v"))
        #expect(second.token != first.token)
        send(.loaded(duration: 10, hasAudio: false))
        await Self.drainMainQueue()
        #expect(playback.reports(through: 10).isEmpty, "the old load's news is not the new load's")
    }

    @Test func anItemThatCannotLoadIsReportedAsTheMediasFailureLater() async throws {
        let playback = Self.playback(Self.unsupported)
        var announced = 0
        playback.onReportsAvailable = { announced += 1 }
        playback.apply(Self.viewer(Self.unsupported))
        let entry = try #require(playback.slots.entry(showing: "x"))
        #expect(playback.performed.contains(.load(.failed("This story's address is not supported."),
                                                  token: entry.token, slot: entry.slot)),
                "the page still gets the load's own (empty) view")
        #expect(announced == 0, "as if the media said it: not while the change is carried out")
        await Self.drainMainQueue()
        #expect(playback.reports(through: 10).map(\.event) == [.failed(reason: "This story's address is not supported.")])
    }

    @Test func aVideoWithSoundIsHeardOnlyOnceTheSessionIsActive() async throws {
        let audio = FakeAudio()
        let playback = Self.playback(audio: audio)
        playback.apply(Self.viewer())
        #expect(audio.activations == [.ambient], "opened: ambient, whether the story has sound is not known")
        await audio.finishActivation(saved: Self.app, error: nil)
        await Self.drainMainQueue()
        let entry = try #require(playback.slots.entry(showing: "v"))
        playback.sink(token: entry.token, slot: entry.slot)(.loaded(duration: 10, hasAudio: true))
        await Self.drainMainQueue()
        #expect(audio.activations == [.ambient, .playback])
        #expect(!playback.performed.contains(.unmute(slot: entry.slot)), "not heard before the session is ours")
        await audio.finishActivation(saved: .ambient, error: nil)
        await Self.drainMainQueue()
        #expect(playback.performed.last == .unmute(slot: entry.slot))
        playback.stopAll()
        #expect(audio.deactivations == [Self.app], "the close gives the session back with the app's settings")
    }

    @Test func aFailedActivationIsToldToTheHostAndTheStoryStaysSilent() async throws {
        let audio = FakeAudio()
        let playback = Self.playback(audio: audio)
        var failures: [String] = []
        playback.onAudioFailure = { failures.append($0) }
        playback.apply(Self.viewer())
        await audio.finishActivation(saved: Self.app, error: nil)
        await Self.drainMainQueue()
        let entry = try #require(playback.slots.entry(showing: "v"))
        playback.sink(token: entry.token, slot: entry.slot)(.loaded(duration: 10, hasAudio: true))
        await Self.drainMainQueue()
        await audio.finishActivation(saved: .ambient, error: "busy")
        await Self.drainMainQueue()
        #expect(!failures.isEmpty)
        #expect(!playback.performed.contains(.unmute(slot: entry.slot)))
    }

    @Test func anActivationThatReturnsAfterTheViewerWentGivesTheSessionBack() async throws {
        let audio = FakeAudio()
        var playback: RecordingPlayback? = Self.playback(audio: audio)
        playback?.apply(Self.viewer())
        let entry = try #require(playback?.slots.entry(showing: "v"))
        playback?.sink(token: entry.token, slot: entry.slot)(.loaded(duration: 10, hasAudio: true))
        await Self.drainMainQueue()
        #expect(audio.activations.count == 1)
        playback = nil
        await audio.finishActivation(saved: Self.app, error: nil)
        await Self.drainMainQueue()
        #expect(audio.deactivations.last == Self.app, "deactivated, the app's own settings put back")
    }

    @Test func aSwitchToPlaybackThatReturnsAfterTheViewerWentPutsTheAppsSettingsBack() async throws {
        let audio = FakeAudio()
        var playback: RecordingPlayback? = Self.playback(audio: audio)
        playback?.apply(Self.viewer())
        await audio.finishActivation(saved: Self.app, error: nil)
        await Self.drainMainQueue()
        let entry = try #require(playback?.slots.entry(showing: "v"))
        playback?.sink(token: entry.token, slot: entry.slot)(.loaded(duration: 10, hasAudio: true))
        await Self.drainMainQueue()
        #expect(audio.activations == [.ambient, .playback])
        playback = nil
        // The switch reads the viewer's own ambient settings; the app's, saved before, go back.
        await audio.finishActivation(saved: .ambient, error: nil)
        await Self.drainMainQueue()
        #expect(audio.deactivations.last == Self.app)
    }

    @Test(arguments: [true, false])
    func lettingThePlaybackGoOnTheMainThreadGivesAnActiveSessionBack(onMainThread: Bool) async throws {
        let audio = FakeAudio()
        var playback: RecordingPlayback? = Self.playback(audio: audio, onMainThread: onMainThread)
        playback?.apply(Self.viewer())
        await audio.finishActivation(saved: Self.app, error: nil)
        await Self.drainMainQueue()
        let entry = try #require(playback?.slots.entry(showing: "v"))
        playback?.sink(token: entry.token, slot: entry.slot)(.loaded(duration: 10, hasAudio: true))
        await Self.drainMainQueue()
        await audio.finishActivation(saved: .ambient, error: nil)
        await Self.drainMainQueue()
        #expect(audio.deactivations.isEmpty)
        playback = nil
        #expect(audio.deactivations == (onMainThread ? [Self.app] : []),
                "let go by the viewer on the main thread, nothing is heard after; elsewhere nothing is touched")
    }

    @Test func unpluggedHeadphonesKeepAStalledVideoFromPlayingOnItsOwn() async throws {
        for (reason, replays) in [(StoryMediaPlayback.oldDeviceUnavailable, false), (1, true), (nil, true)] as [(UInt?, Bool)] {
            let playback = Self.playback(managesAudio: false)
            playback.apply(Self.viewer())
            let entry = try #require(playback.slots.entry(showing: "v"))
            playback.states[entry.slot] = StoryMediaSlots.PlayerState(status: .paused, rate: 0, time: 2, duration: 10)
            let send = playback.sink(token: entry.token, slot: entry.slot)
            playback.routeChanged(reason: reason)
            send(.timeControl(.paused))
            send(.bufferEmpty(false))
            await Self.drainMainQueue()
            let played = playback.performed.filter { $0 == .play(slot: entry.slot) }.count
            #expect(played == (replays ? 2 : 1), "route change \(String(describing: reason))")
        }
    }

    @Test func anImageReadStopsWhenItsSlotLoadsAgainOrIsReleasedOrThePlaybackGoes() async throws {
        var playback: RecordingPlayback? = Self.playback()
        playback?.apply(Self.viewer())
        let slot = try #require(playback?.slots.entry(showing: "v")).slot
        let (waiting, never) = AsyncStream<Void>.makeStream()
        defer { never.finish() }
        func read() -> Task<Void, Never> { Task { for await _ in waiting {} } }
        let replaced = read(), released = read(), dropped = read()
        playback?.track(imageRead: replaced, slot: slot)
        playback?.run([.load(.image(.remote(URL(string: "https://example.com/i.jpg")!)), token: 99, slot: slot)])
        #expect(replaced.isCancelled, "the slot's next load ends the previous read")
        playback?.track(imageRead: released, slot: slot)
        playback?.run([.release(slot: slot)])
        #expect(released.isCancelled)
        playback?.track(imageRead: dropped, slot: slot + 1)
        #expect(!dropped.isCancelled)
        playback = nil
        #expect(dropped.isCancelled, "nothing reads on after the viewer went")
    }

    @Test func closingReleasesEverySlotAndDropsWaitingReports() async throws {
        let playback = Self.playback()
        playback.apply(Self.viewer())
        let entry = try #require(playback.slots.entry(showing: "v"))
        playback.sink(token: entry.token, slot: entry.slot)(.loaded(duration: 10, hasAudio: false))
        await Self.drainMainQueue()
        playback.stopAll()
        #expect(playback.performed.contains(.release(slot: entry.slot)))
        #expect(playback.reports(through: 10).isEmpty)
        #expect(playback.slots.entry(showing: "v") == nil)
    }
}
