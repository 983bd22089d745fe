// MARK: - TrayTapRule

/// Whether a tap on the tray row opens a story: not when the touch only stopped the row moving.
///
/// A finger put down on a row that is still gliding after a flick stops it, as in every scroll
/// view; that touch is the user catching the row, not choosing an avatar, so it opens nothing
/// (Instagram's and Photos' rows behave so). ``StoryTrayView`` (which ``StoryTrayRow`` wraps)
/// asks at touch-down, while the scroll view still says it is moving:
/// ``opens(decelerating:dragging:)`` with `isDecelerating` and `isDragging`.
package enum TrayTapRule {
    /// Whether a touch that came down with the scroll view in this state is a tap that opens:
    /// only when the row was neither gliding (`decelerating`) nor being dragged.
    package static func opens(decelerating: Bool, dragging: Bool) -> Bool { !decelerating && !dragging }
}
