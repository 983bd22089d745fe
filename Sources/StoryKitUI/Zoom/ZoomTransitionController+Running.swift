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
    /// Sets the transition up in UIKit's container and starts the driver's model
    /// (``ZoomControllerDriver/begin(geometry:configuration:interactive:source:toContainer:)``).
    func begin(_ context: any UIViewControllerContextTransitioning, interactive: Bool) {
        let direction = session.upcoming
        let container = context.containerView
        guard let ends = ends(of: context, direction: direction) else {
            zoom.beganWithoutDetail()
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
        running = ZoomTransitionRun(context: context, direction: direction, detailView: detailView, addedView: added,
                                    imageView: moving, hiddenImageView: ends.landing)
        running?.install(placeholderColor: placeholderColor)
        zoom.begin(geometry: ends.geometry, configuration: ends.configuration, interactive: interactive,
                   source: ends.sourceFrame) { Point(container.convert(CGPoint($0), from: nil)) }
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
    /// (``ZoomControllerDriver/duration(asksAboutRun:upcomingEnds:)``).
    func duration(of context: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        let asksAboutRun = running.map { run in context.map { $0 === run.context } ?? true } ?? false
        return zoom.duration(asksAboutRun: asksAboutRun) {
            context.flatMap { ends(of: $0, direction: session.upcoming) }.map { ($0.geometry, $0.configuration) }
        }
    }

    /// The cell's frame in `container` now, or nil when it is gone.
    func currentSourceFrame(in container: UIView) -> Rect? {
        sourceView().map { Rect(container.convert($0.bounds, from: $0)) }
    }
}

// MARK: - ZoomTransitionController + ZoomTransitionHost

extension ZoomTransitionController: ZoomTransitionHost {
    package func addRegrabPan() {
        let pan = UIPanGestureRecognizer(target: self, action: #selector(regrabPanned(_:)))
        pan.maximumNumberOfTouches = 1
        pan.delegate = self
        running?.context.containerView.addGestureRecognizer(pan)
        running?.regrab = pan
    }

    package func draw(_ layout: ZoomTransitionLayout) { running?.apply(layout) }

    package func updateInteractiveTransition(_ percentComplete: Double) {
        running?.context.updateInteractiveTransition(CGFloat(percentComplete))
    }

    package func finishInteractiveTransition() { running?.context.finishInteractiveTransition() }

    package func cancelInteractiveTransition() { running?.context.cancelInteractiveTransition() }

    package func completeTransition(_ success: Bool) {
        let ended = running
        running = nil
        ended?.tearDown(success: success)
        ended?.context.completeTransition(success)
    }
}
#endif
