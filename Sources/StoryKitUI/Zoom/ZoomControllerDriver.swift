import StoryKit

// MARK: - ZoomTransitionHost

/// What ``ZoomControllerDriver`` asks of the UIKit transition it runs: ``ZoomTransitionController``
/// with its views and UIKit's transition context, or a recording fake in tests. Each call only
/// copies the answer onto UIKit; the driver has decided it.
@MainActor
package protocol ZoomTransitionHost: AnyObject {
    /// Adds a one-finger pan to the container, so that a touch during the settle grabs the
    /// transition again.
    func addRegrabPan()
    /// Draws `layout` in the container, without implicit animations.
    func draw(_ layout: ZoomTransitionLayout)
    /// Tells UIKit how far the interactive transition is, a fraction 0…1
    /// (`updateInteractiveTransition(_:)`).
    func updateInteractiveTransition(_ percentComplete: Double)
    /// Tells UIKit the interactive transition will finish (`finishInteractiveTransition()`).
    func finishInteractiveTransition()
    /// Tells UIKit the interactive transition will not happen (`cancelInteractiveTransition()`).
    func cancelInteractiveTransition()
    /// Takes the transition's views away and tells UIKit it is over (`completeTransition(_:)`):
    /// at its goal when `success`, back where it began otherwise.
    func completeTransition(_ success: Bool)
}

// MARK: - ZoomControllerDriver

/// The UIKit zoom's run, as the SwiftUI zoom has ``ZoomDetailDriver``: a ``ZoomControllerSession``
/// fed with the frame clock's times and a ``FrameDriver``'s frames, whose every
/// ``ZoomControllerSession/Reaction`` it carries out in order (stop the frames, add the re-grab
/// pan, draw, tell UIKit the fraction, finish or cancel, complete, start the frames) through a
/// ``ZoomTransitionHost``. Plain, tested on Linux with a manual frame driver and a fake host;
/// ``ZoomTransitionController`` only reads UIKit, calls it and copies its answers onto views and
/// UIKit's context.
///
/// Takes input over time (UIKit's questions, transition begins, pan callbacks, display frames)
/// on the main thread. A run ends exactly once, with ``ZoomTransitionHost/completeTransition(_:)``,
/// and its frames are stopped by then.
@MainActor
package final class ZoomControllerDriver {
    /// The transition UIKit is about to ask for, the pending grab and the running model.
    package private(set) var session = ZoomControllerSession()
    /// The display frames and their clock.
    package let frames: any FrameDriver
    /// The transition's views and UIKit's context.
    package weak var host: (any ZoomTransitionHost)?

    /// A driver on `frames`' clock and callbacks.
    package init(frames: any FrameDriver) {
        self.frames = frames
    }

    /// Now, in seconds on the frame clock.
    package var now: Double { frames.currentTime }

    /// Answers UIKit's question about `operation` from `from` to `to` through `rule`
    /// (``ZoomControllerSession/answer(_:operation:from:to:edgeActive:edgeGrab:)``); the edge
    /// swipe, if the navigation stack has one, grabs at `edgePoint` (window points) now.
    ///
    /// - Returns: Whether the zoom answers (the delegate returns the controller, not nil).
    package func answer(_ rule: ZoomNavigationRule, operation: ZoomNavigationRule.Operation, from: ObjectIdentifier,
                        to: ObjectIdentifier, edgeActive: Bool, edgePoint: Point?) -> Bool {
        session.answer(rule, operation: operation, from: from, to: to, edgeActive: edgeActive,
                       edgeGrab: edgePoint.map { ZoomControllerSession.Grab(point: $0, time: now) })
    }

    /// UIKit began a transition that has no detail to zoom: the pending grab is dropped.
    package func beganWithoutDetail() {
        session.dropGrab()
    }

    /// UIKit began the upcoming transition (``ZoomControllerSession/begin(geometry:configuration:interactive:source:time:toContainer:)``)
    /// now, with the host's views in place: its first reaction is carried out.
    ///
    /// - Parameters:
    ///   - geometry: The cell, the detail's image and the container, in the container's points.
    ///   - configuration: The model's configuration.
    ///   - interactive: Whether UIKit runs it interactively.
    ///   - source: The cell's frame in the container now, nil when it is gone.
    ///   - toContainer: Converts a window point to the container's points.
    package func begin(geometry: ZoomTransition.Geometry, configuration: ZoomTransition.Configuration, interactive: Bool,
                       source: Rect?, toContainer: (Point) -> Point) {
        perform(session.begin(geometry: geometry, configuration: configuration, interactive: interactive, source: source,
                              time: now, toContainer: toContainer))
    }

    /// A pan's callback (``ZoomControllerSession/panned(_:phase:at:time:hasDetail:source:)``) now:
    /// its reaction is carried out.
    ///
    /// - Returns: The outcome, whose ``ZoomControllerSession/PanOutcome/closeDetail(poppable:pop:dismiss:)``
    ///   pops or dismisses the detail when the pan asks for it.
    @discardableResult
    package func panned(_ role: ZoomControllerSession.PanRole, phase: GesturePhase, at point: Point, hasDetail: Bool,
                        source: () -> Rect?) -> ZoomControllerSession.PanOutcome {
        let outcome = session.panned(role, phase: phase, at: point, time: now, hasDetail: hasDetail, source: source)
        perform(outcome.reaction)
        return outcome
    }

    /// The seconds UIKit is told a transition lasts (``ZoomControllerSession/duration(asksAboutRun:upcomingEnds:)``).
    package func duration(asksAboutRun: Bool,
                          upcomingEnds: () -> (geometry: ZoomTransition.Geometry, configuration: ZoomTransition.Configuration)?)
        -> Double {
        session.duration(asksAboutRun: asksAboutRun, upcomingEnds: upcomingEnds)
    }

    /// Carries out `reaction` in the order of its properties; `.complete` stops the frames first.
    private func perform(_ reaction: ZoomControllerSession.Reaction) {
        if reaction.stopFrames { frames.stop() }
        if reaction.addRegrabPan { host?.addRegrabPan() }
        if let layout = reaction.draw { host?.draw(layout) }
        if let percent = reaction.percentComplete { host?.updateInteractiveTransition(percent) }
        for step in reaction.steps {
            switch step {
            case .finishInteractive: host?.finishInteractiveTransition()
            case .cancelInteractive: host?.cancelInteractiveTransition()
            case .complete(let success):
                frames.stop()
                host?.completeTransition(success)
            }
        }
        if reaction.startFrames {
            frames.start { [weak self] time in
                guard let self else { return }
                perform(session.advance(to: time))
            }
        }
    }
}
