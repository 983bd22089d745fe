#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import Foundation

/// Everything observed while one item is on one pooled `AVPlayer`: KVO on the item, the player
/// and the layer that shows it, the item's notifications and a periodic time observer, for
/// ``PooledPlayer``.
///
/// Every observer is added with `.initial`, the item's before it goes on the player
/// (``PlayerItemObservationOrder``). Made outside the main actor, so that AVFoundation may call
/// the observers on any thread: each only reads the value it observed and passes it, as a
/// ``PlayerItemObservation``, to `send`, which hops to the main actor. ``removeAll()`` removes
/// every observer (the player is given another item, or let go); so does `deinit`, whatever
/// happens first.
final class PlayerItemObservers {
    private let send: @Sendable (PlayerItemObservation) -> Void
    private var player: AVPlayer?
    private var observations: [NSKeyValueObservation] = []
    private var notifications: NotificationTokens?
    private var timeObserver: Any?

    /// Observers that send to `send` (called on any thread), observing nothing yet: the
    /// ``PooledPlayer`` adds them in ``PlayerItemObservationOrder/steps`` order, each with
    /// `.initial`, so a value reached before an observer exists (a cached item ready at once) is
    /// still sent.
    init(send: @escaping @Sendable (PlayerItemObservation) -> Void) {
        self.send = send
    }

    /// Observes the item: its status, buffer and notifications.
    func observe(item: AVPlayerItem) {
        let send = self.send
        let tokens = NotificationTokens()
        tokens.observe(AVPlayerItem.didPlayToEndTimeNotification, object: item) { _ in send(.ended) }
        tokens.observe(AVPlayerItem.playbackStalledNotification, object: item) { _ in send(.bufferEmpty(true)) }
        tokens.observe(AVPlayerItem.failedToPlayToEndTimeNotification, object: item) { notification in
            send(.stoppedPlaying(notification.userInfo?[AVPlayerItemFailedToPlayToEndTimeErrorKey] as? any Error))
        }
        notifications = tokens
        observations += [
            item.observe(\.status, options: [.initial, .new]) { item, _ in
                let hasAudio = { item.tracks.contains { $0.assetTrack?.mediaType == .audio } }
                guard let observation = PlayerItemObservation.itemStatus(
                    item.status.rawValue, duration: item.duration.seconds, hasAudio: hasAudio,
                    error: item.error?.localizedDescription) else { return }
                send(observation)
            },
            item.observe(\.isPlaybackBufferEmpty, options: [.initial, .new]) { item, _ in
                send(.bufferEmpty(item.isPlaybackBufferEmpty))
            },
            item.observe(\.isPlaybackLikelyToKeepUp, options: [.initial, .new]) { item, _ in
                if let observation = PlayerItemObservation.keepsUp(item.isPlaybackLikelyToKeepUp) { send(observation) }
            },
        ]
    }

    /// Observes the player: its time control status and, every `playheadInterval` seconds, its
    /// time.
    func observe(player: AVPlayer, playheadInterval: Double) {
        let send = self.send
        self.player = player
        observations.append(player.observe(\.timeControlStatus, options: [.initial, .new]) { player, _ in
            if let status = MediaReportRules.TimeControl(rawStatus: player.timeControlStatus.rawValue) { send(.timeControl(status)) }
        })
        let interval = CMTime(seconds: playheadInterval, preferredTimescale: 600)
        timeObserver = player.addPeriodicTimeObserver(forInterval: interval, queue: .main) { time in
            send(.playhead(time.seconds))
        }
    }

    /// Observes whether the layer shows the first frame.
    func observe(layer: AVPlayerLayer) {
        let send = self.send
        observations.append(layer.observe(\.isReadyForDisplay, options: [.initial, .new]) { layer, _ in
            send(.firstFrame(layer.isReadyForDisplay))
        })
    }

    /// Removes every observer; nothing is sent afterwards.
    func removeAll() {
        for observation in observations { observation.invalidate() }
        observations = []
        notifications?.removeAll()
        notifications = nil
        if let timeObserver { player?.removeTimeObserver(timeObserver) }
        timeObserver = nil
        player = nil
    }

    deinit {
        removeAll()
    }
}
#endif
