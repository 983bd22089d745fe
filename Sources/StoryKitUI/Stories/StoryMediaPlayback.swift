import Foundation
import StoryKit
import StoryMedia

// MARK: - StoryMediaPlayback

/// The Stories viewer's media as the viewer sees it, in plain Swift: the
/// ``StoryKit/StoryMediaSource`` contract kept over ``StoryMediaSlots``, with the platform's
/// players and views behind ``perform(_:)`` and ``playerState(slot:)`` and its audio session
/// behind an ``AudioSessionSwitching``. ``AVStoryMediaSource`` is the iOS one; the tests make one
/// that records what it is told. Tested on Linux.
///
/// What the media does goes into the slots' reports stamped with ``clock``, on the main actor;
/// ``onReportsAvailable`` says so (a report made while ``apply(_:)`` runs, such as the end of a
/// pause of the player's own, is taken after it). Observations reach the main queue from any
/// thread through ``sink(token:slot:)``, in the order sent, never in the middle of what the main
/// actor is doing now; reports of an item no longer in its slot, or of an earlier load of it, are
/// dropped. A load that cannot start is reported as the media's failure, later, the same way.
/// With ``StoriesMediaConfiguration/managesAudioSession``, the session and the mute switches
/// follow ``AudioSessionPlan``: an activation's result comes back to the main actor, and one that
/// comes back after this was let go gives the session straight back (the app's settings
/// restored); without it, the pool's mute changes are carried out as they come. Headphones
/// unplugged (``routeChanged(reason:)``) keep a paused video paused. ``stopAll()`` (the viewer
/// closed) and `deinit` give the session back and cancel every image read; ``stopAll()`` also
/// stops prefetching.
///
/// It takes events over time (a state machine): the viewer's changes, restarts, observations,
/// route changes, activations coming back and the close, in any order.
@MainActor
package class StoryMediaPlayback {
    /// Called on the main actor when reports arrived: take them with ``reports(through:)``.
    package var onReportsAvailable: (() -> Void)?
    /// The audio session could not be activated: the reason (the story plays muted).
    package var onAudioFailure: ((String) -> Void)?
    /// The viewer's clock, in seconds: when a report arrived.
    package let clock: @MainActor () -> Double
    /// The folder that relative media paths are in.
    package let baseURL: URL?
    /// What each slot holds and each player was asked, and the reports not yet taken.
    package internal(set) var slots: StoryMediaSlots
    /// Makes the audio session's calls.
    private let audio: any AudioSessionSwitching
    /// Tells a prefetching byte source (the media pipeline) where the viewer is.
    let prefetch: PrefetchFeed?
    /// Where the images this viewer shows now and next are protected from a memory warning.
    let imageProtection: ImageCacheProtection?
    /// The memory-warning rule last protected, so that the protection changes only with it.
    var protectedRule: MemoryWarningRule?
    /// The device's conditions the media follows (``conditionsChanged(_:viewer:)``).
    package internal(set) var conditions = PrefetchConditions()
    /// Whether the caller is on the main thread (`Thread.isMainThread`; tests say so themselves).
    private let onMainThread: @Sendable () -> Bool
    /// The image read of each slot's load, by slot: cancelled when the slot's next load starts,
    /// when the slot is released, and when this goes.
    private var imageReads: [Int: Task<Void, Never>] = [:]

    /// `AVAudioSession.RouteChangeReason.oldDeviceUnavailable`'s raw value: the output device
    /// (headphones, a Bluetooth speaker) went away.
    package static let oldDeviceUnavailable: UInt = 2

    /// Playback of the items of `users`, nothing loaded yet.
    ///
    /// - Parameters:
    ///   - users: The viewer's users (their items' URLs and kinds).
    ///   - baseURL: The folder that relative media paths are in.
    ///   - configuration: The byte source, player capacity, prefetching and audio session.
    ///   - audio: Makes the audio session's calls (used only with a managed session).
    ///   - clock: The viewer's clock, in seconds.
    ///   - onMainThread: Whether the caller is on the main thread, asked when this goes.
    ///   - imageProtection: Where the images shown now and next are protected from a memory
    ///     warning, if anywhere.
    init(users: [StoryUser], baseURL: URL?, configuration: StoriesMediaConfiguration,
         audio: any AudioSessionSwitching, clock: @escaping @MainActor () -> Double,
         onMainThread: @escaping @Sendable () -> Bool = { Thread.isMainThread },
         imageProtection: ImageCacheProtection? = nil) {
        // Internal, not package: a package initialiser that the internal iOS subclass does not
        // inherit makes Swift 6.3 warn of an infinite recursion there.
        self.clock = clock
        self.baseURL = baseURL
        self.audio = audio
        self.onMainThread = onMainThread
        self.imageProtection = imageProtection
        slots = StoryMediaSlots(users: users, baseURL: baseURL, capacity: configuration.playerCapacity,
                                hasByteSource: configuration.byteSource != nil,
                                managesAudio: configuration.managesAudioSession)
        prefetch = (configuration.byteSource as? any MediaPrefetching).map {
            PrefetchFeed(source: $0, configuration: configuration.prefetch)
        }
    }

    /// Brings the players to what `viewer` needs now (``StoryMediaSlots/update(to:at:)``) and
    /// tells a prefetching source where the viewer is. Call after every change of the viewer.
    package func apply(_ viewer: StoriesViewer) {
        prefetch?.update(to: viewer)
        protectImages(of: viewer)
        chooseRenditions(for: viewer)
        run(slots.update(to: viewer, at: clock()))
    }

    /// The viewer shows item `id` from its start (``StoryKit/StoriesViewer/Event/itemShown(user:item:id:)``):
    /// a video that is not at its start goes back there (``StoryMediaSlots/restart(_:at:)``).
    package func restart(_ id: String) {
        run(slots.restart(id, at: clock()))
    }

    /// What the media did up to `time` (seconds), in arrival order (their times never decrease).
    package func reports(through time: Double) -> [MediaReport] {
        slots.take(through: time)
    }

    /// Stops and releases everything: every slot is released, waiting reports are dropped, the
    /// audio session is let go, prefetching stops.
    package func stopAll() {
        run(slots.stopAll())
        prefetch?.stop()
        imageProtection?.release(ObjectIdentifier(self))
    }

    /// An audio route changed, with `AVAudioSession.RouteChangeReason`'s raw value (`nil` when
    /// the notification carries none): for ``oldDeviceUnavailable``, no player that was asked to
    /// play plays again by itself (``StoryMediaSlots/outputDeviceLost()``); others change nothing.
    package func routeChanged(reason: UInt?) {
        guard reason == Self.oldDeviceUnavailable else { return }
        slots.outputDeviceLost()
    }

    /// Where the observations of load `token` in `slot` go, from any thread: to the main queue,
    /// in the order sent, then through the slots (with the slot's player as it is then) into the
    /// reports, unless that load is gone or this playback was let go.
    package func sink(token: Int, slot: Int) -> @Sendable (PlayerItemObservation) -> Void {
        { [weak self] observation in
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.receive(observation, token: token, slot: slot) }
            }
        }
    }

    /// Keeps `read`, the image read of the load now in `slot`, to be cancelled when that load
    /// ends (the slot's next load, its release, the close) or this goes.
    package func track(imageRead read: Task<Void, Never>, slot: Int) {
        imageReads[slot] = read
    }

    /// Carries out one of the slots' steps on the platform's players and views: every step but
    /// the audio session's and the reports' (which this type carries out). Nothing here; the
    /// platform's subclass overrides it.
    package func perform(_ step: StoryMediaSlots.Step) {}

    /// The player of `slot` as it is now (`nil` when the slot has none), for the slots' judgement
    /// of a pause. `nil` here; the platform's subclass overrides it.
    package func playerState(slot: Int) -> StoryMediaSlots.PlayerState? { nil }

    /// Carries out the slots' steps, in order: the players' and views' through ``perform(_:)``
    /// (a new load or a release first cancels the slot's image read; a load that cannot start is
    /// then sent back as the media's failure), the session's through the
    /// ``AudioSessionSwitching``, failures and reports to their callbacks.
    package func run(_ steps: [StoryMediaSlots.Step]) {
        for step in steps {
            switch step {
            case .activateAudio(let settings): activate(settings)
            case .deactivateAudio(let restoring): audio.deactivate(restoring: restoring)
            case .audioFailed(let reason): onAudioFailure?(reason)
            case .reportsAvailable: onReportsAvailable?()
            case .load(let load, let token, let slot):
                imageReads.removeValue(forKey: slot)?.cancel()
                perform(step)
                if case .failed(let reason) = load { sink(token: token, slot: slot)(.failed(reason)) }
            case .release(let slot):
                imageReads.removeValue(forKey: slot)?.cancel()
                perform(step)
            default: perform(step)
            }
        }
    }

    /// An observation of load `token` in `slot`, now on the main actor.
    private func receive(_ observation: PlayerItemObservation, token: Int, slot: Int) {
        run(slots.receive(observation, token: token, player: playerState(slot: slot), at: clock()))
    }

    /// Activates the session with `settings`; the result comes back on the main actor to the
    /// slots, or, if this was let go meanwhile, the session is given back at once.
    private func activate(_ settings: AudioSessionPlan.Settings) {
        let audio = self.audio
        let appSettings = slots.savedAudioSettings   // a switch reads the viewer's own settings
        audio.activate(settings) { [weak self] saved, error in
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return audio.deactivate(restoring: AudioSessionPlan.restoration(of: appSettings ?? saved)) }
                    self.run(self.slots.activationFinished(saved: saved, error: error))
                }
            }
        }
    }

    deinit {
        for read in imageReads.values { read.cancel() }
        imageProtection?.release(ObjectIdentifier(self))
        // The owner, on the main actor, lets this go on the main thread: the session is given
        // back (the players stop with their holder, gone already).
        guard onMainThread() else { return }
        MainActor.assumeIsolated {
            for case .deactivateAudio(let restoring) in slots.stopAll() { audio.deactivate(restoring: restoring) }
        }
    }
}

// MARK: - StoryMediaPlayback + StoryMediaSource

extension StoryMediaPlayback: @preconcurrency StoryMediaSource {}

// MARK: - AudioSessionSwitching

/// The shared audio session's calls as ``StoryMediaPlayback`` makes them: ``AudioSessionSwitch``
/// on iOS (in order, off the main thread), a recorder in tests.
package protocol AudioSessionSwitching: Sendable {
    /// Reads the app's category, mode and options, sets `settings` and activates the session
    /// (``AudioSessionPlan/Step/activate(_:)``); `finished` gets the settings read and the
    /// error's text (`nil` on success), on any thread.
    func activate(_ settings: AudioSessionPlan.Settings,
                  finished: @escaping @Sendable (AudioSessionPlan.Settings, String?) -> Void)
    /// Deactivates the session (other apps' audio may resume), then restores `restoring` if
    /// given (``AudioSessionPlan/Step/deactivate(restoring:)``).
    func deactivate(restoring: AudioSessionPlan.Settings?)
}
