import Foundation
import StoryKitTestSupport
import StoryRender
import Testing
@testable import storykit

@Suite struct RenderCommandTests {
    /// A fresh folder for one test's files.
    private let scratch = ScratchFolders()

    private func folder() throws -> String {
        try scratch.make("storykit-cli")
    }

    /// Runs `storykit render <arguments>` in process, through the root command, so the
    /// default subcommand (`scene`) is what parses a bare scene path.
    private func run(_ arguments: [String]) throws {
        #expect(try StoryKitCommand.parseAsRoot(["render"] + arguments) is RenderSceneCommand)
        try CLI.run(["render"] + arguments)
    }

    /// The one-line message of the error `arguments` end with.
    private func failure(_ arguments: [String]) -> String? {
        CLI.failure(["render"] + arguments)
    }

    @Test func rendersTheReadmeExampleWithItsJPEG() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Examples/card").standardized.path
        let out = try folder() + "/card.png"
        try run([examples + "/scene.json", "-o", out, "--scale", "1"])
        let image = try RGBAImage(contentsOfFile: out)
        #expect(image.width == 390 && image.height == 844)
        // The scene's black background in the corner, the photo's sky inside the card.
        #expect(image[2, 2] == (0, 0, 0, 255))
        let card = image[195, 260]
        #expect(card.a == 255 && card.b > 100)
    }

    @Test func aMissingFileIsOneLineNamingIt() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let missing = dir + "/missing/scene.json"   // in a fresh folder: certainly not there
        let message = failure([missing, "-o", dir + "/x.png"])
        #expect(message == "\(missing): no such file or not readable")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test(arguments: [
        ("{not json", "invalid scene JSON"),
        (#"{"size": {"width": 0, "height": 10}}"#, "scene: size must be positive and finite"),
        (#"{"size": {"width": 10, "height": 10}, "layers": [{"transform": [1, 0]}]}"#, "invalid scene JSON: at layers[0].transform"),
        (#"{"size": {"width": 10, "height": 10}, "layers": [{"contents": {"image": "gone.png"}}]}"#, "/gone.png: No such file or directory"),
        (#"{"size": {"width": 10, "height": 10}, "layers": [{"opacity": 1e999}]}"#, "scene.json: "),
    ])
    func badScenesGiveOneLineErrors(json: String, expected: String) throws {
        let dir = try folder()
        try json.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let message = try #require(failure([dir + "/scene.json", "-o", dir + "/out.png"]))
        #expect(message.contains(expected), "\(message)")
        #expect(!message.contains("\n"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    @Test func anUnreadableImageNamesTheFile() throws {
        let dir = try folder()
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: dir + "/broken.png"))
        let json = #"{"size": {"width": 10, "height": 10}, "layers": [{"contents": {"image": "broken.png"}}]}"#
        try json.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let message = try #require(failure([dir + "/scene.json", "-o", dir + "/out.png"]))
        #expect(message.hasPrefix(dir + "/broken.png: "), "\(message)")
    }

    @Test(arguments: ["0", "0.01", "nan", "100"])
    func anOutOfRangeScaleIsRefused(scale: String) throws {
        let dir = try folder()
        try #"{"size": {"width": 10, "height": 10}}"#.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let message = try #require(failure([dir + "/scene.json", "-o", dir + "/out.png", "--scale", scale]))
        #expect(message.contains("--scale must be a number in 0.1…8"))
    }

    @Test func aBadBackgroundColourIsRefused() throws {
        let dir = try folder()
        try #"{"size": {"width": 10, "height": 10}}"#.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
        let message = failure([dir + "/scene.json", "-o", dir + "/out.png", "--background", "red"])
        #expect(message == "--background \"red\" is not a colour (#RRGGBB or #RRGGBBAA)")
    }
}
