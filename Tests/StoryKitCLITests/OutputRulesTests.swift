import Foundation
import StoryKit
import StoryRender
import StoryKitTestSupport
import Testing
@testable import storykit

/// Outputs behave the same everywhere (issue 16): what each command writes, where, and the words
/// it uses when it cannot.
@Suite struct OutputRulesTests {
    private let cards = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/card").standardized.path
    private let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/cube").standardized.path

    private let scratch = ScratchFolders()

    private func folder() throws -> String {
        try scratch.make("storykit-outputs")
    }

    /// Runs a command; its error's one-line message, or nil; `lines` gets what render cube logs.
    private func run(_ arguments: [String], lines: inout [String]) -> String? {
        do {
            lines = try CLI.run(arguments)
            return nil
        } catch {
            return StoryKitCommand.message(for: error)
        }
    }

    private func run(_ arguments: [String]) -> String? {
        var lines: [String] = []
        return run(arguments, lines: &lines)
    }

    @Test(arguments: ["x.jpg", "x.gif", "x"])
    func renderSceneRefusesWhatItCannotWrite(name: String) throws {
        let dir = try folder()
        #expect(run(["render", cards + "/scene.json", "-o", dir + "/" + name])
            == "\(dir)/\(name): render scene writes one PNG; name the output .png (render cube writes GIF and MP4)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func everyCommandCreatesAMissingParentFolder() throws {
        let dir = try folder()
        #expect(run(["render", cards + "/scene.json", "-o", dir + "/a/b/card.png"]) == nil)
        #expect(FileManager.default.fileExists(atPath: dir + "/a/b/card.png"))
        #expect(run(["render", "cube", "--duration", "0.1", "-o", dir + "/c/d/cube.gif"]) == nil)
        #expect(FileManager.default.fileExists(atPath: dir + "/c/d/cube.gif"))
        #expect(run(["render", "cube", "--duration", "0.1", "-o", dir + "/e/frames-%02d.png"]) == nil)
        #expect(FileManager.default.fileExists(atPath: dir + "/e/frames-00.png"))
        #expect(run(["render", "cube", "--duration", "0.1", "-o", dir + "/f/g/"]) == nil)
        #expect(FileManager.default.fileExists(atPath: dir + "/f/g/frame-0000.png"))
        if VideoEncoder.ffmpegPath() != nil {
            #expect(run(["render", "cube", "--duration", "0.1", "-o", dir + "/h/i/cube.mp4"]) == nil)
            #expect(FileManager.default.fileExists(atPath: dir + "/h/i/cube.mp4"))
        }
    }

    @Test func aFileInTheWayOfTheFolderIsOneLineNamingItOnceBeforeRendering() throws {
        let dir = try folder()
        try #require(FileManager.default.createFile(atPath: dir + "/taken", contents: Data()))
        let expected = "cannot create the folder \(dir)/taken: a file is in the way"
        #expect(run(["render", cards + "/scene.json", "-o", dir + "/taken/card.png"]) == expected)
        var lines: [String] = []
        #expect(run(["render", "cube", "-o", dir + "/taken/cube.gif"], lines: &lines) == expected)
        #expect(lines.isEmpty, "nothing was rendered")
        #expect(run(["demo", "-o", dir + "/taken"]) == "cannot create the folder \(dir)/taken: a file is in the way")
    }

    @Test func renderCubeTakesAFolderOfImagesInNameOrder() throws {
        let dir = try folder()
        for name in ["b-ben.jpg", "a-cleo.jpg"] {
            try FileManager.default.copyItem(atPath: photos + "/" + (name == "b-ben.jpg" ? "ben.jpg" : "cleo.jpg"),
                                             toPath: dir + "/" + name)
        }
        try #require(FileManager.default.createFile(atPath: dir + "/notes.txt", contents: Data("not an image".utf8)))
        var lines: [String] = []
        #expect(run(["render", "cube", "--images", dir, "--duration", "0.1", "-o", dir + "/out/frames/"], lines: &lines) == nil)
        // Two pages (the .txt is not an image); page 0 is Cleo (a- sorts first): her green hills.
        let frame = try RGBAImage(contentsOfFile: dir + "/out/frames/frame-0000.png")
        let hills = frame[135, 470]
        #expect(hills.g > hills.r && hills.g > hills.b, "\(hills)")
        let empty = try folder()
        #expect(run(["render", "cube", "--images", empty, "-o", empty + "/x.gif"]) == "--images \(empty): no PNG or JPEG files")
    }

    @Test func renderSceneFindsImagesInFoldersOrAsFiles() throws {
        let dir = try folder()
        try FileManager.default.copyItem(atPath: cards + "/scene.json", toPath: dir + "/scene.json")
        // The scene names photo.jpg; it is not beside the scene here.
        #expect(run(["render", dir + "/scene.json", "-o", dir + "/a.png"])?.hasPrefix("cannot read \(dir)/photo.jpg") == true)
        #expect(run(["render", dir + "/scene.json", "--images", cards, "-o", dir + "/b.png"]) == nil)
        #expect(run(["render", dir + "/scene.json", "--images", cards + "/photo.jpg", "-o", dir + "/c.png"]) == nil)
        #expect(try RGBAImage(contentsOfFile: dir + "/b.png") == RGBAImage(contentsOfFile: dir + "/c.png"))
    }

    @Test func renderSceneLoadsTheImagesItsMasksName() throws {
        let dir = try folder()
        // A red square masked by a layer whose only drawing is the photo: the photo's alpha
        // (opaque) lets the square show, so the image must be found inside the mask.
        let scene = #"""
        {"size": {"width": 8, "height": 8}, "layers": [{"frame": {"origin": {"x": 0, "y": 0}, "size": {"width": 8, "height": 8}},
          "backgroundColor": "#FF0000",
          "mask": {"frame": {"origin": {"x": 0, "y": 0}, "size": {"width": 8, "height": 8}}, "contents": {"image": "photo.jpg"}}}]}
        """#
        try scene.write(toFile: dir + "/masked.json", atomically: true, encoding: .utf8)
        #expect(run(["render", dir + "/masked.json", "-o", dir + "/none.png"])?.hasPrefix("cannot read \(dir)/photo.jpg") == true)
        #expect(run(["render", dir + "/masked.json", "--images", cards, "-o", dir + "/masked.png"]) == nil)
        let image = try RGBAImage(contentsOfFile: dir + "/masked.png")
        #expect(image[4, 4].r == 255 && image[4, 4].a == 255 && image[4, 4].g == 0)
    }

    @Test func demoOnlyTakesExactClipNames() {
        let never = FileManager.default.temporaryDirectory.appendingPathComponent("storykit-never-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: never) }
        #expect(run(["demo", "--only", "ring", "-o", never])
            == #"--only: no clip is called "ring"; the clips are cube, viewer, story-ring, tray, zoom, profile, perspective-card, spring-move, timing-curves"#)
        #expect(!FileManager.default.fileExists(atPath: never))
        #expect(DemoCommand.summary(clipCount: 1, folder: "demo") == "wrote 1 clip, contact-sheet.png and index.html to demo")
        #expect(DemoCommand.summary(clipCount: 5, folder: "demo") == "wrote 5 clips, contact-sheet.png and index.html to demo")
    }

    @Test func demoOnlyRendersExactlyTheNamedClip() throws {
        let dir = try folder() + "/reel"
        #expect(run(["demo", "--only", "spring-move", "--scale", "0.25", "-o", dir]) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
            == ["contact-sheet.png", "index.html", "spring-move.gif"])
        let index = try String(contentsOfFile: dir + "/index.html", encoding: .utf8)
        #expect(index.components(separatedBy: "<figure>").count == 2)
    }

    @Test func theIndexPagesLinksAreReadableOnItsDarkPage() throws {
        let page = DemoReel.indexPage([], mp4: false)
        #expect(page.contains(#"<a href="contact-sheet.png">Contact sheet</a>"#))
        /// The `#rrggbb` colour that follows `prefix` in the page's style sheet.
        func colour(after prefix: String) throws -> [Double] {
            let start = try #require(page.range(of: prefix)).upperBound
            let hex = page[start...].prefix(6)
            return try stride(from: 0, to: 6, by: 2).map { i -> Double in
                let digits = hex.dropFirst(i).prefix(2)
                return Double(try #require(UInt8(digits, radix: 16))) / 255
            }
        }
        /// WCAG 2's relative luminance of an sRGB colour.
        func luminance(_ rgb: [Double]) -> Double {
            let linear = rgb.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        }
        let background = luminance(try colour(after: "body { background: #"))
        for link in ["a { color: #", "a:visited { color: #"] {
            let contrast = (luminance(try colour(after: link)) + 0.05) / (background + 0.05)
            #expect(contrast >= 7, "\(link) has a contrast of \(contrast):1; WCAG's AAA asks for 7:1")
        }
    }

    @Test func durationHelpSaysTheLimitItChecks() {
        let help = RenderCubeCommand.helpMessage()
        #expect(help.contains("up to 600"))
        #expect(run(["render", "cube", "--duration", "601", "-o", "x.gif"])
            == "--duration must be a number of seconds in 0…600 (not 0), got 601.0")
    }
}
