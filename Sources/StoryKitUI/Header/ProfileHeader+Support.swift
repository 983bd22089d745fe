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

/// ``ProfileHeader``'s blurred copy of the header image, made once per image and blur with
/// Core Image off the main thread (``ProfileHeaderBlur``).
@MainActor
final class ProfileHeaderBlurStore: ObservableObject {
    /// What a copy is of: the image (by identity) and the blur in its pixels.
    struct Key: Equatable {
        let image: UIImage
        let sigma: Double

        static func == (a: Key, b: Key) -> Bool { a.image === b.image && a.sigma == b.sigma }
    }

    @Published private var made: (key: Key, copy: UIImage)?

    /// The blurred copy of `image` at `sigma` pixels, once made.
    func copy(of image: UIImage, sigma: Double) -> UIImage? {
        guard let made, made.key == Key(image: image, sigma: sigma) else { return nil }
        return made.copy
    }

    /// Makes the blurred copy of `image` (standard deviation `sigma` pixels of the image, the
    /// model's ``StoryKit/ProfileHeaderModel/blurSigma(imagePixels:)``) unless it is made already.
    func makeBlurredCopy(of image: UIImage, sigma: Double) async {
        let key = Key(image: image, sigma: sigma)
        guard made?.key != key, let bitmap = image.cgImage else { return }
        let blurred = await Task.detached(priority: .userInitiated) { ProfileHeaderBlur.blurred(bitmap, sigma: sigma) }.value
        guard !Task.isCancelled, let blurred else { return }
        made = (key, UIImage(cgImage: blurred, scale: image.scale, orientation: image.imageOrientation))
    }
}
#endif
