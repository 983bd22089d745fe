import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit render cube --images a.jpg b.jpg c.jpg --gesture FILE -o cube.gif`: the Stories
/// cube pager replaying a scripted touch sequence, rendered frame by frame.
///
/// The pager model gets the script's touches and the frame times (``CubeReplay``), exactly as
/// the UIKit front-end feeds it from a gesture recogniser and a display link; each frame is the
/// model's scene drawn by the compositor. The page events are printed as lines on standard
/// output, so a script can be checked without looking at the frames.
struct RenderCubeCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "cube",
        abstract: "Render the Stories cube replaying a gesture script to a GIF, an MP4 or PNG frames.",
        discussion: """
        The gesture file is GestureScript JSON: {"events": [{"phase": "began", "time": 0.3, "x": 216, "y": 240}, …]} \
        with phases began, moved, ended, cancelled; times in seconds; x and y in points in the page's \
        coordinate space (--size). Examples are in Examples/cube. The page events are printed as the \
        replay reaches them, one line each: time in seconds, then willChangePage, didChangePage, \
        didCancelPageChange or pastEnd.

        Output by extension: .gif (animated GIF), .mp4 (H.264, needs ffmpeg), a .png pattern with %d \
        or %0Nd (frames/cube-%03d.png: one PNG per frame, numbered from 0), or a folder (ending in /, \
        or without extension: frame-0000.png, … inside, created if needed).
        """
    )

    /// How long the last frame is held after the cube comes to rest, in seconds.
    static let hold = 0.5
    /// The longest default duration, in seconds (a longer script is cut; pass --duration).
    static let maximumDefaultDuration = 60.0

    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("One PNG or JPEG per page, in page order, or a folder of them (sorted by name; default: "
                               + "the bundled photos of Ava, Ben and Cleo).", valueName: "image"))
    var images: [String] = []

    @Option(help: ArgumentHelp("The gesture script (GestureScript JSON; default: the demo reel's drag back, flicks "
                               + "and rubber band).", valueName: "file"))
    var gesture: String?

    @Option(name: .shortAndLong,
            help: ArgumentHelp("Where to write: cube.gif, cube.mp4, frames/cube-%03d.png or a folder.", valueName: "path"))
    var output: String

    @OptionGroup var frames: FrameArguments

    @OptionGroup var layout: LayoutDirectionArgument

    @Option(help: ArgumentHelp("The page transition: cube, or slide or crossFade (the Reduce Motion replacements).",
                               valueName: "name"))
    var transition: String = "cube"

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Seconds to render, up to 600 (default: until the cube rests after the last touch plus 0.5 s, at most 60).",
        valueName: "seconds"))
    var duration: Double?

    /// Renders the animation and reports through `log`: each page event as it is replayed, then
    /// one line saying what was written.
    ///
    /// - Parameter log: Receives one line at a time (the command prints them).
    /// - Throws: ``CLIError`` with a one-line message for any bad argument or file.
    func render(log: (String) -> Void) throws {
        let options = try frames.options(duration: duration)
        let page = options.page, pixels = options.pixels
        guard let pageTransition = CubePager.Transition(rawValue: transition) else {
            let names = CubePager.Transition.allCases.map(\.rawValue).joined(separator: ", ")
            throw CLIError("--transition must be one of \(names), got \"\(transition)\"")
        }
        let destination = try FrameOutput(path: output)
        let writer = try destination.open(width: options.pixels.width, height: options.pixels.height, framesPerSecond: options.fps,
                                          name: output)
        let files = try images.flatMap { OutputFolder.isFolder($0) ? try OutputFolder.images(in: $0) : [$0] }
        if !images.isEmpty, files.isEmpty { throw CLIError("--images \(images.joined(separator: " ")): no PNG or JPEG files") }
        let pages = try files.isEmpty ? DemoPhotos.load() : files.map(Self.loadImage)
        let reel = CubeReplay.reelScript(pageSize: page)
        let script = try gesture.map(Self.loadScript) ?? (layout.rightToLeft ? reel.mirrored(width: page.width) : reel)
        if let gesture, let warning = script.implausibleEventWarning(pageSize: page) {
            log("warning: \(gesture): \(warning)")
        }

        var configuration = CubePager.Configuration(transition: pageTransition)
        configuration.layoutDirection = layout.direction
        let length = duration ?? min(Self.maximumDefaultDuration, CubeReplay(
            script: script, pager: CubePager(pageCount: pages.count, pageSize: page, configuration: configuration)
        ).restTime() + Self.hold)
        let (clip, events) = DemoClip.cube(replaying: script, pages: pages, pageSize: page, configuration: configuration,
                                           framesPerSecond: options.fps, duration: length)
        for event in events { log(event.description) }
        log(try clip.write(to: writer, output: output, pixels: pixels, scale: options.scale, length: length,
                             jobs: options.jobs))
    }

    /// Decodes one page image, with a one-line error naming the file.
    private static func loadImage(_ path: String) throws -> RGBAImage {
        guard FileManager.default.fileExists(atPath: path) else { throw CLIError("\(path): no such file") }
        do {
            return try RGBAImage(contentsOfFile: path)
        } catch {
            throw CLIError("\(error)")
        }
    }

    /// Reads a gesture script, with a one-line error naming the file and the JSON path at fault.
    private static func loadScript(_ path: String) throws -> GestureScript {
        try JSONInput.load(GestureScript.self, from: path, kind: "gesture")
    }
}
