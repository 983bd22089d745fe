import MotionCore

// MARK: - StoriesViewer + Players and progress bars

extension StoriesViewer {
    /// One segment of a page's progress bar.
    public struct Segment: Sendable, Hashable {
        /// The segment's track, in the page's points.
        public var frame: Rect
        /// How much of it is filled, 0…1: past items 1, the current one its progress, later 0.
        public var fraction: Double
        /// The bar's direction: the fill grows from the track's left edge, or from its right one
        /// under ``StoryLayoutDirection/rightToLeft``.
        public var layoutDirection: StoryLayoutDirection = .leftToRight

        /// The fill's frame in the track's coordinates, in points: the track's height and
        /// `fraction` of its width, from its leading edge (the right one under right to left).
        public var fillFrame: Rect {
            let width = frame.width * fraction
            return Rect(x: layoutDirection == .rightToLeft ? frame.width - width : 0, y: 0, width: width, height: frame.height)
        }

        /// The corner radius of the track and of its fill, in points: half the track's height.
        public var cornerRadius: Double {
            frame.height / 2
        }
    }

    /// The item a user's page shows: the current item for the current user, else where that
    /// user was (or their first unseen item).
    ///
    /// - Parameter user: The user's index.
    /// - Returns: The item's index, or `nil` for an index out of range.
    public func item(forUser user: Int) -> Int? {
        guard users.indices.contains(user) else { return nil }
        return user == userIndex ? itemIndex : resumeItems[user]
    }

    /// What each visible page's player must do now: one directive per page the cube shows
    /// (one at rest, two mid-turn), or per card of the row in a card presentation (the current
    /// one first; ``cardRow``), none once the viewer has closed.
    ///
    /// Only the current user's current item can play: while nothing but a stall holds it (a
    /// video must play to show its first frame or to get over a stall); every other page is
    /// paused and muted. So at most one directive plays, and only it can be heard.
    public var players: [PlayerDirective] {
        guard !isClosed else { return [] }
        return pageUsers.compactMap(player(forUser:))
    }

    /// The directive of one user's page, without building an array (a front-end walks the
    /// layout's faces and asks for each): `nil` when that page is not visible, the index is out
    /// of range, or the viewer has closed.
    ///
    /// - Parameter user: The user's index.
    public func player(forUser user: Int) -> PlayerDirective? {
        guard !isClosed, users.indices.contains(user), showsPage(ofUser: user), let item = item(forUser: user) else {
            return nil
        }
        let playing = user == userIndex && pauseReasons.subtracting(.stalled).isEmpty && !isFailed
        let id = users[user].items[item].id
        return PlayerDirective(user: user, item: item, id: id, isPlaying: playing, isMuted: !playing || isMuted, attempt: reports.attempt(of: id))
    }

    /// Whether the current item's media failed.
    var isFailed: Bool {
        if case .failed = state { return true }
        return false
    }

    /// The progress bar of a user's page: one segment per item with the style's insets and gaps.
    ///
    /// With so many items that the gaps would leave no room, the gaps shrink to share the width.
    ///
    /// - Parameter user: The user's index.
    /// - Returns: The segments in item order (left to right, or right to left under
    ///   ``StoryLayoutDirection/rightToLeft``); empty for an index out of range or no usable size.
    public func segments(forUser user: Int) -> [Segment] {
        guard users.indices.contains(user), cube.hasUsableSize else { return [] }
        return (0..<users[user].items.count).compactMap { segment($0, forUser: user) }
    }

    /// One segment of a user's progress bar, without building an array (for a front-end that
    /// updates its bar layers every frame).
    ///
    /// - Parameters:
    ///   - index: The item's index.
    ///   - user: The user's index.
    /// - Returns: The segment, or `nil` for an index out of range or no usable page size.
    public func segment(_ index: Int, forUser user: Int) -> Segment? {
        guard let current = item(forUser: user), cube.hasUsableSize else { return nil }
        // The progress only for the one segment that shows it: it costs a media-status lookup.
        let fill = index == current && user == userIndex ? progress : 0
        return Chrome.segment(index, of: users[user].items.count, current: current, currentFill: fill,
                              pageWidth: pageSize.width, style: configuration.segments, direction: configuration.layoutDirection)
    }

    /// What VoiceOver says for the current page: "Ava, story 2 of 5, 2 hours ago".
    ///
    /// - Parameter now: The time now, in seconds since 1970, for the item's age.
    /// - Returns: The label; empty when there is no current item.
    public func accessibilityLabel(now: Double) -> String {
        guard let item = currentItem else { return "" }
        let user = users[userIndex]
        return "\(user.name), story \(itemIndex + 1) of \(user.items.count), \(Self.spokenAge(since: item.createdAt, now: now))"
    }

    /// A post's age in words: "just now", "1 minute ago", "2 hours ago", "3 days ago", "4 weeks ago".
    public static func spokenAge(since createdAt: Double, now: Double) -> String {
        let age = now - createdAt
        guard age.isFinite, age >= 60 else { return "just now" }
        func phrase(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s") ago" }
        if age < 3_600 { return phrase(Int(age / 60), "minute") }
        if age < 86_400 { return phrase(Int(age / 3_600), "hour") }
        if age < 7 * 86_400 { return phrase(Int(age / 86_400), "day") }
        return phrase(Swift.min(Int(age / (7 * 86_400)), 9_999), "week")
    }

    /// A post's age as the header shows it: "now", "5m", "2h", "3d", "4w".
    ///
    /// - Parameters:
    ///   - createdAt: When the item was posted, in seconds since 1970.
    ///   - now: The time now, in seconds since 1970.
    /// - Returns: The short form; "now" for a future or non-finite time.
    public static func relativeTime(since createdAt: Double, now: Double) -> String {
        let age = now - createdAt
        guard age.isFinite, age >= 60 else { return "now" }
        if age < 3_600 { return "\(Int(age / 60))m" }
        if age < 86_400 { return "\(Int(age / 3_600))h" }
        if age < 7 * 86_400 { return "\(Int(age / 86_400))d" }
        return "\(Swift.min(Int(age / (7 * 86_400)), 9_999))w"
    }
}
