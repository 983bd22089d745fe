import Foundation
import StoryKit

/// The benchmark's feed: `users` users of 10 items each, 3 in 10 of them videos of about 2 MB,
/// the rest images of about 200 KB, at `/u<user>/i<item>.<jpg|mp4>`; every size is a function of
/// the path, so the server and the session agree without sharing a file. Each video has two
/// renditions: 1080 × 1920 at that path, and 540 × 960 at a quarter of its bytes at
/// `/u<user>/i<item>s.mp4`.
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

    /// The path of `(user, item)`'s media (`small`: a video's 540 × 960 rendition).
    static func path(_ user: Int, _ item: Int, small: Bool = false) -> String {
        "u\(user)/i\(item)\(small ? "s" : "").\(isVideo(user, item) ? "mp4" : "jpg")"
    }

    /// `(user, item)` from a path made by ``path(_:_:small:)``, and whether it is the small rendition.
    static func parse(_ path: String) -> (user: Int, item: Int, small: Bool)? {
        let parts = path.split(separator: "/").filter { !$0.isEmpty }
        guard parts.count == 2, parts[0].hasPrefix("u"), parts[1].hasPrefix("i"), let user = Int(parts[0].dropFirst()) else { return nil }
        var name = parts[1].dropFirst().prefix { $0 != "." }
        let small = name.hasSuffix("s")
        if small { name = name.dropLast() }
        guard let item = Int(name) else { return nil }
        return (user, item, small)
    }

    /// The byte length of the media at a path made by ``path(_:_:small:)``, 0 for another.
    static func length(ofPath path: String) -> Int {
        guard let (user, item, small) = parse(path) else { return 0 }
        return small ? length(user, item) / 4 : length(user, item)
    }

    /// The feed of `users` users on the server at `port`.
    static func feed(users: Int, port: Int) -> StoryFeed {
        StoryFeed(users: (0..<users).map { user in
            StoryUser(id: "u\(user)", name: "User \(user)", items: (0..<itemsPerUser).map { item in
                var story = StoryItem(id: "u\(user)-\(item)", kind: isVideo(user, item) ? .video : .image,
                                      url: "http://127.0.0.1:\(port)/\(path(user, item))", duration: isVideo(user, item) ? 2 : nil)
                if isVideo(user, item) {
                    story.renditions = [StoryRendition(url: story.url, width: 1080, height: 1920),
                                        StoryRendition(url: "http://127.0.0.1:\(port)/\(path(user, item, small: true))",
                                                       width: 540, height: 960)]
                }
                return story
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
