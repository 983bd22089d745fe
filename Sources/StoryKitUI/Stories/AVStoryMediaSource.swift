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
/// ``apply(_:)`` carries out the ``StoryKit/PlayerPool``'s changes: at most
/// ``StoriesMediaConfiguration/playerCapacity`` slots, each with one ``PooledPlayer`` made the
/// first time the slot holds a video and reused through `replaceCurrentItem(with:)`; the
/// current item playing and heard as the viewer says, the visible pages' and the next item's
/// prepared, paused and muted, and nothing else ever heard. Each item in a slot gets its own
/// ``StoryMediaView`` (so the page's previous picture is never replaced by the next item's
/// frame) and its own ``MediaReportRules``. Videos come through ``StoryVideoRoute``: with a byte
/// source, through a ``StoryResourceLoader``; images through ``StoryImageLoader``.
///
/// What the media does goes into a ``MediaReportQueue`` stamped with ``clock``, on the main
/// actor; ``onReportsAvailable`` says so (a report made while ``apply(_:)`` runs, such as the end
/// of a pause of the player's own, is taken after it). Reports of an
/// item no longer in its slot, or of an earlier load of it, are dropped. With
/// ``StoriesMediaConfiguration/managesAudioSession``, the session and the mute switches follow
/// ``AudioSessionPlan``; without it, the pool's mute changes are carried out as they come.
/// ``stopAll()`` (the viewer closed) and `deinit` pause and mute every player, remove every observer, cancel every load and deactivate the session:
/// nothing is heard after the close.
@MainActor
final class AVStoryMediaSource {
    /// Called on the main actor when reports arrived: take them with ``reports(through:)``.
    var onReportsAvailable: (() -> Void)?
    /// The audio session could not be activated: the reason (the story plays muted).
    var onAudioFailure: ((String) -> Void)?
    /// The viewer's clock, in seconds: when a report arrived.
    let clock: @MainActor () -> Double
    /// Reports not yet taken.
    var pendingReports = MediaReportQueue()
    /// Seconds between a video's playhead reports.
    var playheadInterval = 0.25

    /// One load of one item into a slot.
    @MainActor
    final class Entry {
        let id: String
        let token: Int
        let slot: Int
        let view = StoryMediaView()
        var rules = MediaReportRules()
        /// Whether it has sound: `nil` until a video has loaded, `false` for an image.
        var hasAudio: Bool?
        var asset: AVURLAsset?
        var imageLoad: Task<Void, Never>?

        init(id: String, token: Int, slot: Int) {
            self.id = id
            self.token = token
            self.slot = slot
        }

        deinit {
            imageLoad?.cancel()
        }
    }

    /// One slot of the pool: its player (once it held a video) and what it holds.
    @MainActor
    final class Slot {
        var player: PooledPlayer?
        var entry: Entry?
    }

    let items: [String: StoryItem]
    let baseURL: URL?
    let session: URLSession
    let configuration: StoriesMediaConfiguration
    let images: StoryImageLoader
    let loader: StoryResourceLoader?
    let audioSession: AudioSessionSwitch?
    private(set) var pool: PlayerPool
    var slots: [Int: Slot] = [:]
    /// The entry of each item in a slot, by item id.
    var entries: [String: Entry] = [:]
    var nextToken = 0
    /// Tells a prefetching byte source (the media pipeline) where the viewer is.
    private let prefetch: PrefetchFeed?
    /// Whether the viewer holds playback only for a moment (``AudioSessionRule/isMomentary(_:)``).
    var momentaryPause = false
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
        var items: [String: StoryItem] = [:]
        for item in users.flatMap(\.items) where items[item.id] == nil { items[item.id] = item }
        self.items = items
        self.baseURL = baseURL
        self.session = session
        self.configuration = configuration
        images = StoryImageLoader(session: session, source: configuration.byteSource)
        loader = configuration.byteSource.map { StoryResourceLoader(source: $0) }
        prefetch = (configuration.byteSource as? any MediaPrefetching).map {
            PrefetchFeed(source: $0, configuration: configuration.prefetch)
        }
        audioSession = configuration.managesAudioSession ? AudioSessionSwitch() : nil
        pool = PlayerPool(capacity: configuration.playerCapacity)
        audioSession?.onMute = { [weak self] slot, muted in self?.slots[slot]?.player?.setMuted(muted) }
        audioSession?.onFailure = { [weak self] reason in self?.onAudioFailure?(reason) }
        notifications.observe(AVAudioSession.routeChangeNotification) { [weak self] notification in
            guard let raw = notification.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
                  AVAudioSession.RouteChangeReason(rawValue: raw) == .oldDeviceUnavailable else { return }
            MainActor.assumeIsolated { self?.outputDeviceLost() }
        }
    }

    /// The media view of an item in a slot, or `nil`.
    func view(for id: String) -> StoryMediaView? { entries[id]?.view }

    /// Brings the players to what `viewer` needs now: the pool's changes, in order (see
    /// ``StoryKit/PlayerPool/update(to:)``), then the audio session. Call after every change of
    /// the viewer.
    func apply(_ viewer: StoriesViewer) {
        prefetch?.update(to: viewer)
        let changes = pool.update(to: viewer)
        let momentary = AudioSessionRule.isMomentary(viewer.pauseReasons)
        if momentary != momentaryPause {
            momentaryPause = momentary
            if changes.isEmpty { updateAudioSession() }
        }
        guard !changes.isEmpty else { return }
        for change in changes {
            switch change {
            case .assign(let slot, let item):
                assign(item.id, to: slot)
            case .pause(let slot):
                setPlaying(false, slot: slot)
            case .mute(let slot):
                slots[slot]?.player?.setMuted(true)
            case .unmute(let slot):
                // With a managed session, the plan unmutes once the session is active.
                if audioSession == nil { slots[slot]?.player?.setMuted(false) }
            case .play(let slot):
                setPlaying(true, slot: slot)
            case .release(let slot):
                if let released = slots.removeValue(forKey: slot) { release(released) }
            }
        }
        updateAudioSession()
    }

    /// The viewer shows item `id` from its start (``StoryKit/StoriesViewer/Event/itemShown(user:item:id:)``):
    /// a video that is not at its start goes back there. An item keeps its slot when the viewer
    /// restarts it in place (a tap back on a user's first item, a user turned away and back), so
    /// the player learns it here.
    func restart(_ id: String) {
        guard let entry = entries[id] else { return }
        entry.rules.restarted()
        guard let player = slots[entry.slot]?.player else { return }
        player.rewind()
        // A player that reached its end paused itself; the pool may still say play.
        setPlaying(pool.slot(holding: id)?.isPlaying ?? false, slot: entry.slot)
    }

    /// What the media did up to `time`, in arrival order (their times never decrease).
    func reports(through time: Double) -> [MediaReport] {
        pendingReports.take(through: time)
    }

    /// Plays or pauses a slot's player; a request that ends a pause of its own is reported.
    private func setPlaying(_ playing: Bool, slot index: Int) {
        guard let slot = slots[index], let change = slot.player?.setPlaying(playing), let entry = slot.entry else { return }
        report(entry.rules.pausedUnrequested(change), for: entry.id)
    }

    /// Keeps `events` of item `id`, stamped now, and says so.
    func report(_ events: [StoriesViewer.MediaEvent], for id: String) {
        if pendingReports.append(events, for: id, at: clock()) { onReportsAvailable?() }
    }

    /// Headphones were unplugged: no player plays again by itself.
    private func outputDeviceLost() {
        for slot in slots.values { slot.player?.outputDeviceLost() }
    }

    /// Stops and releases everything: no player plays or is heard afterwards, no observer stays,
    /// no load goes on, the audio session is let go.
    func stopAll() {
        for slot in slots.values { release(slot) }
        slots = [:]
        entries = [:]
        pool = PlayerPool(capacity: configuration.playerCapacity)
        momentaryPause = false
        pendingReports.removeAll()
        loader?.cancelAll()
        prefetch?.stop()
        audioSession?.stop()
    }

    /// The avatar at the feed's `string` (a URL or path): from the cache, else `completion` once
    /// loaded.
    func avatar(_ string: String, completion: @escaping @MainActor (UIImage) -> Void) -> UIImage? {
        guard let location = StoryMediaLocation.resolve(string, relativeTo: baseURL) else { return nil }
        // The page header's avatar is at most 48 points.
        return images.avatar(at: location, points: Size(width: 48, height: 48),
                             scale: Double(UITraitCollection.current.displayScale), completion: completion)
    }

    // MARK: Slots

    /// Loads item `id` into `slot`, replacing what the slot held.
    private func assign(_ id: String, to index: Int) {
        let slot = slots[index] ?? Slot()
        slots[index] = slot
        if let old = slot.entry { retire(old) }
        nextToken &+= 1
        let entry = Entry(id: id, token: nextToken, slot: index)
        slot.entry = entry
        audioSession?.playerMuted(slot: index)      // loading mutes the slot's player
        entries[id] = entry
        load(entry, into: slot)
    }

    /// Ends an entry's load: its observers and reads stop, its view no longer shows the player.
    func retire(_ entry: Entry) {
        entry.imageLoad?.cancel()
        entry.imageLoad = nil
        entry.view.onImageShown = nil
        entry.asset?.cancelLoading()
        if entries[entry.id] === entry { entries[entry.id] = nil }
    }

    /// Lets a slot go: its player stops (its layer keeps the last frame) and its entry ends.
    private func release(_ slot: Slot) {
        slot.player?.stop()
        if let entry = slot.entry { retire(entry) }
        slot.entry = nil
    }

    /// Activates or deactivates the audio session, and unmutes or mutes, for the slots now.
    func updateAudioSession() {
        guard let audioSession else { return }
        audioSession.update(pool.slots.map { slot in
            AudioSessionPlan.Player(slot: slot.id, isPlaying: slot.isPlaying, isMuted: slot.isMuted,
                                    hasAudio: slots[slot.id]?.entry?.hasAudio)
        }, momentaryPause: momentaryPause)
    }
}

// MARK: - AVStoryMediaSource + StoryMediaSource

extension AVStoryMediaSource: @preconcurrency StoryMediaSource {}
#endif
