#if canImport(SwiftUI) && canImport(UIKit)
import StoryKit
import SwiftUI
import UIKit

// MARK: - ProfileHeader + Preferences

/// The content's top in ``ProfileHeader``'s scroll view, in points: 0 at rest, positive pulled
/// down (the offset is its negation).
struct ProfileHeaderOffsetKey: PreferenceKey {
    /// The scroll view's coordinate space.
    static let space = "StoryKitUI.ProfileHeader.scroll"
    static let defaultValue: CGFloat = 0
    static func reduce(value: inout CGFloat, nextValue: () -> CGFloat) { value = nextValue() }
}

/// The size of ``ProfileHeader``'s name under the avatar, in points.
struct ProfileHeaderNameSizeKey: PreferenceKey {
    static let defaultValue: CGSize = .zero
    static func reduce(value: inout CGSize, nextValue: () -> CGSize) { value = nextValue() }
}

/// The size of ``ProfileHeader``'s title in the stuck header, in points.
struct ProfileHeaderTitleSizeKey: PreferenceKey {
    static let defaultValue: CGSize = .zero
    static func reduce(value: inout CGSize, nextValue: () -> CGSize) { value = nextValue() }
}

// MARK: - ProfileHeaderScrollState

/// ``ProfileHeader``'s scroll offset from rest, in points: set on every scroll step and watched
/// only by ``ProfileHeaderLayer`` and ``ProfileHeaderAvatar``, so a step re-evaluates those two.
@MainActor
final class ProfileHeaderScrollState: ObservableObject {
    @Published var offset: CGFloat = 0
}

/// Whether ``ProfileHeader``'s header is in front of the scroll view; published only when it
/// flips, so the container's body (and the app's content) is re-evaluated then and not per step.
@MainActor
final class ProfileHeaderOrderState: ObservableObject {
    @Published private(set) var isHeaderInFront = false

    /// Records the model's order, publishing only a change.
    func update(_ inFront: Bool) {
        if inFront != isHeaderInFront { isHeaderInFront = inFront }
    }
}
#endif
