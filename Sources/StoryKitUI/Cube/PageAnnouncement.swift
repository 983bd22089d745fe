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
}
