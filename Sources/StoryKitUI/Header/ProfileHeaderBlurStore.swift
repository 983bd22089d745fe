#if canImport(UIKit)
import Combine
import StoryKit
import UIKit

// MARK: - ProfileHeaderBlurStore

/// The blurred copy of the header image for both front-ends (``ProfileHeaderController`` and
/// ``ProfileHeader``): made once per ``ProfileHeaderBlurKey`` (content and blur) with Core Image
/// off the main thread (``ProfileHeaderBlur``); the copy shown stays until the new one is ready
/// (``ProfileHeaderBlurCache`` decides).
@MainActor
final class ProfileHeaderBlurStore: ObservableObject {
    /// The copy on screen, nil before the first (or without an image).
    @Published private(set) var shownCopy: UIImage? {
        didSet { onShow?(shownCopy) }
    }
    /// Called with each new copy on screen (the UIKit front-end sets its image view's image).
    var onShow: (@MainActor (UIImage?) -> Void)?
    private var cache = ProfileHeaderBlurCache()
    /// The last image's content, measured once per instance (not per scroll step or layout).
    private var measured = ProfileHeaderBlurContentMemo<UIImage>()
    /// The copy being made for the UIKit front-end, cancelled when another is asked for.
    private var task: Task<Void, Never>?

    /// The key of `image`'s copy as `model` shows it: its `id`, else its bitmap's size, scale and
    /// sampled hash, with the blur in its displayed pixels.
    func key(for image: UIImage, id: String?, model: StretchyHeader) -> ProfileHeaderBlurKey {
        let content = measured.content(of: image, id: id) { Self.content(of: image, id: id) }
        return ProfileHeaderBlurKey(content: content, model: model, imageSize: Size(image.size), scale: Double(image.scale))
    }

    /// Makes the copy of `image` for `key` unless it is shown or being made already (SwiftUI:
    /// run from `.task(id: key)`, which cancels it when the key changes).
    func makeBlurredCopy(of image: UIImage, key: ProfileHeaderBlurKey) async {
        guard image.cgImage != nil, cache.request(key) else { return }
        await make(image, key, job: cache.job)
    }

    /// Asks for the copy of `image` as `model` shows it, started at once unless it is shown or
    /// being made (UIKit: on a new image and a new model); without an image (or a bitmap) the
    /// copy is removed.
    func show(_ image: UIImage?, id: String?, model: StretchyHeader?) {
        guard let image, image.cgImage != nil else {
            task?.cancel()
            cache.reset()
            measured.reset()
            shownCopy = nil
            return
        }
        guard let model else { return }
        let key = key(for: image, id: id, model: model)
        guard cache.request(key) else { return }
        task?.cancel()
        let job = cache.job
        task = Task { [weak self] in await self?.make(image, key, job: job) }
    }

    /// Blurs `image` off the main thread and shows the copy if `key` is still the one asked for.
    private func make(_ image: UIImage, _ key: ProfileHeaderBlurKey, job: Int) async {
        guard let bitmap = image.cgImage else { return cache.failed(key, job: job) }
        let sigma = key.sigma
        let blurred = await Task.detached(priority: .userInitiated) { ProfileHeaderBlur.blurred(bitmap, sigma: sigma) }.value
        guard !Task.isCancelled, let blurred else { return cache.failed(key, job: job) }
        guard cache.finished(key, job: job) else { return }
        shownCopy = UIImage(cgImage: blurred, scale: image.scale, orientation: image.imageOrientation)
    }

    /// The content half of a blur key: the app's id, else the bitmap's pixel size, scale and a
    /// sampled hash of its bytes (read once per image).
    private static func content(of image: UIImage, id: String?) -> ProfileHeaderBlurKey.Content {
        if let id { return .id(id) }
        guard let bitmap = image.cgImage else { return .pixels(width: 0, height: 0, scale: Double(image.scale), hash: 0) }
        var hash: UInt64 = 0
        if let data = bitmap.dataProvider?.data, let bytes = CFDataGetBytePtr(data) {
            hash = ProfileHeaderBlurKey.contentHash(UnsafeRawBufferPointer(start: bytes, count: CFDataGetLength(data)))
        }
        return .pixels(width: bitmap.width, height: bitmap.height, scale: Double(image.scale), hash: hash)
    }
}
#endif
