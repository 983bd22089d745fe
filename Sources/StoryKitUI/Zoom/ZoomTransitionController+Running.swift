#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ZoomTransitionController + Running

extension ZoomTransitionController {
    /// Sets the transition up in UIKit's container and starts the model: an open, a close, or
    /// (interactive) a drag from the pending grab — a close if the finger already lifted.
    func begin(_ context: any UIViewControllerContextTransitioning, interactive: Bool) {
        let direction = upcoming
        let grab = pendingGrab
        pendingGrab = nil
        let container = context.containerView
        let detailKey: UITransitionContextViewControllerKey = direction == .presenting ? .to : .from
        guard let detail = context.viewController(forKey: detailKey) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let detailView = context.view(forKey: direction == .presenting ? .to : .from) ?? detail.view!
        var added: UIView?
        if direction == .presenting {
            detailView.frame = context.finalFrame(for: detail)
            container.addSubview(detailView)
        } else {
            if let grid = context.viewController(forKey: .to), let gridView = context.view(forKey: .to) {
                gridView.frame = context.finalFrame(for: grid)
                container.insertSubview(gridView, belowSubview: detailView)
                added = gridView
            }
        }
        detailView.layoutIfNeeded()
        let source = sourceView()
        let sourceFrame = source.map { Rect(container.convert($0.bounds, from: $0)) }
        let landing = destinationImageView(detail)
        let destination = Rect(destinationImageFrame(detail).map { container.convert($0, from: detailView) }
            ?? landing.map { container.convert($0.bounds, from: $0) } ?? container.convert(detailView.bounds, from: detailView))
        let picture = image()
        let moving: UIView? = picture.map { UIImageView(image: $0) } ?? source?.snapshotView(afterScreenUpdates: false)
        let imageSize = picture.map { Size($0.size) } ?? sourceFrame?.size ?? destination.size
        var configuration = configuration
        configuration.reduceMotion = configuration.reduceMotion || UIAccessibility.isReduceMotionEnabled
            || (direction == .presenting && sourceFrame == nil)
        let geometry = ZoomTransition.Geometry(container: Size(container.bounds.size), source: sourceFrame ?? .zero,
                                               sourceCornerRadius: Double(sourceCornerRadius), destination: destination,
                                               imageSize: imageSize)
        let now = driver.currentTime
        let model = ZoomTransition(geometry: geometry, configuration: configuration,
                                   presented: direction == .dismissing, time: now)
        let run = ZoomTransitionRun(context: context, detail: detail, detailView: detailView, addedView: added,
                                    imageView: moving, hiddenImageView: landing, model: model,
                                    sequence: ZoomCompletionSequence(direction: direction, interactive: interactive))
        running = run
        run.install(placeholderColor: placeholderColor)
        if interactive, let grab {
            let pan = UIPanGestureRecognizer(target: self, action: #selector(regrabPanned(_:)))
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
