#if canImport(UIKit)
// The iOS SDK declares UIAccessibility's notification names and traits as mutable C globals,
// which Swift 6 refuses to read from any context; UIKit writes them once before app code runs,
// so reading them is safe. The @preconcurrency import, confined to this file, says so (as for
// the pager's page-scrolled notification).
@preconcurrency import UIKit

// MARK: - StoryRingVoiceOver

/// The story ring's VoiceOver constants and announcement.
@MainActor
enum StoryRingVoiceOver {
    /// The avatar's traits: a button.
    static var traits: UIAccessibilityTraits { .button }

    /// Has VoiceOver say `text` ("Loading"), without moving its focus.
    static func announce(_ text: String) {
        UIAccessibility.post(notification: .announcement, argument: text)
    }
}
#endif
