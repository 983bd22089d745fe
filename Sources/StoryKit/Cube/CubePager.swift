import MotionCore

/// A gesture-driven 3D cube pager, the Stories transition between users: the state machine
/// and the scene it shows.
///
/// Pages sit side by side on the faces of a cube that turns about its vertical centre axis. A
/// horizontal drag of one page width turns the cube by one face (90°); dragging left goes to the
/// next page. The pager is a value: feed it touches and frame times, read ``position``,
/// ``phase`` and the returned ``Event``s, and draw ``scene(pageContents:)``. Time is always an
/// explicit input (seconds on any monotonic clock), so the same inputs give the same frames.
///
/// ```swift
/// var pager = CubePager(pageCount: 3, pageSize: Size(width: 390, height: 844))
/// pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
/// pager.touchMoved(to: Point(x: 100, y: 400), time: 0.1)
/// let events = pager.touchEnded(at: Point(x: 80, y: 400), time: 0.12)  // [.willChangePage(from: 0, to: 1)]
/// _ = pager.advance(to: 0.5)                                           // each frame
/// ```
///
/// Behaviour:
/// - **Direction lock.** Nothing moves until the finger has moved ``Configuration/directionLockSlop``;
///   a mostly vertical gesture is then not the cube's (``isVerticalGesture``) and is ignored.
/// - **Release.** The target is the neighbour when the release position, projected forward
///   with ``DecelerationRate/normal`` (WWDC18 session 803), passes ``Configuration/snapThreshold``;
///   at most one page from the page the gesture started on. The settle is a ``SpringMotion``
///   from the current position with the release velocity, and snaps exactly to the page at the
///   spring's settling time. It never passes the target (the cube does not spin past a face).
/// - **Interruptible.** A touch during the settle holds the cube where it is; the new gesture
///   starts from the nearest page.
/// - **Ends.** Before the first and after the last page the drag rubber-bands
///   (``RubberBand/offset(_:dimension:constant:)``, bounded by one page); a release past the
///   end reports ``Event/pastEnd``.
///
/// Bad input never crashes or produces NaN: a negative page count counts as zero; a zero,
/// negative or non-finite page size makes gestures move nothing and the scene empty;
/// non-finite touch points and times are ignored.
public struct CubePager: Sendable, Hashable {
    /// Whether a finger is turning the cube, the cube is settling, or it rests on a page.
    public enum Phase: String, Sendable, Hashable, Codable, CaseIterable {
        /// At rest on ``CubePager/currentIndex`` (also while an undecided or vertical touch is down).
        case idle
        /// A finger holds or turns the cube.
        case dragging
        /// Springing to a page after release.
        case settling
    }

    /// The constants: depth, thresholds, spring, shading, rubber band, slop and transition.
    public var configuration: Configuration
    /// The number of pages, 0…``maximumPageCount``; change it with ``setPageCount(_:)``.
    public internal(set) var pageCount: Int
    /// The size of one page (and of the scene), in points. Settable (rotation, split view): the
    /// position is in pages, so a resize keeps the cube's turn; a drag in progress continues
    /// with the new width.
    public var pageSize: Size
    /// The page the cube last came to rest on, in `0..<pageCount` (0 when there are no pages).
    public internal(set) var currentIndex: Int
    /// The cube's turn, in pages: 2.3 is 30 % of the way from page 2 to page 3. Below 0 or above
    /// `pageCount − 1` only while rubber-banding.
    public internal(set) var position: Double
    /// The cube's velocity, in pages per second (positive toward later pages): the release
    /// velocity while settling, the finger's at the last move while dragging, 0 at rest.
    public internal(set) var velocity: Double
    /// Whether a finger is down, idle, settling or dragging.
    public internal(set) var phase: Phase
    /// Whether the current touch was locked as vertical: it is not a cube drag (it belongs to
    /// dismiss or reply) and its moves are ignored.
    public internal(set) var isVerticalGesture: Bool

    /// The touch in progress, if any.
    var touch: Touch?
    /// The finger's samples of the touch in progress.
    var tracker: VelocityTracker
    /// The settle in progress, if any.
    var settle: Settle?
    /// The page announced by the last ``Event/willChangePage(from:to:)`` that has not yet been
    /// reached or cancelled.
    var announcedTarget: Int?

    /// The most pages a pager holds, 2⁴⁰: more than any app shows, and few enough that every page
    /// index is exact as a `Double` position, so no index arithmetic can overflow. A larger count
    /// is clamped to it.
    public static let maximumPageCount = 1 << 40

    /// Creates a pager resting on a page.
    ///
    /// - Parameters:
    ///   - pageCount: The number of pages, 0…``maximumPageCount`` (clamped; negative counts as 0).
    ///   - pageSize: One page, in points; a zero, negative or non-finite size disables gestures
    ///     and drawing (kept as given; ``hasUsableSize`` reports it).
    ///   - currentIndex: The starting page, clamped into `0..<pageCount`.
    ///   - configuration: The constants.
    public init(pageCount: Int, pageSize: Size, currentIndex: Int = 0, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.pageCount = Swift.min(Swift.max(pageCount, 0), Self.maximumPageCount)
        self.pageSize = pageSize
        self.currentIndex = Swift.min(Swift.max(currentIndex, 0), Swift.max(self.pageCount - 1, 0))
        self.position = Double(self.currentIndex)
        self.velocity = 0
        self.phase = .idle
        self.isVerticalGesture = false
        self.tracker = VelocityTracker()
    }

    /// Whether the page size is positive and finite, so that gestures and drawing work.
    public var hasUsableSize: Bool {
        pageSize.width > 0 && pageSize.height > 0 && pageSize.width.isFinite && pageSize.height.isFinite
    }

    /// The last page index (0 when there are no pages).
    var lastIndex: Int { Swift.max(pageCount - 1, 0) }

    /// The page the settle in progress is heading to, or ``currentIndex`` when not settling.
    public var targetIndex: Int { settle?.target ?? currentIndex }

    /// When the settle in progress ends, in seconds on the input clock; `nil` when not settling.
    public var settleEndTime: Double? { settle.map { $0.startTime + $0.duration } }
}

// MARK: - Touch and settle state

extension CubePager {
    /// Which way a touch was locked.
    enum Lock: Sendable, Hashable {
        case undecided, horizontal, vertical
    }

    /// One touch: where it began, how it is locked, and the cube's position it started from.
    struct Touch: Sendable, Hashable {
        /// Where the finger came down, in points.
        var origin: Point
        /// The finger's latest finite position, in points.
        var latest: Point
        /// The finger's x when the lock was decided (drags are measured from there, so the cube
        /// does not jump by the slop), in points.
        var anchorX: Double
        var lock: Lock
        /// The cube's unclamped (pre-rubber-band) position when the touch began, in pages.
        var startRawPosition: Double
        /// The page the gesture started on: the release goes at most one page from it.
        var startPage: Int
        /// Where a settle interrupted by this touch was heading (resumed if the touch turns out
        /// not to be a cube drag).
        var interruptedTarget: Int?
    }

    /// A settle: the spring, when it started, how long it lasts and where it goes.
    struct Settle: Sendable, Hashable {
        var motion: SpringMotion<Double>
        var startTime: Double
        /// The latest time the settle was drawn at (``CubePager/advance(to:)``), in seconds:
        /// later inputs never take the cube back before it.
        var latestFrameTime: Double
        var duration: Double
        var target: Int
    }
}

// MARK: - CubePager + Inspection

extension CubePager {
    /// Whether a finger is down (for the package's storm tests, which check that a dragging
    /// cube always has one).
    package var isTouchDown: Bool { touch != nil }

    /// Where the settle in progress started, in pages (nil when not settling): a settle stays
    /// between here and its target.
    package var settleOrigin: Double? { settle?.motion.from }

    /// The page announced by a `willChangePage` that has not yet been reached or cancelled.
    package var outstandingAnnouncement: Int? { announcedTarget }
}
