import StoryKit

// MARK: - ZoomControllerSession + Pans

extension ZoomControllerSession {
    /// Which of ``ZoomTransitionController``'s pans reported.
    package enum PanRole: Sendable, Hashable {
        /// The dismiss pan installed on the detail (``ZoomTransitionController/installDismissGesture(on:)``).
        case dismiss
        /// The navigation stack's edge swipe (`interactivePopGestureRecognizer`), once the zoom
        /// answered the pop it began.
        case edge
        /// The container's pan that grabs a settling transition again.
        case regrab
    }

    /// What the controller does after one of its pans reported.
    package struct PanOutcome: Sendable, Hashable {
        /// Apply this to the run (the display link, the views, UIKit's context).
        package var reaction = Reaction()
        /// Pop (or dismiss) the detail: the dismiss pan began and its grab is pending.
        package var closesDetail = false

        /// Closes the detail when ``closesDetail`` says so: `pop` when it is the top screen of a
        /// navigation controller (`poppable`), else `dismiss`; nothing otherwise.
        ///
        /// - Parameters:
        ///   - poppable: Whether the detail is its navigation controller's top screen.
        ///   - pop: Pops it (`popViewController(animated: true)`).
        ///   - dismiss: Dismisses it (`dismiss(animated: true)`).
        package func closeDetail(poppable: Bool, pop: () -> Void, dismiss: () -> Void) {
            guard closesDetail else { return }
            if poppable { pop() } else { dismiss() }
        }

        /// An outcome that does nothing.
        package init(reaction: Reaction = Reaction(), closesDetail: Bool = false) {
            self.reaction = reaction
            self.closesDetail = closesDetail
        }
    }

    /// A pan's callback in `phase` with the finger at `point` at `time` (seconds), as
    /// ``ZoomTransitionController`` reads it: the point is in the running transition's container,
    /// or in the window when none runs.
    ///
    /// The dismiss pan's begin grabs (``grab(_:)``) and asks for the detail's pop, when there is a
    /// detail and nothing runs; the edge swipe's begin is UIKit's own pop (the delegate's answer
    /// made it the pending grab); the re-grab pan's begin grabs the settle (``regrab(at:time:)``).
    /// Every pan's moves, release and cancel feed the drag (``pan(_:time:source:)``); the re-grab
    /// pan's only while its run lasts.
    ///
    /// - Parameters:
    ///   - role: Which pan.
    ///   - phase: Its recogniser's phase.
    ///   - point: The finger, in points (container while running, else window).
    ///   - time: Now, in seconds on the frame clock.
    ///   - hasDetail: Whether a detail is installed (the dismiss pan pops it).
    ///   - source: The cell's frame in the container now (asked for on a release only).
    package mutating func panned(_ role: PanRole, phase: GesturePhase, at point: Point, time: Double, hasDetail: Bool,
                                 source: () -> Rect?) -> PanOutcome {
        switch (role, phase) {
        case (_, .possible), (.edge, .began):
            return PanOutcome()
        case (.regrab, _) where !isRunning:
            return PanOutcome()                     // the run it was added for is over
        case (.dismiss, .began):
            return PanOutcome(closesDetail: hasDetail && grab(Grab(point: point, time: time)))
        case (.regrab, .began):
            return PanOutcome(reaction: regrab(at: point, time: time))
        case (_, .changed):
            return PanOutcome(reaction: pan(.moved(point), time: time, source: source))
        case (_, .ended):
            return PanOutcome(reaction: pan(.ended(point), time: time, source: source))
        case (_, .cancelled):
            return PanOutcome(reaction: pan(.cancelled, time: time, source: source))
        }
    }
}
