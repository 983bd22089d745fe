#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ProfileHeaderController + Observing

extension ProfileHeaderController {
    /// KVO on the scroll view's offset, bounds and inset (UIKit calls it on the main thread), and
    /// the Reduce Motion notification. The safe area comes from the header view's
    /// `safeAreaInsetsDidChange`.
    func startObserving(_ scrollView: UIScrollView) {
        observations = [
            scrollView.observe(\.contentOffset, options: []) { [weak self] _, _ in
                MainActor.assumeIsolated { self?.update() }
            },
            scrollView.observe(\.bounds, options: []) { [weak self] _, _ in
                MainActor.assumeIsolated { self?.update() }
            },
            scrollView.observe(\.contentInset, options: []) { [weak self] _, _ in
                MainActor.assumeIsolated { self?.update() }
            },
        ]
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

    /// Reserves the header's space: sets `contentInset.top` when ``ProfileHeaderScrollRule``
    /// says so, or ticks until the scrolling stops when it defers.
    ///
    /// - Returns: Whether the inset changed.
    func reserveInset(_ scrollView: UIScrollView, headerBottom: Double) -> Bool {
        switch ProfileHeaderScrollRule.insetDecision(headerBottom: headerBottom, Self.scrollState(scrollView)) {
        case .keep:
            driver.stop()
            return false
        case .deferred:
            driver.run(if: true) { [weak self] _ in self?.update() }
            return false
        case let .apply(insetTop, offsetY):
            driver.stop()
            scrollView.contentInset.top = CGFloat(insetTop)
            scrollView.contentOffset.y = CGFloat(offsetY)
            return true
        }
    }

    /// Makes the header image's blurred copy once, off the main thread, with Core Image; the
    /// copy shows when ready if the image is still the same.
    func startBlur() {
        blurTask?.cancel()
        blurredSigma = nil
        header.blurredImageView.image = nil
        startBlurIfNeeded()
    }

    /// Blurs the header image once for the model's current blur (in the image's pixels, as it is
    /// shown), unless that copy is made or being made: a new image, radius or width blurs again,
    /// scrolling never does.
    func startBlurIfNeeded() {
        guard let model, let image = headerImage, let bitmap = image.cgImage else { return }
        let pixels = Size(width: Double(bitmap.width), height: Double(bitmap.height))
        let sigma = (model.blurSigma(imagePixels: pixels) * 10).rounded() / 10
        guard sigma != blurredSigma else { return }
        blurredSigma = sigma
        blurTask?.cancel()
        blurTask = Task { [weak self] in
            let blurred = await Task.detached(priority: .userInitiated) {
                ProfileHeaderBlur.blurred(bitmap, sigma: sigma)
            }.value
            guard let self, !Task.isCancelled, self.headerImage === image, let blurred else { return }
            self.header.blurredImageView.image = UIImage(cgImage: blurred, scale: image.scale, orientation: image.imageOrientation)
        }
    }
}
#endif
