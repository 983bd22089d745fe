#if canImport(UIKit)
import Foundation
import ImageIO
import MotionCore
import StoryMedia
import UIKit

/// The viewer's and the tray's image loader: a file read, a read through the app's
/// `MediaByteSource` or an http(s) download, decoded off the main thread at the size it is shown
/// (``ImageDecodeSize``, with ImageIO's thumbnail call, EXIF orientation applied) into the one
/// bounded memory cache, ``shared``, which empties on a memory warning.
@MainActor
final class StoryImageLoader {
    /// Why an image did not load, as the page shows it.
    typealias Failure = StoryImageBytes.Failure

    /// The decoded images of every loader, by URL and decode size, bounded to 64 MiB of bitmaps
    /// and emptied when the system warns of memory pressure.
    nonisolated static let cache = MemoryImageCache<ImageCacheKey, UIImage>(capacity: 64 << 20)
    /// Empties ``cache`` on `UIApplication.didReceiveMemoryWarningNotification` (for the life of
    /// the process).
    private static let memoryWarnings = cache.removesAll(on: UIApplication.didReceiveMemoryWarningNotification)

    private let session: URLSession
    private let source: (any MediaByteSource)?

    /// A loader that reads http(s) images from `source` when there is one, else downloads them
    /// with `session`; files are read from disk either way.
    init(session: URLSession, source: (any MediaByteSource)? = nil) {
        self.session = session
        self.source = source
        _ = Self.memoryWarnings
    }

    /// Loads the image at `location` and decodes it for a box of `points` at `scale` (aspect
    /// fill), off the main thread: a decode of the same size in ``cache`` is returned at once;
    /// else a remote image is read whole from this loader's byte source
    /// (``StoryMedia/MediaByteSource/data(of:)``) when there is one, which hears when its bytes
    /// cannot be decoded, or downloaded with its session. The decode is kept in ``cache`` under
    /// its URL and pixel size.
    ///
    /// Returns when done or cancelled (a cancelled load throws `CancellationError`).
    nonisolated func image(at location: StoryMediaLocation, points: Size, scale: Double) async throws -> UIImage {
        let key = ImageCacheKey(url: location.url, points: points, scale: scale)
        if let cached = Self.cache.value(for: key) { return cached }
        let data = try await StoryImageBytes.read(location, session: session, source: source)
        try Task.checkCancellation()
        guard let decoded = Self.decode(data, points: points, scale: scale) else {
            if case .remote(let url) = location { await source?.reportUndecodable(url) }
            throw Failure(reason: "The image could not be decoded.")
        }
        Self.cache.insert(decoded.image, for: key, cost: decoded.cost)
        return decoded.image
    }

    /// `data` decoded by ImageIO at the size ``ImageDecodeSize`` gives for a box of `points` at
    /// `scale`: a thumbnail made from the full image, EXIF orientation applied, its pixels decoded
    /// now (not on the main thread at the first draw). Nil when the bytes are not an image.
    private nonisolated static func decode(_ data: Data, points: Size,
                                           scale: Double) -> (image: UIImage, cost: Int)? {
        let options = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let source = CGImageSourceCreateWithData(data as CFData, options),
              CGImageSourceGetCount(source) > 0 else { return nil }
        let size = ImageDecodeSize(imagePixels: pixelSize(of: source), points: points, scale: scale)
        let thumbnail: [CFString: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceThumbnailMaxPixelSize: size.maxPixelSize,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceShouldCacheImmediately: true,
        ]
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnail as CFDictionary) else { return nil }
        let cost = ImageDecodeSize.cost(bytesPerRow: image.bytesPerRow, height: image.height)
        return (UIImage(cgImage: image, scale: CGFloat(Swift.max(scale.isFinite ? scale : 1, 1)), orientation: .up), cost)
    }

    /// The first image's size in pixels, as shown (``ImageDecodeSize/shownPixels(width:height:orientation:)``);
    /// zero when the header does not say.
    private nonisolated static func pixelSize(of source: CGImageSource) -> Size {
        guard let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
              let width = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.doubleValue,
              let height = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.doubleValue else { return .zero }
        return ImageDecodeSize.shownPixels(width: width, height: height,
                                           orientation: (properties[kCGImagePropertyOrientation] as? NSNumber)?.intValue ?? 1)
    }

    /// The avatar at `location` for a box of `points` at `scale`: at once from ``cache``, else
    /// `completion` is called on the main actor once it loads (not at all if it fails).
    ///
    /// - Returns: The cached image, if any.
    func avatar(at location: StoryMediaLocation, points: Size, scale: Double,
                completion: @escaping @MainActor (UIImage) -> Void) -> UIImage? {
        if let cached = Self.cache.value(for: ImageCacheKey(url: location.url, points: points, scale: scale)) { return cached }
        Task {
            guard let image = try? await image(at: location, points: points, scale: scale) else { return }
            completion(image)
        }
        return nil
    }
}
#endif
