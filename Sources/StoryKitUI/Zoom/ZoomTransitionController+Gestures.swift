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
        let pan = UIPanGestureRecognizer(target: self, action: #selector(dismissPanned(_:)))
        pan.maximumNumberOfTouches = 1                  // a pinch drifting right does not pop
        pan.delegate = self
        detail.view.addGestureRecognizer(pan)
        let replaced = dismissPans.install(pan, for: ObjectIdentifier(detail)) { $0.view == nil }   // a gone detail took its view
        if let replaced { replaced.view?.removeGestureRecognizer(replaced) }
        detailForPan = detail
    }

    @objc func dismissPanned(_ pan: UIGestureRecognizer) { panned(.dismiss, pan) }

    /// The system's edge swipe: its begin pops the detail (UIKit's own action), and the zoom's
    /// delegate answer makes it the pending grab; its moves and its release feed the model.
    @objc func edgeSwiped(_ edge: UIGestureRecognizer) { panned(.edge, edge) }

    @objc func regrabPanned(_ pan: UIGestureRecognizer) { panned(.regrab, pan) }

    /// Feeds a pan's callback to the driver (``ZoomControllerDriver/panned(_:phase:at:hasDetail:source:)``),
    /// which carries out its reaction, and pops (or dismisses) the detail when it says so.
    private func panned(_ role: ZoomControllerSession.PanRole, _ pan: UIGestureRecognizer) {
        let container = running?.context.containerView
        let outcome = zoom.panned(role, phase: GesturePhase(rawState: pan.state.rawValue), at: Point(pan.location(in: container)),
                                  hasDetail: detailForPan != nil) { container.flatMap { currentSourceFrame(in: $0) } }
        let detail = detailForPan, navigation = detail?.navigationController
        outcome.closeDetail(poppable: navigation?.topViewController === detail, pop: { _ = navigation?.popViewController(animated: true) },
                            dismiss: { detail?.dismiss(animated: true) })
    }
}

// MARK: - ZoomTransitionController + UIGestureRecognizerDelegate

extension ZoomTransitionController: UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer else { return false }
        if let run = running { return pan === run.regrab && session.mayRegrab }
        guard let detail = detailForPan, pan.view === detail.view else { return false }
        let scrollView = scrollViewProvider(detail)
        let offset = scrollView.map {
            ZoomPanRule.scrollOffset(contentOffset: Point($0.contentOffset), insetTop: Double($0.adjustedContentInset.top),
                                     insetLeft: Double($0.adjustedContentInset.left))
        }
        return ZoomPanRule.mayBegin(translation: Point(pan.translation(in: pan.view)), velocity: Point(pan.velocity(in: pan.view)),
                                    scrollOffset: offset, zoomScale: Double(scrollView?.zoomScale ?? 1), configuration: configuration,
                                    layoutDirection: StoryLayoutDirection(detail.view.effectiveUserInterfaceLayoutDirection))
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
