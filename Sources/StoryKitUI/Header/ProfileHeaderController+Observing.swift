#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ProfileHeaderController + Observing

extension ProfileHeaderController {
    /// KVO on the scroll view's offset, bounds and inset (UIKit calls it on the main thread), and
    /// the Reduce Motion notification. The safe area comes from the header view's
    /// `safeAreaInsetsDidChange`.
    func startObserving(_ scrollView: UIScrollView) {
        func updateOnChange<Value>(of keyPath: KeyPath<UIScrollView, Value>) -> NSKeyValueObservation {
            scrollView.observe(keyPath, options: []) { [weak self] _, _ in MainActor.assumeIsolated { self?.update() } }
        }
        observations = [updateOnChange(of: \.contentOffset), updateOnChange(of: \.bounds), updateOnChange(of: \.contentInset)]
        let tokens = NotificationTokens()
        tokens.observe(UIAccessibility.reduceMotionStatusDidChangeNotification) { [weak self] _ in
            MainActor.assumeIsolated { self?.update() }
        }
        notifications = tokens
    }

    func stopObserving() {
        for observation in observations { observation.invalidate() }
        observations = []
        notifications = nil
    }

    /// The scroll view's state for ``ProfileHeaderScrollRule``.
    static func scrollState(_ scrollView: UIScrollView) -> ProfileHeaderScrollRule.Scroll {
        let refresh = scrollView.refreshControl
        let refreshing = refresh.map { $0.isRefreshing ? Double($0.frame.height) : 0 } ?? 0
        return ProfileHeaderScrollRule.Scroll(
            contentOffsetY: Double(scrollView.contentOffset.y), contentOffsetX: Double(scrollView.contentOffset.x),
            contentInsetTop: Double(scrollView.contentInset.top), adjustedInsetTop: Double(scrollView.adjustedContentInset.top),
            adjustedInsetLeft: Double(scrollView.adjustedContentInset.left), refreshingHeight: refreshing,
            isTracking: scrollView.isTracking, isDecelerating: scrollView.isDecelerating)
    }
}
#endif
