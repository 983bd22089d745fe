#if canImport(UIKit)
import Foundation
import UIKit

/// The viewer's simple image loader: a file read or an http(s) download, decoded off the main
/// thread, with a small memory cache of avatars. (The prioritised pipeline with its disk cache
/// replaces it in the next issue.)
@MainActor
final class StoryImageLoader {
    /// Why an image did not load, as the page shows it.
    struct Failure: Error, Sendable {
        var reason: String
    }

    private let session: URLSession
    private var avatars: [URL: UIImage] = [:]

    init(session: URLSession) {
        self.session = session
    }

    /// Loads and decodes the image at `location`, off the main thread.
    ///
    /// Returns when done or cancelled (a cancelled load throws `CancellationError`).
    nonisolated static func load(_ location: StoryMediaLocation, session: URLSession) async throws -> UIImage {
        let data: Data
        switch location {
        case .file(let url):
            do { data = try Data(contentsOf: url, options: .mappedIfSafe) } catch {
                throw Failure(reason: "The image file could not be read.")
            }
        case .remote(let url):
            let (body, response) = try await session.data(from: url)
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                throw Failure(reason: "The image could not be downloaded (HTTP \(http.statusCode)).")
            }
            data = body
        }
        try Task.checkCancellation()
        guard let image = UIImage(data: data) else { throw Failure(reason: "The image could not be decoded.") }
        // Decoded here, not on the main thread at the first draw.
        return await image.byPreparingForDisplay() ?? image
    }

    /// The avatar at `location`: at once from the cache, else `completion` is called on the
    /// main actor once it loads (not at all if it fails).
    ///
    /// - Returns: The cached image, if any.
    func avatar(at location: StoryMediaLocation, completion: @escaping @MainActor (UIImage) -> Void) -> UIImage? {
        if let cached = avatars[location.url] { return cached }
        let session = self.session
        Task { [weak self] in
            guard let image = try? await Self.load(location, session: session) else { return }
            self?.avatars[location.url] = image
            completion(image)
        }
        return nil
    }
}
#endif
