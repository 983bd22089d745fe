import Foundation
import StoryKit
import StoryRender
import StoryKitTestSupport
import Testing
@testable import storykit

@Suite struct RenderCubeCommandTests {
    /// `Examples/cube` of this checkout.
    private let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/cube").standardized.path

    /// A fresh folder for one test's files.
    private let scratch = ScratchFolders()

    private func folder() throws -> String {
        try scratch.make("storykit-cube")
    }

    /// Runs `storykit render cube <arguments>` in process through the root command; returns the
    /// lines it printed.
    @discardableResult
    private func run(_ arguments: [String]) throws -> [String] {
        try CLI.run(["render", "cube"] + arguments)
    }

    /// The one-line message of the error `arguments` end with.
    private func failure(_ arguments: [String]) -> String? {
        CLI.failure(["render", "cube"] + arguments)
    }

    /// The bottom-centre pixel of a face region: the photos' near hills, whose colour tells the
    /// page: Ava plum (58, 46, 57), Ben teal (14, 94, 111), Cleo green (36, 69, 47).
    private func person(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> String {
        let (r, g, b) = (Int(pixel.r), Int(pixel.g), Int(pixel.b))
        if b > r + 40 && b > g { return "Ben" }
        if g > r + 15 && g > b + 10 { return "Cleo" }
        if r > g && b > g { return "Ava" }
        return "? \(pixel)"
    }

    @Test func aFlickRendersOneGIFFramePerTickAndPrintsItsPageEvents() throws {
        let out = try folder() + "/flick.gif"
        let lines = try run(["--gesture", examples + "/flick.json", "--scale", "0.5", "--fps", "10",
                             "--duration", "2", "-o", out])
        let gif = try GIFStructure(contentsOfFile: out)
        #expect(gif.width == 135 && gif.height == 240)
        #expect(gif.frameCount == 20)
        #expect(gif.delays.allSatisfy { $0 == 10 })
        // The first flick is released at 0.38 s and settles on Ben; the second starts at 1.4 s.
        #expect(lines.prefix(3) == [
            "  0.380 s  willChangePage(from: 0, to: 1)",
            "  1.036 s  didChangePage(1)",
            "  1.480 s  willChangePage(from: 1, to: 2)",
        ])
        #expect(lines.count == 4)  // Cleo is reached at 2.136 s, after the last frame (1.9 s)
        #expect(lines.last == "wrote \(out): 20 frames at 10 fps (2 s), 135×240 px")
    }

    @Test func theDefaultDurationHoldsHalfASecondAfterTheCubeRests() throws {
        let out = try folder() + "/flick.gif"
        let lines = try run(["--gesture", examples + "/flick.json", "--scale", "0.5", "--fps", "10", "-o", out])
        // The second flick settles on Cleo at 2.136 s: 2.636 s at 10 frames/s is 26 frames.
        #expect(lines.contains("  2.136 s  didChangePage(2)"))
        #expect(try GIFStructure(contentsOfFile: out).frameCount == 26)
    }

    @Test func pngFramesShowAvaThenBenThenCleoTurningLeftToRight() throws {
        let dir = try folder() + "/frames/"
        let script = try JSONDecoder().decode(GestureScript.self,
                                              from: Data(contentsOf: URL(fileURLWithPath: examples + "/flick.json")))
        try run(["--gesture", examples + "/flick.json", "--scale", "0.5", "--fps", "10", "-o", dir])
        func frame(_ index: Int) throws -> RGBAImage {
            try RGBAImage(contentsOfFile: dir + String(format: "frame-%04d.png", index))
        }
        #expect(person(try frame(0)[67, 225]) == "Ava")
        #expect(person(try frame(25)[67, 225]) == "Cleo")
        #expect(!FileManager.default.fileExists(atPath: dir + "frame-0026.png"))

        // During the first turn Ava is the left face and Ben the right one (not mirrored: Ben's
        // near hills on the right, where his photo has them).
        var replay = CubeReplay(script: script, pager: CubePager(pageCount: 3, pageSize: Size(width: 270, height: 480)))
        let middle = try #require((0..<26).first { index in
            _ = replay.step(to: Double(index) / 10)
            return (0.2...0.8).contains(replay.pager.position)
        })
        let turning = try frame(middle)
        #expect(person(turning[8, 215]) == "Ava")
        #expect(person(turning[127, 215]) == "Ben")
    }

    @Test func thePageCountIsTheNumberOfImages() throws {
        let out = try folder() + "/two.gif"
        let lines = try run(["--images", examples + "/cleo.jpg", examples + "/ava.jpg", "--gesture", examples + "/flick.json",
                             "--scale", "0.5", "--fps", "10", "-o", out])
        // Two pages: the second flick is past the last one, so it rubber-bands and reports pastEnd.
        #expect(lines.dropLast() == [
            "  0.380 s  willChangePage(from: 0, to: 1)",
            "  1.036 s  didChangePage(1)",
            "  1.480 s  pastEnd",
        ])
    }

    @Test func anEmptyScriptHoldsTheFirstPageForHalfASecond() throws {
        let dir = try folder()
        try #"{"events": []}"#.write(toFile: dir + "/empty.json", atomically: true, encoding: .utf8)
        let lines = try run(["--gesture", dir + "/empty.json", "--scale", "0.5", "--fps", "10", "-o", dir + "/still/"])
        #expect(lines == ["wrote \(dir)/still/frame-0000.png … frame-0004.png: 5 frames at 10 fps (0.5 s), 135×240 px"])
        #expect(person(try RGBAImage(contentsOfFile: dir + "/still/frame-0004.png")[67, 225]) == "Ava")
    }

    @Test(arguments: [
        (["--images", "/nonexistent/a.jpg"], "/nonexistent/a.jpg: no such file"),
        (["--gesture", "/nonexistent/g.json"], "/nonexistent/g.json: no such file or not readable"),
        (["--size", "0x160"], "--size must be WIDTHxHEIGHT in points, each 1…4096 (e.g. 270x480), got \"0x160\""),
        (["--size", "wide"], "--size must be WIDTHxHEIGHT"),
        (["--fps", "0"], "--fps must be a number in 1…120, got 0.0"),
        (["--fps", "nan"], "--fps must be a number in 1…120"),
        (["--scale", "9"], "--scale must be a number in 0.1…8, got 9.0"),
        (["--transition", "spin"], "--transition must be one of cube, slide, crossFade, got \"spin\""),
        (["--duration", "0"], "--duration must be a number of seconds in 0…600"),
        (["--size", "4000x4000", "--scale", "4"], "each side must be 1…8192"),
    ])
    func badArgumentsGiveOneLineErrors(arguments: [String], expected: String) throws {
        let out = try folder() + "/out.gif"
        let message = try #require(failure(arguments + ["-o", out]))
        #expect(message.contains(expected), "\(message)")
        #expect(!message.contains("\n"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test(arguments: [
        ("out.webp", "out.webp: unknown output type \".webp\"; use .gif, .mp4, a .png pattern with %d, or a folder"),
        ("out.png", "out.png: one PNG cannot hold an animation"),
        ("out-%d-%d.png", "one PNG cannot hold an animation"),
    ])
    func anUnknownOutputIsRefused(name: String, expected: String) throws {
        let dir = try folder()
        let message = try #require(failure(["-o", dir + "/" + name]))
        #expect(message.contains(expected), "\(message)")
    }

    @Test func anUnreadableImageNamesTheFile() throws {
        let dir = try folder()
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: dir + "/broken.jpg"))
        let message = try #require(failure(["--images", dir + "/broken.jpg", "-o", dir + "/out.gif"]))
        #expect(message == "\(dir)/broken.jpg: not a PNG or JPEG image (starts with 6E 6F 74 20)")
    }

    @Test(arguments: [
        (#"{"events": [{"phase": "flick", "time": 0, "x": 1, "y": 2}]}"#, "at events[0].phase: "),
        (#"{"events": [{"phase": "began", "time": 0, "x": 1, "y": 2}, {"phase": "ended", "x": 1, "y": 2}]}"#,
         "at events[1]: missing key \"time\""),
        ("{}", "missing key \"events\""),
        ("[1, 2", "invalid gesture JSON: "),
    ])
    func aBadGestureFileNamesTheDecodingPath(json: String, expected: String) throws {
        let dir = try folder()
        try json.write(toFile: dir + "/g.json", atomically: true, encoding: .utf8)
        let message = try #require(failure(["--gesture", dir + "/g.json", "-o", dir + "/out.gif"]))
        #expect(message.hasPrefix("\(dir)/g.json: invalid gesture JSON: "), "\(message)")
        #expect(message.contains(expected), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test(.enabled(if: VideoEncoder.ffmpegPath() == nil, "with ffmpeg, VideoEncoderTests cover MP4"))
    func withoutFFmpegAnMP4IsAOneLineError() throws {
        let dir = try folder()
        let message = try #require(failure(["--size", "90x160", "-o", dir + "/cube.mp4"]))
        #expect(message.hasPrefix("MP4 needs ffmpeg on the PATH"))
    }
}
