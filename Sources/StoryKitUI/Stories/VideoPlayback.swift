#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import StoryKit

/// One video's `AVPlayer` and everything observed on it, for ``AVStoryMediaSource``.
///
/// On the main actor, as AVFoundation wants `AVPlayer`'s playback control before iOS 16. Its
/// observers are made outside the main actor (``observe(item:layer:player:send:)``), so that
/// AVFoundation may call them on any thread: each only reads the value it observed and passes
/// it, as an ``Observation``, to `send`, which hops to the main actor. ``stop()`` pauses and
/// mutes the player and removes every observer; so does `deinit`, on the main thread, where the
/// source lets go of it.
@MainActor
final class VideoPlayback {
    /// What the player said, as a plain value that may cross threads.
    enum Observation: Sendable {
        /// `AVPlayerItem.status` became `.readyToPlay`; the item's length in seconds, if finite.
        case loaded(duration: Double?)
        /// `AVPlayerLayer.isReadyForDisplay` changed (an image: it was set on a view in a window).
        case firstFrame(Bool)
        /// `AVPlayer.timeControlStatus` changed.
        case timeControl(MediaReportRules.TimeControl)
        /// The periodic time observer fired, with the item's time in seconds.
        case playhead(Double)
        /// `AVPlayerItemDidPlayToEndTime`.
        case ended
        /// `status == .failed`, `AVPlayerItemFailedToPlayToEndTime`, or a load error, with its text.
        case failed(String)
    }

    let player: AVPlayer
    /// Invalidated by ``stop()``, or when they go (an `NSKeyValueObservation` invalidates itself).
    private var observations: [NSKeyValueObservation]
    /// Removed by ``stop()``, or when this object goes.
    private var notifications: NotificationTokens?
    private var timeObserver: Any?
    private var stopped = false

    /// Starts loading `url` into a paused, muted player shown by `layer`, observing it.
    ///
    /// - Parameters:
    ///   - url: The video's file or http(s) URL.
    ///   - layer: The layer that shows it.
    ///   - playheadInterval: Seconds between playhead reports.
    ///   - send: Called with each observation, on any thread.
    init(url: URL, layer: AVPlayerLayer, playheadInterval: Double, send: @escaping @Sendable (Observation) -> Void) {
        let item = AVPlayerItem(url: url)
        player = AVPlayer(playerItem: item)
        player.isMuted = true
        player.actionAtItemEnd = .pause
        let tokens = NotificationTokens()
        observations = Self.observe(item: item, layer: layer, player: player, tokens: tokens, send: send)
        notifications = tokens
        let interval = CMTime(seconds: playheadInterval, preferredTimescale: 600)
        timeObserver = player.addPeriodicTimeObserver(forInterval: interval, queue: .main) { time in
            send(.playhead(time.seconds))
        }
        layer.player = player
    }

    /// The observers, made outside the main actor: they read the observed value where
    /// AVFoundation calls them and hand it to `send`.
    private nonisolated static func observe(item: AVPlayerItem, layer: AVPlayerLayer, player: AVPlayer,
                                            tokens: NotificationTokens,
                                            send: @escaping @Sendable (Observation) -> Void) -> [NSKeyValueObservation] {
        tokens.observe(AVPlayerItem.didPlayToEndTimeNotification, object: item) { _ in send(.ended) }
        tokens.observe(AVPlayerItem.failedToPlayToEndTimeNotification, object: item) { notification in
            let error = notification.userInfo?[AVPlayerItemFailedToPlayToEndTimeErrorKey] as? any Error
            send(.failed(error?.localizedDescription ?? "The video stopped playing."))
        }
        return [
            item.observe(\.status, options: [.new]) { item, _ in
                switch item.status {
                case .readyToPlay:
                    let seconds = item.duration.seconds
                    send(.loaded(duration: seconds.isFinite && seconds > 0 ? seconds : nil))
                case .failed:
                    send(.failed(item.error?.localizedDescription ?? "The video could not be played."))
                default:
                    break
                }
            },
            layer.observe(\.isReadyForDisplay, options: [.initial, .new]) { layer, _ in
                send(.firstFrame(layer.isReadyForDisplay))
            },
            player.observe(\.timeControlStatus, options: [.new]) { player, _ in
                switch player.timeControlStatus {
                case .paused: send(.timeControl(.paused))
                case .waitingToPlayAtSpecifiedRate: send(.timeControl(.waiting))
                case .playing: send(.timeControl(.playing))
                @unknown default: break
                }
            },
        ]
    }

    /// Plays or pauses.
    func setPlaying(_ playing: Bool) {
        guard !stopped else { return }
        if playing { player.play() } else { player.pause() }
    }

    /// Goes back to the start, if not there.
    func rewind() {
        guard !stopped, player.currentTime() != .zero else { return }
        player.seek(to: .zero)
    }

    /// Mutes or unmutes.
    func setMuted(_ muted: Bool) {
        guard !stopped else { return }
        player.isMuted = muted
    }

    /// Pauses and mutes for good and removes every observer. The layer keeps the player (its
    /// last frame stays on screen until the page shows something else); nothing can make it play.
    func stop() {
        guard !stopped else { return }
        stopped = true
        player.pause()
        player.isMuted = true
        for observation in observations { observation.invalidate() }
        observations = []
        if let timeObserver { player.removeTimeObserver(timeObserver) }
        timeObserver = nil
        notifications?.removeAll()
        notifications = nil
    }

    deinit {
        // The source, on the main actor, owns this: the last reference goes on the main thread.
        // Anywhere else the observers still go with their holders, and a released player stops.
        guard Thread.isMainThread else { return }
        MainActor.assumeIsolated { stop() }
    }
}
#endif
