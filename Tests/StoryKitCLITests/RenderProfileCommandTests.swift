import Foundation
import StoryKit
import StoryRender
import Testing
@testable import storykit

/// `storykit render profile`: the key offsets it reports, the frames it writes, the scroll
/// script, and one-line errors.
@Suite struct RenderProfileCommandTests {
    private func run(_ arguments: [String]) throws -> [String] {
        try CLI.run(["render", "profile"] + arguments)
    }

    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "storykit-profile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aSweepWritesFramesThatFollowTheOffsets() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 390 pt wide: the demo screen is an iPhone's (sticks at 76, title 124…157, tab bar 266).
        let lines = try run(["--size", "390x844", "--offsets", "-120...600", "--duration", "1", "--fps", "4", "-o", dir + "/p-%03d.png"])
        #expect(lines.first == "sticks at 76.0 pt; title from 124.0 to 157.0 pt; tab bar pins at 266.0 pt")
        #expect(lines.last?.hasPrefix("wrote") == true)
        // Frame 0 is pulled down 120 pt: the header reaches 167 + 120 = 287 pt, the body is white below.
        let pulled = try RGBAImage(contentsOfFile: dir + "/p-000.png")
        let header = pulled[195, 280], body = pulled[195, 292]
        #expect(!(header.r > 250 && header.g > 250 && header.b > 250), "header at 280: \(header)")
        #expect(body.r > 250 && body.g > 250 && body.b > 250, "body at 292: \(body)")
        // Frame 3 is at 420 pt: stuck (bottom at 91) with the tab bar pinned under it.
        let stuck = try RGBAImage(contentsOfFile: dir + "/p-003.png")
        let bar = stuck[195, 89], below = stuck[2, 120]
        #expect(!(bar.r > 250 && bar.g > 250 && bar.b > 250), "the stuck header at 89: \(bar)")
        #expect(below.r > 250 && below.g > 250, "the pinned tab bar's white at 120: \(below)")
    }

    @Test func aScrollScriptDrivesTheOffset() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = dir + "/scroll.json"
        try #"{"keyframes": [{"time": 0, "offset": 0}, {"time": 0.5, "offset": -100, "curve": "easeOut"}]}"#
            .write(toFile: script, atomically: true, encoding: .utf8)
        let lines = try run(["--scroll", script, "--fps", "4", "-o", dir + "/s-%03d.png"])
        #expect(lines.last?.contains("2 frames") == true)
        let track = try JSONInput.load(ScrollScript.self, from: script, kind: "scroll script").validated(source: script).track
        #expect(track.value(at: 0.5) == -100 && track.value(at: 0.25) < -50)   // eased out: past half way at half time
    }

    @Test func badProfileArgumentsGiveOneLineErrors() throws {
        func failure(_ arguments: [String]) -> String? {
            do { _ = try run(arguments + ["-o", "/tmp/x.gif"]); return nil } catch { return "\(error)" }
        }
        #expect(failure(["--offsets", "0..5"]) == "--offsets must be FROM...TO in points within ±1000000 (e.g. -120...600), got \"0..5\"")
        #expect(failure(["--offsets", "nan...5"]) != nil)
        #expect(failure(["--offsets", "0...5", "--scroll", "x.json"]) == "give --offsets or --scroll, not both")
        #expect(failure(["--header", "/nonexistent.png"]) == "/nonexistent.png: no such file")
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (json, message) in [
            (#"{"keyframes": []}"#, "a scroll script needs at least one keyframe"),
            (#"{"keyframes": [{"time": 1, "offset": 0}, {"time": 0.5, "offset": 3}]}"#, "keyframe 1: time 0.5 goes back from 1.0"),
            (#"{"keyframes": [{"time": 0, "offset": 0, "curve": "bouncy"}]}"#, "keyframe 0: unknown curve \"bouncy\" (linear, easeIn, easeOut, easeInEaseOut)"),
            (#"{"keyframes": [{"time": -1, "offset": 0}]}"#, "keyframe 0: time must be 0…600 s and offset within ±1000000 pt, got -1.0, 0.0"),
        ] {
            let path = dir + "/bad.json"
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(failure(["--scroll", path]) == "\(path): \(message)")
        }
    }
}
