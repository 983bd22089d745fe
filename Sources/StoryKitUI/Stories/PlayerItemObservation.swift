import Foundation

// MARK: - PlayerItemObservation

/// What a pooled `AVPlayer`, its item, its layer or an image load said about one load, as a plain
/// value that may cross threads: what ``PlayerItemObservers`` sends and ``StoryMediaSlots``
/// turns into reports.
package enum PlayerItemObservation: Sendable, Hashable {
    /// `AVPlayerItem.status` became `.readyToPlay` (or an image decoded): the item's length in
    /// seconds (``MediaReportRules`` keeps it only when finite and positive), and whether it has an
    /// audio track.
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

// MARK: - PlayerItemObservation + Item status

extension PlayerItemObservation {
    /// What a change of `AVPlayerItem.status` says, by its raw value (0 unknown: nothing; 1 ready to
    /// play: ``loaded(duration:hasAudio:)``; 2 failed: ``failed(_:)`` with the item's error text,
    /// or a sentence of ours when it has none).
    ///
    /// - Parameters:
    ///   - rawStatus: `AVPlayerItem.Status.rawValue`.
    ///   - duration: The item's length in seconds (NaN or infinite while not known).
    ///   - hasAudio: Whether the item has an audio track (asked only once it is ready).
    ///   - error: The item's error's description, if any.
    package static func itemStatus(_ rawStatus: Int, duration: Double, hasAudio: () -> Bool,
                                   error: String?) -> PlayerItemObservation? {
        switch rawStatus {
        case 1: .loaded(duration: duration, hasAudio: hasAudio())
        case 2: .failed(error ?? "The video could not be played.")
        default: nil
        }
    }

    /// `AVPlayerItem.isPlaybackLikelyToKeepUp` changed: `true` says the buffer has data again
    /// (``bufferEmpty(_:)`` with `false`); `false` says nothing (the buffer's own observer and
    /// `AVPlayerItemPlaybackStalled` say when it runs dry).
    ///
    /// - Parameter likely: `isPlaybackLikelyToKeepUp`.
    package static func keepsUp(_ likely: Bool) -> PlayerItemObservation? {
        likely ? .bufferEmpty(false) : nil
    }

    /// `AVPlayerItemFailedToPlayToEndTime`: ``failed(_:)`` with the error's description, or a
    /// sentence of ours when the notification carries none.
    ///
    /// - Parameter error: `AVPlayerItemFailedToPlayToEndTimeErrorKey`'s error, if any.
    package static func stoppedPlaying(_ error: (any Error)?) -> PlayerItemObservation {
        .failed(error?.localizedDescription ?? "The video stopped playing.")
    }
}
