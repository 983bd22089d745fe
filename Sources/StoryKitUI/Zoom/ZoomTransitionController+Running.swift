#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ZoomTransitionController + Running

/// The two ends of one transition, read from UIKit's context and the controller's providers.
struct ZoomTransitionEnds {
    let detail: UIViewController
    let detailView: UIView
    let source: UIView?
    let landing: UIView?
    let picture: UIImage?
    let geometry: ZoomTransition.Geometry
    let configuration: ZoomTransition.Configuration
}

extension ZoomTransitionController {
    /// Sets the transition up in UIKit's container and starts the model: an open, a close, or
    /// (interactive) a drag from the pending grab — a close if the finger already lifted.
    func begin(_ context: any UIViewControllerContextTransitioning, interactive: Bool) {
        let direction = upcoming
        let grab = pendingGrab
        pendingGrab = nil
        let container = context.containerView
        guard let ends = ends(of: context, direction: direction) else {
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
        let now = driver.currentTime
        let model = ZoomTransition(geometry: ends.geometry, configuration: ends.configuration,
                                   presented: direction == .dismissing, time: now)
        let run = ZoomTransitionRun(context: context, detail: ends.detail, detailView: detailView, addedView: added,
                                    imageView: moving, hiddenImageView: ends.landing, model: model,
                                    sequence: ZoomCompletionSequence(direction: direction, interactive: interactive))
        running = run
        run.install(placeholderColor: placeholderColor)
        if interactive, let grab {
            let pan = UIPanGestureRecognizer(target: self, action: #selector(regrabPanned(_:)))
            pan.maximumNumberOfTouches = 1
            pan.delegate = self
            container.addGestureRecognizer(pan)
            run.regrab = pan
            perform(run.model.dragBegan(at: Point(container.convert(grab.point, from: nil)), time: grab.time))
            run.apply(run.model.frame(at: run.model.time))
        } else if direction == .presenting {
            perform(run.model.open(time: now))
            startFrames()
        } else {
            perform(run.model.close(time: now, source: currentSourceFrame(in: container)))
            startFrames()
        }
    }

    /// The two ends of a transition in `context`'s container, before or after UIKit's views are
    /// in it (UIKit asks for the duration first): the detail laid out at its frame, the cell,
    /// the detail's image frame and the model's configuration; nil without a detail.
    func ends(of context: any UIViewControllerContextTransitioning, direction: ZoomCompletionSequence.Direction) -> ZoomTransitionEnds? {
        let container = context.containerView
        guard let detail = context.viewController(forKey: direction == .presenting ? .to : .from),
              let detailView = context.view(forKey: direction == .presenting ? .to : .from) ?? detail.view else { return nil }
        let detailFrame = direction == .presenting ? context.finalFrame(for: detail) : context.initialFrame(for: detail)
        if direction == .presenting { detailView.frame = detailFrame }
        detailView.layoutIfNeeded()
        let source = sourceView()
        let sourceFrame = source.map { Rect(container.convert($0.bounds, from: $0)) }
        let landing = destinationImageView(detail)
        let inDetail = destinationImageFrame(detail) ?? landing.map { detailView.convert($0.bounds, from: $0) } ?? detailView.bounds
        let destination = Rect(inDetail.offsetBy(dx: detailFrame.minX - detailView.bounds.minX, dy: detailFrame.minY - detailView.bounds.minY))
        let picture = image()
        let imageSize = picture.map { Size($0.size) } ?? sourceFrame?.size ?? destination.size
        let geometry = ZoomTransition.Geometry(container: Size(container.bounds.size), source: sourceFrame ?? .zero,
                                               sourceCornerRadius: Double(sourceCornerRadius), destination: destination,
                                               imageSize: imageSize)
        let configuration = ZoomNavigationRule.configuration(self.configuration, systemReduceMotion: UIAccessibility.isReduceMotionEnabled,
                                                             direction: direction, hasSource: sourceFrame != nil)
        return ZoomTransitionEnds(detail: detail, detailView: detailView, source: source, landing: landing, picture: picture,
                    geometry: geometry, configuration: configuration)
    }

    /// The seconds UIKit is told the transition in `context` lasts: the running model's, or the
    /// one about to run.
    func duration(of context: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        if let run = running, context.map({ $0 === run.context }) ?? true {
            return ZoomNavigationRule.transitionDuration(direction: run.sequence.direction, geometry: run.model.geometry,
                                                         configuration: run.model.configuration)
        }
        guard let context, let ends = ends(of: context, direction: upcoming) else { return ZoomTransition.fadeDuration }
        return ZoomNavigationRule.transitionDuration(direction: upcoming, geometry: ends.geometry, configuration: ends.configuration)
    }

    /// The cell's frame in `container` now, or nil when it is gone.
    func currentSourceFrame(in container: UIView) -> Rect? {
        sourceView().map { Rect(container.convert($0.bounds, from: $0)) }
    }

    /// Samples the model on every display frame until the transition is complete.
    func startFrames() {
        driver.start { [weak self] time in
            guard let self, let run = self.running else { return }
            let events = run.model.advance(to: time)
            run.apply(run.model.frame(at: time))
            self.perform(events)
        }
    }

    /// Makes the UIKit calls the model's `events` call for, and ends the run once complete.
    func perform(_ events: [ZoomTransition.Event]) {
        guard let run = running else { return }
        let context = run.context
        if run.sequence.interactive, !run.sequence.isComplete {
            context.updateInteractiveTransition(CGFloat(run.sequence.percentComplete(run.model.frame(at: run.model.time))))
        }
        for step in run.sequence.steps(for: events) {
            switch step {
            case .finishInteractive: context.finishInteractiveTransition()
            case .cancelInteractive: context.cancelInteractiveTransition()
            case .complete(let success):
                driver.stop()
                running = nil
                run.tearDown(success: success)
                context.completeTransition(success)
            }
        }
    }
}
#endif
