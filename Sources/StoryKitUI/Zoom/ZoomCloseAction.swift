// MARK: - ZoomCloseAction

/// Closes the zoomed detail into its source (the environment's `zoomClose`, set by
/// ``SwiftUI/View/zoomTransition(sourceID:in:imageSize:cornerRadius:configuration:)``): call it from the
/// detail's close button instead of `dismiss`. A plain value (no SwiftUI in it), so its call is
/// tested on Linux; outside a zoomed detail it does nothing.
public struct ZoomCloseAction: Sendable {
    let action: @MainActor @Sendable () -> Void

    /// Closes the detail into its source (a fade in place if it is gone).
    @MainActor
    public func callAsFunction() { action() }
}
