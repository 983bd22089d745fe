// MARK: - PageAnnouncement

/// The pager's words and choices for VoiceOver, as plain values.
enum PageAnnouncement {
    /// The default announcement after a page change: "Page 2 of 5" for index 1 of 5 pages.
    ///
    /// - Parameters:
    ///   - index: The page, from 0.
    ///   - count: The number of pages.
    static func pagePosition(index: Int, count: Int) -> String {
        "Page \(index + 1) of \(count)"
    }

    /// The page a VoiceOver "next" (`step` = 1) or "previous" (`step` = −1) goes to from
    /// `page`, or nil at the end that way (the action is not offered there).
    ///
    /// - Parameters:
    ///   - page: Where the pager is going (its target page).
    ///   - step: Pages to move, usually ±1.
    ///   - count: The number of pages.
    static func destination(from page: Int, step: Int, count: Int) -> Int? {
        let destination = page + step
        return step != 0 && (0..<count).contains(destination) ? destination : nil
    }

    /// The pages a VoiceOver three-finger swipe turns, from `UIAccessibilityScrollDirection`'s
    /// raw value (right 1, left 2, up 3, down 4, next 5, previous 6): left or "next" 1 (the
    /// next page comes in from the right), right or "previous" −1, up and down 0 (left to
    /// enclosing scroll views: the pager does not turn).
    ///
    /// - Parameter rawDirection: `direction.rawValue`.
    static func step(forScrollDirection rawDirection: Int) -> Int {
        switch rawDirection {
        case 2, 5: 1
        case 1, 6: -1
        default: 0
        }
    }
}
