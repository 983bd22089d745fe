import StoryKit

// MARK: - ZoomCompletionSequence

/// The calls a zoom transition owes UIKit's transition context, from the model's events: which
/// of `finishInteractiveTransition()`, `cancelInteractiveTransition()` and
/// `completeTransition(_:)` to make, in order, once. Plain values, tested on Linux.
///
/// The UIKit transition stays open until the model's spring rests (so a touch during the settle
/// can grab it again); then an interactive one is finished or cancelled and completed, in that
/// order, and nothing more is said.
package struct ZoomCompletionSequence: Sendable, Hashable {
    /// Which way the UIKit transition goes.
    package enum Direction: Sendable, Hashable {
        /// Push or present: it succeeds at the detail.
        case presenting
        /// Pop or dismiss: it succeeds at the grid.
        case dismissing
    }

    /// One call on the transition context.
    package enum Step: Sendable, Hashable {
        /// `finishInteractiveTransition()`.
        case finishInteractive
        /// `cancelInteractiveTransition()`.
        case cancelInteractive
        /// `completeTransition(_:)` with whether it succeeded.
        case complete(Bool)
    }

    /// Which way it goes.
    package let direction: Direction
    /// Whether UIKit runs it as an interactive transition.
    package let interactive: Bool
    /// Whether `completeTransition(_:)` has been said.
    package private(set) var isComplete = false

    /// A sequence for a transition going `direction`, interactive or not.
    package init(direction: Direction, interactive: Bool) {
        self.direction = direction
        self.interactive = interactive
    }

    /// The calls `events` call for (none once complete; ``StoryKit/ZoomTransition/Event/began``
    /// calls for none).
    package mutating func steps(for events: [ZoomTransition.Event]) -> [Step] {
        var steps: [Step] = []
        for event in events where !isComplete {
            let success: Bool
            switch event {
            case .began: continue
            case .finished(let presented): success = presented == (direction == .presenting)
            case .cancelled: success = direction == .presenting
            }
            if interactive { steps.append(success ? .finishInteractive : .cancelInteractive) }
            steps.append(.complete(success))
            isComplete = true
        }
        return steps
    }

    /// The fraction UIKit is told with `updateInteractiveTransition(_:)`, 0…1: how far the
    /// transition has gone towards its success, from the frame's openness.
    package func percentComplete(_ frame: ZoomTransition.Frame) -> Double {
        let openness = ZoomTransitionLayout.unit(frame.openness)
        return direction == .presenting ? openness : 1 - openness
    }
}
