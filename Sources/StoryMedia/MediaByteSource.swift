import Foundation

/// The bytes of media files by range, for a video player's resource loader: what is cached is
/// served at once, what is not is fetched (and cached) first.
///
/// The media pipeline is the library's source; the AVFoundation front-end's resource loader
/// (`AVAssetResourceLoaderDelegate`) reads through this protocol, so that playback and
/// prefetching share one cache and one download per URL.
public protocol MediaByteSource: Sendable {
    /// What a player must know before it reads: the media's length and type.
    ///
    /// - Parameter url: The media's URL.
    /// - Returns: Its length in bytes, MIME type and whether the source serves any range.
    /// - Throws: The failure that stops the media from loading (a terminal HTTP status, a
    ///   network failure the retries did not overcome, a cancelled load).
    func info(for url: URL) async throws -> MediaInfo

    /// The bytes in `range` of `url`'s media, waiting for those not loaded yet.
    ///
    /// - Parameters:
    ///   - url: The media's URL.
    ///   - range: Byte offsets from the start of the media; clipped to its length (a range past
    ///     the end gives no bytes).
    /// - Returns: The bytes, `range.count` of them unless the media ends first.
    /// - Throws: As ``info(for:)``.
    func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8]

    /// The whole media at `url` (an image): by default ``info(for:)`` then
    /// ``bytes(of:in:)``; a caching source answers from its cache and keeps what it fetched.
    ///
    /// - Throws: As ``info(for:)``.
    func data(of url: URL) async throws -> [UInt8]

    /// Tells the source that the bytes of `url` could not be decoded, so that it drops them
    /// rather than serving them again; by default nothing.
    func reportUndecodable(_ url: URL) async
}

extension MediaByteSource {
    public func data(of url: URL) async throws -> [UInt8] {
        let info = try await info(for: url)
        return try await bytes(of: url, in: 0..<info.length)
    }

    public func reportUndecodable(_ url: URL) async {}
}

/// What a ``MediaByteSource`` knows about one media file before its bytes are read.
public struct MediaInfo: Sendable, Hashable {
    /// The full length of the media, in bytes (≥ 0).
    public var length: Int
    /// Its MIME type as the server gave it (`video/mp4`), if any.
    public var contentType: String?
    /// Whether any byte range can be read without reading from the start (the server accepts
    /// `Range`, or the whole file is cached).
    public var servesRanges: Bool

    /// Media information; a negative length counts as 0.
    public init(length: Int, contentType: String?, servesRanges: Bool) {
        self.length = Swift.max(length, 0)
        self.contentType = contentType
        self.servesRanges = servesRanges
    }
}
