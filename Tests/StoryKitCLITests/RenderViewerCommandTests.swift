import Foundation
import StoryKit
import StoryRender
import Testing
@testable import storykit

@Suite struct RenderViewerCommandTests {
    /// A fresh folder for one test's files, removed by the caller's `defer`.
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "storykit-play-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> [String] {
        try CLI.run(["render", "viewer"] + arguments)
    }

    private func failure(_ arguments: [String]) -> String? {
        CLI.failure(["render", "viewer"] + arguments)
    }

    @Test func theDemoSessionPlaysTapsHoldsTurnsAndClosesIntoTheAvatar() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lines = try run(["-o", dir + "/frames/", "--fps", "4", "--scale", "0.25"])
        let analytics = ["itemStarted", "itemCompleted", "itemSkipped", "userEntered", "userLeft", "viewerClosed", "muteChanged"]
        let all = lines.dropLast().map { $0.components(separatedBy: " s  ").last ?? "" }
        let events = all.filter { line in !analytics.contains { line.hasPrefix($0 + "(") } }
        #expect(all.contains("itemSkipped(user: 0, item: 0, ava-1, 40%, 2 s)") || all.contains { $0.hasPrefix("itemSkipped(user: 0, item: 0, ava-1") })
        #expect(all.contains { $0.hasPrefix("viewerClosed(dismissed, user: 1") })
        #expect(events == [
            "itemSeen(ava-1)", "itemShown(user: 0, item: 1, ava-2)", "itemSeen(ava-2)",
            "itemShown(user: 0, item: 0, ava-1)", "userChanged(from: 0, to: 1)", "itemShown(user: 1, item: 0, ben-1)",
            "itemSeen(ben-1)", "closed(dismissed)",
        ])
        let last = try #require(lines.last)
        #expect(last.hasPrefix("wrote \(dir)/frames/frame-0000.png … frame-") && last.hasSuffix("68×120 px"))
        // The session holds the last frame 0.5 s after the close: the tray alone, no viewer.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").sorted()
        let lastFrame = try RGBAImage(contentsOfFile: dir + "/frames/" + (try #require(files.last)))
        #expect(lastFrame[34, 100].r > 200 && lastFrame[34, 100].g > 200, "the light tray, no page over it")
    }

    @Test func theSessionStartsMutedUnlessUnmutedAndATapOnTheSpeakerOfAVideoUnmutes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The demo feed's first user's items are pictures: no speaker, no sound change.
        let muted = try run(["-o", dir + "/m/", "--fps", "2", "--scale", "0.1", "--duration", "1", "--muted"])
        #expect(!muted.contains { $0.contains("muteChanged") })
        let unmuted = try run(["-o", dir + "/u/", "--fps", "2", "--scale", "0.1", "--duration", "1", "--unmuted"])
        #expect(unmuted.contains { $0.hasSuffix("userEntered(user: 0, item: 0, ava-1)") })
        #expect(failure(["-o", dir + "/x/", "--muted", "--unmuted"]) != nil)
    }

    @Test func seenItemsStartEachUserAtTheirFirstUnseenItem() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lines = try run(["-o", dir + "/frames/", "--fps", "2", "--scale", "0.1", "--seen", "ava-1", "ava-2", "--duration", "2"])
        #expect(lines.first { $0.contains("itemSeen") }?.hasSuffix("itemSeen(ava-3)") == true)
    }

    @Test(arguments: [
        (["--load-time", "-1"], "--load-time must be a number of seconds in 0…10, got -1.0"),
        (["--fps", "0"], "--fps must be a number in 1…120, got 0.0"),
        (["/nonexistent/feed.json"], "/nonexistent/feed.json: no such file"),
        (["-o", "x.webm"], #"x.webm: unknown output type ".webm"; use .gif, .mp4, a .png pattern with %d, or a folder"#),
    ])
    func badArgumentsGiveOneLineErrors(arguments: [String], expected: String) throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let output = arguments.contains("-o") ? [] : ["-o", dir + "/out.gif"]
        #expect(failure(arguments + output) == expected)
    }

    @Test func aFeedWithAnUnknownKeyOrAMissingPictureSaysWhere() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let misspelt = #"{"users": [{"id": "a", "name": "A", "items": [{"id": "1", "kind": "image", "url": "1.jpg", "duraton": 3}]}]}"#
        try misspelt.write(toFile: dir + "/feed.json", atomically: true, encoding: .utf8)
        #expect(failure([dir + "/feed.json", "-o", dir + "/out.gif"])
            == "\(dir)/feed.json: invalid feed JSON: at users[0].items[0].duraton: unknown key; did you mean duration?")
        let missing = #"{"users": [{"id": "a", "name": "A", "items": [{"id": "1", "kind": "image", "url": "1.jpg"}]}]}"#
        try missing.write(toFile: dir + "/feed.json", atomically: true, encoding: .utf8)
        #expect(failure([dir + "/feed.json", "-o", dir + "/out.gif"]) == "\(dir)/1.jpg: no such file (item 1 of a)")
        let twice = #"{"users": [{"id": "a", "name": "A", "items": [{"id": "1", "kind": "video", "url": "1.mp4"}, {"id": "1", "kind": "video", "url": "2.mp4"}]}]}"#
        try twice.write(toFile: dir + "/feed.json", atomically: true, encoding: .utf8)
        #expect(failure([dir + "/feed.json", "-o", dir + "/out.gif"]) == "\(dir)/feed.json: users[0].items[1].id: \"1\" is used twice")
    }
}
