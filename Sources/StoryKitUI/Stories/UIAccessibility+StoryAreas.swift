#if canImport(UIKit) && canImport(AVFoundation)
// The iOS SDK declares UIAccessibility's traits as mutable C globals, which Swift 6 refuses to
// read from any context; UIKit writes them once before app code runs, so reading them is safe.
// The @preconcurrency import, confined to this file, says so (as for the story ring's traits).
@preconcurrency import UIKit

// MARK: - StoryAreaVoiceOver

/// The tappable areas' VoiceOver traits.
@MainActor
enum StoryAreaVoiceOver {
    /// A link's traits (`.link`), else a button's.
    static func traits(isLink: Bool) -> UIAccessibilityTraits { isLink ? .link : .button }
}
#endif
