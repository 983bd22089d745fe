import StoryKit

// MARK: - GesturePhase

/// Where a UIKit gesture recogniser is in its life, from `UIGestureRecognizer.State`'s raw
/// value: the one plain mapping the cube's pan and the zoom's pans read their states through.
/// Plain, tested on Linux.
///
/// The raw values are UIKit's (`UIGestureRecognizerState`: possible 0, began 1, changed 2,
/// ended 3, cancelled 4, failed 5; `recognized` is `ended`). A failed recogniser counts as
/// cancelled: for a pan that had begun, both mean the finger's drag is over without a release.
package enum GesturePhase: Sendable, Hashable {
    /// Not recognised yet (`.possible`), or a raw value UIKit does not define.
    case possible
    /// The gesture began (`.began`).
    case began
    /// The gesture moved (`.changed`).
    case changed
    /// The finger lifted (`.ended`, `.recognized`).
    case ended
    /// The system cancelled the gesture, or it failed (`.cancelled`, `.failed`).
    case cancelled

    /// The phase of `UIGestureRecognizer.State(rawValue:)`.
    ///
    /// - Parameter rawState: `state.rawValue`.
    package init(rawState: Int) {
        switch rawState {
        case 1: self = .began
        case 2: self = .changed
        case 3: self = .ended
        case 4, 5: self = .cancelled
        default: self = .possible
        }
    }

    /// Whether the gesture is under way: it began or moved, and has not ended.
    package var isActive: Bool { self == .began || self == .changed }
}

// MARK: - CubePanBridge.PanEvent + GesturePhase

extension CubePanBridge.PanEvent {
    /// The pager pan's event for its recogniser's `phase` with the finger at `location` (pager
    /// points): began, changed, ended (at the location) or cancelled; nil while possible.
    package init?(_ phase: GesturePhase, at location: Point) {
        switch phase {
        case .possible: return nil
        case .began: self = .began(location)
        case .changed: self = .changed(location)
        case .ended: self = .ended(location)
        case .cancelled: self = .cancelled
        }
    }
}
