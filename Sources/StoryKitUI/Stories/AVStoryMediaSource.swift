#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import Foundation
import StoryKit
import StoryMedia
import UIKit

/// The Stories viewer's media on iOS: a ``StoryKit/StoryMediaSource`` over a pool of `AVPlayer`s
/// and decoded images, fed by the view controller through the same contract as the command
/// line's scripted source.
///
/// ``apply(_:)`` carries out what ``StoryMediaSlots`` makes of the ``StoryKit/PlayerPool``'s
/// changes: at most ``StoriesMediaConfiguration/playerCapacity`` slots, each with one
/// ``PooledPlayer`` made the first time the slot holds a video and reused through
/// `replaceCurrentItem(with:)`; the current item playing and heard as the viewer says, the
/// visible pages' and the next item's prepared, paused and muted, and nothing else ever heard.
/// Each load of an item gets its own ``StoryMediaView`` (so the page's previous picture is never
/// replaced by the next item's frame) and its own ``MediaReportRules``. Videos come through
/// ``StoryVideoRoute``: with a byte source, through a ``StoryResourceLoader``; images through
/// ``StoryImageLoader``.
///
/// What the media does goes into the slots' reports stamped with ``clock``, on the main actor;
/// ``onReportsAvailable`` says so (a report made while ``apply(_:)`` runs, such as the end of a
/// pause of the player's own, is taken after it). Reports of an item no longer in its slot, or of
/// an earlier load of it, are dropped. With ``StoriesMediaConfiguration/managesAudioSession``, the
/// session and the mute switches follow ``AudioSessionPlan``; without it, the pool's mute changes
/// are carried out as they come. ``stopAll()`` (the viewer closed) and `deinit` pause and mute
/// every player, remove every observer, cancel every load and deactivate the session: nothing is
/// heard after the close.
@MainActor
final class AVStoryMediaSource {
    /// Called on the main actor when reports arrived: take them with ``reports(through:)``.
    var onReportsAvailable: (() -> Void)?
    /// The audio session could not be activated: the reason (the story plays muted).
    var onAudioFailure: ((String) -> Void)?
    /// The viewer's clock, in seconds: when a report arrived.
    let clock: @MainActor () -> Double

    /// What one load of an item holds on the platform: its view and its image read (a video's
    /// reads end with its player's item, ``PooledPlayer/unload(keepingFrame:)``).
    @MainActor
    final class MediaLoad {
        let view = StoryMediaView()
        var imageLoad: Task<Void, Never>?

        /// Ends the load: its image read stops, its view no longer reports an image.
        func end() {
            imageLoad?.cancel()
            imageLoad = nil
            view.onImageShown = nil
        }

        deinit {
            imageLoad?.cancel()
        }
    }

    let baseURL: URL?
    let configuration: StoriesMediaConfiguration
    let images: StoryImageLoader
    let loader: StoryResourceLoader?
    /// What each slot holds and each player was asked, and the reports not yet taken.
    var slots: StoryMediaSlots
    /// The player of each slot that held a video, by slot.
    var players: [Int: PooledPlayer] = [:]
    /// The load in each slot, by slot.
    var loads: [Int: MediaLoad] = [:]
    /// Tells a prefetching byte source (the media pipeline) where the viewer is.
    private let prefetch: PrefetchFeed?
    /// The route-change observer.
    private let notifications = NotificationTokens()

    /// A source for the items of `users`.
    ///
    /// - Parameters:
    ///   - users: The viewer's users (their items' URLs and kinds).
    ///   - baseURL: The folder that relative media paths are in.
    ///   - configuration: The byte source, player capacity, forward buffer and audio session.
    ///   - session: The session that downloads images without a byte source (videos stream
    ///     through AVFoundation).
    ///   - clock: The viewer's clock, in seconds.
    init(users: [StoryUser], baseURL: URL?, configuration: StoriesMediaConfiguration = StoriesMediaConfiguration(),
         session: URLSession = .shared, clock: @escaping @MainActor () -> Double) {
        self.clock = clock
        self.baseURL = baseURL
        self.configuration = configuration
        slots = StoryMediaSlots(users: users, baseURL: baseURL, capacity: configuration.playerCapacity,
                                hasByteSource: configuration.byteSource != nil,
                                managesAudio: configuration.managesAudioSession)
        images = StoryImageLoader(session: session, source: configuration.byteSource)
        loader = configuration.byteSource.map { StoryResourceLoader(source: $0) }
        prefetch = (configuration.byteSource as? any MediaPrefetching).map {
            PrefetchFeed(source: $0, configuration: configuration.prefetch)
        }
        notifications.observe(AVAudioSession.routeChangeNotification) { [weak self] notification in
            guard let raw = notification.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
                  AVAudioSession.RouteChangeReason(rawValue: raw) == .oldDeviceUnavailable else { return }
            MainActor.assumeIsolated { self?.slots.outputDeviceLost() }
        }
    }

    /// The media view of the newest load of item `id`, or `nil`.
    func view(for id: String) -> StoryMediaView? {
        slots.entry(showing: id).flatMap { loads[$0.slot] }?.view
    }

    /// Brings the players to what `viewer` needs now (``StoryMediaSlots/update(to:at:)``). Call
    /// after every change of the viewer.
    func apply(_ viewer: StoriesViewer) {
        prefetch?.update(to: viewer)
        run(slots.update(to: viewer, at: clock()))
    }

    /// The viewer shows item `id` from its start (``StoryKit/StoriesViewer/Event/itemShown(user:item:id:)``):
    /// a video that is not at its start goes back there (``StoryMediaSlots/restart(_:at:)``).
    func restart(_ id: String) {
        run(slots.restart(id, at: clock()))
    }

    /// What the media did up to `time`, in arrival order (their times never decrease).
    func reports(through time: Double) -> [MediaReport] {
        slots.take(through: time)
    }

    /// Stops and releases everything: no player plays or is heard afterwards, no observer stays,
    /// no load goes on, the audio session is let go.
    func stopAll() {
        run(slots.stopAll())
        loader?.cancelAll()
        prefetch?.stop()
    }

    /// The avatar at the feed's `string` (a URL or path): from the cache, else `completion` once
    /// loaded.
    func avatar(_ string: String, completion: @escaping @MainActor (UIImage) -> Void) -> UIImage? {
        guard let location = StoryMediaLocation.resolve(string, relativeTo: baseURL) else { return nil }
        // The page header's avatar is at most 48 points.
        return images.avatar(at: location, points: Size(width: 48, height: 48),
                             scale: Double(UITraitCollection.current.displayScale), completion: completion)
    }

    /// Carries out the slots' steps, in order.
    func run(_ steps: [StoryMediaSlots.Step]) {
        for step in steps {
            switch step {
            case .load(let load, let token, let slot): start(load, token: token, slot: slot)
            case .unload(let slot): players[slot]?.unload()
            case .play(let slot): players[slot]?.player.play()
            case .pause(let slot): players[slot]?.player.pause()
            case .mute(let slot): players[slot]?.player.isMuted = true
            case .unmute(let slot): players[slot]?.player.isMuted = false
            case .rewind(let slot): players[slot]?.rewind()
            case .release(let slot):
                players.removeValue(forKey: slot)?.unload(keepingFrame: true)
                loads.removeValue(forKey: slot)?.end()
            case .activateAudio(let settings):
                AudioSessionSwitch.activate(settings) { [weak self] saved, error in
                    guard let self else { return AudioSessionSwitch.deactivate(restoring: AudioSessionPlan.restoration(of: saved)) }
                    run(slots.activationFinished(saved: saved, error: error))
                }
            case .deactivateAudio(let restoring): AudioSessionSwitch.deactivate(restoring: restoring)
            case .audioFailed(let reason): onAudioFailure?(reason)       // logged by the switch
            case .reportsAvailable: onReportsAvailable?()
            }
        }
    }

    deinit {
        // The view controller, on the main actor, owns this: the last reference goes on the main
        // thread. The players stop and the audio session is given back, as before the session's
        // plan moved here from its switch.
        guard Thread.isMainThread else { return }
        MainActor.assumeIsolated { run(slots.stopAll()) }
    }
}

// MARK: - AVStoryMediaSource + StoryMediaSource

extension AVStoryMediaSource: @preconcurrency StoryMediaSource {}
#endif
