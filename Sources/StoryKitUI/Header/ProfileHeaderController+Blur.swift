#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - ProfileHeaderController + Blur

extension ProfileHeaderController {
    /// A new header image: measures its content key once (``ProfileHeaderBlurKey``) and asks for
    /// its blurred copy; the old copy stays until the new one is ready, and the same picture in a
    /// new instance (or with the same ``headerImageID``) is not blurred again.
    func startBlur() {
        guard let image = headerImage, let bitmap = image.cgImage else {
            blurTask?.cancel()
            blurCache.reset()
            imageContent = nil
            header.blurredImageView.image = nil
            return
        }
        imageContent = Self.content(of: bitmap, scale: Double(image.scale), id: headerImageID)
        startBlurIfNeeded()
    }

    /// Blurs the header image once for the model's current blur (in the image's pixels, as it is
    /// shown), unless that copy is shown or being made: a new image, radius or width blurs again,
    /// scrolling never does.
    func startBlurIfNeeded() {
        guard let model, let image = headerImage, let bitmap = image.cgImage, let imageContent else { return }
        let pixels = Size(width: Double(bitmap.width), height: Double(bitmap.height))
        let key = ProfileHeaderBlurKey(content: imageContent, sigma: model.blurSigma(imagePixels: pixels))
        guard blurCache.request(key) else { return }
        blurTask?.cancel()
        let sigma = key.sigma
        blurTask = Task { [weak self] in
            let blurred = await Task.detached(priority: .userInitiated) {
                ProfileHeaderBlur.blurred(bitmap, sigma: sigma)
            }.value
            guard let self else { return }
            guard let blurred else { return self.blurCache.failed(key) }
            guard self.blurCache.finished(key) else { return }
            self.header.blurredImageView.image = UIImage(cgImage: blurred, scale: image.scale, orientation: image.imageOrientation)
        }
    }

    /// The content half of a blur key: the app's id, else the bitmap's pixel size, scale and a
    /// sampled hash of its bytes (read once per image, not per scroll step).
    static func content(of bitmap: CGImage, scale: Double, id: String?) -> ProfileHeaderBlurKey.Content {
        if let id { return .id(id) }
        var hash: UInt64 = 0
        if let data = bitmap.dataProvider?.data, let bytes = CFDataGetBytePtr(data) {
            hash = ProfileHeaderBlurKey.contentHash(UnsafeRawBufferPointer(start: bytes, count: CFDataGetLength(data)))
        }
        return .pixels(width: bitmap.width, height: bitmap.height, scale: scale, hash: hash)
    }
}
#endif
