import StoryKit

// MARK: - MediaReportRules

/// What one item's media tells the viewer, from what its player or image reports: the rules that
/// turn AVFoundation's observations into ``StoryKit/StoriesViewer/MediaEvent``s, as plain values
/// tested on Linux (``AVStoryMediaSource`` feeds them from KVO, notifications and its image
/// loader).
///
/// - The media loaded (`AVPlayerItem.status` became `.readyToPlay`, or an image decoded):
///   `.duration` (a video's finite, positive length) then `.ready`, once.
/// - Its first frame is on screen (`AVPlayerLayer.isReadyForDisplay`, or the decoded image set
///   on a view in a window): `.displaying`, once, after it loaded (a first frame observed before
///   the load, as KVO on two threads may deliver them, is reported with the load). A player that
///   was already waiting then reports `.stalled` right after, since the viewer ignores a stall
///   before the first frame: a video frozen on its first frame never lets progress run.
/// - A stall, after the first frame: `AVPlayer.timeControlStatus` waiting to play (for whatever
///   reason), or, while it plays, the item's buffer running dry (`isPlaybackBufferEmpty`, or
///   `AVPlayerItemPlaybackStalled`; with `automaticallyWaitsToMinimizeStalling` off, a player
///   plays on into an empty buffer instead of waiting) is `.stalled`, once. Playing again with
///   data (`.playing`, the buffer no longer empty or `isPlaybackLikelyToKeepUp`) after a
///   reported stall is `.resumed`. A pause (the viewer's own) says nothing and does not end a
///   stall.
/// - A pause the viewer did not ask for (``UnrequestedPauseRule``: headphones unplugged, the
///   player stopped at an empty buffer), after the first frame, is `.stalled` like a wait, so
///   progress stops with the picture; playing again is `.resumed`.
/// - The periodic time observer: `.playhead` while displaying, finite and not negative.
/// - The end (`AVPlayerItemDidPlayToEndTime`): `.ended`, once per play-through (``restarted()``
///   starts another: the viewer shows the item again from 0).
/// - A failure (`status == .failed`, `AVPlayerItemFailedToPlayToEndTime`, a load or decode
///   error): `.failed(reason:)`, once; nothing is reported after it.
package struct MediaReportRules: Sendable, Hashable {
    /// `AVPlayer.TimeControlStatus`, as a plain value.
    package enum TimeControl: Sendable, Hashable {
        /// `.paused`.
        case paused
        /// `.waitingToPlayAtSpecifiedRate`.
        case waiting
        /// `.playing`.
        case playing

        /// The status of `AVPlayer.TimeControlStatus`'s raw value (0 paused, 1 waiting, 2
        /// playing); `nil` for a value added later.
        package init?(rawStatus: Int) {
            switch rawStatus {
            case 0: self = .paused
            case 1: self = .waiting
            case 2: self = .playing
            default: return nil
            }
        }
    }

    package private(set) var isLoaded = false
    package private(set) var isDisplaying = false
    package private(set) var isWaiting = false
    /// The time control status last observed.
    package private(set) var status = TimeControl.paused
    /// Whether the item's buffer ran dry (and has not been refilled since).
    package private(set) var isBufferEmpty = false
    package private(set) var stallReported = false
    package private(set) var isFailed = false
    package private(set) var isEnded = false
    /// A first frame observed before the load.
    package private(set) var isFramePending = false
    /// Whether the player stopped by itself (``UnrequestedPauseRule``).
    package private(set) var isPausedUnrequested = false

    /// Rules for an item that has reported nothing yet.
    package init() {}

    /// The media loaded; `duration` is a video's length in seconds (nil for an image, or not
    /// known).
    package mutating func loaded(duration: Double?) -> [StoriesViewer.MediaEvent] {
        guard !isFailed, !isLoaded else { return [] }
        isLoaded = true
        var events: [StoriesViewer.MediaEvent] = []
        if let duration, duration.isFinite, duration > 0 { events.append(.duration(duration)) }
        events.append(.ready)
        if isFramePending { events += firstFrameShown(true) }
        return events
    }

    /// Whether the first frame is on screen (`isReadyForDisplay`).
    package mutating func firstFrameShown(_ shown: Bool) -> [StoriesViewer.MediaEvent] {
        guard shown, !isFailed, !isDisplaying else { return [] }
        guard isLoaded else {
            isFramePending = true
            return []
        }
        isFramePending = false
        isDisplaying = true
        return [.displaying] + stallChanges()
    }

    /// The player's time control status changed.
    package mutating func timeControl(_ status: TimeControl) -> [StoriesViewer.MediaEvent] {
        guard !isFailed else { return [] }
        self.status = status
        isWaiting = status == .waiting
        return stallChanges()
    }

    /// The item's buffer ran dry (`isPlaybackBufferEmpty` became true, or
    /// `AVPlayerItemPlaybackStalled`), or has data again (`isPlaybackBufferEmpty` false, or
    /// `isPlaybackLikelyToKeepUp` true).
    package mutating func bufferEmpty(_ empty: Bool) -> [StoriesViewer.MediaEvent] {
        guard !isFailed else { return [] }
        isBufferEmpty = empty
        return stallChanges()
    }

    /// The player stopped by itself, or that pause ended (``UnrequestedPauseRule``).
    package mutating func pausedUnrequested(_ paused: Bool) -> [StoriesViewer.MediaEvent] {
        guard !isFailed else { return [] }
        isPausedUnrequested = paused
        return stallChanges()
    }

    /// `.stalled` when playback is stuck after the first frame and no stall is reported yet;
    /// `.resumed` when a reported stall is over (playing, with data).
    private mutating func stallChanges() -> [StoriesViewer.MediaEvent] {
        let stuck = isWaiting || isPausedUnrequested || (isBufferEmpty && status == .playing)
        if !stallReported {
            guard stuck, isDisplaying, !isEnded else { return [] }
            stallReported = true
            return [.stalled]
        }
        guard status == .playing, !isBufferEmpty, !isPausedUnrequested else { return [] }
        stallReported = false
        return [.resumed]
    }

    /// The playhead, in seconds into the media.
    package func playhead(_ seconds: Double) -> [StoriesViewer.MediaEvent] {
        guard isDisplaying, !isFailed, !isEnded, seconds.isFinite, seconds >= 0 else { return [] }
        return [.playhead(seconds)]
    }

    /// The media played to its end.
    package mutating func playedToEnd() -> [StoriesViewer.MediaEvent] {
        guard !isFailed, !isEnded else { return [] }
        isEnded = true
        return [.ended]
    }

    /// The media went back to its start (the viewer shows the item again from 0): it can end again.
    package mutating func restarted() {
        isEnded = false
    }

    /// Loading, decoding or playing failed for good.
    package mutating func failed(_ reason: String) -> [StoriesViewer.MediaEvent] {
        guard !isFailed else { return [] }
        isFailed = true
        return [.failed(reason: reason)]
    }
}
