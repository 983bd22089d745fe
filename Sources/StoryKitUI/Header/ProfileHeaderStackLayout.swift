import StoryKit

// MARK: - ProfileHeaderStackLayout

/// Where ``ProfileHeader`` (SwiftUI) puts the avatar and the name in its scroll content, and the
/// model's inputs that follow from it. Plain values (points), tested on Linux.
///
/// From the content's top: a space as tall as the header's bottom less half the avatar, the
/// avatar (a circle ``leading`` from the leading edge, overlapping the header by half its
/// height), the name ``nameSpacing`` below it, then the app's content.
package enum ProfileHeaderStackLayout {
    /// The avatar's and the name's distance from the leading edge, in points.
    package static let leading = 16.0
    /// The space between the avatar and the name, in points.
    package static let nameSpacing = 8.0

    /// The model's inputs: the header from the safe area and heights, the avatar and name where
    /// the content puts them at rest (the content's top is the scroll view's top). The content
    /// is laid out from the result (``StoryKit/StretchyHeader/Layout/avatar``'s top is the
    /// space above the avatar), so what is drawn is what the model is told.
    ///
    /// - Parameters:
    ///   - width: The scroll view's width, in points.
    ///   - safeAreaTop: The safe area's top, in points.
    ///   - headerHeight: The header's full height below the safe-area top, in points.
    ///   - stickyHeight: The stuck header's height below the safe-area top, in points.
    ///   - avatarSize: The avatar's diameter, in points.
    ///   - nameSize: The name's measured size, in points.
    ///   - titleSize: The stuck header's title's measured size, in points.
    package static func layout(width: Double, safeAreaTop: Double, headerHeight: Double, stickyHeight: Double,
                               avatarSize: Double, nameSize: Size, titleSize: Size) -> StretchyHeader.Layout {
        let diameter = avatarSize.isFinite ? Swift.max(0, avatarSize) : 0
        let avatarTop = Swift.max(0, safeAreaTop + Swift.max(0, headerHeight) - diameter / 2)
        return StretchyHeader.Layout(
            width: width, safeAreaTop: safeAreaTop, headerHeight: headerHeight, stickyHeight: stickyHeight,
            avatar: Rect(x: leading, y: avatarTop, width: diameter, height: diameter),
            nameLabel: Rect(x: leading, y: avatarTop + diameter + nameSpacing, width: nameSize.width, height: nameSize.height),
            titleSize: titleSize)
    }
}
