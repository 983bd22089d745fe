import StoryKit

// MARK: - StoriesStage

/// Where the Stories viewer's page goes in its view (plain values, tested on Linux): the view's
/// full width and the safe area's height, so the page stays clear of the notch, the Dynamic
/// Island and the home indicator while the backdrop fills the screen.
package enum StoriesStage {
    /// The page's frame in the view's coordinates, in points: `bounds` without the safe area's
    /// top and bottom insets (never a negative height; the side insets of a landscape iPhone
    /// are left in, as the page is portrait there).
    ///
    /// - Parameters:
    ///   - bounds: The view's bounds, in points.
    ///   - safeAreaTop: The safe area's top inset, in points.
    ///   - safeAreaBottom: The safe area's bottom inset, in points.
    package static func frame(bounds: Rect, safeAreaTop: Double, safeAreaBottom: Double) -> Rect {
        let height = Swift.max(bounds.height - safeAreaTop - safeAreaBottom, 0)
        return Rect(x: bounds.minX, y: bounds.minY + safeAreaTop, width: bounds.width, height: height)
    }
}
