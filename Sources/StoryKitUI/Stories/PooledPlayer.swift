#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import StoryKit

/// The `AVPlayer` of one slot of ``AVStoryMediaSource``'s ``StoryKit/PlayerPool``: made once,
/// then given one item after another with `replaceCurrentItem(with:)`. What it is asked, and what
/// a pause of its own means, is ``StoryMediaSlots``'s.
///
/// It does not wait to minimise stalls: a stall shows up as an empty buffer or a pause of its
/// own, which ``MediaReportRules`` and ``UnrequestedPauseRule`` turn into `.stalled` and
/// `.resumed`. Each item has its own ``PlayerItemObservers``, added as
/// ``PlayerItemObservationOrder`` says and removed before the next item or when the player is
/// emptied (``unload(keepingFrame:)``, also in `deinit`, on the main thread). On the main actor,
/// as AVFoundation wants `AVPlayer`'s playback control before iOS 16.
@MainActor
final class PooledPlayer {
    /// The player: the source plays, pauses, mutes and unmutes it directly.
    let player = AVPlayer()
    private var observers: PlayerItemObservers?
    /// The layer showing the current item.
    private weak var layer: AVPlayerLayer?

    /// A paused, muted player with nothing in it.
    init() {
        player.isMuted = true
        player.actionAtItemEnd = .pause
        player.automaticallyWaitsToMinimizeStalling = false
    }

    /// The player as it is now, for ``StoryMediaSlots/receive(_:token:player:at:)``.
    var state: StoryMediaSlots.PlayerState {
        StoryMediaSlots.PlayerState(status: MediaReportRules.TimeControl(rawStatus: player.timeControlStatus.rawValue),
                                    rate: Double(player.rate), time: player.currentItem?.currentTime().seconds ?? .nan,
                                    duration: player.currentItem?.duration.seconds ?? .nan)
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
              send: @escaping @Sendable (PlayerItemObservation) -> Void) {
        unload()
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

    /// Empties the player: paused, muted, observers removed, the item's loading cancelled and the
    /// item taken out (`replaceCurrentItem(with: nil)`), so it buffers nothing more and nothing
    /// can make it play until another ``load(_:shownBy:playheadInterval:send:)``.
    ///
    /// - Parameter keepingFrame: `false` (another use of its slot: the next item, an image): its
    ///   layer is detached; `true` (the slot released, the player let go): its layer keeps the
    ///   last frame.
    func unload(keepingFrame: Bool = false) {
        player.pause()
        player.isMuted = true
        observers?.removeAll()
        observers = nil
        player.currentItem?.asset.cancelLoading()
        if !keepingFrame, let layer, layer.player === player { layer.player = nil }
        layer = nil
        player.replaceCurrentItem(with: nil)
    }

    /// Goes back to the start, if not there.
    func rewind() {
        guard player.currentItem != nil, player.currentTime() != .zero else { return }
        player.seek(to: .zero)
    }

    deinit {
        // The source, on the main actor, owns this: the last reference goes on the main thread.
        // Anywhere else the observers still go with their holder.
        guard Thread.isMainThread else { return }
        MainActor.assumeIsolated { unload(keepingFrame: true) }
    }
}
#endif
