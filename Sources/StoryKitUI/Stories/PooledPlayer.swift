#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import StoryKit

/// The `AVPlayer` of one slot of ``AVStoryMediaSource``'s ``StoryKit/PlayerPool``: made once,
/// then given one item after another with `replaceCurrentItem(with:)`.
///
/// It does not wait to minimise stalls: a stall shows up as an empty buffer or a pause of its
/// own, which ``MediaReportRules`` and ``UnrequestedPauseRule`` turn into `.stalled` and
/// `.resumed`. Each item has its own ``PlayerItemObservers``, added as
/// ``PlayerItemObservationOrder`` says and removed before the next item or at ``stop()`` (also in
/// `deinit`, on the main thread). On the main actor, as AVFoundation wants `AVPlayer`'s playback
/// control before iOS 16.
@MainActor
final class PooledPlayer {
    let player = AVPlayer()
    private var observers: PlayerItemObservers?
    /// The layer showing the current item.
    private weak var layer: AVPlayerLayer?
    /// Whether the pool says this player plays.
    private(set) var isPlaying = false
    /// What a pause of its own means.
    private var pauses = UnrequestedPauseRule()
    private var stopped = false

    /// A paused, muted player with nothing in it.
    init() {
        player.isMuted = true
        player.actionAtItemEnd = .pause
        player.automaticallyWaitsToMinimizeStalling = false
    }

    /// Gives the player `item`, paused and muted, shown by `layer`: the previous item's observers
    /// are removed first, and its layer no longer shows this player (it would show the new item).
    ///
    /// - Parameters:
    ///   - item: The new item.
    ///   - layer: The layer of the new item's view.
    ///   - playheadInterval: Seconds between playhead reports.
    ///   - send: Called with each observation of the new item, on any thread.
    func load(_ item: AVPlayerItem, shownBy layer: AVPlayerLayer, playheadInterval: Double,
              send: @escaping @Sendable (PlayerItemObservers.Observation) -> Void) {
        unload()
        stopped = false
        pauses = UnrequestedPauseRule()
        let observers = PlayerItemObservers(send: send)
        self.observers = observers
        for step in PlayerItemObservationOrder.steps {
            switch step {
            case .observeItem: observers.observe(item: item)
            case .replaceItem: player.replaceCurrentItem(with: item)
            case .observePlayer: observers.observe(player: player, playheadInterval: playheadInterval)
            case .observeLayer:
                layer.player = player
                self.layer = layer
                observers.observe(layer: layer)
            }
        }
    }

    /// Empties the player for another use of its slot (an image): paused, muted, observers
    /// removed, its layer detached, no item.
    func unload() {
        silence()
        observers?.removeAll()
        observers = nil
        if let layer, layer.player === player { layer.player = nil }
        layer = nil
        player.replaceCurrentItem(with: nil)
    }

    /// Pauses and mutes for good, removes the observers, cancels the item's loading and takes
    /// the item out (`replaceCurrentItem(with: nil)`), so a closed player buffers nothing more;
    /// nothing can make it play until another ``load(_:shownBy:playheadInterval:send:)``.
    func stop() {
        guard !stopped else { return }
        stopped = true
        silence()
        observers?.removeAll()
        observers = nil
        player.currentItem?.asset.cancelLoading()
        player.replaceCurrentItem(with: nil)
    }

    /// Plays or pauses.
    ///
    /// - Returns: The new unrequested-pause state if the request ended one (for
    ///   ``MediaReportRules/pausedUnrequested(_:)``).
    @discardableResult
    func setPlaying(_ playing: Bool) -> Bool? {
        guard !stopped, player.currentItem != nil else { return nil }
        isPlaying = playing
        if playing { player.play() } else { player.pause() }
        return pauses.requested(playing: playing)
    }

    /// Judges the player's time control status as it is now (the observation that triggered
    /// this may be stale): whether it paused itself.
    ///
    /// - Returns: The new unrequested-pause state if it changed.
    func observedTimeControl() -> Bool? {
        guard !stopped, let item = player.currentItem,
              let status = MediaReportRules.TimeControl(rawStatus: player.timeControlStatus.rawValue) else { return nil }
        return pauses.observed(status, rate: Double(player.rate),
                               atEnd: UnrequestedPauseRule.isAtEnd(item.currentTime().seconds, duration: item.duration.seconds))
    }

    /// Its output device went away (`.oldDeviceUnavailable`): it must not play again by itself.
    func outputDeviceLost() {
        pauses.outputDeviceLost()
    }

    /// Mutes or unmutes.
    func setMuted(_ muted: Bool) {
        guard !stopped else { return }
        player.isMuted = muted
    }

    /// Goes back to the start, if not there.
    func rewind() {
        guard !stopped, player.currentItem != nil, player.currentTime() != .zero else { return }
        player.seek(to: .zero)
    }

    /// The item's buffer has data again: a player that should play but stopped at the stall
    /// (its rate fell to 0) plays again, unless its headphones went away
    /// (``UnrequestedPauseRule/replaysOnRefill``).
    func bufferRefilled() {
        guard !stopped, isPlaying, pauses.replaysOnRefill, player.rate == 0 else { return }
        player.play()
    }

    private func silence() {
        isPlaying = false
        _ = pauses.requested(playing: false)
        player.pause()
        player.isMuted = true
    }

    deinit {
        // The source, on the main actor, owns this: the last reference goes on the main thread.
        // Anywhere else the observers still go with their holder.
        guard Thread.isMainThread else { return }
        MainActor.assumeIsolated { stop() }
    }
}
#endif
