import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StoryMedia

// MARK: - StoryResourceLoad

/// One loading request of ``StoryResourceLoader``, served from a `MediaByteSource`: the order of
/// reads and answers as plain values, tested on Linux with a fake source and responder.
///
/// ``run(source:responder:)``:
/// 1. asks the source for the media's ``StoryMedia/MediaInfo`` (length, MIME type, ranges);
/// 2. for an HLS stream (by MIME type or path extension), stops: the player is sent to the
///    original URL (``Outcome/redirected(_:)``), since a playlist is not served from the cache;
/// 3. if the request wants it, gives the information (`contentInformationRequest`);
/// 4. reads the data request's ``StoryResourceRequest/chunks(length:)`` one after another and
///    hands each over as it arrives; a chunk shorter than asked (the media is shorter than its
///    stated length) is handed over and fails the load, so a player never asks for it again and
///    again;
/// 5. finishes.
///
/// A cancelled task (the player cancelled the request, or the viewer closed) stops between two
/// reads and hands nothing more over: ``Outcome/cancelled``. An error from the source is
/// ``Outcome/failed(_:)``.
package struct StoryResourceLoad: Sendable {
    /// How a load ended, for the loading request to be finished accordingly.
    package enum Outcome: Sendable {
        /// Everything asked for was handed over: `finishLoading()`.
        case finished
        /// The source failed, or the media ended early: `finishLoading(with:)`.
        case failed(any Error)
        /// The task was cancelled: nothing more to do if the player cancelled the request.
        case cancelled
        /// The media is an HLS stream: redirect the request to this, its original URL.
        case redirected(URL)
    }

    /// The media ended before its stated length.
    package struct ShortMedia: Error, Sendable, Hashable {
        /// Where the bytes ended.
        package var end: Int
        /// The length the source stated.
        package var statedLength: Int
    }

    /// The media's original http(s) URL.
    package var url: URL
    /// Whether the request wants the media's length and type.
    package var wantsInformation: Bool
    /// The bytes it wants, if any.
    package var data: StoryResourceRequest?

    /// A load of `url` for a request that wants information and `data`.
    package init(url: URL, wantsInformation: Bool, data: StoryResourceRequest?) {
        self.url = url
        self.wantsInformation = wantsInformation
        self.data = data
    }

    /// The load a loading request asks for, or `nil` when its URL is not one that
    /// ``StoryResourceURL/assetURL(for:)`` made (the loader declines it: the player fails it).
    ///
    /// - Parameters:
    ///   - assetURL: The loading request's URL.
    ///   - wantsInformation: Whether the request wants the media's length and type.
    ///   - data: The bytes it wants, if any.
    package init?(assetURL: URL?, wantsInformation: Bool, data: StoryResourceRequest?) {
        guard let assetURL, let url = StoryResourceURL.originalURL(of: assetURL) else { return nil }
        self.init(url: url, wantsInformation: wantsInformation, data: data)
    }

    /// Reads from `source` and answers through `responder`; see the type's description.
    ///
    /// - Returns: How it ended; the caller finishes the loading request.
    package func run(source: any MediaByteSource, responder: some StoryResourceResponder) async -> Outcome {
        do {
            let info = try await source.info(for: url)
            if Task.isCancelled { return .cancelled }
            if StoryMediaType.isStream(mimeType: info.contentType, pathExtension: url.pathExtension) { return .redirected(url) }
            if wantsInformation { responder.provide(info) }
            for range in data?.chunks(length: info.length) ?? [] {
                let bytes = try await source.bytes(of: url, in: range)
                if Task.isCancelled { return .cancelled }
                if !bytes.isEmpty { responder.respond(with: bytes.count > range.count ? Array(bytes.prefix(range.count)) : bytes) }
                if bytes.count < range.count {
                    return .failed(ShortMedia(end: range.lowerBound + bytes.count, statedLength: info.length))
                }
            }
            return .finished
        } catch {
            return Task.isCancelled || error is CancellationError ? .cancelled : .failed(error)
        }
    }
}

// MARK: - StoryResourceResponder

/// What a ``StoryResourceLoad`` answers to: an `AVAssetResourceLoadingRequest` on Apple
/// platforms, a recorder in tests. Called from the load's task, in order.
package protocol StoryResourceResponder: Sendable {
    /// The media's length, type and whether it serves ranges (once, before any bytes).
    func provide(_ info: MediaInfo)
    /// The next bytes of the data request, in order.
    func respond(with bytes: [UInt8])
}

// MARK: - StoryResourceLoad.Outcome + Finishing

extension StoryResourceLoad.Outcome {
    /// The error domain of a failed load's error (``finishingError``).
    package static let errorDomain = "StoryKitUI.StoryResourceLoader"

    /// For ``redirected(_:)``, the request the loading request is sent to and the response it is
    /// given (`302 Found` with a `Location` header of the original URL); `nil` otherwise.
    package var redirection: (request: URLRequest, response: HTTPURLResponse?)? {
        guard case .redirected(let url) = self else { return nil }
        let response = HTTPURLResponse(url: url, statusCode: 302, httpVersion: nil,
                                       headerFields: ["Location": url.absoluteString])
        return (URLRequest(url: url), response)
    }

    /// The error the loading request is finished with (`finishLoading(with:)`); `nil` to finish
    /// it normally (`finishLoading()`, after the redirect for ``redirected(_:)``).
    ///
    /// A failure is an error of ``errorDomain`` that the player can show ("The video could not be
    /// loaded.") with the source's error underneath; a cancellation is `NSURLErrorCancelled`.
    package var finishingError: NSError? {
        switch self {
        case .finished, .redirected:
            nil
        case .failed(let error):
            NSError(domain: Self.errorDomain, code: 1, userInfo: [
                NSLocalizedDescriptionKey: "The video could not be loaded.",
                NSUnderlyingErrorKey: error as NSError,
            ])
        case .cancelled:
            NSError(domain: NSURLErrorDomain, code: NSURLErrorCancelled)
        }
    }
}
