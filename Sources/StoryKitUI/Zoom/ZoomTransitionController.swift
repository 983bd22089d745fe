#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ZoomTransitionController

/// The zoom between a grid cell and its detail (``StoryKit/ZoomTransition``) for a
/// `UINavigationController` push and pop or a modal present and dismiss, with an interactive
/// pop: the detail follows the finger and shrinks, and when let go it lands in the cell (asked
/// for again then) or springs back; a touch during either grabs it again.
///
/// Make it the navigation controller's delegate (or the detail's `transitioningDelegate`, with
/// `modalPresentationStyle = .overFullScreen` so the grid stays beneath), say where the cell and
/// the detail's image are, and install its pan on the detail. Only that detail zooms: any other
/// screen pushed or popped on the same stack gets the system's transition
/// (``ZoomNavigationRule``). The dismiss pan takes one finger; the system's edge swipe waits for
/// it to fail and, when it begins the detail's pop itself, drives the same interactive zoom.
/// UIKit is told the transition lasts as long as the model's spring settles, so the navigation
/// bar moves with it:
///
/// ```swift
/// let zoom = ZoomTransitionController()
/// zoom.sourceView = { [weak self] in self?.cell(for: photo)?.imageView }   // nil: fade in place
/// zoom.image = { photo.image }
/// zoom.destinationImageView = { ($0 as? PhotoViewController)?.imageView }
/// navigationController?.delegate = zoom
/// zoom.installDismissGesture(on: detail)
/// navigationController?.pushViewController(detail, animated: true)
/// ```
///
/// During a transition the container holds, bottom to top: the grid's screen, a placeholder
/// over the cell, a black overlay at the frame's dimming, the detail's view at the frame's
/// chrome opacity, and the image in a view clipped to the model's mask with continuous corners
/// (``ZoomTransitionLayout``). A display link (``FrameDriver``) samples the model on every
/// frame: its springs are the motion, no UIKit animation curve is added. Reduce Motion (or
/// ``configuration``'s) cross-fades.
@MainActor
public final class ZoomTransitionController: NSObject {
    /// The grid cell's view (its image), asked for when the transition opens and again when the
    /// detail closes or is let go (the grid may have scrolled); nil: the detail fades in place.
    public var sourceView: @MainActor () -> UIView? = { nil }
    /// The image that moves; nil: a snapshot of ``sourceView`` (or, without it, no moving image).
    public var image: @MainActor () -> UIImage? = { nil }
    /// The detail image's frame in the detail view controller's view (at its final layout);
    /// nil: ``destinationImageView``'s frame, or without it the whole view.
    public var destinationImageFrame: @MainActor (_ detail: UIViewController) -> CGRect? = { _ in nil }
    /// The detail's view that shows the image: where the image lands (unless
    /// ``destinationImageFrame`` says otherwise), hidden during transitions so that only the
    /// moving image shows it; nil by default.
    public var destinationImageView: @MainActor (_ detail: UIViewController) -> UIView? = { _ in nil }
    /// The detail's scroll view, whose edge and zoom decide whether the dismiss pan may begin.
    public var scrollViewProvider: @MainActor (_ detail: UIViewController) -> UIScrollView? = { _ in nil }
    /// The grid cell's corner radius, in points.
    public var sourceCornerRadius: CGFloat = 0
    /// The placeholder's colour over the cell while the image is away (the grid's background).
    public var placeholderColor: UIColor = .systemBackground
    /// The model's springs, drag numbers and release rule; Reduce Motion is added from
    /// `UIAccessibility.isReduceMotionEnabled` at each transition.
    public var configuration = ZoomTransition.Configuration()

    /// The upcoming transition, the pending grab and the running model, on the frame clock
    /// (``ZoomControllerDriver``), which tells this controller what to draw and tell UIKit.
    let zoom: ZoomControllerDriver
    /// The dismiss pans installed, by detail (``ZoomDismissPans``).
    var dismissPans = ZoomDismissPans<UIPanGestureRecognizer>()
    weak var detailForPan: UIViewController?
    /// The views of the transition running, if any.
    var running: ZoomTransitionRun?
    /// The upcoming transition, the pending grab and the running model (``ZoomControllerSession``).
    var session: ZoomControllerSession { zoom.session }

    /// A controller driven by `driver` (a display link by default).
    public init(driver: (any FrameDriver)? = nil) {
        zoom = ZoomControllerDriver(frames: driver ?? DisplayLinkFrameDriver())
        super.init()
        zoom.host = self
    }

    /// Whether a transition is running.
    public var isTransitioning: Bool { running != nil }

    /// The rule for the detail installed now (``installDismissGesture(on:)``, or the presented
    /// screen whose transitioning delegate this is).
    var rule: ZoomNavigationRule { ZoomNavigationRule(detail: detailForPan.map(ObjectIdentifier.init)) }

    /// Answers UIKit's question about `operation` from the screen `from` to the screen `to`
    /// through the driver (``ZoomControllerDriver/answer(_:operation:from:to:edgeActive:edgePoint:)``):
    /// self for the zoom, nil for the system's transition. The edge swipe's moves then feed the
    /// model as the dismiss pan's do.
    func answer(_ operation: ZoomNavigationRule.Operation, from: AnyObject, to: AnyObject, edge: UIGestureRecognizer?)
        -> (any UIViewControllerAnimatedTransitioning)? {
        let edgeActive = edge.map { GesturePhase(rawState: $0.state.rawValue).isActive } ?? false
        guard zoom.answer(rule, operation: operation, from: ObjectIdentifier(from), to: ObjectIdentifier(to),
                          edgeActive: edgeActive, edgePoint: edge.map { Point($0.location(in: nil)) }) else { return nil }
        edge?.removeTarget(self, action: #selector(edgeSwiped(_:)))
        edge?.addTarget(self, action: #selector(edgeSwiped(_:)))
        return self
    }
}

// MARK: - ZoomTransitionController + UINavigationControllerDelegate

extension ZoomTransitionController: UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController)
        -> (any UIViewControllerAnimatedTransitioning)? {
        answer(ZoomNavigationRule.Operation(rawOperation: operation.rawValue), from: fromVC, to: toVC,
               edge: navigationController.interactivePopGestureRecognizer)
    }

    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? {
        session.upcomingInteractive ? self : nil
    }
}

// MARK: - ZoomTransitionController + UIViewControllerTransitioningDelegate

extension ZoomTransitionController: UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        detailForPan = presented                        // the delegate of the presented screen: it is the detail
        return answer(.push, from: presenting, to: presented, edge: nil)
    }

    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        answer(.pop, from: dismissed, to: self, edge: nil)
    }

    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? {
        session.upcomingInteractive ? self : nil
    }
}

// MARK: - ZoomTransitionController + UIViewControllerAnimatedTransitioning

extension ZoomTransitionController: UIViewControllerAnimatedTransitioning, UIViewControllerInteractiveTransitioning {
    /// The model's settling time for this transition (``ZoomNavigationRule/transitionDuration(direction:geometry:configuration:)``),
    /// so that the navigation bar moves with the spring.
    nonisolated public func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        nonisolated(unsafe) let context = transitionContext
        return MainActor.assumeIsolated { duration(of: context) }
    }

    // UIKit calls these on the main thread; the context is UIKit's, used there only.
    nonisolated public func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        nonisolated(unsafe) let context = transitionContext
        MainActor.assumeIsolated { begin(context, interactive: false) }
    }

    nonisolated public func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        nonisolated(unsafe) let context = transitionContext
        MainActor.assumeIsolated { begin(context, interactive: true) }
    }
}
#endif
