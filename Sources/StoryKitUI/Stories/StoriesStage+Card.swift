import StoryKit

// MARK: - StoriesStage + Card

extension StoriesStage {
    /// The viewer's layout in a view of `bounds` (the controller's root view): the page full
    /// screen on the safe area's height (``frame(bounds:safeAreaTop:safeAreaBottom:)``), or a
    /// centred 9:16 card in it on a regular width or in landscape
    /// (``StoryKit/StoriesViewer/CardLayout``). The stage view takes ``StoryKit/StoriesViewer/CardLayout/card``
    /// as its frame; the model takes the whole layout.
    ///
    /// - Parameters:
    ///   - bounds: The view's bounds, in points (origin at zero).
    ///   - safeAreaTop: The safe area's top inset, in points.
    ///   - safeAreaBottom: The safe area's bottom inset, in points.
    ///   - horizontalSizeClass: UIKit's `UIUserInterfaceSizeClass.rawValue` (0 unspecified, 1
    ///     compact, 2 regular).
    package static func layout(bounds: Rect, safeAreaTop: Double, safeAreaBottom: Double,
                               horizontalSizeClass: Int) -> StoriesViewer.CardLayout {
        let safeArea = frame(bounds: bounds, safeAreaTop: safeAreaTop, safeAreaBottom: safeAreaBottom)
        return StoriesViewer.CardLayout(screen: bounds.size, safeArea: safeArea,
                                        horizontalSizeClass: sizeClass(uiKitRawValue: horizontalSizeClass))
    }

    /// The size class for UIKit's `UIUserInterfaceSizeClass.rawValue`: 1 compact, 2 regular,
    /// anything else unspecified.
    package static func sizeClass(uiKitRawValue value: Int) -> StoriesViewer.CardLayout.SizeClass {
        switch value {
        case 1: .compact
        case 2: .regular
        default: .unspecified
        }
    }
}

// MARK: - StoriesSession + Card

extension StoriesSession {
    /// A layout gave the viewer `layout` (full screen or a card, after a layout pass, a
    /// rotation or a split-view resize): the change when it differs from the model's, else
    /// `nil`. Nothing restarts: the user, the item and its progress stay.
    ///
    /// - Parameters:
    ///   - layout: The stage's layout (``StoriesStage/layout(bounds:safeAreaTop:safeAreaBottom:horizontalSizeClass:)``).
    ///   - viewer: The model.
    package func layout(_ layout: StoriesViewer.CardLayout, in viewer: StoriesViewer) -> [Change]? {
        viewer.cardLayout == layout ? nil : [.layout(layout)]
    }
}
