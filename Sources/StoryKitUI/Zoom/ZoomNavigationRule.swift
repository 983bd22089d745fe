import StoryKit

// MARK: - ZoomNavigationRule

/// Which navigation transitions the zoom answers, whether UIKit runs them interactively, how the
/// model is configured for them and how long UIKit is told they last. Plain values, tested on
/// Linux; ``ZoomTransitionController`` asks it for every push, pop, present and dismiss.
///
/// Only the detail the zoom was installed for zooms: its push (or present) opens out of the
/// cell, its pop (or dismiss) closes into it, interactively when a grab is pending (the dismiss
/// pan or the system's edge swipe has begun). Every other screen on the same stack gets the
/// system's transition: a screen pushed from the detail, popped back to it, or pushed from the
/// grid.
package struct ZoomNavigationRule: Sendable, Hashable {
    /// A navigation controller's operation (`UINavigationController.Operation`), or a modal
    /// present (`push`) and dismiss (`pop`).
    package enum Operation: Sendable, Hashable {
        /// A push or a present.
        case push
        /// A pop or a dismiss.
        case pop
        /// Anything else (`.none`).
        case other

        /// The operation of `UINavigationController.Operation(rawValue:)` (none 0, push 1, pop 2;
        /// anything else is `other`).
        ///
        /// - Parameter rawOperation: `operation.rawValue`.
        package init(rawOperation: Int) {
            switch rawOperation {
            case 1: self = .push
            case 2: self = .pop
            default: self = .other
            }
        }
    }

    /// UIKit's answer for one transition.
    package struct Decision: Sendable, Hashable {
        /// The zoom's direction, or nil for the system's transition (the delegate returns nil).
        package var direction: ZoomCompletionSequence.Direction?
        /// Whether the zoom is also the interaction controller (the transition follows a finger).
        package var interactive: Bool

        /// The system's transition, not interactive.
        package static let system = Decision(direction: nil, interactive: false)
    }

    /// The identity of the detail the zoom was installed for (`ObjectIdentifier` of its view
    /// controller), nil before any.
    package var detail: ObjectIdentifier?

    /// A rule for the detail `detail` (nil: nothing zooms).
    package init(detail: ObjectIdentifier?) {
        self.detail = detail
    }

    /// The transition for `operation` from the screen `from` to the screen `to` (their
    /// identities).
    ///
    /// - Parameters:
    ///   - operation: Push or pop.
    ///   - from: The screen leaving.
    ///   - to: The screen arriving.
    ///   - grabPending: Whether a finger has begun a pop (the dismiss pan or the edge swipe)
    ///     that the transition should follow.
    /// - Returns: The zoom presenting for the detail's push, the zoom dismissing for its pop
    ///   (interactive with a pending grab), the system's transition for everything else.
    package func decision(operation: Operation, from: ObjectIdentifier, to: ObjectIdentifier, grabPending: Bool) -> Decision {
        guard let detail else { return .system }
        switch operation {
        case .push where to == detail && from != detail:
            return Decision(direction: .presenting, interactive: false)
        case .pop where from == detail && to != detail:
            return Decision(direction: .dismissing, interactive: grabPending)
        default:
            return .system
        }
    }

    /// The model's configuration for one transition: the app's, with Reduce Motion on when the
    /// system's is, or when an open has no cell to open out of (it cross-fades).
    ///
    /// - Parameters:
    ///   - configuration: The app's configuration.
    ///   - systemReduceMotion: `UIAccessibility.isReduceMotionEnabled`.
    ///   - direction: Which way the transition goes.
    ///   - hasSource: Whether the cell is on screen.
    ///   - layoutDirection: The container's layout direction, which replaces the configuration's
    ///     (nil: the configuration's): right to left, the sideways pop runs leftward.
    package static func configuration(_ configuration: ZoomTransition.Configuration, systemReduceMotion: Bool,
                                      direction: ZoomCompletionSequence.Direction, hasSource: Bool,
                                      layoutDirection: StoryLayoutDirection? = nil) -> ZoomTransition.Configuration {
        var configuration = configuration
        configuration.layoutDirection = layoutDirection ?? configuration.layoutDirection
        configuration.reduceMotion = configuration.reduceMotion || systemReduceMotion || (direction == .presenting && !hasSource)
        return configuration
    }

    /// The seconds UIKit is told the transition lasts (`transitionDuration(using:)`), so that
    /// what it animates beside it (the navigation bar) ends when the zoom does: the model's
    /// ``StoryKit/ZoomTransition/settlingDuration(presenting:)`` for the direction — the
    /// spring's settling time, or the fade's.
    ///
    /// - Parameters:
    ///   - direction: Which way the transition goes.
    ///   - geometry: The cell, the detail image and the container, in points (a pop without
    ///     the cell on screen has an empty source: it fades).
    ///   - configuration: The model's configuration for it (see
    ///     ``configuration(_:systemReduceMotion:direction:hasSource:)``).
    /// - Returns: Seconds, > 0.
    package static func transitionDuration(direction: ZoomCompletionSequence.Direction, geometry: ZoomTransition.Geometry,
                                           configuration: ZoomTransition.Configuration) -> Double {
        let model = ZoomTransition(geometry: geometry, configuration: configuration, presented: direction == .dismissing)
        let seconds = model.settlingDuration(presenting: direction == .presenting)
        return seconds > 0 ? seconds : ZoomTransition.fadeDuration
    }

    /// The model's geometry for one transition, in the container's points: the cell, and the
    /// detail's image moved from the detail view's bounds to its frame in the container.
    ///
    /// - Parameters:
    ///   - container: The container's size, in points.
    ///   - source: The cell's frame in the container, nil when it is not on screen (empty then).
    ///   - sourceCornerRadius: The cell's corner radius, in points.
    ///   - imageInDetail: The detail image's frame in the detail view's bounds, in points.
    ///   - detailFrame: The detail view's frame in the container, in points.
    ///   - detailBoundsOrigin: The detail view's bounds origin, in points.
    ///   - imageSize: The moving image's size; nil: the cell's size, or else the destination's.
    package static func geometry(container: Size, source: Rect?, sourceCornerRadius: Double, imageInDetail: Rect, detailFrame: Rect,
                                 detailBoundsOrigin: Point, imageSize: Size?) -> ZoomTransition.Geometry {
        let destination = Rect(x: imageInDetail.origin.x + detailFrame.minX - detailBoundsOrigin.x,
                               y: imageInDetail.origin.y + detailFrame.minY - detailBoundsOrigin.y,
                               width: imageInDetail.size.width, height: imageInDetail.size.height)
        return ZoomTransition.Geometry(container: container, source: source ?? .zero, sourceCornerRadius: sourceCornerRadius,
                                       destination: destination, imageSize: imageSize ?? source?.size ?? destination.size)
    }
}
