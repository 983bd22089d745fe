import Foundation
import StoryKit

// MARK: - TrayCellContent

/// What one avatar of the UIKit row (``StoryTrayCell``) shows, worked out from the row's model
/// so that the cell only copies it: the user, the ring's colour, where the ring and the name sit
/// in the cell, the name's opacity and where the picture comes from. Plain values, tested on
/// Linux.
package struct TrayCellContent: Sendable, Hashable {
    /// The user shown.
    package var user: StoryUser
    /// The ring's colour: unseen, seen.
    package var status: StoryRing.Status
    /// The ring view's frame in the cell's own coordinates (points).
    package var ring: Rect
    /// The name label's frame in the cell's own coordinates (points).
    package var name: Rect
    /// The avatar picture's size, without the ring (points): the size to decode it at.
    package var avatarSize: Size
    /// The name's opacity, 0…1 (``nameOpacity(for:)``).
    package var nameOpacity: Double
    /// Where the avatar picture comes from, if the feed gives one that resolves.
    package var picture: StoryMediaLocation?

    /// The content of `cell`, laid out for `user` with status `status`.
    ///
    /// - Parameters:
    ///   - user: The user.
    ///   - status: Their ring's colour.
    ///   - cell: The cell's place in the row's content (``TrayLayout/Cell``).
    ///   - baseURL: The folder relative media paths are in.
    package init(user: StoryUser, status: StoryRing.Status, cell: TrayLayout.Cell, baseURL: URL?) {
        self.user = user
        self.status = status
        let origin = cell.frame.origin
        ring = Rect(x: cell.ring.minX - origin.x, y: cell.ring.minY - origin.y, width: cell.ring.width, height: cell.ring.height)
        name = Rect(x: cell.name.minX - origin.x, y: cell.name.minY - origin.y, width: cell.name.width, height: cell.name.height)
        avatarSize = cell.avatar.size
        nameOpacity = Self.nameOpacity(for: status)
        picture = user.avatar.flatMap { StoryMediaLocation.resolve($0, relativeTo: baseURL) }
    }

    /// The opacity of a user's name under their avatar, 0…1: full while something is unseen,
    /// 55 % once all is seen.
    package static func nameOpacity(for status: StoryRing.Status) -> Double {
        status == .unseen ? 1 : 0.55
    }

    /// Whether a reused cell's ring view is replaced by a new one rather than reused: when it
    /// is loading or its model is still moving, so that no loading animation moves to another
    /// user.
    package static func replacesRing(loading: Bool, busy: Bool) -> Bool { loading || busy }

    /// Whether a cell that showed user `shownUser`'s picture `shownAvatar` (the feed's avatar
    /// string) may keep it for this content: only the same user with the same avatar string (a
    /// reused cell, or a changed avatar, clears the picture first).
    package func keepsPicture(ofUser shownUser: StoryUser.ID?, avatar shownAvatar: String?) -> Bool {
        shownUser == user.id && shownAvatar == user.avatar
    }
}

// MARK: - TrayRowSession + Cells

extension TrayRowSession {
    /// What the cell of row `index` shows, or nil if there is no such row.
    package func cellContent(at index: Int) -> TrayCellContent? {
        guard let user = user(at: index), layout.cells.indices.contains(index) else { return nil }
        return TrayCellContent(user: user, status: rules.tray.rings[index].status, cell: layout.cells[index],
                               baseURL: rules.baseURL)
    }

    /// What a ring coming into view at row `index` must be asked for to show the row's loading:
    /// nothing unless it is the loading user's and not loading already; then `.loading`, and
    /// `.ready` too when the read is done (the ring is resolving towards the launch).
    ///
    /// - Parameter ringIsLoading: Whether the cell's ring is loading already.
    package func ringCatchUp(at index: Int, ringIsLoading: Bool) -> [StoryRingLoadingState] {
        guard rules.tray.loadingUser == index, !ringIsLoading else { return [] }
        return rules.read == nil ? [.loading, .ready] : [.loading]
    }
}
