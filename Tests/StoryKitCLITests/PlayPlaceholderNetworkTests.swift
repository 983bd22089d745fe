import Foundation
import StoryKit
import StoryKitTestServer
import StoryRender
import Testing
@testable import storykit

/// `storykit play` over an http feed whose items carry placeholders: while the slow server sends
/// the first photo, the page shows its BlurHash; a thumbnail at an http URL (not fetched) does not
/// stop the render.
@Suite(.serialized) struct PlayPlaceholderNetworkTests {
    @Test func anHTTPFeedsLoadingItemShowsItsBlurHash() async throws {
        try await LoopbackServer.with(latency: .milliseconds(600)) { server in
            let folder = NSTemporaryDirectory() + "storykit-play-placeholder-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var feed = try JSONInput.load(StoryFeed.self, from: DemoFeed.path, kind: "feed")
            for u in feed.users.indices {
                feed.users[u].avatar = nil
                for i in feed.users[u].items.indices {
                    let path = feed.users[u].items[i].url
                    if let bytes = FileManager.default.contents(atPath: DemoFeed.folder + "/" + path) {
                        server.setRoute(path, .bytes([UInt8](bytes), contentType: "image/jpeg", etag: "\"\(path)\""))
                    }
                    feed.users[u].items[i].url = server.url(path).absoluteString
                }
            }
            feed.users[0].items[0].placeholder = .blurHash(try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"))
            feed.users[0].items[1].placeholder = .thumbnail(server.url("ava/2-tiny.jpg").absoluteString)
            try JSONEncoder().encode(feed).write(to: URL(fileURLWithPath: folder + "/feed.json"))
            let command = try #require(try StoryKitCommand.parseAsRoot(
                ["play", folder + "/feed.json", "--cache", folder + "/cache", "-o", folder + "/frames/", "--duration", "0.5",
                 "--fps", "2", "--scale", "0.25"]) as? RenderViewerCommand)
            _ = try await RenderViewerCommandFaultTests.render(command)
            let first = try RGBAImage(contentsOfFile: folder + "/frames/frame-0000.png")
            let hash = try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj").pixels(width: 15, height: 32)
            let expected = (24 * 15 + 7) * 4
            let drawn = [Int(first[first.width / 2, first.height * 3 / 4].r), Int(first[first.width / 2, first.height * 3 / 4].g),
                         Int(first[first.width / 2, first.height * 3 / 4].b)]
            let off: Int = zip(drawn, (0..<3).map { Int(hash[expected + $0]) }).map { abs($0 - $1) }.max() ?? 0
            #expect(off <= 16, "the first frame, while ava-1 loads, shows its placeholder: \(drawn)")
        }
    }
}
