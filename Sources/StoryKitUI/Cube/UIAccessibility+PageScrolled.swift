#if canImport(UIKit)
// The iOS SDK declares UIAccessibility's notification names as mutable C globals
// (`UIKIT_EXTERN UIAccessibilityNotifications UIAccessibilityPageScrolledNotification;`), which
// Swift 6 refuses to read from any context. They are written once by UIKit before any app code
// runs, so reading them is safe; the @preconcurrency import, confined to this file, says so.
@preconcurrency import UIKit

// MARK: - PageScrolledAnnouncer

/// Posts VoiceOver's page-scrolled notification.
@MainActor
enum PageScrolledAnnouncer {
    /// Tells VoiceOver that the pager moved to another page, with the words it says
    /// ("Page 2 of 5"), as a scroll view does after a three-finger swipe.
    static func post(_ text: String) {
        UIAccessibility.post(notification: .pageScrolled, argument: text)
    }
}
#endif
