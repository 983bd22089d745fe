import Foundation
import StoryKit
import StoryRender
import StoryKitTestSupport
import Testing
@testable import storykit

/// The command line under hostile input (issue 15): each case is one line, word for word, and
/// comes before any rendering.
@Suite struct HostileInputTests {
    /// A fresh folder for one test's files.
    private let scratch = ScratchFolders()

    private func folder() throws -> String {
        try scratch.make("storykit-hostile")
    }

    /// The one-line message `storykit <arguments>` stops with (parsing errors included, as the
    /// tool prints them after "Error: "), or nil when it succeeds.
    private func failure(_ arguments: [String]) -> String? {
        CLI.message(arguments)
    }

    @Test(arguments: [
        (["render", "cube", "--scale", "-1"], "--scale must be a number in 0.1…8, got -1.0"),
        (["render", "cube", "--size", "-5x10"], #"--size must be WIDTHxHEIGHT in points, each 1…4096 (e.g. 270x480), got "-5x10""#),
        (["render", "cube", "--fps", "-1"], "--fps must be a number in 1…120, got -1.0"),
        (["render", "cube", "--duration", "-1"], "--duration must be a number of seconds in 0…600 (not 0), got -1.0"),
        (["render", "scene.json", "--scale", "-2"], "--scale must be a number in 0.1…8, got -2.0"),
        (["demo", "--scale", "-1"], "--scale must be a number in 0.25…4, got -1.0"),
        (["bench", "--runs", "-3"], "--runs must be in 1…100000, got -3"),
        (["bench", "rings", "--runs", "-3"], "--runs must be in 1…100000, got -3"),
        (["bench", "cube", "--runs", "-3"], "--runs must be in 1…100000, got -3"),
        (["bench", "blur", "--runs", "-3"], "--runs must be in 1…100000, got -3"),
    ])
    func negativeNumbersAreValuesRefusedWithTheirRange(arguments: [String], expected: String) throws {
        let dir = try folder()
        let output = arguments.first == "demo" ? dir + "/reel" : dir + (arguments[1] == "cube" ? "/out.gif" : "/out.png")
        #expect(failure(arguments + ["-o", output].filter { _ in arguments.first != "bench" }) == expected)
    }

    @Test func aSceneNestedBeyondTheReadersLimitSaysWhatTheLimitIs() throws {
        let dir = try folder()
        var layer = #"{"frame": {"origin": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}}}"#
        for _ in 0..<1_000 { layer = #"{"sublayers": ["# + layer + "]}" }
        try (#"{"size": {"width": 2, "height": 2}, "layers": ["# + layer + "]}")
            .write(toFile: dir + "/deep.json", atomically: true, encoding: .utf8)
        #expect(failure(["render", dir + "/deep.json", "-o", dir + "/out.png"])
            == "\(dir)/deep.json: invalid scene JSON: line 1, column 3874: nested more than 512 arrays and objects deep, "
            + "the JSON reader's limit")
        // Within the reader's limit but deeper than a scene may nest: said, not silently cut, on
        // one readable line.
        let leaf = ##"{"frame": {"origin": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}}, "backgroundColor": "#FF0000"}"##
        layer = leaf
        for _ in 0..<230 { layer = #"{"sublayers": ["# + layer + "]}" }
        try (#"{"size": {"width": 2, "height": 2}, "layers": ["# + layer + "]}")
            .write(toFile: dir + "/deep.json", atomically: true, encoding: .utf8)
        #expect(failure(["render", dir + "/deep.json", "-o", dir + "/out.png"])
            == "\(dir)/deep.json: layers[0] > sublayers[0] > … 196 more … > sublayers[0] > sublayers[0]: "
            + "sublayers nested deeper than 200 levels")
        // 199 levels render, the deepest layer included.
        layer = leaf
        for _ in 0..<199 { layer = #"{"sublayers": ["# + layer + "]}" }
        try (#"{"size": {"width": 2, "height": 2}, "layers": ["# + layer + "]}")
            .write(toFile: dir + "/deep.json", atomically: true, encoding: .utf8)
        #expect(failure(["render", dir + "/deep.json", "-o", dir + "/out.png"]) == nil)
        #expect(try RGBAImage(contentsOfFile: dir + "/out.png")[0, 0] == (255, 0, 0, 255))
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func aDeviceGivenAsAnImageIsRefusedFromItsFirstBytes(device: String) throws {
        let dir = try folder()
        let message = try #require(failure(["render", "cube", "--images", device, "-o", dir + "/out.gif"]))
        #expect(message.hasPrefix("\(device): not a PNG or JPEG image (starts with "))
        if device == "/dev/zero" { #expect(message == "/dev/zero: not a PNG or JPEG image (starts with 00 00 00 00)") }
        // The same through a scene: the link is read for 8 bytes, not a gigabyte.
        try #"{"size": {"width": 2, "height": 2}, "layers": [{"contents": {"image": "photo.jpg"}}]}"#
            .write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/photo.jpg", withDestinationPath: "/dev/zero")
        #expect(failure(["render", dir + "/scene.json", "-o", dir + "/out.png"])
            == "\(dir)/photo.jpg: not a PNG or JPEG image (starts with 00 00 00 00)")
    }

    @Test func anUnknownOutputTypeIsRefusedBeforeAnyInputIsRead() throws {
        let dir = try folder()
        // The gesture file does not exist: the output is checked first.
        #expect(failure(["render", "cube", "--gesture", dir + "/missing.json", "-o", dir + "/x.webm"])
            == #"\#(dir)/x.webm: unknown output type ".webm"; use .gif, .mp4, a .png pattern with %d, or a folder"#)
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.webm"))
    }

    @Test func aGIFIsWrittenAsFramesComeAndMovedIntoPlaceAtTheEnd() throws {
        let dir = try folder()
        let writer = try FrameOutput.gif(dir + "/clip.gif").open(width: 8, height: 8, framesPerSecond: 10)
        try writer.add(RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255)))
        try writer.add(RGBAImage(width: 8, height: 8, fill: (0, 0, 255, 255)))
        let partial = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".partial") }
        #expect(partial.count == 1 && !FileManager.default.fileExists(atPath: dir + "/clip.gif"))
        let written = try FileManager.default.attributesOfItem(atPath: dir + "/" + partial[0])[.size] as? Int ?? 0
        #expect(written > 13, "the header and the first frame are on disk already")
        try writer.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["clip.gif"])
        let gif = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/clip.gif")))
        #expect(Array(gif.prefix(6)) == Array("GIF89a".utf8) && gif.last == 0x3B)
    }
}
