import Foundation
import StoryKit
import StoryKitTestServer
import StoryRender
import Testing
@testable import storykit

/// `storykit play` over a feed of http URLs, served on loopback: the real pipeline loads it, the
/// log says from where, a second run reads the disk cache after a 304 for each file, a missing
/// picture fails its item.
@Suite(.serialized) struct RenderViewerCommandNetworkTests {
    /// The demo feed with every path turned into a URL on `server`, written to `folder`.
    private func remoteFeed(on server: LoopbackServer, in folder: String, missing: String? = nil) throws -> String {
        var feed = try JSONInput.load(StoryFeed.self, from: DemoFeed.path, kind: "feed")
        func serve(_ path: String) -> String {
            if path != missing, let bytes = FileManager.default.contents(atPath: DemoFeed.folder + "/" + path) {
                server.setRoute(path, .bytes([UInt8](bytes), contentType: "image/jpeg", etag: "\"\(path)\""))
            }
            return server.url(path).absoluteString
        }
        for u in feed.users.indices {
            feed.users[u].avatar = feed.users[u].avatar.map(serve)
            for i in feed.users[u].items.indices { feed.users[u].items[i].url = serve(feed.users[u].items[i].url) }
        }
        let path = folder + "/feed.json"
        try JSONEncoder().encode(feed).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func play(_ arguments: [String]) async throws -> [String] {
        let command = try #require(try StoryKitCommand.parseAsRoot(["play"] + arguments) as? RenderViewerCommand)
        return try await RenderViewerCommandFaultTests.render(command)
    }

    @Test func anHTTPFeedLoadsThroughThePipelineThenFromTheDiskCache() async throws {
        try await LoopbackServer.with(latency: .milliseconds(40)) { server in
            let folder = NSTemporaryDirectory() + "storykit-play-http-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let feed = try remoteFeed(on: server, in: folder)
            let arguments = [feed, "--cache", folder + "/cache", "-o", folder + "/out.gif", "--duration", "2.5",
                             "--fps", "10", "--scale", "0.25"]

            let first = try await play(arguments)
            let ava1 = server.url("ava/1.jpg").absoluteString
            #expect(first.contains { $0.contains("fetched \(ava1) from network") })
            #expect(first.contains { $0.hasSuffix("for ava-1 (network)") && $0.contains("waited ") })
            #expect(first.contains { $0.contains("itemShown(user: 0, item: 1, ava-2)") })
            let requests = server.requests.count
            #expect(server.requests.filter { $0.path == "/ava/1.jpg" }.count == 1)

            // The second run asks about each stored file (the server sends no lifetime) and gets
            // 304 without a body for every one: the bytes come from the disk.
            let second = try await play(arguments)
            #expect(second.contains { $0.contains("fetched \(ava1) from disk") })
            let asked = server.requests.dropFirst(requests)
            #expect(!asked.isEmpty && asked.allSatisfy { $0.status == 304 && $0.bodyBytesSent == 0 && $0.ifNoneMatch != nil })
            #expect(second.contains { $0.hasPrefix("requests: \(asked.count) (revalidations: \(asked.count), not modified: \(asked.count)), received: 0.0 KB") })
            let gif = try #require(FileManager.default.contents(atPath: folder + "/out.gif"))
            #expect(gif.count > 1_000)
        }
    }

    @Test func aPictureTheServerDoesNotHaveFailsItsItem() async throws {
        try await LoopbackServer.with { server in
            let folder = NSTemporaryDirectory() + "storykit-play-http-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let feed = try remoteFeed(on: server, in: folder, missing: "ava/1.jpg")
            let lines = try await play([feed, "--cache", folder + "/cache", "-o", folder + "/out.gif", "--duration", "1",
                                  "--fps", "10", "--scale", "0.25"])
            #expect(lines.contains { $0.contains("failed \(server.url("ava/1.jpg").absoluteString): HTTP 404") })
            #expect(lines.contains { $0.contains("failed(ava-1, HTTP 404)") })
        }
    }
}
