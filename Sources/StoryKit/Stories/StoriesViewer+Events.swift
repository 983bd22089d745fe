import MotionCore

// MARK: - StoriesViewer + Events and states

extension StoriesViewer {
    /// Why playback is paused; several reasons can hold at once, and progress runs only when
    /// there is none.
    public struct PauseReasons: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// A reason from its raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// A finger rests on the page (from its touch-down until it lifts or starts a drag).
        public static let held = PauseReasons(rawValue: 1 << 0)
        /// The app is in the background.
        public static let background = PauseReasons(rawValue: 1 << 1)
        /// The cube is turning between users (dragged or settling).
        public static let turning = PauseReasons(rawValue: 1 << 2)
        /// The page is being dragged down or is settling after that drag.
        public static let dismissing = PauseReasons(rawValue: 1 << 3)
        /// The media stalled (buffering).
        public static let stalled = PauseReasons(rawValue: 1 << 4)
        /// VoiceOver is reading the page.
        public static let voiceOver = PauseReasons(rawValue: 1 << 5)
        /// The user paused on purpose (VoiceOver's pause action, a host's button).
        public static let user = PauseReasons(rawValue: 1 << 6)
    }

    /// What the viewer is doing, for the front-end's loading indicator and error view.
    public enum PlaybackState: Sendable, Hashable {
        /// The current item's first frame is not on screen yet, or a stall outlasted its grace
        /// period: show the loading indicator. Progress does not run.
        case loading
        /// Progress runs and the current item plays.
        case playing
        /// Progress is held for these reasons.
        case paused(PauseReasons)
        /// The current item's media failed; ``StoriesViewer/retry(time:)`` loads it again.
        case failed(reason: String)
        /// The viewer closed (``Event/closed(_:)`` was sent): nothing plays any more.
        case finished
    }

    /// Why the viewer closed.
    public enum CloseReason: String, Sendable, Hashable, Codable {
        /// The last item of the last user ended, or a tap went past it.
        case finished
        /// The swipe-down dismiss finished.
        case dismissed
        /// The cube was dragged past the last user.
        case pannedPastEnd
        /// The host called ``StoriesViewer/close(time:)``.
        case closedByHost
    }

    /// Something the host reacts to, returned by every input method in the order it happened.
    public enum Event: Sendable, Hashable {
        /// An item became the current one (its page is in front and its progress starts at 0).
        case itemShown(user: Int, item: Int, id: String)
        /// An item has been shown long enough to count as seen (once per item id).
        case itemSeen(id: String)
        /// The cube settled on another user.
        case userChanged(from: Int, to: Int)
        /// The user swiped up on an item: open the reply field.
        case reply(user: Int, item: Int, id: String)
        /// The current item's media failed.
        case failed(id: String, reason: String)
        /// The user tapped a tappable area of the current item (``StoryArea``), or swiped up on
        /// an item whose action area fires on a swipe up: open the link, the mention's profile
        /// or the action. `id` is the item's id, `areaID` the area's.
        case areaTapped(user: Int, item: Int, id: String, areaID: String)
        /// The viewer closed; it takes no more input and plays nothing.
        case closed(CloseReason)

        // Analytics (``StoriesViewer`` + Analytics): each names the user and item it concerns.

        /// An item began to play: its first frame is on screen while it is the current item
        /// (once per time it becomes current). Exactly one ``itemCompleted(user:item:id:)`` or
        /// ``itemSkipped(user:item:id:fraction:seconds:)`` follows before the next start.
        case itemStarted(user: Int, item: Int, id: String)
        /// A started item played to its end.
        case itemCompleted(user: Int, item: Int, id: String)
        /// A started item was left before its end (a tap, a turn, a swipe, the viewer closing):
        /// `fraction` of it shown (0…1) and `seconds` of it shown.
        case itemSkipped(user: Int, item: Int, id: String, fraction: Double, seconds: Double)
        /// A user's stories began: just before their first ``itemStarted(user:item:id:)`` after
        /// the viewer came to them.
        case userEntered(user: Int, item: Int, id: String)
        /// The viewer left a user it had entered (the cube turned away, or the viewer closed), on
        /// the item shown then.
        case userLeft(user: Int, item: Int, id: String)
        /// The viewer closed for `reason` on this item; ``closed(_:)`` follows at once.
        case viewerClosed(reason: CloseReason, user: Int, item: Int, id: String)
        /// The sound was muted (`isMuted` true) or unmuted while this item was current.
        case muteChanged(isMuted: Bool, user: Int, item: Int, id: String)
    }

    /// What a media source tells the viewer about one item's media (AVFoundation's states, for
    /// a video; a decoded image reports ready, then displaying once drawn).
    public enum MediaEvent: Sendable, Hashable {
        /// The media can play but no picture is on screen yet (AVPlayerItem's readyToPlay).
        case ready
        /// The first frame is on screen (AVPlayerLayer's isReadyForDisplay): progress may run.
        case displaying
        /// Playback stalled for lack of data.
        case stalled
        /// Playback can go on after a stall.
        case resumed
        /// The media's own length, in seconds (a video's duration once known).
        case duration(Double)
        /// The media's playhead, in seconds, so that the viewer's progress follows the video.
        case playhead(Double)
        /// The video reached its end.
        case ended
        /// Loading or playing failed for good (the reason is shown with a retry).
        case failed(reason: String)
    }

    /// What a page's player must do, one per visible page (see ``StoriesViewer/players``).
    ///
    /// At most one directive in the whole viewer has `isPlaying` true, and only that one may
    /// have `isMuted` false: exactly one item may ever be heard.
    public struct PlayerDirective: Sendable, Hashable {
        /// The user (cube page) whose page this is.
        public var user: Int
        /// The item that page shows.
        public var item: Int
        /// The item's id.
        public var id: String
        /// Whether its player should be playing now.
        public var isPlaying: Bool
        /// Whether its audio must be silent.
        public var isMuted: Bool
        /// The load attempt: 0 at first, one more after each ``StoriesViewer/retry(time:)`` of
        /// this item. A source that sees it change loads the item anew.
        public var attempt: Int = 0
    }
}
