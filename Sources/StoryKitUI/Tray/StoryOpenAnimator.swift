#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - StoryOpenAnimator

/// The presentation of the Stories viewer out of a tray avatar: ``StoryKit/StoryOpenTransition``
/// sampled on every display frame, applied to the presented view as ``StoryOpenLayout`` says
/// (its transform and a rounded mask; the view keeps its final bounds and layout throughout).
/// Without an avatar frame, or under Reduce Motion, the page cross-fades in place.
///
/// It is the transitioning delegate for the presentation only; the dismissal is the viewer's
/// own (a swipe-down lands in the avatar before it is dismissed without animation; other closes
/// use the presentation's cross-dissolve).
@MainActor
final class StoryOpenAnimator: NSObject, UIViewControllerTransitioningDelegate, UIViewControllerAnimatedTransitioning {
    /// The avatar's picture in the window's coordinates, if on screen.
    let avatarFrame: CGRect?
    let reduceMotion: Bool
    let driver: any FrameDriver

    init(avatarFrame: CGRect?, reduceMotion: Bool, driver: any FrameDriver = DisplayLinkFrameDriver()) {
        self.avatarFrame = avatarFrame
        self.reduceMotion = reduceMotion
        self.driver = driver
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        self
    }

    nonisolated func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        StoryOpenLayout.duration
    }

    nonisolated func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        MainActor.assumeIsolated { animate(transitionContext) }
    }

    private func animate(_ context: any UIViewControllerContextTransitioning) {
        let container = context.containerView
        guard let controller = context.viewController(forKey: .to), let view = context.view(forKey: .to) else {
            context.completeTransition(!context.transitionWasCancelled)
            return
        }
        let final = context.finalFrame(for: controller)
        view.frame = final
        container.addSubview(view)
        view.layoutIfNeeded()                        // its final layout, before any transform
        let page = Rect(final)
        let open = StoryOpenLayout.opening(from: avatarFrame.map { Rect(container.convert($0, from: nil)) }, page: page,
                                           start: driver.currentTime, reduceMotion: reduceMotion)
        let mask = CALayer()
        mask.backgroundColor = UIColor.black.cgColor
        view.layer.mask = mask
        apply(StoryOpenLayout(open, at: open.start, page: page), to: view, mask: mask)
        driver.start { [weak self] time in
            guard let self else { return }
            self.apply(StoryOpenLayout(open, at: time, page: page), to: view, mask: mask)
            guard open.isFinished(at: time) else { return }
            self.driver.stop()
            view.transform = .identity
            view.alpha = 1
            view.layer.mask = nil
            view.frame = final
            context.completeTransition(!context.transitionWasCancelled)
        }
    }

    /// One frame of the opening on the presented view.
    private func apply(_ layout: StoryOpenLayout, to view: UIView, mask: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        view.transform = CGAffineTransform(translationX: CGFloat(layout.translation.x), y: CGFloat(layout.translation.y))
            .scaledBy(x: CGFloat(layout.scale), y: CGFloat(layout.scale))
        view.alpha = CGFloat(layout.alpha)
        mask.frame = CGRect(layout.mask)
        mask.cornerRadius = CGFloat(layout.maskCornerRadius)
        CATransaction.commit()
    }
}
#endif
