import Foundation
import StoryKit
import StoryKitTestServer
import StoryKitTestSupport
import Testing
@testable import storykit

/// Where `storykit play` finds a feed and its media (issue 24): a feed URL is fetched, relative
/// paths resolve against the feed's own location (file or URL), a feed mixing files and URLs
/// plays both, and `--load-time` is refused where it cannot apply. Served on loopback.
///
/// In ``RenderViewerCommandNetworkTests``'s serialized suite: two live sessions at once would hold both
/// threads of a two-core machine's cooperative pool while they wait.
extension RenderViewerCommandNetworkTests {
    /// Whether a line of `play` reports a failure: a `failed(...)` event, a failed fetch, an
    /// invalid URL, or a summary line counting failures (`avatars: 3 loaded, 0 failed` does not).
    static func reportsFailure(_ line: String) -> Bool {
        line.contains("failed(") || line.contains("failed http") || line.contains("invalidURL")
            || line.range(of: #"[1-9][0-9]* failed"#, options: .regularExpression) != nil
    }

    /// A new, empty folder in the temporary directory.
    private func newFolder(_ prefix: String) throws -> String {
        let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Serves every file of `Examples/viewer` under `/stories/`.
    private func serveExample(on server: LoopbackServer) throws {
        let base = DemoFeed.folder
        for path in try FileManager.default.subpathsOfDirectory(atPath: base) {
            guard let bytes = FileManager.default.contents(atPath: base + "/" + path), !OutputFolder.isFolder(base + "/" + path)
            else { continue }
            let type = path.hasSuffix(".json") ? "application/json" : "image/jpeg"
            server.setRoute("stories/" + path, .bytes([UInt8](bytes), contentType: type, etag: "\"\(path)\""))
        }
    }

    private func playFeed(_ arguments: [String]) throws -> [String] {
        try CLI.run(["play"] + arguments)   // the old name, still accepted
    }

    private func playFailure(_ arguments: [String]) -> String? {
        CLI.message(["play"] + arguments)
    }

    @Test func aFeedURLIsFetchedAndItsRelativePathsResolveAgainstIt() async throws {
        try await LoopbackServer.with { server in
            try serveExample(on: server)
            let folder = try newFolder("storykit-feed-url")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // Examples/viewer/feed.json as it is: its items are relative paths (ava/1.jpg).
            let lines = try playFeed([server.url("stories/feed.json").absoluteString, "--cache", folder + "/cache",
                                  "-o", folder + "/out.gif", "--duration", "2.5", "--fps", "10", "--scale", "0.25"])
            let ava1 = server.url("stories/ava/1.jpg").absoluteString
            #expect(lines.contains { $0.contains("fetched \(ava1) from network") }, "\(lines)")
            #expect(lines.contains { $0.contains("itemShown(user: 0, item: 1, ava-2)") })
            #expect(!lines.contains(where: Self.reportsFailure), "\(lines)")
            #expect(server.requests.contains { $0.path == "/stories/feed.json" })
        }
    }

    @Test func aFeedURLTheServerDoesNotHaveIsOneLine() async throws {
        try await LoopbackServer.with { server in
            let folder = try newFolder("storykit-feed-url")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let url = server.url("nowhere/feed.json").absoluteString
            #expect(playFailure([url, "-o", folder + "/out.gif"]) == "\(url): cannot fetch the feed: HTTP status 404")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        }
    }

    @Test func aMixedFeedPlaysItsFilesAndItsURLs() async throws {
        try await LoopbackServer.with { server in
            try serveExample(on: server)
            let folder = try newFolder("storykit-feed-mixed")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // ava-1 and the avatars are files beside the feed (relative paths); ava-2 and ava-3 URLs.
            var feed = try JSONInput.load(StoryFeed.self, from: DemoFeed.path, kind: "feed")
            for u in feed.users.indices {
                for i in feed.users[u].items.indices where feed.users[u].items[i].id != "ava-1" {
                    feed.users[u].items[i].url = server.url("stories/" + feed.users[u].items[i].url).absoluteString
                }
            }
            try FileManager.default.createDirectory(atPath: folder + "/feed", withIntermediateDirectories: true)
            for user in ["ava", "ben", "cleo"] {
                try FileManager.default.copyItem(atPath: DemoFeed.folder + "/" + user, toPath: folder + "/feed/" + user)
            }
            try JSONEncoder().encode(feed).write(to: URL(fileURLWithPath: folder + "/feed/feed.json"))
            let lines = try playFeed([folder + "/feed/feed.json", "--cache", folder + "/cache", "-o", folder + "/out.gif",
                                  "--duration", "2.5", "--fps", "10", "--scale", "0.25"])
            #expect(!lines.contains(where: Self.reportsFailure), "\(lines)")
            #expect(lines.contains { $0.contains("fetched \(server.url("stories/ava/2.jpg").absoluteString) from network") })
            #expect(lines.contains { $0.contains("itemShown(user: 0, item: 1, ava-2)") })
            #expect(!server.requests.contains { $0.path.hasSuffix("/ava/1.jpg") }, "the file is not fetched")
        }
    }

    @Test func loadTimeIsRefusedForAnHTTPFeed() async throws {
        try await LoopbackServer.with { server in
            try serveExample(on: server)
            let folder = try newFolder("storykit-feed-url")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            #expect(playFailure([server.url("stories/feed.json").absoluteString, "--load-time", "1", "-o", folder + "/out.gif"])
                == "--load-time applies to a feed of local files; an http feed's items show when their bytes arrive")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        }
    }

    @Test func mediaReferencesResolveLikeLinks() throws {
        let base = try #require(URL(string: "http://host:8/s/feed.json"))
        #expect(FeedSource.resolve("ava/1.jpg", against: base) == "http://host:8/s/ava/1.jpg")
        #expect(FeedSource.resolve("/x/1.jpg", against: base) == "http://host:8/x/1.jpg")
        #expect(FeedSource.resolve("../a b.jpg", against: base) == "http://host:8/a%20b.jpg")
        #expect(FeedSource.resolve("https://cdn/x.jpg", against: base) == "https://cdn/x.jpg")
        #expect(FeedSource.resolve("ava/1.jpg", inFolder: "stories") == "stories/ava/1.jpg")
        #expect(FeedSource.resolve("/srv/1.jpg", inFolder: "stories") == "/srv/1.jpg")
        #expect(FeedSource.resolve("http://h/1.jpg", inFolder: "stories") == "http://h/1.jpg")
    }
}
