import Foundation

// MARK: - StoryVideoRoute

/// How a video reaches its `AVPlayer`: from its own URL, or through ``StoryResourceLoader`` and
/// the app's `MediaByteSource` (the cache). Plain values, tested on Linux.
///
/// - A file plays from disk: `.direct`.
/// - An HLS stream (an `.m3u8` or `.m3u` path) plays from its URL, without the cache: `.direct`.
///   AVFoundation fetches a playlist's segments itself, choosing a bit rate as it goes, and a
///   byte cache of one URL cannot serve that. (A stream whose URL does not say so is found when
///   the loader learns its MIME type; the loader then redirects the player to the original URL.)
/// - Any other http(s) video with a byte source: `.throughLoader`, with the
///   ``StoryResourceURL`` the loader answers for.
/// - Without a byte source: `.direct`, streamed by AVFoundation as before.
package enum StoryVideoRoute: Sendable, Hashable {
    /// Give `AVURLAsset` this URL as it is.
    case direct(URL)
    /// Give `AVURLAsset` this `storykit-http(s)` URL, with the resource loader as its delegate.
    case throughLoader(URL)

    /// The route of a video at `location`.
    ///
    /// - Parameters:
    ///   - location: Where the feed says the video is.
    ///   - hasByteSource: Whether the app gave the viewer a `MediaByteSource`.
    package init(_ location: StoryMediaLocation, hasByteSource: Bool) {
        switch location {
        case .file(let url):
            self = .direct(url)
        case .remote(let url):
            guard hasByteSource, !StoryMediaType.isStream(mimeType: nil, pathExtension: url.pathExtension),
                  let asset = StoryResourceURL.assetURL(for: url) else {
                self = .direct(url)
                return
            }
            self = .throughLoader(asset)
        }
    }

    /// The URL to give `AVURLAsset`.
    package var assetURL: URL {
        switch self {
        case .direct(let url), .throughLoader(let url): url
        }
    }
}
