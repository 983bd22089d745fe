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
