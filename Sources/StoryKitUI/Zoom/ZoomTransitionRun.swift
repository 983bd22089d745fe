#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ZoomTransitionRun

/// One zoom transition under way: UIKit's context, the views it added to the container, the
/// model and what UIKit is owed.
@MainActor
final class ZoomTransitionRun {
    let context: any UIViewControllerContextTransitioning
    let detail: UIViewController
    let detailView: UIView
    /// The view the transition added to the container beneath (a pop's grid), removed on cancel.
    let addedView: UIView?
    let clip = UIView()
    let imageView: UIView?
    let overlay = UIView()
    let placeholder = UIView()
    let hiddenImageView: UIView?
    var model: ZoomTransition
    var sequence: ZoomCompletionSequence
    /// The container's pan for a re-grab during the settle (interactive runs only).
    var regrab: UIPanGestureRecognizer?

    init(context: any UIViewControllerContextTransitioning, detail: UIViewController, detailView: UIView, addedView: UIView?,
         imageView: UIView?, hiddenImageView: UIView?, model: ZoomTransition, sequence: ZoomCompletionSequence) {
        self.context = context
        self.detail = detail
        self.detailView = detailView
        self.addedView = addedView
        self.imageView = imageView
        self.hiddenImageView = hiddenImageView
        self.model = model
        self.sequence = sequence
    }

    /// Puts the transition's views in the container around the detail's view.
    func install(placeholderColor: UIColor) {
        let container = context.containerView
        placeholder.backgroundColor = placeholderColor
        overlay.backgroundColor = .black
        overlay.frame = container.bounds
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        overlay.isUserInteractionEnabled = false
        placeholder.isUserInteractionEnabled = false
        clip.clipsToBounds = true
        clip.layer.cornerCurve = .continuous
        clip.isUserInteractionEnabled = false
        if let imageView { clip.addSubview(imageView) }
        container.insertSubview(placeholder, belowSubview: detailView)
        container.insertSubview(overlay, belowSubview: detailView)
        container.addSubview(clip)
        hiddenImageView?.isHidden = true
        apply(model.frame(at: model.time))
    }

    /// Draws `frame` (no implicit animations).
    func apply(_ frame: ZoomTransition.Frame) {
        let layout = ZoomTransitionLayout(frame)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        clip.frame = CGRect(layout.clipFrame)
        clip.layer.cornerRadius = CGFloat(layout.clipCornerRadius)
        clip.alpha = CGFloat(layout.imageAlpha)
        imageView?.frame = CGRect(layout.imageFrame)
        overlay.alpha = CGFloat(layout.dimmingAlpha)
        detailView.alpha = CGFloat(layout.detailAlpha)
        placeholder.frame = CGRect(model.geometry.source)
        placeholder.layer.cornerRadius = CGFloat(model.geometry.sourceCornerRadius)
        placeholder.isHidden = !layout.sourcePlaceholderVisible
        CATransaction.commit()
    }

    /// Takes the transition's views away and leaves the detail as UIKit expects it.
    func tearDown(success: Bool) {
        clip.removeFromSuperview()
        overlay.removeFromSuperview()
        placeholder.removeFromSuperview()
        hiddenImageView?.isHidden = false
        detailView.alpha = 1
        if let regrab { regrab.view?.removeGestureRecognizer(regrab) }
        if !success { addedView?.removeFromSuperview() }
        if success, sequence.direction == .dismissing { detailView.removeFromSuperview() }
    }
}
#endif
