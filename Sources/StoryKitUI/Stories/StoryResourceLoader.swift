#if canImport(AVFoundation)
import AVFoundation
import Foundation
import StoryMedia
import UniformTypeIdentifiers

/// Serves `AVURLAsset`s whose URLs use the `storykit-http(s)` scheme (``StoryResourceURL``) from
/// a `MediaByteSource`: a video's bytes come from the app's cache, or are fetched into it, instead
/// of being downloaded by AVFoundation on its own.
///
/// ```swift
/// let loader = StoryResourceLoader(source: pipeline)
/// let asset = AVURLAsset(url: StoryResourceURL.assetURL(for: videoURL)!)
/// asset.resourceLoader.setDelegate(loader, queue: loader.queue)   // held weakly: keep the loader
/// ```
///
/// Each loading request is served by its own task (``StoryResourceLoad``): the content
/// information request gets the media's length, its Uniform Type Identifier (`public.mpeg-4` for
/// `video/mp4`; ``StoryMediaType``, then the system's type database, then MPEG-4) and whether
/// ranges can be read; the data request gets its bytes in chunks of ``chunkLength`` as they
/// arrive, to the end of the media when it asks for everything
/// (`requestsAllDataToEndOfResource`). A request the player cancels (`didCancel`) cancels its
/// task. Every answer, finish and cancellation happens on ``queue``
/// (``StoryResourceServer``): a cancelled request is never answered, a request is finished once.
/// A failure finishes the request with an `NSError` whose underlying error is the
/// source's. An HLS playlist (known only from its MIME type) is redirected to its original URL.
///
/// HLS streams with an `.m3u8` path never come here: ``StoryVideoRoute`` gives them to the
/// player with their own URL, uncached.
final class StoryResourceLoader: NSObject, AVAssetResourceLoaderDelegate, @unchecked Sendable {
    /// The most bytes handed to a data request at once.
    let chunkLength: Int
    /// The queue AVFoundation calls the delegate on (pass it to `setDelegate(_:queue:)`).
    let queue = DispatchQueue(label: "StoryKitUI.StoryResourceLoader")

    /// The requests being served, answered on ``queue``.
    private let server: StoryResourceServer<LoadingRequest>

    /// A loader reading from `source`.
    ///
    /// - Parameters:
    ///   - source: The media's bytes by range.
    ///   - chunkLength: Bytes per answer to a data request, 256 KiB by default.
    init(source: any MediaByteSource, chunkLength: Int = StoryResourceRequest.defaultChunkLength) {
        self.chunkLength = Swift.max(chunkLength, 1)
        server = StoryResourceServer(source: source, queue: queue)
    }

    /// Cancels every request being served (the viewer closed); each is finished with a
    /// cancellation error unless the player cancelled it already. From any thread: the work
    /// happens on ``queue``.
    func cancelAll() {
        server.finishAll()
    }

    // MARK: - StoryResourceLoader + AVAssetResourceLoaderDelegate

    func resourceLoader(_ resourceLoader: AVAssetResourceLoader,
                        shouldWaitForLoadingOfRequestedResource loadingRequest: AVAssetResourceLoadingRequest) -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        let data = loadingRequest.dataRequest.map {
            StoryResourceRequest(requestedOffset: $0.requestedOffset, requestedLength: $0.requestedLength,
                                 currentOffset: $0.currentOffset, toEnd: $0.requestsAllDataToEndOfResource,
                                 chunkLength: chunkLength)
        }
        let wantsInformation = loadingRequest.contentInformationRequest != nil
        guard let load = StoryResourceLoad(assetURL: loadingRequest.request.url, wantsInformation: wantsInformation, data: data) else { return false }
        server.begin(LoadingRequest(request: loadingRequest), id: ObjectIdentifier(loadingRequest), load: load)
        return true
    }

    func resourceLoader(_ resourceLoader: AVAssetResourceLoader, didCancel loadingRequest: AVAssetResourceLoadingRequest) {
        dispatchPrecondition(condition: .onQueue(queue))
        server.cancel(id: ObjectIdentifier(loadingRequest))
    }
}

// MARK: - LoadingRequest

/// One `AVAssetResourceLoadingRequest`, answered and finished only on the loader's queue, and
/// only while ``StoryResourceRequestTable`` says it is pending.
private struct LoadingRequest: StoryResourceAnswering, @unchecked Sendable {
    let request: AVAssetResourceLoadingRequest

    func provide(_ info: MediaInfo) {
        guard let content = request.contentInformationRequest else { return }
        content.contentLength = Int64(info.length)
        content.contentType = StoryMediaType.uniformTypeIdentifier(
            mimeType: info.contentType, pathExtension: request.request.url?.pathExtension ?? "",
            fallback: UTType.mpeg4Movie.identifier, forMIME: { UTType(mimeType: $0)?.identifier },
            forExtension: { UTType(filenameExtension: $0)?.identifier })
        content.isByteRangeAccessSupported = info.servesRanges
    }

    func respond(with bytes: [UInt8]) {
        request.dataRequest?.respond(with: Data(bytes))
    }

    /// Finishes the request as the load ended (``StoryResourceLoad/Outcome/redirection`` and
    /// ``StoryResourceLoad/Outcome/finishingError``).
    func finish(_ outcome: StoryResourceLoad.Outcome) {
        if let redirection = outcome.redirection {
            request.redirect = redirection.request
            request.response = redirection.response
        }
        guard let error = outcome.finishingError else { return request.finishLoading() }
        request.finishLoading(with: error)
    }
}
#endif
