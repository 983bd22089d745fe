// MARK: - CubePager + PageAnnouncer

extension CubePager {
    /// The one owner of the page-change events: every ``Event/willChangePage(from:to:)``,
    /// ``Event/didChangePage(_:)`` and ``Event/didCancelPageChange(from:to:)`` comes from here.
    ///
    /// It holds at most one announcement, and answers it exactly once: announcing another page
    /// cancels it first, arriving on its page completes it, arriving anywhere else or
    /// withdrawing cancels it, each with the pages it was announced with.
    ///
    /// The announcements sub-model: the pager holds one (``CubePager/announcer``) and asks it at
    /// every release, settle, arrival, programmatic turn and page-count change.
    ///
    /// ```swift
    /// var announcer = CubePager.PageAnnouncer()
    /// announcer.announce(1, from: 0)   // [.willChangePage(from: 0, to: 1)]
    /// announcer.announce(1, from: 0)   // []: announced once
    /// announcer.arrive(at: 1, from: 0) // [.didChangePage(1)]
    /// ```
    package struct PageAnnouncer: Sendable, Hashable {
        /// A `willChangePage(from:to:)` not yet answered.
        package struct Announcement: Sendable, Hashable {
            /// The page the cube was on, in `0..<pageCount`.
            package var from: Int
            /// The page it is going to, in `0..<pageCount`.
            package var to: Int

            /// An announcement of the change from page `from` to page `to`.
            package init(from: Int, to: Int) {
                self.from = from
                self.to = to
            }
        }

        /// The announcement not yet answered, if any.
        package private(set) var outstanding: Announcement?

        /// An announcer with nothing announced.
        package init() {}

        /// The cube is going to `target` from page `current`: cancels an announcement of another
        /// page, then announces `target` unless it is `current` or already announced.
        ///
        /// - Returns: ``Event/didCancelPageChange(from:to:)`` of another page's announcement, then
        ///   ``Event/willChangePage(from:to:)`` when `target` is newly announced.
        package mutating func announce(_ target: Int, from current: Int) -> [Event] {
            var events: [Event] = []
            if let outstanding, outstanding.to != target { events += withdraw() }
            if target != current, outstanding == nil {
                events.append(.willChangePage(from: current, to: target))
                outstanding = Announcement(from: current, to: target)
            }
            return events
        }

        /// The cube came to rest on `target`, having been on `current`: completes the
        /// announcement of `target` or cancels one of another page, and reports the change of
        /// page (announced or not, as after a page-count change).
        ///
        /// - Returns: ``Event/didCancelPageChange(from:to:)`` of another page's announcement, then
        ///   ``Event/didChangePage(_:)`` when `target` differs from `current`.
        package mutating func arrive(at target: Int, from current: Int) -> [Event] {
            var events = outstanding?.to == target ? [] : withdraw()
            outstanding = nil
            if target != current { events.append(.didChangePage(target)) }
            return events
        }

        /// The announced change will not happen: cancels it, if any.
        ///
        /// - Returns: ``Event/didCancelPageChange(from:to:)`` of the announcement, if there was one.
        package mutating func withdraw() -> [Event] {
            guard let outstanding else { return [] }
            self.outstanding = nil
            return [.didCancelPageChange(from: outstanding.from, to: outstanding.to)]
        }
    }
}
