import Foundation
import StoryKit

/// The benchmark's feed: `users` users of 10 items each, 3 in 10 of them videos of about 2 MB,
/// the rest images of about 200 KB, at `/u<user>/i<item>.<jpg|mp4>`; every size is a function of
/// the path, so the server and the session agree without sharing a file.
enum BenchFeed {
    /// Items per user.
    static let itemsPerUser = 10

    /// Whether item `item` of user `user` is a video.
    static func isVideo(_ user: Int, _ item: Int) -> Bool { mix(user, item) % 10 < 3 }

    /// The byte length of the media at `(user, item)`: 2 MB ± 25 % for a video, 200 KB ± 25 %
    /// for an image.
    static func length(_ user: Int, _ item: Int) -> Int {
        let base = isVideo(user, item) ? 2_000_000 : 200_000
        return base * 3 / 4 + Int(mix(item, user) % UInt64(base / 2))
    }

    /// The path of `(user, item)`'s media.
    static func path(_ user: Int, _ item: Int) -> String {
        "u\(user)/i\(item).\(isVideo(user, item) ? "mp4" : "jpg")"
    }

    /// `(user, item)` from a path made by ``path(_:_:)``.
    static func parse(_ path: String) -> (user: Int, item: Int)? {
        let parts = path.split(separator: "/").filter { !$0.isEmpty }
        guard parts.count == 2, parts[0].hasPrefix("u"), parts[1].hasPrefix("i"),
              let user = Int(parts[0].dropFirst()), let item = Int(parts[1].dropFirst().prefix { $0 != "." }) else { return nil }
        return (user, item)
    }

    /// The feed of `users` users on the server at `port`.
    static func feed(users: Int, port: Int) -> StoryFeed {
        StoryFeed(users: (0..<users).map { user in
            StoryUser(id: "u\(user)", name: "User \(user)", items: (0..<itemsPerUser).map { item in
                StoryItem(id: "u\(user)-\(item)", kind: isVideo(user, item) ? .video : .image,
                          url: "http://127.0.0.1:\(port)/\(path(user, item))", duration: isVideo(user, item) ? 2 : nil)
            })
        })
    }

    /// A 64-bit mix of two numbers (SplitMix64's finaliser).
    static func mix(_ a: Int, _ b: Int) -> UInt64 {
        var z = UInt64(truncatingIfNeeded: a) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(truncatingIfNeeded: b) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
