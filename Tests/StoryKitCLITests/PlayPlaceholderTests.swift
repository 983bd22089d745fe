import Foundation
import StoryKit
import StoryRender
import Testing
@testable import storykit

/// `storykit play` draws an item's placeholder while its scripted loader loads it, then the
/// photo; a malformed placeholder in the feed is a one-line error naming its key path.
@Suite struct PlayPlaceholderTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/viewer").standardized.path

    /// A folder with a one-user feed of the example's first photo, whose placeholder is `placeholder`
    /// (JSON), and an empty gesture script.
    private func folder(placeholder: String) throws -> String {
        let path = NSTemporaryDirectory() + "storykit-placeholder-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let feed = #"{"users": [{"id": "ava", "name": "Ava", "items": [{"id": "ava-1", "kind": "image", "url": ""#
            + Self.examples + #"/ava/1.jpg", "placeholder": "# + placeholder + "}]}]}"
        try feed.write(toFile: path + "/feed.json", atomically: true, encoding: .utf8)
        try #"{"events": []}"#.write(toFile: path + "/still.json", atomically: true, encoding: .utf8)
        return path
    }

    @Test func theLoadingPageShowsThePlaceholderThenThePhoto() throws {
        let dir = try folder(placeholder: #"{"blurHash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj"}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try CLI.run(["play", dir + "/feed.json", "--gesture", dir + "/still.json", "--load-time", "1", "--duration", "1.5",
                         "--fps", "2", "--scale", "0.25", "-o", dir + "/frames/"])
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        try #require(files.count == 3)
        let loading = try RGBAImage(contentsOfFile: dir + "/frames/" + files[0])
        let loaded = try RGBAImage(contentsOfFile: dir + "/frames/" + files[2])
        // The placeholder's colours low on the page, where the loading ring and the chrome are not:
        // the hash's pixel there, within what the blur and the scaling change.
        let hash = try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj").pixels(width: 15, height: 32)
        let x = loading.width / 2, y = loading.height * 3 / 4
        let expected = (24 * 15 + 7) * 4
        let drawn = [Int(loading[x, y].r), Int(loading[x, y].g), Int(loading[x, y].b)]
        let placeholder = (0..<3).map { Int(hash[expected + $0]) }
        let offPlaceholder: Int = zip(drawn, placeholder).map { abs($0 - $1) }.max() ?? 0
        #expect(offPlaceholder <= 16, "drawn \(drawn), placeholder \(placeholder)")
        let photo = [Int(loaded[x, y].r), Int(loaded[x, y].g), Int(loaded[x, y].b)]
        let change: Int = zip(photo, drawn).map { abs($0 - $1) }.reduce(0, +)
        #expect(change > 30, "the photo \(photo) replaced the placeholder")
    }

    @Test func aMalformedBlurHashIsAOneLineErrorNamingItsKeyPath() throws {
        let dir = try folder(placeholder: #"{"blurHash": "LEHV6nWB2yk8"}"#)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let message = try #require(CLI.failure(["play", dir + "/feed.json", "-o", dir + "/out.gif"]))
        #expect(message.contains("users[0].items[0].placeholder.blurHash"), "\(message)")
        #expect(message.contains("not a BlurHash: is 12 characters long; 4 × 3 components need 28"), "\(message)")
    }
}
