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

// MARK: - ProfileHeaderModelCache

/// ``ProfileHeader``'s model, rebuilt only when its layout or configuration changes (the body
/// is evaluated on every scroll step; the tracks are built once per layout).
final class ProfileHeaderModelCache {
    private var model: ProfileHeaderModel?

    /// The model for `layout` and `configuration`, the previous one if they are the same.
    func model(_ layout: ProfileHeaderModel.Layout, configuration: ProfileHeaderModel.Configuration) -> ProfileHeaderModel {
        if let model, model.layout == layout, model.configuration == configuration { return model }
        let made = ProfileHeaderModel(layout: layout, configuration: configuration)
        model = made
        return made
    }
}

// MARK: - ProfileHeaderBlurStore

/// ``ProfileHeader``'s blurred copy of the header image, made once per ``ProfileHeaderBlurKey``
/// (content and blur) with Core Image off the main thread (``ProfileHeaderBlur``); the copy shown
/// stays until the new one is ready (``ProfileHeaderBlurCache``).
@MainActor
final class ProfileHeaderBlurStore: ObservableObject {
    /// The copy on screen, nil before the first.
    @Published private(set) var shownCopy: UIImage?
    private var cache = ProfileHeaderBlurCache()
    /// The last image's content, measured once per instance (the body asks for it on each layout).
    private var measured: (image: UIImage, id: String?, content: ProfileHeaderBlurKey.Content)?

    /// The key of `image`'s copy at `sigma` pixels: its `id`, else its bitmap's size, scale and
    /// sampled hash.
    func key(for image: UIImage, id: String?, sigma: Double) -> ProfileHeaderBlurKey {
        if let measured, measured.image === image, measured.id == id {
            return ProfileHeaderBlurKey(content: measured.content, sigma: sigma)
        }
        let content: ProfileHeaderBlurKey.Content
        if let id {
            content = .id(id)
        } else if let bitmap = image.cgImage {
            content = ProfileHeaderController.content(of: bitmap, scale: Double(image.scale), id: nil)
        } else {
            content = .pixels(width: 0, height: 0, scale: Double(image.scale), hash: 0)
        }
        measured = (image, id, content)
        return ProfileHeaderBlurKey(content: content, sigma: sigma)
    }

    /// Makes the copy of `image` for `key` unless it is shown or being made already.
    func makeBlurredCopy(of image: UIImage, key: ProfileHeaderBlurKey) async {
        guard let bitmap = image.cgImage, cache.request(key) else { return }
        let sigma = key.sigma
        let blurred = await Task.detached(priority: .userInitiated) { ProfileHeaderBlur.blurred(bitmap, sigma: sigma) }.value
        guard !Task.isCancelled, let blurred else { return cache.failed(key) }
        guard cache.finished(key) else { return }
        shownCopy = UIImage(cgImage: blurred, scale: image.scale, orientation: image.imageOrientation)
    }
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
