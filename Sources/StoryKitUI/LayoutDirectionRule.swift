import StoryKit

// MARK: - LayoutDirectionRule

/// Which layout direction a front-end puts into its model: the host's explicit choice
/// (`preferredLayoutDirection`, SwiftUI's `\.layoutDirection`) first, then the view's own
/// (`effectiveUserInterfaceLayoutDirection`, once there is a view), then the configuration's.
package enum LayoutDirectionRule {
    /// The direction in effect.
    ///
    /// - Parameters:
    ///   - preferred: The host's explicit direction, if it set one.
    ///   - view: The view's direction, `nil` before the view exists.
    ///   - configured: The model configuration's direction.
    package static func direction(preferred: StoryLayoutDirection?, view: StoryLayoutDirection?,
                                  configured: StoryLayoutDirection) -> StoryLayoutDirection {
        preferred ?? view ?? configured
    }

    /// The captions' text scale for Dynamic Type: the point size UIKit scales 17 pt body text to,
    /// over 17 (1 at the default "Large" size); 1 for a size that is not a positive number.
    package static func captionTextScale(scaledBodyPointSize size: Double) -> Double {
        size.isFinite && size > 0 ? size / 17 : 1
    }
}
