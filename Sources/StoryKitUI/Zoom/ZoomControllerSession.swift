import StoryKit

// MARK: - ZoomControllerSession

/// The state of ``ZoomTransitionController`` over its navigation stack: the transition UIKit is
/// about to ask for, the finger that began a pop before UIKit started it, and the transition
/// running (the model and the calls UIKit is owed), with what the controller does after each
/// input. Plain values, tested on Linux; the controller only reads UIKit, converts points and
/// applies each ``Reaction`` to its views, display link and transition context.
///
/// A state machine over time: ``answer(_:edgeGrab:)`` (UIKit's delegate questions),
/// ``grab(_:)`` and ``dropGrab()`` (the pans), ``begin(geometry:configuration:interactive:source:time:toContainer:)``,
/// ``pan(_:time:source:)``, ``regrab(at:time:)`` and ``advance(to:)`` (display frames). A run
/// ends exactly once, with `.complete` in a reaction; no reaction starts frames once it has.
package struct ZoomControllerSession: Sendable, Hashable {
    /// A finger that began a pop before UIKit started the transition.
    package struct Grab: Sendable, Hashable {
        /// Where the finger was, in the window's points.
        package var point: Point
        /// When, in seconds on the frame clock.
        package var time: Double

        /// A grab at `point` (window points) at `time` (seconds).
        package init(point: Point, time: Double) {
            self.point = point
            self.time = time
        }
    }

    /// A pan's move, release or cancel during a drag, in the container's points.
    package enum PanInput: Sendable, Hashable {
        /// The finger moved to a point.
        case moved(Point)
        /// The finger lifted at a point.
        case ended(Point)
        /// The system cancelled the pan, or it failed.
        case cancelled
    }

    /// What the controller does after an input, in the order of the properties.
    package struct Reaction: Sendable, Hashable {
        /// Stop the display frames (a finger holds the transition now).
        package var stopFrames = false
        /// Add a pan to the container so that a touch during the settle grabs the transition.
        package var addRegrabPan = false
        /// Draw this layout now (the model at its latest time).
        package var draw: ZoomTransitionLayout?
        /// Tell UIKit `updateInteractiveTransition(_:)` with this fraction, 0…1.
        package var percentComplete: Double?
        /// The calls owed to the transition context, in order; `.complete` ends the run (stop the
        /// frames, take the views away, then complete).
        package var steps: [ZoomCompletionSequence.Step] = []
        /// Sample the model on every display frame from now (``ZoomControllerSession/advance(to:)``).
        package var startFrames = false

        /// A reaction that does nothing.
        package init() {}
    }

    /// The direction of the transition UIKit is about to ask for.
    package private(set) var upcoming: ZoomCompletionSequence.Direction = .presenting
    /// Whether UIKit is about to run it interactively (the zoom is its interaction controller).
    package private(set) var upcomingInteractive = false
    /// A finger that began a pop, waiting for UIKit to start the transition.
    package private(set) var pendingGrab: Grab?
    /// The running transition's model, nil between transitions.
    package private(set) var model: ZoomTransition?
    /// What the running transition owes UIKit, nil between transitions.
    package private(set) var sequence: ZoomCompletionSequence?

    /// A session with nothing running.
    package init() {}

    /// Whether a transition is running.
    package var isRunning: Bool { model != nil }

    /// Whether a touch may grab the running transition again (it settles on its spring).
    package var mayRegrab: Bool { model.map { ZoomPanRule.mayRegrab($0.phase) } ?? false }

    /// Keeps UIKit's `decision` for its next questions: the direction and whether the zoom is
    /// the interaction controller. A system transition drops the pending grab; an interactive
    /// zoom without one takes `edgeGrab` (the system's edge swipe began the pop).
    ///
    /// - Parameters:
    ///   - decision: ``ZoomNavigationRule``'s answer.
    ///   - edgeGrab: The edge swipe's point (window) and now, when the navigation stack has one.
    /// - Returns: Whether the zoom answers (the delegate returns the controller, not nil).
    package mutating func answer(_ decision: ZoomNavigationRule.Decision, edgeGrab: Grab?) -> Bool {
        upcomingInteractive = decision.interactive
        guard let direction = decision.direction else {
            pendingGrab = nil
            return false
        }
        upcoming = direction
        if decision.interactive, pendingGrab == nil, let edgeGrab { pendingGrab = edgeGrab }
        return true
    }

    /// Asks `rule` about UIKit's transition `operation` from the screen `from` to the screen `to`
    /// (their identities) and keeps the answer (``answer(_:edgeGrab:)``): the detail's pop
    /// follows a finger when the dismiss pan's grab is pending or the system's edge swipe is
    /// under way.
    ///
    /// - Parameters:
    ///   - rule: The rule for the detail installed now.
    ///   - operation: Push (or present) or pop (or dismiss).
    ///   - from: The screen leaving.
    ///   - to: The screen arriving.
    ///   - edgeActive: Whether the navigation stack's edge swipe has begun or is moving.
    ///   - edgeGrab: The edge swipe's point (window) and now, when the navigation stack has one.
    /// - Returns: Whether the zoom answers (the delegate returns the controller, not nil).
    package mutating func answer(_ rule: ZoomNavigationRule, operation: ZoomNavigationRule.Operation, from: ObjectIdentifier,
                                 to: ObjectIdentifier, edgeActive: Bool, edgeGrab: Grab?) -> Bool {
        let decision = rule.decision(operation: operation, from: from, to: to, grabPending: pendingGrab != nil || edgeActive)
        return answer(decision, edgeGrab: edgeGrab)
    }

    /// The dismiss pan began: keeps `grab` for the pop it is about to ask for.
    ///
    /// - Returns: Whether to pop (false while a transition runs: the re-grab pan takes it).
    package mutating func grab(_ grab: Grab) -> Bool {
        guard model == nil else { return false }
        pendingGrab = grab
        return true
    }

    /// Forgets the pending grab (the finger lifted before UIKit started, or there is no detail).
    package mutating func dropGrab() {
        pendingGrab = nil
    }

    /// UIKit started the upcoming transition: a drag from the pending grab when interactive
    /// (a close if the finger already lifted or the model refused the grab), else an open or a
    /// close into `source`.
    ///
    /// - Parameters:
    ///   - geometry: The cell, the detail's image and the container, in the container's points.
    ///   - configuration: The model's configuration (``ZoomNavigationRule/configuration(_:systemReduceMotion:direction:hasSource:)``).
    ///   - interactive: Whether UIKit runs it interactively.
    ///   - source: The cell's frame in the container now, nil when it is gone.
    ///   - time: Now, in seconds.
    ///   - toContainer: Converts a window point to the container's points.
    package mutating func begin(geometry: ZoomTransition.Geometry, configuration: ZoomTransition.Configuration, interactive: Bool,
                                source: Rect?, time: Double, toContainer: (Point) -> Point) -> Reaction {
        let direction = upcoming
        let grab = pendingGrab
        pendingGrab = nil
        var model = ZoomTransition(geometry: geometry, configuration: configuration, presented: direction == .dismissing, time: time)
        sequence = ZoomCompletionSequence(direction: direction, interactive: interactive)
        var reaction = Reaction()
        var events: [ZoomTransition.Event] = []
        if interactive, let grab { events = model.touchBegan(at: toContainer(grab.point), time: grab.time) }
        if case .dragging = model.phase {
            reaction.addRegrabPan = true
        } else if direction == .presenting {
            // Not interactive, or a grab the model refused (a point that is not finite): it runs on its own.
            events += model.open(time: time)
            reaction.startFrames = true
        } else {
            events += model.close(time: time, source: source)
            reaction.startFrames = true
        }
        self.model = model
        reaction.draw = ZoomTransitionLayout(model)
        return settle(events, reaction)
    }

    /// A pan's move, release or cancel at `time` (seconds); ignored unless a finger drags the
    /// running transition. Without a running transition a release or cancel drops the pending
    /// grab (the finger lifted before UIKit started, or UIKit never did).
    ///
    /// - Parameter source: The cell's frame in the container now (asked for on a release only).
    package mutating func pan(_ input: PanInput, time: Double, source: () -> Rect?) -> Reaction {
        guard var model else {
            switch input {
            case .moved: break
            case .ended, .cancelled: pendingGrab = nil
            }
            return Reaction()
        }
        guard case .dragging = model.phase else { return Reaction() }
        var reaction = Reaction()
        let events: [ZoomTransition.Event]
        switch input {
        case .moved(let point):
            events = model.touchMoved(to: point, time: time)   // while dragging: none
            reaction.draw = ZoomTransitionLayout(model)
        case .ended(let point):
            events = model.touchEnded(at: point, time: time, source: source())
            reaction.startFrames = true
        case .cancelled:
            events = model.touchCancelled(time: time)
            reaction.startFrames = true
        }
        self.model = model
        return settle(events, reaction)
    }

    /// A touch grabbed the settling transition at `point` (container points) at `time`
    /// (seconds): the frames stop and the finger holds it. A grab the model refuses (a point
    /// that is not finite) leaves the frames running, so that the settle still ends.
    package mutating func regrab(at point: Point, time: Double) -> Reaction {
        guard var model else { return Reaction() }
        let events = model.touchBegan(at: point, time: time)
        self.model = model
        var reaction = Reaction()
        if case .dragging = model.phase { reaction.stopFrames = true }
        reaction.draw = ZoomTransitionLayout(model)
        return settle(events, reaction)
    }

    /// A display frame at `time` (seconds): the model moves, is drawn, and may end.
    package mutating func advance(to time: Double) -> Reaction {
        guard var model else { return Reaction() }
        let events = model.advance(to: time)
        self.model = model
        var reaction = Reaction()
        reaction.draw = ZoomTransitionLayout(model)
        return settle(events, reaction)
    }

    /// The seconds UIKit is told the running transition lasts, nil between transitions
    /// (``ZoomNavigationRule/transitionDuration(direction:geometry:configuration:)``).
    package var runningDuration: Double? {
        guard let model, let sequence else { return nil }
        return ZoomNavigationRule.transitionDuration(direction: sequence.direction, geometry: model.geometry,
                                                     configuration: model.configuration)
    }

    /// The seconds UIKit is told the upcoming transition lasts, with `geometry` and
    /// `configuration` (``ZoomNavigationRule/transitionDuration(direction:geometry:configuration:)``).
    package func upcomingDuration(geometry: ZoomTransition.Geometry, configuration: ZoomTransition.Configuration) -> Double {
        ZoomNavigationRule.transitionDuration(direction: upcoming, geometry: geometry, configuration: configuration)
    }

    /// Adds what the model's `events` owe UIKit to `reaction`: the interactive fraction while
    /// the run is open, then the finish or cancel and the completion, which end the run.
    private mutating func settle(_ events: [ZoomTransition.Event], _ reaction: Reaction) -> Reaction {
        guard let model, var sequence else { return reaction }
        var reaction = reaction
        if sequence.interactive, !sequence.isComplete {
            reaction.percentComplete = sequence.percentComplete(model.frame(at: model.time))
        }
        reaction.steps = sequence.steps(for: events)
        self.sequence = sequence
        if sequence.isComplete {
            self.model = nil
            self.sequence = nil
            reaction.startFrames = false
            reaction.addRegrabPan = false
        }
        return reaction
    }
}
