#if canImport(SwiftUI)
import StoryKit
import SwiftUI

// MARK: - StoryLayoutDirection + SwiftUI

extension StoryLayoutDirection {
    /// The model's direction for SwiftUI's `\.layoutDirection` environment value (a plain mapping).
    package init(_ direction: SwiftUI.LayoutDirection) {
        self = direction == .rightToLeft ? .rightToLeft : .leftToRight
    }
}
#endif
