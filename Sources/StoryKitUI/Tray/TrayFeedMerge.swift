import Foundation
import StoryKit

// MARK: - TrayFeedMerge

/// How a tray row takes a new feed (it arrived late, or refreshed): the new row, which loading
/// is kept or cancelled, where the row is scrolled to and which rows the front-end reloads.
///
/// - **Order.** The new row is ordered as a new tray is (unseen first, the feed's order within).
/// - **Scroll.** The user whose avatar was at the row's leading edge (the first one any of whose
///   picture showed) stays where it was on screen, whatever came or went before it; a row at its
///   very start stays at its start, so that stories added at the front are seen. When that user
///   is gone the offset is kept. Either way the offset is clamped to the new row's width.
/// - **Loading.** A user who is still in the feed keeps their ring as it was (still turning, or
///   resolving towards the launch, which then opens them at their new place); the loading of a
///   user who is gone is cancelled (``cancelledLoad``), and nothing opens for them.
/// - **Rows.** The same users in the same order reload only the rows whose user or ring status
///   changed (the loading cell keeps its animation); any other change reloads everything.
package struct TrayFeedMerge: Sendable, Hashable {
    /// Which rows the front-end reloads.
    package enum Rows: Sendable, Hashable {
        /// Nothing changed that shows.
        case none
        /// These rows (indices in the new row) show a changed user or status.
        case reload([Int])
        /// Users came, went or moved: everything.
        case all
    }

    /// The new row: users, rings (the kept ones carried over), offset, viewport, loading user.
    package var tray: StoryTray
    /// The loading user who is still in the feed, now at ``StoryTray/loadingUser``.
    package var keptLoad: StoryUser.ID?
    /// The loading user who is gone: their ring and read stop.
    package var cancelledLoad: StoryUser.ID?
    /// The user the scroll offset followed, or nil when the offset was kept.
    package var anchor: StoryUser.ID?
    /// The rows to reload.
    package var rows: Rows

    /// Merges `feed` into the row `old`.
    ///
    /// - Parameters:
    ///   - old: The row as it is (its users, rings, offset, viewport width, loading user).
    ///   - feed: The new stories.
    ///   - seen: The ids of the items seen.
    ///   - configuration: The row's sizes and rings (the old ones unless they changed too).
    package init(old: StoryTray, feed: StoryFeed, seen: Set<String>, configuration: StoryTray.Configuration) {
        var tray = StoryTray(feed: feed, seen: seen, viewportWidth: old.viewportWidth, configuration: configuration)
        let newIndex = Dictionary(tray.users.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, user) in old.users.enumerated() {
            guard let new = newIndex[user.id] else { continue }
            tray.carry(old.rings[index], to: new, loading: old.loadingUser == index)
        }
        let loadingID = old.loadingUser.map { old.users[$0].id }
        keptLoad = loadingID.flatMap { newIndex[$0] != nil ? $0 : nil }
        cancelledLoad = loadingID.flatMap { newIndex[$0] == nil ? $0 : nil }

        anchor = nil
        if old.contentOffset > 0, let leading = old.users.indices.first(where: { (old.avatarFrame(user: $0)?.maxX ?? 0) > 0 }),
           let oldFrame = old.avatarFrame(user: leading), let new = newIndex[old.users[leading].id],
           let newFrame = tray.avatarFrame(user: new) {
            anchor = old.users[leading].id
            tray.scroll(to: newFrame.minX - oldFrame.minX)         // newFrame is at offset 0
        } else {
            tray.scroll(to: old.contentOffset)
        }

        if old.users.map(\.id) == tray.users.map(\.id), old.configuration == tray.configuration {
            let changed = tray.users.indices.filter { old.users[$0] != tray.users[$0] || old.rings[$0].status != tray.rings[$0].status }
            rows = changed.isEmpty ? .none : .reload(changed)
        } else {
            rows = .all
        }
        self.tray = tray
    }
}
