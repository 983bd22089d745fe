import StoryKit

// MARK: - TrayRowDisplay

/// What the SwiftUI row draws, and nothing else: the users in order with their ring status and
/// cell, and the content's size. ``StoryTrayRow``'s model publishes it only when it changes, so
/// that scrolling (which moves the model's offset every frame) redraws nothing: the scroll view
/// moves the content, and the lazy stack makes the cells coming into view. Since ``StoryTrayRow``
/// wraps ``StoryTrayView`` only ``nameOpacity(for:)`` is used (by ``TrayCellContent``); the rest
/// is left for removal with its tests.
package struct TrayRowDisplay: Sendable, Hashable {
    /// One avatar as drawn.
    package struct Avatar: Sendable, Hashable, Identifiable {
        /// The user.
        package var user: StoryUser
        /// The ring's colour: unseen, seen.
        package var status: StoryRing.Status
        /// Where the avatar, ring and name sit, in content points.
        package var cell: TrayLayout.Cell

        /// The user's id.
        package var id: StoryUser.ID { user.id }
        /// The space between the ring's square and the name's line, in points.
        package var nameGap: Double { cell.name.minY - cell.ring.maxY }
        /// The name's opacity, 0…1 (``TrayRowDisplay/nameOpacity(for:)``).
        package var nameOpacity: Double { TrayRowDisplay.nameOpacity(for: status) }
    }

    /// The avatars, in the row's order.
    package var avatars: [Avatar]
    /// The content's size, in points.
    package var contentSize: Size
    /// The leading space before the first cell, in points.
    package var leading: Double
    /// The space between two cells, in points.
    package var spacing: Double

    /// The space above the cells (the first ring's top), in points; 0 for an empty row.
    package var top: Double { avatars.first?.cell.frame.minY ?? 0 }

    /// The opacity of a user's name under their avatar, 0…1: full while something is unseen,
    /// 55 % once all is seen (both rows).
    package static func nameOpacity(for status: StoryRing.Status) -> Double {
        status == .unseen ? 1 : 0.55
    }

    /// What `tray` shows (its scroll offset and loading user do not matter).
    package init(tray: StoryTray) {
        let layout = TrayLayout(tray: tray)
        avatars = zip(tray.users.indices, layout.cells).map { index, cell in
            Avatar(user: tray.users[index], status: tray.rings[index].status, cell: cell)
        }
        contentSize = layout.contentSize
        leading = layout.cells.first?.frame.minX ?? 0
        spacing = layout.cells.count > 1 ? layout.cells[1].frame.minX - layout.cells[0].frame.maxX : 0
    }

    /// Where to scroll a SwiftUI scroll view (which is scrolled to a view, not to an offset) so
    /// that it shows `offset`: a cell, and the x of the unit point that `ScrollViewProxy.scrollTo`
    /// lines up in the cell and in the viewport.
    package struct ScrollAnchor: Sendable, Hashable {
        /// The user whose cell is scrolled to.
        package var id: StoryUser.ID
        /// The anchor's x, as a fraction of the cell's and the viewport's width (may be outside
        /// 0…1).
        package var unitX: Double
        /// Tells one request from the next (set by the front-end).
        package var serial = 0
    }

    /// The scroll that shows content offset `offset` in a viewport `viewportWidth` points wide,
    /// through user `preferred`'s cell if it is in the row, else the cell at the offset.
    ///
    /// `scrollTo(id, anchor: UnitPoint(x: u, y: 0))` puts the cell's point at `u` × its width on
    /// the viewport's point at `u` × its width, so `cell.minX + u × w − offset = u × V`, that is
    /// `u = (cell.minX − offset) / (V − w)`. Nil for an empty row, or a viewport no wider than a
    /// cell (then any anchor shows the cell's start).
    package func scrollAnchor(offset: Double, viewportWidth: Double, preferring preferred: StoryUser.ID?) -> ScrollAnchor? {
        guard offset.isFinite, viewportWidth.isFinite, !avatars.isEmpty else { return nil }
        let chosen = avatars.first { $0.id == preferred }
            ?? avatars.first { $0.cell.frame.maxX > offset } ?? avatars[avatars.count - 1]
        let room = viewportWidth - chosen.cell.frame.width
        guard room > 0 else { return nil }
        return ScrollAnchor(id: chosen.id, unitX: (chosen.cell.frame.minX - offset) / room)
    }
}
