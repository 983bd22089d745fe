#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import Foundation

/// Everything observed while one item is on one pooled `AVPlayer`: KVO on the item, the player
/// and the layer that shows it, the item's notifications and a periodic time observer, for
/// ``PooledPlayer``.
///
/// Every observer is added with `.initial`, the item's before it goes on the player
/// (``PlayerItemObservationOrder``). Made outside the main actor, so that AVFoundation may call
/// the observers on any thread: each only reads the value it observed and passes it, as an
/// ``Observation``, to `send`, which hops to the main actor. ``removeAll()`` removes every observer (the player is given another item,
/// or let go); so does `deinit`, whatever happens first.
final class PlayerItemObservers {
    /// What the player said, as a plain value that may cross threads.
    enum Observation: Sendable {
        /// `AVPlayerItem.status` became `.readyToPlay`: the item's length in seconds, if finite,
        /// and whether it has an audio track.
        case loaded(duration: Double?, hasAudio: Bool)
        /// `AVPlayerLayer.isReadyForDisplay` changed (an image: it was set on a view in a window).
        case firstFrame(Bool)
        /// `AVPlayer.timeControlStatus` changed.
        case timeControl(MediaReportRules.TimeControl)
        /// The item's buffer ran dry (`isPlaybackBufferEmpty`, `AVPlayerItemPlaybackStalled`) or
        /// has data again (`isPlaybackBufferEmpty` false, `isPlaybackLikelyToKeepUp` true).
        case bufferEmpty(Bool)
        /// The periodic time observer fired, with the item's time in seconds.
        case playhead(Double)
        /// `AVPlayerItemDidPlayToEndTime`.
        case ended
        /// `status == .failed`, `AVPlayerItemFailedToPlayToEndTime`, or a load error, with its text.
        case failed(String)
    }

    private let send: @Sendable (Observation) -> Void
    private var player: AVPlayer?
    private var observations: [NSKeyValueObservation] = []
    private var notifications: NotificationTokens?
    private var timeObserver: Any?

    /// Observers that send to `send` (called on any thread), observing nothing yet: the
    /// ``PooledPlayer`` adds them in ``PlayerItemObservationOrder/steps`` order, each with
    /// `.initial`, so a value reached before an observer exists (a cached item ready at once) is
    /// still sent.
    init(send: @escaping @Sendable (Observation) -> Void) {
        self.send = send
    }

    /// Observes the item: its status, buffer and notifications.
    func observe(item: AVPlayerItem) {
        let send = self.send
        let tokens = NotificationTokens()
        tokens.observe(AVPlayerItem.didPlayToEndTimeNotification, object: item) { _ in send(.ended) }
        tokens.observe(AVPlayerItem.playbackStalledNotification, object: item) { _ in send(.bufferEmpty(true)) }
        tokens.observe(AVPlayerItem.failedToPlayToEndTimeNotification, object: item) { notification in
            let error = notification.userInfo?[AVPlayerItemFailedToPlayToEndTimeErrorKey] as? any Error
            send(.failed(error?.localizedDescription ?? "The video stopped playing."))
        }
        notifications = tokens
        observations += [
            item.observe(\.status, options: [.initial, .new]) { item, _ in
                switch item.status {
                case .readyToPlay:
                    let seconds = item.duration.seconds
                    let hasAudio = item.tracks.contains { $0.assetTrack?.mediaType == .audio }
                    send(.loaded(duration: seconds.isFinite && seconds > 0 ? seconds : nil, hasAudio: hasAudio))
                case .failed:
                    send(.failed(item.error?.localizedDescription ?? "The video could not be played."))
                default:
                    break
                }
            },
            item.observe(\.isPlaybackBufferEmpty, options: [.initial, .new]) { item, _ in
                send(.bufferEmpty(item.isPlaybackBufferEmpty))
            },
            item.observe(\.isPlaybackLikelyToKeepUp, options: [.initial, .new]) { item, _ in
                if item.isPlaybackLikelyToKeepUp { send(.bufferEmpty(false)) }
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
