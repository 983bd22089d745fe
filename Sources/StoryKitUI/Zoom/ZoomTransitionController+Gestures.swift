#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ZoomTransitionController + Gestures

extension ZoomTransitionController {
    /// Installs the interactive pop's pan on `detail`'s view: a mostly rightward drag (downward
    /// with ``StoryKit/ZoomTransition/Configuration/downwardDismiss``) that begins only where the
    /// detail's scroll view (``scrollViewProvider``) is at its edge and not zoomed in, then pops
    /// (or dismisses) `detail` with the detail following the finger.
    ///
    /// - Parameter detail: The detail view controller, pushed or presented with this controller.
    public func installDismissGesture(on detail: UIViewController) {
        let key = ObjectIdentifier(detail)
        if let pan = dismissPans[key] { pan.view?.removeGestureRecognizer(pan) }
        let pan = UIPanGestureRecognizer(target: self, action: #selector(dismissPanned(_:)))
        pan.maximumNumberOfTouches = 1                  // a pinch drifting right does not pop
        pan.delegate = self
        detail.view.addGestureRecognizer(pan)
        dismissPans[key] = pan
        detailForPan = detail
    }

    @objc func dismissPanned(_ pan: UIPanGestureRecognizer) {
        let time = driver.currentTime
        switch pan.state {
        case .began:
            guard running == nil, let detail = detailForPan else { return }
            pendingGrab = (pan.location(in: nil), time)
            if let navigation = detail.navigationController, navigation.topViewController === detail {
                navigation.popViewController(animated: true)
            } else {
                detail.dismiss(animated: true)
            }
        default:
            drag(pan, time: time)
        }
    }

    /// The system's edge swipe: its begin pops the detail (UIKit's own action), and the zoom's
    /// delegate answer makes it the pending grab; its moves and its release feed the model.
    @objc func edgeSwiped(_ edge: UIGestureRecognizer) {
        guard let pan = edge as? UIPanGestureRecognizer, pan.state != .began else { return }
        drag(pan, time: driver.currentTime)
    }

    @objc func regrabPanned(_ pan: UIPanGestureRecognizer) {
        let time = driver.currentTime
        guard let run = running else { return }
        if pan.state == .began {
            driver.stop()
            perform(run.model.dragBegan(at: Point(pan.location(in: run.context.containerView)), time: time))
            run.apply(run.model.frame(at: run.model.time))
        } else {
            drag(pan, time: time)
        }
    }

    /// Feeds a pan's move, release or cancel to the running model.
    private func drag(_ pan: UIPanGestureRecognizer, time: Double) {
        if running == nil, pan.state == .ended || pan.state == .cancelled || pan.state == .failed {
            pendingGrab = nil                                  // lifted before UIKit started (or it never did)
        }
        guard let run = running, case .dragging = run.model.phase else { return }
        let container = run.context.containerView
        let point = Point(pan.location(in: container))
        switch pan.state {
        case .changed:
            run.model.dragMoved(to: point, time: time)
            run.apply(run.model.frame(at: run.model.time))
            perform([])
        case .ended:
            perform(run.model.dragEnded(at: point, time: time, source: currentSourceFrame(in: container)))
            startFrames()
        case .cancelled, .failed:
            perform(run.model.dragCancelled(time: time))
            startFrames()
        default:
            break
        }
    }
}

// MARK: - ZoomTransitionController + UIGestureRecognizerDelegate

extension ZoomTransitionController: UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return false }
        if let run = running {
            return pan === run.regrab && ZoomPanRule.mayRegrab(run.model.phase)
        }
        guard let detail = detailForPan, pan.view === detail.view else { return false }
        let scrollView = scrollViewProvider(detail)
        let offset = scrollView.map {
            ZoomPanRule.scrollOffset(contentOffset: Point($0.contentOffset), insetTop: Double($0.adjustedContentInset.top),
                                     insetLeft: Double($0.adjustedContentInset.left))
        }
        let model = ZoomTransition(geometry: ZoomTransition.Geometry(container: .zero, source: .zero, destination: .zero,
                                                                     imageSize: .zero),
                                   configuration: configuration, presented: true)
        return ZoomPanRule.mayBegin(translation: Point(pan.translation(in: pan.view)), velocity: Point(pan.velocity(in: pan.view)),
                                    scrollOffset: offset, zoomScale: Double(scrollView?.zoomScale ?? 1), transition: model)
    }

    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
        false
    }

    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {
        // The detail's scroll view and the system's edge swipe begin only once the dismiss pan
        // has failed (decided at its first movement), so no two of them move together.
        guard gestureRecognizer.view === detailForPan?.view, let detail = detailForPan else { return false }
        return other === scrollViewProvider(detail)?.panGestureRecognizer
            || other === detail.navigationController?.interactivePopGestureRecognizer
    }
}
#endif
