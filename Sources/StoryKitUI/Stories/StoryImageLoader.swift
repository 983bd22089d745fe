#if canImport(UIKit)
import Foundation
import ImageIO
import MotionCore
import StoryMedia
import UIKit

/// The viewer's and the tray's image loader: a ``StoryImagePipeline`` of `UIImage`s (a file read,
/// a read through the app's `MediaByteSource` or an http(s) download), decoded off the main
/// thread at the size it is shown (``ImageDecodeSize``, with ImageIO's thumbnail call, EXIF
/// orientation applied) into the one bounded memory cache, ``cache``, which empties on a memory
/// warning.
@MainActor
final class StoryImageLoader: StoryImagePipeline<UIImage> {
    /// The decoded images of every loader, by URL and decode size, bounded to 64 MiB of bitmaps
    /// and emptied when the system warns of memory pressure.
    nonisolated static let cache = MemoryImageCache<ImageCacheKey, UIImage>(capacity: 64 << 20)
    /// The images that viewers on screen show now and next: a memory warning keeps them.
    nonisolated static let protection = ImageCacheProtection()
    /// Empties ``cache`` but for what ``protection`` protects on
    /// `UIApplication.didReceiveMemoryWarningNotification` (for the life of the process).
    private static let memoryWarnings = cache.removesAll(on: UIApplication.didReceiveMemoryWarningNotification,
                                                         keeping: { protection.keeps($0) })

    /// A loader that reads http(s) images from `source` when there is one, else downloads them
    /// with `session`; files are read from disk either way.
    init(session: URLSession, source: (any MediaByteSource)? = nil) {
        _ = Self.memoryWarnings
        super.init(session: session, source: source, cache: Self.cache, decode: Self.decode)
    }

    /// `data` decoded by ImageIO at the size ``ImageDecodeSize`` gives for a box of `points` at
    /// `scale`: a thumbnail made from the full image, EXIF orientation applied, its pixels decoded
    /// now (not on the main thread at the first draw). Nil when the bytes are not an image.
    private nonisolated static func decode(_ data: Data, points: Size,
                                           scale: Double) -> (image: UIImage, cost: Int)? {
        let options = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let source = CGImageSourceCreateWithData(data as CFData, options),
              CGImageSourceGetCount(source) > 0 else { return nil }
        let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any] ?? [:]
        let size = ImageDecodeSize(imagePixels: ImageDecodeSize.shownPixels(properties: properties), points: points, scale: scale)
        let thumbnail: [CFString: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceThumbnailMaxPixelSize: size.maxPixelSize,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceShouldCacheImmediately: true,
        ]
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnail as CFDictionary) else { return nil }
        let cost = ImageDecodeSize.cost(bytesPerRow: image.bytesPerRow, height: image.height)
        return (UIImage(cgImage: image, scale: CGFloat(ImageDecodeSize.pixelsPerPoint(scale)), orientation: .up), cost)
    }
}
#endif
