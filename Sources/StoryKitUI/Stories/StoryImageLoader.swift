#if canImport(UIKit)
import Foundation
import StoryMedia
import UIKit

/// The viewer's simple image loader: a file read, a read through the app's `MediaByteSource`
/// or an http(s) download, decoded off the main thread, with a small memory cache of avatars.
/// (The prioritised pipeline with its memory cache of decoded images replaces it later.)
@MainActor
final class StoryImageLoader {
    /// Why an image did not load, as the page shows it.
    struct Failure: Error, Sendable {
        var reason: String
    }

    private let session: URLSession
    private let source: (any MediaByteSource)?
    private var avatars: [URL: UIImage] = [:]

    /// A loader that reads http(s) images from `source` when there is one, else downloads them
    /// with `session`; files are read from disk either way.
    init(session: URLSession, source: (any MediaByteSource)? = nil) {
        self.session = session
        self.source = source
    }

    /// Loads and decodes the image at `location`, off the main thread, through this loader's
    /// byte source or session.
    ///
    /// Returns when done or cancelled (a cancelled load throws `CancellationError`).
    nonisolated func image(at location: StoryMediaLocation) async throws -> UIImage {
        try await Self.load(location, session: session, source: source)
    }

    /// Loads and decodes the image at `location`, off the main thread: a remote image is read
    /// whole from `source` (``StoryMedia/MediaByteSource/data(of:)``) when there is one, which
    /// hears when its bytes cannot be decoded; else it is downloaded with `session`.
    ///
    /// Returns when done or cancelled (a cancelled load throws `CancellationError`).
    nonisolated static func load(_ location: StoryMediaLocation, session: URLSession,
                                 source: (any MediaByteSource)? = nil) async throws -> UIImage {
        let data: Data
        switch location {
        case .file(let url):
            do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch {
                throw Failure(reason: "The image file could not be read.")
            }
        case .remote(let url):
            if let source {
                do {
                    data = Data(try await source.data(of: url))
                } catch {
                    if Task.isCancelled || error is CancellationError { throw CancellationError() }
                    throw Failure(reason: "The image could not be loaded.")
                }
            } else {
                let (body, response) = try await session.data(from: url)
                if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                    throw Failure(reason: "The image could not be downloaded (HTTP \(http.statusCode)).")
                }
                data = body
            }
        }
        try Task.checkCancellation()
        guard let image = UIImage(data: data) else {
            if case .remote(let url) = location { await source?.reportUndecodable(url) }
            throw Failure(reason: "The image could not be decoded.")
        }
        // Decoded here, not on the main thread at the first draw.
        return await image.byPreparingForDisplay() ?? image
    }

    /// The avatar at `location`: at once from the cache, else `completion` is called on the
    /// main actor once it loads (not at all if it fails).
    ///
    /// - Returns: The cached image, if any.
    func avatar(at location: StoryMediaLocation, completion: @escaping @MainActor (UIImage) -> Void) -> UIImage? {
        if let cached = avatars[location.url] { return cached }
        Task { [weak self, session, source] in
            guard let image = try? await Self.load(location, session: session, source: source) else { return }
            self?.avatars[location.url] = image
            completion(image)
        }
        return nil
    }
}
#endif
