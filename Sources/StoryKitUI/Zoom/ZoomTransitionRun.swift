#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ZoomTransitionRun

/// The views of one zoom transition under way: UIKit's context, the views it added to the
/// container and the ones it hid; ``ZoomControllerSession`` holds the model and what UIKit is
/// owed. A value of references (its memberwise initializer takes the views given).
@MainActor
struct ZoomTransitionRun {
    let context: any UIViewControllerContextTransitioning
    /// Which way it goes (a dismiss takes the detail's view away when it succeeds).
    let direction: ZoomCompletionSequence.Direction
    let detailView: UIView
    /// The view the transition added to the container beneath (a pop's grid), removed on cancel.
    let addedView: UIView?
    let clip = UIView()
    let imageView: UIView?
    let overlay = UIView()
    let placeholder = UIView()
    let hiddenImageView: UIView?
    /// The container's pan for a re-grab during the settle (interactive runs only).
    var regrab: UIPanGestureRecognizer?

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
    }

    /// Draws `layout` (no implicit animations).
    func apply(_ layout: ZoomTransitionLayout) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        clip.frame = CGRect(layout.clipFrame)
        clip.layer.cornerRadius = CGFloat(layout.clipCornerRadius)
        clip.alpha = CGFloat(layout.imageAlpha)
        imageView?.frame = CGRect(layout.imageFrame)
        overlay.alpha = CGFloat(layout.dimmingAlpha)
        detailView.alpha = CGFloat(layout.detailAlpha)
        placeholder.frame = CGRect(layout.sourcePlaceholderFrame)
        placeholder.layer.cornerRadius = CGFloat(layout.sourcePlaceholderCornerRadius)
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
        direction.removedViews(success: success, added: addedView, detail: detailView).forEach { $0.removeFromSuperview() }
    }
}
#endif
