import Foundation
import StoryKit

// MARK: - TrayPictureRequests

/// Which avatar pictures the SwiftUI row (``StoryTrayRow``) asks for, and which it keeps: each
/// of the feed's avatar strings is asked for once, when a cell showing it first appears (never
/// again while it is asked for or loaded), and after a new feed only the pictures of users still
/// in the row are kept. Plain bookkeeping, tested on Linux. No front-end uses it since
/// ``StoryTrayRow`` wraps ``StoryTrayView`` (whose cells load their pictures); it is left for
/// removal with its tests and storm.
package struct TrayPictureRequests: Sendable, Hashable {
    /// One picture to load.
    package struct Request: Sendable, Hashable {
        /// The feed's avatar string: the key the picture is kept under.
        package var key: String
        /// Where the picture comes from.
        package var location: StoryMediaLocation
    }

    /// The avatar strings asked for (loaded, loading, or failed: not asked again).
    package private(set) var requested: Set<String> = []

    /// Nothing asked for yet.
    package init() {}

    /// The picture to load for `user`, marked as asked for: nil when they have no avatar, when
    /// it does not resolve, or when it is in `loaded` or was asked for already.
    ///
    /// - Parameters:
    ///   - user: The user whose cell appeared.
    ///   - loaded: The pictures the row has, by avatar string.
    ///   - baseURL: The folder relative media paths are in.
    package mutating func request<Picture>(_ user: StoryUser, loaded: [String: Picture], baseURL: URL?) -> Request? {
        guard let key = user.avatar, loaded[key] == nil, !requested.contains(key),
              let location = StoryMediaLocation.resolve(key, relativeTo: baseURL) else { return nil }
        requested.insert(key)
        return Request(key: key, location: location)
    }

    /// The pictures of `pictures` that `users` still show, by avatar string; the others are
    /// forgotten (asked for again should their avatar come back).
    package mutating func keep<Picture>(_ pictures: [String: Picture], of users: [StoryUser]) -> [String: Picture] {
        let keys = Set(users.compactMap(\.avatar))
        requested.formIntersection(keys)
        return pictures.filter { keys.contains($0.key) }
    }
}
