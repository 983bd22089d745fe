import MotionCore

// MARK: - PrefetchPlan

/// What the media pipeline should load for a Stories viewer now, most important first: the
/// prefetch *policy* as a value, with no I/O in it.
///
/// A plan is made from the viewer after every change of it (and from the previous plan, which
/// gives the direction of travel). Its ``requests`` come in priority order:
/// 1. the **current** item, whole (``Priority/current``);
/// 2. the current user's **next items**, up to ``Configuration/itemsAhead``
///    (``Priority/nextItem``), in the order they will be shown;
/// 3. for each of the **next users**, up to ``Configuration/usersAhead``, the item their page
///    will show (``StoriesViewer/item(forUser:)``) (``Priority/nextUser``);
/// 4. going **backward** only, the item the previous user's page will show
///    (``Priority/previousUser``).
///
/// Images are loaded whole; a prefetched video only up to ``Configuration/videoPrefixBytes``
/// (enough for its first frames), the current video whole. Each item appears once (the first
/// time wins), and whatever the feed's length a plan has at most
/// ``Configuration/maximumRequests`` requests.
///
/// The device's ``PrefetchConditions`` narrow the plan (``PrefetchPlan+Conditions``): saving
/// data (Low Data Mode, an expensive network), only the current user's next item is prefetched
/// and each item loads at the rendition that saves data; in Low Power Mode no video is preloaded
/// but the next item's.
///
/// Prefetching yields to the current item: ``mayPrefetch`` is `false` while the current item is
/// not displayable yet (the viewer's ``StoriesViewer/state`` is ``StoriesViewer/PlaybackState/loading``);
/// the ``RequestTable`` then runs nothing but the current item's download.
///
/// ```swift
/// var plan = PrefetchPlan(viewer: viewer)                      // forward at first
/// viewer.nextItem(time: 3)
/// plan = PrefetchPlan(viewer: viewer, following: plan)         // still forward
/// let changes = table.apply(plan)                              // start, reprioritise, cancel…
/// ```
public struct PrefetchPlan: Sendable, Hashable {
    /// The constants: how far ahead to look and how much of a video to prefetch.
    public var configuration: Configuration
    /// The device's data, power and screen conditions the plan was made under.
    public let conditions: PrefetchConditions
    /// The viewer's current user index, or `nil` once there is none (closed, empty feed).
    public let user: Int?
    /// The current item's index within that user, or `nil` once there is none.
    public let item: Int?
    /// Where the viewer is heading, from its last moves.
    public let direction: Direction
    /// What to load, in priority order (the current item first); at most
    /// ``Configuration/maximumRequests``, one per item id.
    public let requests: [Request]
    /// Whether prefetch requests may run: the current item is displayable (its state is not
    /// ``StoriesViewer/PlaybackState/loading``). Always `false` when there is no current item.
    public let mayPrefetch: Bool

    /// The plan for `viewer` as it is now.
    ///
    /// - Parameters:
    ///   - viewer: The viewer.
    ///   - previous: The plan made before the viewer's latest change, for the direction: a move
    ///     to a later (user, item) position is forward, to an earlier one backward; no move keeps
    ///     the previous direction. Without a previous plan the direction is forward.
    ///   - configuration: The constants.
    ///   - conditions: The device's data, power and screen conditions; none saving by default.
    public init(viewer: StoriesViewer, following previous: PrefetchPlan? = nil,
                configuration: Configuration = Configuration(), conditions: PrefetchConditions = PrefetchConditions()) {
        self.configuration = configuration
        self.conditions = conditions
        guard !viewer.isClosed, let current = viewer.currentItem else {
            user = nil; item = nil; direction = previous?.direction ?? .forward; requests = []; mayPrefetch = false
            return
        }
        let position = (viewer.userIndex, viewer.itemIndex)
        user = position.0
        item = position.1
        if let previous, let user = previous.user, let item = previous.item, (user, item) != position {
            direction = (user, item) < position ? .forward : .backward
        } else {
            direction = previous?.direction ?? .forward
        }
        mayPrefetch = viewer.state != .loading

        var requests: [Request] = []
        var ids: Set<String> = []
        let reach = Reach(configuration: configuration, conditions: conditions, viewer: viewer)
        func add(_ item: StoryItem, _ priority: Priority) {
            guard reach.admits(item, priority), ids.insert(item.id).inserted else { return }
            let kind: Request.Kind = item.kind == .image ? .image
                : priority == .current ? .wholeVideo : .videoPrefix(bytes: configuration.videoPrefixBytes)
            requests.append(Request(itemID: item.id, url: reach.url(of: item), kind: kind, priority: priority))
        }
        add(current, .current)
        let items = viewer.users[position.0].items
        for next in items.indices.dropFirst(position.1 + 1).prefix(reach.itemsAhead) {
            add(items[next], .nextItem)
        }
        for next in (position.0 + 1..<viewer.users.count).prefix(reach.usersAhead) {
            if let index = viewer.item(forUser: next) { add(viewer.users[next].items[index], .nextUser) }
        }
        if direction == .backward, reach.previousUser, let index = viewer.item(forUser: position.0 - 1) {
            add(viewer.users[position.0 - 1].items[index], .previousUser)
        }
        self.requests = requests
    }

    /// A plan of `requests` as given, for tests and tools that drive a ``RequestTable``
    /// without a viewer: items after the first request of the same id are dropped; the
    /// position is unknown (`nil`).
    ///
    /// - Parameters:
    ///   - requests: What to load, most important first; the current item's request, if any,
    ///     has ``Priority/current``.
    ///   - mayPrefetch: Whether prefetch requests may run.
    ///   - direction: The direction of travel.
    public init(requests: [Request], mayPrefetch: Bool, direction: Direction = .forward) {
        var ids: Set<String> = []
        self.requests = requests.filter { ids.insert($0.itemID).inserted }
        self.mayPrefetch = mayPrefetch
        self.direction = direction
        configuration = Configuration()
        conditions = PrefetchConditions()
        user = nil
        item = nil
    }

    /// The current item's request, if there is a current item.
    public var current: Request? { requests.first { $0.priority == .current } }
}

// MARK: - PrefetchPlan + Values

extension PrefetchPlan {
    /// Which way the viewer moves through the feed.
    public enum Direction: Sendable, Hashable {
        /// Toward later items and users (taps on the right, the feed playing on).
        case forward
        /// Toward earlier items and users (taps on the left, turns back).
        case backward
    }

    /// How much a request matters, lowest first: a download runs at the highest priority of
    /// the requests that share it (``RequestTable``).
    ///
    /// The raw values are the order (0…3), for a transport that maps them to its own scale
    /// (`URLSessionTask.priority` 0…1: `rawValue / 3`).
    public enum Priority: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// The previous user's page, prefetched only while going backward.
        case previousUser = 0
        /// The page of one of the next users.
        case nextUser = 1
        /// One of the current user's next items.
        case nextItem = 2
        /// The item on screen: never queued behind a prefetch.
        case current = 3

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// One item to load.
    public struct Request: Sendable, Hashable {
        /// How much of the item's media to load.
        public enum Kind: Sendable, Hashable {
            /// An image, whole.
            case image
            /// The first `bytes` bytes of a video (a prefetched video: its first frames).
            case videoPrefix(bytes: Int)
            /// A video, whole (the current item).
            case wholeVideo
        }

        /// The item's ``StoryItem/id``: the subscriber in a ``RequestTable``.
        public var itemID: String
        /// The item's ``StoryItem/url``: the download's key.
        public var url: String
        /// How much to load.
        public var kind: Kind
        /// How much it matters.
        public var priority: Priority

        /// A request.
        public init(itemID: String, url: String, kind: Kind, priority: Priority) {
            self.itemID = itemID
            self.url = url
            self.kind = kind
            self.priority = priority
        }

        /// The bytes to load from the start of the media: `nil` for all of it.
        public var byteLimit: Int? {
            if case .videoPrefix(let bytes) = kind { return bytes }
            return nil
        }
    }

    /// How far a plan looks ahead and how much of a video it prefetches.
    public struct Configuration: Sendable, Hashable {
        /// The most items of the current user prefetched after the current one, 0…16; 2 by
        /// default.
        public var itemsAhead: Int {
            didSet { itemsAhead = Rules.itemsAhead.sanitize(itemsAhead) }
        }
        /// The most next users whose page is prefetched, 0…16; 2 by default.
        public var usersAhead: Int {
            didSet { usersAhead = Rules.usersAhead.sanitize(usersAhead) }
        }
        /// The bytes prefetched from the start of a video that is not current, 1 KiB…1 GiB;
        /// 1 MiB by default (about the first second of a 1080p story at 8 Mbit/s).
        public var videoPrefixBytes: Int {
            didSet { videoPrefixBytes = Rules.videoPrefixBytes.sanitize(videoPrefixBytes) }
        }

        /// Constants, each clamped to its range (``Rules``).
        public init(itemsAhead: Int = Rules.itemsAhead.defaultValue, usersAhead: Int = Rules.usersAhead.defaultValue,
                    videoPrefixBytes: Int = Rules.videoPrefixBytes.defaultValue) {
            self.itemsAhead = Rules.itemsAhead.sanitize(itemsAhead)
            self.usersAhead = Rules.usersAhead.sanitize(usersAhead)
            self.videoPrefixBytes = Rules.videoPrefixBytes.sanitize(videoPrefixBytes)
        }

        /// The most requests a plan has: the current item, the items and users ahead, and the
        /// previous user.
        public var maximumRequests: Int { 1 + itemsAhead + usersAhead + 1 }

        /// Each setting's default and range, the one place they are written (``ValueRule``).
        public enum Rules {
            /// ``PrefetchPlan/Configuration/itemsAhead``: items, 0…16, 2 by default.
            public static let itemsAhead = ValueRule<Int>(0...16, default: 2)
            /// ``PrefetchPlan/Configuration/usersAhead``: users, 0…16, 2 by default.
            public static let usersAhead = ValueRule<Int>(0...16, default: 2)
            /// ``PrefetchPlan/Configuration/videoPrefixBytes``: bytes, 1 KiB…1 GiB, 1 MiB by default.
            public static let videoPrefixBytes = ValueRule<Int>((1 << 10)...(1 << 30), default: 1 << 20)
        }
    }
}
