#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - StoryLayoutDirection + UIKit

extension StoryLayoutDirection {
    /// The model's direction for a view's `effectiveUserInterfaceLayoutDirection` (a plain
    /// mapping: right to left is right to left, anything else left to right).
    package init(_ direction: UIUserInterfaceLayoutDirection) {
        self = direction == .rightToLeft ? .rightToLeft : .leftToRight
    }
}
#endif
