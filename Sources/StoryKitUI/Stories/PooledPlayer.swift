#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import StoryKit

/// The `AVPlayer` of one slot of ``AVStoryMediaSource``'s ``StoryKit/PlayerPool``: made once,
/// then given one item after another with `replaceCurrentItem(with:)`.
///
/// It does not wait to minimise stalls (`automaticallyWaitsToMinimizeStalling` is false): a
/// story plays as soon as it can, and a stall shows up as the item's empty buffer, which
/// ``MediaReportRules`` turn into `.stalled` and `.resumed`. When the buffer refills after the
/// player stopped at a stall, ``bufferRefilled()`` plays it again if it should be playing.
///
/// Each item is observed by its own ``PlayerItemObservers``, removed before the next item comes
/// (``load(_:shownBy:playheadInterval:send:)``) and when the player stops (``stop()``), which
/// also happens in `deinit` on the main thread, where the source lets go of it. On the main
/// actor, as AVFoundation wants `AVPlayer`'s playback control before iOS 16.
@MainActor
final class PooledPlayer {
    let player = AVPlayer()
    private var observers: PlayerItemObservers?
    /// The layer showing the current item.
    private weak var layer: AVPlayerLayer?
    /// Whether the pool says this player plays.
    private(set) var isPlaying = false
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
        player.replaceCurrentItem(with: item)
        observers = PlayerItemObservers(item: item, player: player, layer: layer, playheadInterval: playheadInterval, send: send)
        layer.player = player
        self.layer = layer
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

    /// Pauses and mutes for good and removes the observers. The layer keeps the player, so its
    /// last frame stays on screen while the viewer closes; nothing can make it play until
    /// another ``load(_:shownBy:playheadInterval:send:)``.
    func stop() {
        guard !stopped else { return }
        stopped = true
        silence()
        observers?.removeAll()
        observers = nil
    }

    /// Plays or pauses.
    func setPlaying(_ playing: Bool) {
        guard !stopped, player.currentItem != nil else { return }
        isPlaying = playing
        if playing { player.play() } else { player.pause() }
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
    /// (its rate fell to 0) plays again.
    func bufferRefilled() {
        guard !stopped, isPlaying, player.rate == 0 else { return }
        player.play()
    }

    private func silence() {
        isPlaying = false
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
