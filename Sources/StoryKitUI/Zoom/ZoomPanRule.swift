import StoryKit

// MARK: - ZoomPanRule

/// When the zoom's dismiss pan may begin: the drag's direction and the detail's scroll view,
/// combined by ``StoryKit/ZoomTransition/dismissMayBegin(scrollOffset:zoomScale:translation:)``,
/// and the re-grab of a transition already moving. Plain values, tested on Linux.
package enum ZoomPanRule {
    /// Whether a pan on the detail at rest may begin the interactive pop.
    ///
    /// The drag's direction is its translation, or its velocity while the translation is still
    /// zero (a recognizer asked before it moved): mostly rightward (leftward under a right-to-left
    /// ``StoryKit/ZoomTransition/Configuration/layoutDirection``; more horizontal than
    /// vertical), or mostly downward with ``StoryKit/ZoomTransition/Configuration/downwardDismiss``.
    /// The scroll view must be at its edge in that direction and not zoomed in.
    ///
    /// - Parameters:
    ///   - translation: The pan's translation so far, in points.
    ///   - velocity: The pan's velocity, in points per second.
    ///   - scrollOffset: The detail's scroll view's offset from its top-left edge (see
    ///     ``scrollOffset(contentOffset:insetTop:insetLeft:)``), or nil without one.
    ///   - zoomScale: The scroll view's zoom scale (1 without one).
    ///   - transition: The model (its configuration decides the direction).
    package static func mayBegin(translation: Point, velocity: Point, scrollOffset: Point?, zoomScale: Double,
                                 transition: ZoomTransition) -> Bool {
        let moved = translation.x != 0 || translation.y != 0
        let direction = moved ? translation : velocity
        return transition.dismissMayBegin(scrollOffset: scrollOffset ?? .zero, zoomScale: zoomScale, translation: direction)
    }

    /// Whether a pan on the detail at rest may begin the interactive pop under `configuration`
    /// (its ``StoryKit/ZoomTransition/Configuration/downwardDismiss`` decides the direction);
    /// the same rule as ``mayBegin(translation:velocity:scrollOffset:zoomScale:transition:)``.
    /// `layoutDirection` (the detail view's) replaces the configuration's when given: right to
    /// left, the pop's drag runs leftward.
    package static func mayBegin(translation: Point, velocity: Point, scrollOffset: Point?, zoomScale: Double,
                                 configuration: ZoomTransition.Configuration, layoutDirection: StoryLayoutDirection? = nil) -> Bool {
        var configuration = configuration
        configuration.layoutDirection = layoutDirection ?? configuration.layoutDirection
        let geometry = ZoomTransition.Geometry(container: .zero, source: .zero, destination: .zero, imageSize: .zero)
        return mayBegin(translation: translation, velocity: velocity, scrollOffset: scrollOffset, zoomScale: zoomScale,
                        transition: ZoomTransition(geometry: geometry, configuration: configuration, presented: true))
    }

    /// Whether a touch may grab a transition in flight: while the mask settles on its spring
    /// (after a release, either way), whatever the direction; never while it fades or
    /// cross-fades, follows a finger already, or rests.
    package static func mayRegrab(_ phase: ZoomTransition.Phase) -> Bool {
        if case .settling = phase { return true }
        return false
    }

    /// A scroll view's offset from its top-left edge: the content offset plus the adjusted
    /// content inset (a scroll view at its top under a navigation bar has a negative offset).
    package static func scrollOffset(contentOffset: Point, insetTop: Double, insetLeft: Double) -> Point {
        Point(x: contentOffset.x + insetLeft, y: contentOffset.y + insetTop)
    }
}
