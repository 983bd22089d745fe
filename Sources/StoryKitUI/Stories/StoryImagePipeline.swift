import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MotionCore
import StoryMedia

// MARK: - StoryImagePipeline

/// The viewer's and the tray's image loading in plain Swift, over a platform's decoder: the
/// cache first, then the bytes (``StoryImageBytes``: a file read, a read through the app's
/// `MediaByteSource` or an http(s) download), then a decode off the main thread for the box the
/// image is shown in, kept in a bounded memory cache under its URL and box
/// (``ImageCacheKey``). ``StoryImageLoader`` is the iOS one (`UIImage`s decoded by ImageIO);
/// tests give it a decoder of their own. Tested on Linux.
@MainActor
package class StoryImagePipeline<Image: Sendable> {
    /// Why an image did not load, as the page shows it.
    typealias Failure = StoryImageBytes.Failure
    /// Decodes an image's bytes for a box of `points` (points) at `scale` (pixels per point),
    /// off the main thread: the image and the memory it takes, in bytes; `nil` when the bytes are
    /// not an image.
    package typealias Decode = @Sendable (_ data: Data, _ points: Size, _ scale: Double) -> (image: Image, cost: Int)?

    private let session: URLSession
    private let source: (any MediaByteSource)?
    private let cache: MemoryImageCache<ImageCacheKey, Image>
    private let decode: Decode

    /// A pipeline that reads http(s) images from `source` when there is one, else downloads them
    /// with `session` (files are read from disk either way), decodes them with `decode` and keeps
    /// the decodes in `cache`.
    init(session: URLSession, source: (any MediaByteSource)?, cache: MemoryImageCache<ImageCacheKey, Image>,
         decode: @escaping Decode) {
        // Internal, not package: a package initialiser that the internal iOS subclass does not
        // inherit makes Swift 6.3 warn of an infinite recursion there.
        self.session = session
        self.source = source
        self.cache = cache
        self.decode = decode
    }

    /// Loads the image at `location` and decodes it for a box of `points` at `scale` (aspect
    /// fill), off the main thread: a decode of the same size in the cache is returned at once;
    /// else a remote image is read whole from this loader's byte source
    /// (``StoryMedia/MediaByteSource/data(of:)``) when there is one, which hears when its bytes
    /// cannot be decoded, or downloaded with its session. The decode is kept in the cache under
    /// its URL and pixel size.
    ///
    /// Returns when done or cancelled (a cancelled load throws `CancellationError`).
    nonisolated func image(at location: StoryMediaLocation, points: Size, scale: Double) async throws -> Image {
        let key = ImageCacheKey(url: location.url, points: points, scale: scale)
        if let cached = cache.value(for: key) { return cached }
        let data = try await StoryImageBytes.read(location, session: session, source: source)
        try Task.checkCancellation()
        guard let decoded = decode(data, points, scale) else {
            if case .remote(let url) = location { await source?.reportUndecodable(url) }
            throw Failure(reason: "The image could not be decoded.")
        }
        cache.insert(decoded.image, for: key, cost: decoded.cost)
        return decoded.image
    }

    /// The avatar at `location` for a box of `points` at `scale`: at once from the cache, else
    /// `completion` is called on the main actor once it loads (not at all if it fails).
    ///
    /// - Returns: The cached image, if any.
    func avatar(at location: StoryMediaLocation, points: Size, scale: Double,
                completion: @escaping @MainActor (Image) -> Void) -> Image? {
        if let cached = cache.value(for: ImageCacheKey(url: location.url, points: points, scale: scale)) { return cached }
        Task {
            guard let image = try? await image(at: location, points: points, scale: scale) else { return }
            completion(image)
        }
        return nil
    }
}
