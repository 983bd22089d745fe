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
/// ## State machine
///
/// One internal value, the interaction, says what the pager is doing; ``phase``,
/// ``isVerticalGesture``, ``targetIndex`` and ``settleEndTime`` are read from it, so they never
/// disagree. Its states (with the ``phase`` each shows):
/// - **idle** (`.idle`): no finger, no spring; the cube rests on ``currentIndex``.
/// - **settling** (`.settling`): no finger; a spring takes the cube to its target page.
/// - **pressing** — a finger down that has not yet moved the slop — over a cube that is
///   *resting* (`.idle`), *held* where a settle or a replaced drag left it, remembering the page
///   it goes to if the finger only taps (`.dragging`), or *settling* under a programmatic turn
///   that started after the finger came down (`.settling`).
/// - **vertical** (`.idle` or `.settling`): the finger locked vertical; it is not the cube's,
///   and the cube rests or settles by itself.
/// - **dragging** (`.dragging`): the finger locked horizontal and turns the cube.
///
/// Transitions: a touch-down makes *pressing* — over a *held* cube when a spring was running
/// (or the replaced touch held or dragged the cube), else over a *resting* one. Passing the
/// slop locks *vertical* (a held cube resumes its settle) or *dragging* (a programmatic turn
/// under the finger hands the cube over). Lifting the finger settles: a drag on the page its
/// release decides, a held cube on the page it remembered; a resting or settling cube goes on
/// as it was. A cancel settles a held or dragged cube on the nearest page. A frame past the
/// settle's end rests the cube; a programmatic turn starts a settle under any finger but a
/// dragging one; a page-count change makes the pager idle.
///
/// Every ``Event/willChangePage(from:to:)``, ``Event/didChangePage(_:)`` and
/// ``Event/didCancelPageChange(from:to:)`` comes from one page announcer, which holds at most
/// one announcement and answers each exactly once.
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
    /// with the new width. Any value is accepted; a zero, negative or non-finite width or height
    /// makes gestures move nothing and the scene empty until a usable size is set
    /// (``hasUsableSize``).
    public var pageSize: Size
    /// The page the cube last came to rest on, in `0..<pageCount` (0 when there are no pages).
    public internal(set) var currentIndex: Int
    /// The cube's turn, in pages: 2.3 is 30 % of the way from page 2 to page 3. Below 0 or above
    /// `pageCount − 1` only while rubber-banding.
    public internal(set) var position: Double
    /// The cube's velocity, in pages per second (positive toward later pages): the release
    /// velocity while settling, the finger's at the last move while dragging, 0 at rest.
    public internal(set) var velocity: Double

    /// What the pager is doing: the one source of the phase, the lock, the touch and the settle.
    /// Its cases hold the two sub-models of a gesture: the finger's ``Touch`` (direction lock,
    /// where it puts the cube on the ``DragTrack``) and the ``Settle`` spring.
    var interaction: Interaction
    /// The finger's samples of the touch in progress (or of the last one, for the time of a
    /// release without a finite time).
    var tracker: VelocityTracker
    /// The owner of the page-change events: the announcements sub-model (``PageAnnouncer``).
    var announcer: PageAnnouncer

    /// The most pages a pager holds, 2⁴⁰: more than any app shows, and few enough that every page
    /// index is exact as a `Double` position, so no index arithmetic can overflow. A larger count
    /// is clamped to it.
    public static let maximumPageCount = 1 << 40

    /// Creates a pager resting on a page.
    ///
    /// - Parameters:
    ///   - pageCount: The number of pages, 0…``maximumPageCount``: a negative count gives 0, a
    ///     larger one ``maximumPageCount``.
    ///   - pageSize: One page, in points; a zero, negative or non-finite size disables gestures
    ///     and drawing (kept as given; ``hasUsableSize`` reports it).
    ///   - currentIndex: The starting page, in `0..<pageCount`; outside, clamped to the nearest
    ///     page (0 when there are no pages).
    ///   - configuration: The constants (sanitised by ``Configuration`` itself).
    public init(pageCount: Int, pageSize: Size, currentIndex: Int = 0, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.pageCount = Swift.min(Swift.max(pageCount, 0), Self.maximumPageCount)
        self.pageSize = pageSize
        self.currentIndex = Swift.min(Swift.max(currentIndex, 0), Swift.max(self.pageCount - 1, 0))
        self.position = Double(self.currentIndex)
        self.velocity = 0
        self.interaction = .idle
        self.tracker = VelocityTracker()
        self.announcer = PageAnnouncer()
    }

    /// Whether a finger is down, idle, settling or dragging.
    public var phase: Phase { interaction.phase }

    /// Whether the current touch was locked as vertical: it is not a cube drag (it belongs to
    /// dismiss or reply) and its moves are ignored. False while no finger is down.
    public var isVerticalGesture: Bool {
        if case .vertical = interaction { return true }
        return false
    }

    /// Whether the page size can be laid out, so that gestures and drawing work: each side
    /// within 10⁻⁶…10⁹ pt (NaN, infinite, zero, subnormal and absurdly large sides are not:
    /// sums and products of them would overflow to infinity).
    public var hasUsableSize: Bool {
        let sides = Rect.smallestLayoutSide...Rect.layoutLimit
        return sides.contains(pageSize.width) && sides.contains(pageSize.height)
    }

    /// The last page index (0 when there are no pages).
    var lastIndex: Int { Swift.max(pageCount - 1, 0) }

    /// The page the settle in progress is heading to, or ``currentIndex`` when not settling.
    public var targetIndex: Int { interaction.settle?.target ?? currentIndex }

    /// When the settle in progress ends, in seconds on the input clock; `nil` when not settling.
    public var settleEndTime: Double? { interaction.settle?.endTime }
}

// MARK: - CubePager + Inspection

extension CubePager {
    /// Whether a finger is down (for the package's storm tests, which check that a dragging
    /// cube always has one).
    package var isTouchDown: Bool { interaction.touch != nil }

    /// Where the settle in progress started, in pages (nil when not settling): a settle stays
    /// between here and its target.
    package var settleOrigin: Double? { interaction.settle?.motion.from }

    /// The page announced by a `willChangePage` that has not yet been reached or cancelled.
    package var outstandingAnnouncement: Int? { announcer.outstanding?.to }
}
