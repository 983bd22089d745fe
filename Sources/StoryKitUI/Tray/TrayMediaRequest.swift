import Foundation
import StoryKit
import StoryMedia

// MARK: - TrayMediaRequest

/// The bytes a tap on a tray avatar waits for, and that the tray prefetches for avatars in view:
/// the user's first unseen item (the one the viewer opens at), an image whole, a video's first
/// bytes. Plain values, tested on Linux.
///
/// Only media read through a `MediaByteSource` needs a request: files are on the device, HLS
/// playlists play from their URLs (AVFoundation fetches their segments itself), and a string
/// that is no URL fails in the viewer, where its reason shows.
package struct TrayMediaRequest: Sendable, Hashable {
    /// How much of the media to read.
    package enum Amount: Sendable, Hashable {
        /// All of it, with ``StoryMedia/MediaByteSource/data(of:)`` (an image: it is decoded whole).
        case whole
        /// The first `bytes` bytes at most, with ``StoryMedia/MediaByteSource/info(for:)`` then
        /// ``StoryMedia/MediaByteSource/bytes(of:in:)`` (a video: its header and first frames).
        case prefix(Int)
    }

    /// The item's id.
    package var itemID: String
    /// The media's URL (http or https).
    package var url: URL
    /// How much to read.
    package var amount: Amount

    /// A video's prefix: 1 MiB, a second or two of a story-sized video and its header.
    package static let videoPrefix = 1 << 20

    /// The item a tap on `user` opens at: the first item not in `seen`, else the first (as the
    /// viewer starts each user); nil without items.
    package static func firstItem(of user: StoryUser, seen: Set<String>) -> StoryItem? {
        user.items.first { !seen.contains($0.id) } ?? user.items.first
    }

    /// What to read before `user`'s stories open, or nil when nothing needs reading first.
    ///
    /// - Parameters:
    ///   - user: The user.
    ///   - seen: The ids of items seen.
    ///   - baseURL: The folder relative media paths are in (the viewer's `mediaBaseURL`).
    ///   - videoPrefix: The most bytes of a video to read, ≥ 1.
    package static func firstItem(of user: StoryUser, seen: Set<String>, baseURL: URL?,
                                  videoPrefix: Int = TrayMediaRequest.videoPrefix) -> TrayMediaRequest? {
        guard let item = firstItem(of: user, seen: seen),
              case .remote(let url)? = StoryMediaLocation.resolve(item.url, relativeTo: baseURL),
              !StoryMediaType.isStream(mimeType: nil, pathExtension: url.pathExtension) else { return nil }
        let amount: Amount = item.kind == .image ? .whole : .prefix(Swift.max(videoPrefix, 1))
        return TrayMediaRequest(itemID: item.id, url: url, amount: amount)
    }

    /// Reads the request's bytes from `source` and drops them (the source keeps them in its
    /// cache): the whole image, or up to the prefix of a video (less for a shorter one).
    ///
    /// - Returns: How many bytes were read.
    /// - Throws: The source's failure, or `CancellationError` when the task was cancelled.
    @discardableResult
    package func read(from source: any MediaByteSource) async throws -> Int {
        switch amount {
        case .whole:
            let count = try await source.data(of: url).count
            try Task.checkCancellation()
            return count
        case .prefix(let limit):
            let info = try await source.info(for: url)
            try Task.checkCancellation()
            let count = Swift.min(limit, info.length)
            guard count > 0 else { return 0 }
            let read = try await source.bytes(of: url, in: 0..<count).count
            try Task.checkCancellation()
            return read
        }
    }
}
