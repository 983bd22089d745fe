import Foundation
import StoryKit
import StoryRender
import Testing
@testable import storykit

/// `storykit play` draws an item's caption and, while muted, its subtitles from the feed's local
/// WebVTT file; a broken subtitles file is a one-line error naming the file and the line.
@Suite struct PlayCaptionsTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/viewer").standardized.path

    /// A folder with a one-user feed of the example's first photo, captioned, with `vtt` as its
    /// subtitles file, and an empty gesture script.
    private func folder(vtt: String) throws -> String {
        let path = NSTemporaryDirectory() + "storykit-captions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let feed = #"{"users": [{"id": "ava", "name": "Ava", "items": [{"id": "ava-1", "kind": "image", "url": ""#
            + Self.examples + #"/ava/1.jpg", "caption": "Sunrise over the pier", "subtitles": "ava-1.vtt"}]}]}"#
        try feed.write(toFile: path + "/feed.json", atomically: true, encoding: .utf8)
        try vtt.write(toFile: path + "/ava-1.vtt", atomically: true, encoding: .utf8)
        try #"{"events": []}"#.write(toFile: path + "/still.json", atomically: true, encoding: .utf8)
        return path
    }

    @Test func theCaptionShowsAndTheSubtitleOnlyWhileItsCueRuns() throws {
        let dir = try folder(vtt: "WEBVTT\n\n00:01.000 --> 00:02.000\nMorning!\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try CLI.run(["play", dir + "/feed.json", "--gesture", dir + "/still.json", "--duration", "2.5",
                         "--fps", "2", "--scale", "1", "-o", dir + "/frames/"])
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        try #require(files.count == 5)
        let before = try RGBAImage(contentsOfFile: dir + "/frames/" + files[1])     // 0.5 s: no cue yet
        let during = try RGBAImage(contentsOfFile: dir + "/frames/" + files[3])     // 1.5 s: "Morning!"
        // The subtitle's row (above the caption's) changes only while the cue runs.
        var viewer = StoriesViewer(feed: StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [{
            var item = StoryItem(id: "ava-1", kind: .image, url: "x"); item.caption = "Sunrise over the pier"; return item }()])]),
                                   pageSize: Size(width: Double(during.width), height: Double(during.height)))
        viewer.setSubtitles(SubtitleTrack(cues: [.init(start: 1, end: 2, text: "Morning!")]), forItem: "ava-1")
        let subtitle = viewer.captionLayout(for: CaptionPresentation(caption: "Sunrise over the pier", subtitle: "Morning!")).subtitle
        var changed = 0
        for y in Int(subtitle.minY)..<Int(subtitle.maxY) {
            for x in Int(subtitle.minX)..<Int(subtitle.maxX) where abs(Int(during[x, y].r) - Int(before[x, y].r)) > 60 { changed += 1 }
        }
        #expect(changed > 50, "the subtitle's glyphs: \(changed) pixels")
    }

    @Test func aBrokenSubtitlesFileNamesTheFileAndTheLine() throws {
        let dir = try folder(vtt: "WEBVTT\n\n00:01.000 --> 00:0x.000\nMorning!\n")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect {
            try CLI.run(["play", dir + "/feed.json", "--gesture", dir + "/still.json", "--duration", "1", "-o", dir + "/frames/"])
        } throws: { error in
            let text = "\(error)"
            return text.contains("ava-1.vtt") && text.contains("line 3")
        }
    }
}
