import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StoryMedia

// MARK: - StoryImageBytes

/// An image's bytes for ``StoryImageLoader``: read from disk, through the app's
/// `MediaByteSource`, or downloaded; with the failures the page shows. No UIKit here.
enum StoryImageBytes {
    /// Why an image did not load, as the page shows it.
    struct Failure: Error, Sendable {
        /// The sentence shown.
        var reason: String
    }

    /// The image's bytes at `location`: read from disk, through `source`, or downloaded with `session`.
    static func read(_ location: StoryMediaLocation, session: URLSession,
                     source: (any MediaByteSource)?) async throws -> Data {
        switch location {
        case .file(let url):
            do { return try Data(contentsOf: url, options: .mappedIfSafe) } catch {
                throw Failure(reason: "The image file could not be read.")
            }
        case .remote(let url):
            if let source {
                do { return Data(try await source.data(of: url)) } catch {
                    if Task.isCancelled || error is CancellationError { throw CancellationError() }
                    throw Failure(reason: "The image could not be loaded.")
                }
            }
            let (body, response) = try await session.data(from: url)
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                throw Failure(reason: "The image could not be downloaded (HTTP \(http.statusCode)).")
            }
            return body
        }
    }
}
