// MARK: - TrayTapRule

/// Whether a tap on the tray row opens a story: not when the touch only stopped the row moving.
///
/// A finger put down on a row that is still gliding after a flick stops it, as in every scroll
/// view; that touch is the user catching the row, not choosing an avatar, so it opens nothing
/// (Instagram's and Photos' rows behave so).
///
/// - **UIKit** asks at touch-down, while the scroll view still says it is moving:
///   ``opens(decelerating:dragging:)`` with `isDecelerating` and `isDragging`.
/// - **A SwiftUI scroll view** has no such flags (no row uses this since ``StoryTrayRow`` wraps
///   ``StoryTrayView``): the row reports each scroll offset it sees with
///   ``scrolled(to:time:)``, and ``opens(tapAt:)`` refuses a tap that ends within ``stillness``
///   seconds of the last movement (a tap lasts about a tenth of a second, so its touch-down came
///   while the row was moving).
package struct TrayTapRule: Sendable, Hashable {
    /// How long the row must have been still before a tap's end for the tap to open, in seconds.
    package static let stillness = 0.25

    /// The last offset seen, in points.
    package private(set) var offset: Double?
    /// When the offset last changed, in seconds on the front-end's clock.
    package private(set) var lastMove: Double?

    /// A rule that has seen no scrolling.
    package init() {}

    /// Whether a touch that came down with the scroll view in this state is a tap that opens:
    /// only when the row was neither gliding (`decelerating`) nor being dragged.
    package static func opens(decelerating: Bool, dragging: Bool) -> Bool { !decelerating && !dragging }

    /// The row showed `offset` points at `time` seconds; a change from the last offset is a move.
    package mutating func scrolled(to offset: Double, time: Double) {
        guard offset.isFinite, time.isFinite else { return }
        if let last = self.offset, last != offset { lastMove = time }
        self.offset = offset
    }

    /// Whether a tap that ended at `time` seconds opens: the row was still for ``stillness``.
    package func opens(tapAt time: Double) -> Bool {
        guard let lastMove, time.isFinite else { return true }
        return time - lastMove >= Self.stillness
    }
}
