import MotionCore

/// The Stories viewer as a value: which user and item play, how far, why not, and what to draw,
/// from touches, media events and time.
///
/// The viewer wraps a ``CubePager`` (the page turn between users) and adds playback: a state
/// machine over the current item (loading, playing, paused for overlapping reasons, failed,
/// finished), the segmented progress bar, taps, holds, the swipe-down dismiss into the tray's
/// avatar, a swipe-up reply and the seen state. Time is an input: every method takes it, in
/// seconds on the host's clock, and nothing moves between calls.
///
/// ```swift
/// var viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
/// viewer.media(.displaying, for: viewer.currentItem!.id, time: 0)   // first frame on screen
/// viewer.advance(to: 2.5)                 // half of a 5 s image
/// viewer.progress                         // 0.5
/// viewer.touchBegan(at: Point(x: 300, y: 400), time: 2.6)
/// viewer.touchEnded(at: Point(x: 300, y: 400), time: 2.65)   // a tap on the right: next item
/// ```
///
/// Rules the viewer keeps whatever the input (the storm suite checks them after every step):
/// - Progress runs only while the current item's first frame is on screen (the media reported
///   ``MediaEvent/displaying``), it is not stalled or failed, and nothing pauses it
///   (``PauseReasons``): never while loading, held, turning, dismissing, in the background or
///   read by VoiceOver. Within an item it never goes backwards.
/// - At most one item plays, and only it may be heard (``players``); pages that are not in
///   front are paused and muted; after ``Event/closed(_:)`` nothing plays.
/// - Every output is finite; indices are always in range.
///
/// Time: inputs earlier than the latest one are taken at the latest time (two clocks, late
/// touches); non-finite times and points are ignored.
public struct StoriesViewer: Sendable, Hashable {
    /// The users shown, in order: the feed's users that have at least one item.
    public let users: [StoryUser]
    /// The constants (durations, delays, dismiss, bars, cube).
    public var configuration: Configuration {
        didSet { cube.configuration = configuration.effectiveCube }
    }
    /// The cube between users: one page per user.
    public internal(set) var cube: CubePager
    /// The user whose item plays: the cube's current page.
    public internal(set) var userIndex: Int
    /// The current item of that user.
    public internal(set) var itemIndex: Int
    /// Seconds of the current item shown so far (what the progress bar shows).
    public var elapsed: Double { clock.elapsed }
    /// The ids of the items seen, including those given at start.
    public internal(set) var seen: Set<String>
    /// The latest input time, in seconds.
    public internal(set) var time: Double
    /// Why the viewer closed, once it has.
    public internal(set) var closeReason: CloseReason?
    /// The tray avatar's frame to dismiss into, in the viewer's coordinates (points, origin at
    /// the page's top left), if the host gave one.
    public var avatarFrame: Rect? { dismissal.avatarFrame }

    /// Pause reasons the host or a touch set (held, background, VoiceOver); turning, dismissing
    /// and stalled are derived.
    var heldReasons: PauseReasons = []
    /// For each user, the item their page shows (where they were, or their first unseen item).
    var resumeItems: [Int]
    /// The current item's clock: seconds shown and the bar's fill.
    var clock = PlaybackClock()
    /// What the media sources said, per item id, for the items on visible pages, and the load
    /// attempts.
    var reports = MediaReports()
    /// The finger on the page, if any.
    var touch: ViewerTouch?
    /// The swipe-down dismiss: the avatar it lands in and the swipe while it runs.
    var dismissal = Dismissal()
    /// The chrome (bars and header): its fade, out while held.
    var chrome = Chrome()
    /// The media's natural sizes the host reported, per item id (for placing tappable areas).
    var mediaSizes: [String: Size] = [:]
    /// The sound policy and a finger on the mute button (StoriesViewer+Sound.swift).
    var soundState = SoundState()
    /// What the analytics events have said (StoriesViewer+Analytics.swift).
    var analytics = Analytics()
    /// The items' subtitle tracks, by item id (``setSubtitles(_:forItem:)``).
    var subtitleTracks: [String: SubtitleTrack] = [:]
    /// The screen layout (full screen or card) and a finger beside the card (StoriesViewer+Card.swift).
    var cardState = CardState()
    /// A finger down on the Retry button, where it came down (StoriesViewer+Overlay.swift).
    var retryTouch: Point?
    /// When the current item's subtitles show: while muted (the default), always (the front-end
    /// sets this when the system's "Closed Captions + SDH" is on) or never.
    public var subtitleMode: CaptionPresentation.SubtitleMode = .automatic
    /// The captions' text size as a multiple of the default (Dynamic Type: 1 at the default
    /// "Large" size; clamped to 0.5…3.5).
    public var captionTextScale = 1.0

    /// A viewer of `feed` in front of `user` (clamped to the users with items), starting each
    /// user at their first item not in `seen`.
    ///
    /// - Parameters:
    ///   - feed: The stories; users without items are left out.
    ///   - seen: Item ids already seen (from `StoryMedia`'s `SeenStateStore`), to start at the first
    ///     unseen item of each user.
    ///   - user: The index of the first user to show, among the users with items.
    ///   - pageSize: The page's size in points; the cube and the dismiss need a usable one.
    ///   - time: The start time, in seconds (a non-finite time gives 0).
    ///   - configuration: The constants.
    public init(feed: StoryFeed, seen: Set<String> = [], user: Int = 0, pageSize: Size,
                time: Double = 0, configuration: Configuration = Configuration()) {
        users = feed.users.filter { !$0.items.isEmpty }
        self.configuration = configuration
        self.seen = seen
        resumeItems = users.map { user in user.items.firstIndex { !seen.contains($0.id) } ?? 0 }
        let first = users.isEmpty ? 0 : Swift.min(Swift.max(user, 0), users.count - 1)
        cube = CubePager(pageCount: users.count, pageSize: pageSize, currentIndex: first, configuration: configuration.effectiveCube)
        userIndex = first
        itemIndex = resumeItems.isEmpty ? 0 : resumeItems[first]
        self.time = time.isFinite ? time : 0
        if users.isEmpty { closeReason = .finished }
    }

    /// The size of a page, in points.
    ///
    /// Settable, for a front-end whose view is laid out after the viewer is made or resized
    /// (rotation, split view): the user, the item and its progress stay; the cube keeps its turn
    /// (it is in pages), the bars and the chrome follow the new width, and a dismiss that is
    /// settling into the avatar heads for the avatar's place on the new page.
    public var pageSize: Size {
        get { cube.pageSize }
        set {
            cube.pageSize = newValue
            dismissal.resize(to: newValue, at: time)
        }
    }

    /// Whether the viewer has closed (it takes no more input and plays nothing).
    public var isClosed: Bool { closeReason != nil }

    /// The item that plays, or `nil` once there is none (an empty feed).
    public var currentItem: StoryItem? {
        guard users.indices.contains(userIndex) else { return nil }
        let items = users[userIndex].items
        return items.indices.contains(itemIndex) ? items[itemIndex] : nil
    }

    /// The current item's length in seconds, once known: the item's own duration, else the
    /// configured image duration for images and the media's reported length for videos. Always
    /// at least 0.1 s.
    public var currentDuration: Double? { currentItem.flatMap(duration(of:)) }

    /// The current item's progress in 0…1 (0 while the length of a video is not known yet):
    /// `elapsed / duration`, and never backwards within an item.
    ///
    /// A video's length can change while it plays (an HLS stream, a refined estimate): the
    /// elapsed seconds stay what they are (the playhead does not move), and the bar goes on from
    /// where it was, filling the rest at the pace that reaches the end with the video's new end,
    /// rather than jumping back (a longer length) or forward (a shorter one).
    public var progress: Double { clock.progress(duration: currentDuration) }

    /// Everything that holds progress now, including the derived reasons.
    public var pauseReasons: PauseReasons {
        var reasons = heldReasons
        if cube.phase != .idle { reasons.insert(.turning) }
        if dismissal.isActive { reasons.insert(.dismissing) }
        if let id = currentItem?.id, reports.isStalled(id) { reasons.insert(.stalled) }
        return reasons
    }

    /// The state for the front-end's loading indicator and error view.
    public var state: PlaybackState {
        if isClosed { return .finished }
        guard let id = currentItem?.id else { return .finished }
        return reports.state(of: id, at: time, stallGrace: configuration.stallGrace, pauses: pauseReasons)
    }

    /// Whether progress runs now.
    var canProgress: Bool { state == .playing }

    /// The length of `item`, in seconds, if known (at least 0.1 s, at most a day).
    func duration(of item: StoryItem) -> Double? {
        PlaybackClock.length(of: item, imageDuration: configuration.imageDuration, reported: reports.reportedDuration(of: item.id))
    }
}

// MARK: - Internal state

extension StoriesViewer {
    /// The finger on the page and what it has become.
    struct ViewerTouch: Sendable, Hashable {
        /// What a touch has become so far.
        enum Kind: Sendable, Hashable {
            /// Down, not moved past the slop, younger than the hold delay.
            case pending
            /// Rested past the hold delay: playback held, chrome faded out.
            case holding
            /// A horizontal drag: the cube's.
            case cube
            /// A downward drag: the dismiss.
            case dismissing
            /// An upward drag: a reply was sent; the rest of the touch is ignored.
            case reply
        }
        /// Where the finger came down, in the page's points.
        var origin: Point
        /// Where the finger is now, in the page's points.
        var latest: Point
        /// When the finger came down, in seconds.
        var start: Double
        /// What the touch has become.
        var kind: Kind
        /// Whether the cube holds this touch (it must then see its end).
        var cubeHasTouch: Bool
    }
}
