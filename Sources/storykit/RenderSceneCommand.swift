import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit render scene.json -o out.png` (or `storykit render scene …`): one scene
/// description to one PNG. The default subcommand of `storykit render`.
struct RenderSceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "Render a scene description (JSON, see the README) to a PNG.",
        discussion: """
        Images named by layers' contents are loaded (PNG or JPEG) from the scene file's folder, \
        or from --images: folders to look in, or the image files themselves (matched by file name). \
        `storykit render scene.json -o out.png` runs this subcommand.
        """
    )

    @Argument(help: "The scene description, a JSON file.")
    var scene: String

    @Option(name: .shortAndLong, help: "The PNG file to write (.png; its folder is created if missing).")
    var output: String

    @Option(parsing: .unconditional, help: "Pixels per point (1, 2 or 3 as on iPhones; any value in 0.1…8).")
    var scale: Double = 1

    @Option(help: "A colour (#RRGGBB or #RRGGBBAA) under the scene, replacing its own background.")
    var background: String?

    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Folders to find the scene's images in, or the image files (default: the scene file's folder).",
                               valueName: "folder-or-image"))
    var images: [String] = []

    func run() throws {
        guard scale.isFinite, (0.1...8).contains(scale) else {
            throw CLIError("--scale must be a number in 0.1…8, got \(scale)")
        }
        guard (output as NSString).pathExtension.lowercased() == "png" else {
            throw CLIError("\(output): render scene writes one PNG; name the output .png (render cube writes GIF and MP4)")
        }
        // The PNG goes to a temporary file beside it, renamed into place when written; making
        // it first checks that the folder can be written.
        let staging = try StagedOutput(name: output, folder: (output as NSString).deletingLastPathComponent)
        let temporary = try staging.temporaryFile(for: output)
        var description = try SceneFile.load(scene)
        if let background {
            guard let color = RGBAColor(hex: background) else {
                throw CLIError("--background \"\(background)\" is not a colour (#RRGGBB or #RRGGBBAA)")
            }
            description.backgroundColor = color
        }
        let places = images.isEmpty ? [URL(fileURLWithPath: scene).deletingLastPathComponent().path] : images
        let table = try SceneFile.loadImages(for: description, from: places)
        let frame: RGBAImage
        do {
            frame = try Renderer(images: table).render(description, scale: scale)
        } catch {
            throw CLIError("\(scene): \(error)")
        }
        do {
            try frame.write(toPNGFile: temporary)
        } catch {
            throw CLIError("\(output): \(error)")
        }
        try staging.commit()
        print("wrote \(output) (\(frame.width)×\(frame.height) px)")
    }
}
