import MotionCore

/// The row of story avatars above a feed: who has stories, in which order, where each avatar is
/// as the row scrolls, which one is loading, and where the viewer opens from and closes into.
///
/// Users with an item not yet seen come first (the feed's order kept within each group), each
/// with a ``StoryRing`` (gradient when unseen, grey when seen). A tap on an avatar starts its
/// ring loading (cancelling another that was); the host says ``ready(time:)`` when the first item
/// can show; when the ring has resolved, ``advance(to:)`` reports ``Event/launch(user:from:)``
/// with the avatar's frame, for ``StoryOpenTransition``. At dismiss time the host asks
/// ``visibleAvatarFrame(user:)`` again — the row may have scrolled (``scroll(toReveal:)`` follows
/// the viewer's user) — and gets `nil` when the avatar is out of view, so the viewer shrinks and
/// fades where it is.
///
/// ```swift
/// var tray = StoryTray(feed: feed, seen: seen, viewportWidth: 390)
/// tray.tap(at: touch, time: t)                       // [.loadingStarted(user: 2)]
/// tray.ready(time: t + 0.8)                           // the pipeline has the first item
/// for case .launch(let user, let from) in tray.advance(to: now) { open(user, from) }
/// ```
public struct StoryTray: Sendable, Hashable {
    /// The row's sizes, in points; each clamped to its range.
    public struct Configuration: Sendable, Hashable {
        /// The avatar's diameter, 16…200; 64 by default.
        public var avatarDiameter: Double { didSet { avatarDiameter = Rules.avatarDiameter.sanitize(avatarDiameter) } }
        /// The space between two avatars' rings, 0…100; 14 by default.
        public var spacing: Double { didSet { spacing = Rules.spacing.sanitize(spacing) } }
        /// The space around the row, 0…100; 12 by default.
        public var inset: Double { didSet { inset = Rules.inset.sanitize(inset) } }
        /// The names' font size, 6…40; 11 by default.
        public var nameSize: Double { didSet { nameSize = Rules.nameSize.sanitize(nameSize) } }
        /// The rings' look and timing.
        public var ring: StoryRing.Configuration
        /// Which end the row starts at (see ``StoryTray/layoutDirection``); left to right by default.
        public var layoutDirection: StoryLayoutDirection = .leftToRight

        /// A configuration; see each property for its range and default.
        public init(avatarDiameter: Double = Rules.avatarDiameter.defaultValue, spacing: Double = Rules.spacing.defaultValue,
                    inset: Double = Rules.inset.defaultValue, nameSize: Double = Rules.nameSize.defaultValue,
                    ring: StoryRing.Configuration = StoryRing.Configuration()) {
            self.avatarDiameter = Rules.avatarDiameter.sanitize(avatarDiameter)
            self.spacing = Rules.spacing.sanitize(spacing)
            self.inset = Rules.inset.sanitize(inset)
            self.nameSize = Rules.nameSize.sanitize(nameSize)
            self.ring = ring
        }


        /// The room an avatar's ring takes beyond the avatar on each side.
        var ringRoom: Double { ring.gap + Swift.max(ring.unseenLineWidth, ring.seenLineWidth) }
        /// The distance between two avatars' left edges.
        var pitch: Double { avatarDiameter + 2 * ringRoom + spacing }
    }

    /// What the tray tells its host.
    public enum Event: Sendable, Hashable {
        /// A tap was taken on user `user`'s avatar: their story is loading.
        case loadingStarted(user: Int)
        /// User `user`'s loading was cancelled (another avatar was tapped).
        case cancelled(user: Int)
        /// User `user`'s story is ready and the ring at rest: open the viewer from `from` (the
        /// avatar's frame now, in the tray's viewport).
        case launch(user: Int, from: Rect)
    }

    /// The users with stories, unseen first.
    public let users: [StoryUser]
    /// Each user's ring.
    public internal(set) var rings: [StoryRing]
    /// The sizes.
    public let configuration: Configuration
    /// How far the row is scrolled, in points (0…``maximumOffset``).
    public internal(set) var contentOffset: Double = 0
    /// The visible width of the row, in points, 0…10⁹ (a wider one is clamped: the row mirrored
    /// under right to left must keep its avatars apart).
    public internal(set) var viewportWidth: Double
    /// The user whose story is loading, if any.
    public internal(set) var loadingUser: Int?

    /// A tray over `feed`.
    ///
    /// - Parameters:
    ///   - feed: The stories; users without items are left out.
    ///   - seen: The ids of items seen already.
    ///   - viewportWidth: The row's visible width, in points.
    ///   - configuration: Sizes and the rings' look.
    public init(feed: StoryFeed, seen: Set<String>, viewportWidth: Double, configuration: Configuration = Configuration()) {
        let withItems = feed.users.filter { !$0.items.isEmpty }
        let isUnseen = withItems.map { user in user.items.contains { !seen.contains($0.id) } }
        users = withItems.indices.filter { isUnseen[$0] }.map { withItems[$0] } + withItems.indices.filter { !isUnseen[$0] }.map { withItems[$0] }
        rings = users.map { user in
            StoryRing(status: user.items.contains { !seen.contains($0.id) } ? .unseen : .seen, configuration: configuration.ring)
        }
        self.configuration = configuration
        self.viewportWidth = viewportWidth.isFinite ? Swift.min(Swift.max(viewportWidth, 0), Rect.layoutLimit) : 0
    }

    /// The row's height, in points: insets, ring, the name under it.
    public var height: Double {
        2 * configuration.inset + configuration.avatarDiameter + 2 * configuration.ringRoom + 6 + configuration.nameSize * 1.3
    }

    /// The row's full width, in points.
    public var contentWidth: Double {
        users.isEmpty ? 0 : 2 * configuration.inset + Double(users.count) * configuration.pitch - configuration.spacing
    }

    /// The largest offset: the row's end at the viewport's right edge.
    public var maximumOffset: Double { Swift.max(contentWidth - viewportWidth, 0) }

    /// User `user`'s avatar frame (the picture, without the ring) in the viewport, scrolled;
    /// `nil` for an index out of range.
    /// Under right to left the row is mirrored in the viewport (see ``layoutDirection``).
    public func avatarFrame(user: Int) -> Rect? {
        leadingAvatarFrame(user: user).map { configuration.layoutDirection.rect($0, inWidth: viewportWidth) }
    }

    /// User `user`'s avatar frame if at least half of it is in the viewport, else `nil` (the
    /// viewer then closes where it is).
    public func visibleAvatarFrame(user: Int) -> Rect? {
        guard let frame = avatarFrame(user: user) else { return nil }
        let shown = Swift.min(frame.maxX, viewportWidth) - Swift.max(frame.minX, 0)
        return shown >= frame.width / 2 ? frame : nil
    }

    /// The user whose avatar (ring included) is under `point`, in the viewport.
    public func user(at point: Point) -> Int? {
        guard point.x.isFinite, point.y.isFinite, point.x >= 0, point.x <= viewportWidth else { return nil }
        let point = Point(x: configuration.layoutDirection.x(point.x, inWidth: viewportWidth), y: point.y)
        let reach = configuration.avatarDiameter / 2 + configuration.ringRoom
        let column = ((point.x + contentOffset - configuration.inset) / configuration.pitch).rounded(.down)
        guard column >= 0, column < Double(users.count), let frame = leadingAvatarFrame(user: Int(column)) else { return nil }
        let dx = point.x - frame.midX, dy = point.y - frame.midY
        return dx * dx + dy * dy <= reach * reach ? Int(column) : nil
    }
}

// MARK: - StoryTray.Configuration + Rules

extension StoryTray.Configuration {
    /// Each setting's default and range, the one place they are written (``ValueRule``): a
    /// non-finite value gives the default, others are clamped into the range.
    public enum Rules {
        /// ``StoryTray/Configuration/avatarDiameter``: points, 16…200, 64 by default.
        public static let avatarDiameter = ValueRule<Double>(16...200, default: 64)
        /// ``StoryTray/Configuration/spacing``: points, 0…100, 14 by default.
        public static let spacing = ValueRule<Double>(0...100, default: 14)
        /// ``StoryTray/Configuration/inset``: points, 0…100, 12 by default.
        public static let inset = ValueRule<Double>(0...100, default: 12)
        /// ``StoryTray/Configuration/nameSize``: points, 6…40, 11 by default.
        public static let nameSize = ValueRule<Double>(6...40, default: 11)
    }
}
