// MARK: - StoriesViewer + ChromeText

extension StoriesViewer {
    /// The header's text styles, shared by the compositor's scene and the UIKit and SwiftUI pages
    /// so that both draw the same header: the user's name beside the avatar and the item's age
    /// under it, in white.
    public enum ChromeText {
        /// The name's size, in points (semibold; Dynamic Type scales it on iOS).
        public static let nameFontSize = 14.0
        /// The age's size, in points (regular; Dynamic Type scales it on iOS).
        public static let ageFontSize = 12.0
        /// The age's opacity over the page, 0…1.
        public static let ageOpacity = 0.75
    }
}

// MARK: - StoriesViewer + Failures

extension StoriesViewer {
    /// Why item `id`'s media failed, or `nil` while it has not (loading, ready, showing, or an
    /// item the viewer does not know). Every page whose shown item failed draws the failure and
    /// its Retry button, the current one and the neighbours a cube turn shows, in the scene and
    /// in the front-ends alike.
    public func failureReason(forItem id: String) -> String? {
        reports.failureReason(of: id)
    }
}
