import Foundation
import StoryKit
import StoryKitTestServer
import StoryRender
import Testing
@testable import storykit

/// `storykit play` over an http feed fetches an item's remote WebVTT subtitles through the same
/// HTTP source as the media, and shows the cue while it runs; a subtitles URL that fails is named
/// in a line with its reason and the render goes on. Served on loopback.
@Suite(.serialized) struct PlaySubtitlesNetworkTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/viewer").standardized.path

    /// Plays a one-user http feed of the example's first photo whose subtitles are at `vtt` on the
    /// server (served as `route` when given), and returns the lines and the frames at 0.5 s and 1.5 s.
    private func play(server: LoopbackServer, route: Route?) async throws -> (lines: [String], before: RGBAImage, during: RGBAImage) {
        let folder = NSTemporaryDirectory() + "storykit-play-vtt-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photo = try #require(FileManager.default.contents(atPath: Self.examples + "/ava/1.jpg"))
        server.setRoute("ava/1.jpg", .bytes([UInt8](photo), contentType: "image/jpeg"))
        if let route { server.setRoute("ava/1.vtt", route) }
        let feed = #"{"users": [{"id": "ava", "name": "Ava", "items": [{"id": "ava-1", "kind": "image", "url": ""#
            + server.url("ava/1.jpg").absoluteString + #"", "subtitles": ""# + server.url("ava/1.vtt").absoluteString + #""}]}]}"#
        try feed.write(toFile: folder + "/feed.json", atomically: true, encoding: .utf8)
        try #"{"events": []}"#.write(toFile: folder + "/still.json", atomically: true, encoding: .utf8)
        let command = try #require(try StoryKitCommand.parseAsRoot(
            ["play", folder + "/feed.json", "--gesture", folder + "/still.json", "--cache", folder + "/cache",
             "-o", folder + "/frames/", "--duration", "2.5", "--fps", "2", "--scale", "1"]) as? RenderViewerCommand)
        let lines = try await RenderViewerCommandFaultTests.render(command)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").sorted()
        try #require(files.count == 5)
        return (lines, try RGBAImage(contentsOfFile: folder + "/frames/" + files[1]),
                try RGBAImage(contentsOfFile: folder + "/frames/" + files[3]))
    }

    /// Pixels of the subtitle's band that differ between `before` and `during`.
    private func changedSubtitlePixels(_ before: RGBAImage, _ during: RGBAImage) -> Int {
        let viewer = StoriesViewer(feed: StoryFeed(users: []), pageSize: Size(width: Double(during.width), height: Double(during.height)))
        let subtitle = viewer.captionLayout(for: CaptionPresentation(caption: nil, subtitle: "Morning!")).subtitle
        var changed = 0
        for y in Int(subtitle.minY)..<Int(subtitle.maxY) {
            for x in Int(subtitle.minX)..<Int(subtitle.maxX) where abs(Int(during[x, y].r) - Int(before[x, y].r)) > 60 { changed += 1 }
        }
        return changed
    }

    @Test func aRemoteSubtitlesFileIsFetchedAndItsCueShows() async throws {
        let vtt = [UInt8]("WEBVTT\n\n00:01.000 --> 00:02.000\nMorning!\n".utf8)
        try await LoopbackServer.with { server in
            let (lines, before, during) = try await play(server: server, route: .bytes(vtt, contentType: "text/vtt"))
            #expect(!lines.contains { $0.hasPrefix("subtitles") }, "\(lines)")
            #expect(changedSubtitlePixels(before, during) > 50, "the subtitle's glyphs")
        }
    }

    @Test func aSubtitlesURLThatFailsIsNamedAndTheRenderGoesOn() async throws {
        try await LoopbackServer.with { server in
            let (lines, before, during) = try await play(server: server, route: nil)
            let line = lines.first { $0.hasPrefix("subtitles ava-1 of ava: ") }
            #expect(line?.contains("ava/1.vtt") == true && line?.contains("404") == true, "\(lines)")
            #expect(changedSubtitlePixels(before, during) < 10, "no subtitle")
        }
    }
}
