#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ZoomTransitionController + Running

/// The two ends of one transition, read from UIKit's context and the controller's providers.
struct ZoomTransitionEnds {
    let detailView: UIView
    let source: UIView?
    /// The cell's frame in the container, nil when it is gone.
    let sourceFrame: Rect?
    let landing: UIView?
    let picture: UIImage?
    let geometry: ZoomTransition.Geometry
    let configuration: ZoomTransition.Configuration
}

extension ZoomTransitionController {
    /// Sets the transition up in UIKit's container and starts the session's model
    /// (``ZoomControllerSession/begin(geometry:configuration:interactive:source:time:toContainer:)``).
    func begin(_ context: any UIViewControllerContextTransitioning, interactive: Bool) {
        let direction = session.upcoming
        let container = context.containerView
        guard let ends = ends(of: context, direction: direction) else {
            session.dropGrab()
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let detailView = ends.detailView
        var added: UIView?
        if direction == .presenting {
            container.addSubview(detailView)
        } else if let grid = context.viewController(forKey: .to), let gridView = context.view(forKey: .to) {
            gridView.frame = context.finalFrame(for: grid)
            container.insertSubview(gridView, belowSubview: detailView)
            added = gridView
        }
        let moving: UIView? = ends.picture.map { UIImageView(image: $0) } ?? ends.source?.snapshotView(afterScreenUpdates: false)
        let reaction = session.begin(geometry: ends.geometry, configuration: ends.configuration, interactive: interactive,
                                     source: ends.sourceFrame, time: driver.currentTime) { Point(container.convert(CGPoint($0), from: nil)) }
        let run = ZoomTransitionRun(context: context, direction: direction, detailView: detailView, addedView: added,
                                    imageView: moving, hiddenImageView: ends.landing)
        running = run
        run.install(placeholderColor: placeholderColor)
        react(reaction)
    }

    /// The two ends of a transition in `context`'s container, before or after UIKit's views are
    /// in it (UIKit asks for the duration first): the detail laid out at its frame, the cell,
    /// the detail's image frame and the model's configuration; nil without a detail.
    func ends(of context: any UIViewControllerContextTransitioning, direction: ZoomCompletionSequence.Direction) -> ZoomTransitionEnds? {
        let container = context.containerView
        let key = direction.detailEnd(arriving: UITransitionContextViewControllerKey.to, leaving: .from)
        guard let detail = context.viewController(forKey: key),
              let detailView = context.view(forKey: direction.detailEnd(arriving: .to, leaving: .from)) ?? detail.view else { return nil }
        let detailFrame = direction.detailEnd(arriving: context.finalFrame(for: detail), leaving: context.initialFrame(for: detail))
        if direction == .presenting { detailView.frame = detailFrame }
        detailView.layoutIfNeeded()
        let source = sourceView()
        let sourceFrame = source.map { Rect(container.convert($0.bounds, from: $0)) }
        let landing = destinationImageView(detail)
        let inDetail = destinationImageFrame(detail) ?? landing.map { detailView.convert($0.bounds, from: $0) } ?? detailView.bounds
        let picture = image()
        let geometry = ZoomNavigationRule.geometry(container: Size(container.bounds.size), source: sourceFrame,
                                                   sourceCornerRadius: Double(sourceCornerRadius), imageInDetail: Rect(inDetail),
                                                   detailFrame: Rect(detailFrame), detailBoundsOrigin: Point(detailView.bounds.origin),
                                                   imageSize: picture.map { Size($0.size) })
        let configuration = ZoomNavigationRule.configuration(self.configuration, systemReduceMotion: UIAccessibility.isReduceMotionEnabled,
                                                             direction: direction, hasSource: sourceFrame != nil,
                                                             layoutDirection: StoryLayoutDirection(container.effectiveUserInterfaceLayoutDirection))
        return ZoomTransitionEnds(detailView: detailView, source: source, sourceFrame: sourceFrame, landing: landing,
                                  picture: picture, geometry: geometry, configuration: configuration)
    }

    /// The seconds UIKit is told the transition in `context` lasts: the running model's, or the
    /// one about to run
    /// (``ZoomControllerSession/duration(asksAboutRun:upcomingEnds:)``).
    func duration(of context: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        let asksAboutRun = running.map { run in context.map { $0 === run.context } ?? true } ?? false
        return session.duration(asksAboutRun: asksAboutRun) {
            context.flatMap { ends(of: $0, direction: session.upcoming) }.map { ($0.geometry, $0.configuration) }
        }
    }

    /// The cell's frame in `container` now, or nil when it is gone.
    func currentSourceFrame(in container: UIView) -> Rect? {
        sourceView().map { Rect(container.convert($0.bounds, from: $0)) }
    }

    /// Samples the model on every display frame until the transition is complete.
    func startFrames() {
        driver.start { [weak self] time in
            guard let self else { return }
            self.react(self.session.advance(to: time))
        }
    }

    /// Applies the session's `reaction` to the display link, the views and UIKit's context, and
    /// ends the run once complete.
    func react(_ reaction: ZoomControllerSession.Reaction) {
        guard let run = running else { return }
        let context = run.context
        if reaction.stopFrames { driver.stop() }
        if reaction.addRegrabPan {
            let pan = UIPanGestureRecognizer(target: self, action: #selector(regrabPanned(_:)))
            pan.maximumNumberOfTouches = 1
            pan.delegate = self
            context.containerView.addGestureRecognizer(pan)
            running?.regrab = pan
        }
        if let layout = reaction.draw { run.apply(layout) }
        if let percent = reaction.percentComplete { context.updateInteractiveTransition(CGFloat(percent)) }
        for step in reaction.steps {
            switch step {
            case .finishInteractive: context.finishInteractiveTransition()
            case .cancelInteractive: context.cancelInteractiveTransition()
            case .complete(let success):
                driver.stop()
                let ended = running ?? run              // with a re-grab pan added since `run` was read
                running = nil
                ended.tearDown(success: success)
                context.completeTransition(success)
            }
        }
        if reaction.startFrames { startFrames() }
    }
}
#endif
