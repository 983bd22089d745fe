import StoryKit

// MARK: - ZoomBackdropLayout

/// Where a pushed detail draws what lies beneath it while it zooms: the screen captured by
/// ``ZoomNamespace/push(_:)`` and the placeholder over the cell the image left, in the detail's
/// points. Plain values, tested on Linux; the SwiftUI backdrop only sets its views' frames.
///
/// The capture is the whole window as it was, so its top-left corner goes where the window's is:
/// at minus the detail's origin in the window. The placeholder covers the cell while the moving
/// image is away from it (``ZoomDetailDriver/placeholder``, already in the detail's points).
package struct ZoomBackdropLayout: Sendable, Hashable {
    /// The capture's frame in the detail, in points: the window's size at the window's origin.
    package var snapshotFrame: Rect
    /// The placeholder's frame in the detail, in points; nil: no placeholder (the image is in
    /// its cell, or the cell is gone).
    package var placeholderFrame: Rect?

    /// The placeholder view's frame: ``placeholderFrame``, or an empty one while there is none.
    package var placeholderViewFrame: Rect { placeholderFrame ?? .zero }
    /// Whether the placeholder view is hidden: there is no placeholder.
    package var placeholderHidden: Bool { placeholderFrame == nil }

    /// The backdrop of a detail whose top-left lies at `windowOrigin` in the window.
    ///
    /// - Parameters:
    ///   - snapshotSize: The capture's size (the window's), in points.
    ///   - windowOrigin: The detail's origin in the window, in points.
    ///   - placeholder: The cell's frame in the detail's points while the image is away from
    ///     it, else nil.
    package init(snapshotSize: Size, windowOrigin: Point, placeholder: Rect?) {
        snapshotFrame = Rect(x: -windowOrigin.x, y: -windowOrigin.y, width: snapshotSize.width, height: snapshotSize.height)
        placeholderFrame = placeholder
    }
}
