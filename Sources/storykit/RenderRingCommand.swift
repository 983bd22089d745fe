import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit render ring --state loading --ready-after 2.5 -o ring.gif`: the story ring at rest or
/// loading, rendered frame by frame from the ``StoryRing`` model.
struct RenderRingCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "ring",
        abstract: "Render the story ring (unseen, seen, none, or loading until ready) to a GIF, an MP4 or PNG frames.",
        discussion: """
        --state loading taps the avatar at --tap-at (0.3 s by default): the avatar shrinks and the ring turns in \
        segments until --ready-after seconds later, when every channel comes to rest from its own speed and the \
        viewer would launch (printed as events). Without --ready-after it loads to the end. The avatar is the demo \
        feed's, or --avatar. Output by extension as for render cube.
        """
    )

    @Option(help: ArgumentHelp("unseen, seen, none, or loading (an unseen ring tapped).", valueName: "state"))
    var state: String = "loading"

    @Option(name: .customLong("ready-after"), parsing: .unconditional,
            help: ArgumentHelp("Seconds from the tap to readiness, 0…600 (default: never).", valueName: "seconds"))
    var readyAfter: Double?

    @Option(name: .customLong("tap-at"), parsing: .unconditional, help: ArgumentHelp("When the avatar is tapped, 0…600.", valueName: "seconds"))
    var tapAt: Double = 0.3

    @Flag(name: .customLong("reduce-motion"), help: "Reduce Motion: an opacity pulse instead of turning segments.")
    var reduceMotion = false

    @Option(help: ArgumentHelp("The avatar picture (PNG or JPEG).", valueName: "image"))
    var avatar: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write: ring.gif, ring.mp4, frames/ring-%03d.png or a folder.", valueName: "path"))
    var output: String

    @OptionGroup var frames: FrameArguments

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Seconds to render, up to 600 (default: until 0.6 s after the launch, else 3 s past the tap).", valueName: "seconds"))
    var duration: Double?

    /// Renders the ring and reports through `log`: the ring's events with their times, then
    /// what was written.
    ///
    /// - Throws: ``CLIError`` with a one-line message for any bad argument or file.
    func render(log: (String) -> Void) throws {
        let options = try frames.options(duration: duration, defaultSize: "96x96", defaultScale: 3)
        let states = ["unseen", "seen", "none", "loading"]
        guard states.contains(state) else {
            throw CLIError("--state must be one of \(states.joined(separator: ", ")), got \"\(state)\"")
        }
        guard tapAt.isFinite, (0...600).contains(tapAt) else { throw CLIError("--tap-at must be a number of seconds in 0…600, got \(tapAt)") }
        if let readyAfter, !(readyAfter.isFinite && (0...600).contains(readyAfter)) {
            throw CLIError("--ready-after must be a number of seconds in 0…600, got \(readyAfter)")
        }
        if readyAfter != nil, state != "loading" { throw CLIError("--ready-after needs --state loading") }
        let destination = try FrameOutput(path: output)
        let writer = try destination.open(width: options.pixels.width, height: options.pixels.height, framesPerSecond: options.fps,
                                          name: output)
        let picture: RGBAImage
        if let avatar {
            guard FileManager.default.fileExists(atPath: avatar) else { throw CLIError("\(avatar): no such file") }
            do { picture = try RGBAImage(contentsOfFile: avatar) } catch { throw CLIError("\(error)") }
        } else {
            picture = DemoFeed.avatar()
        }
        let configuration = StoryRing.Configuration(reduceMotion: reduceMotion)
        let loading = state == "loading"
        let status = loading ? StoryRing.Status.unseen : StoryRing.Status(rawValue: state)!
        let length = duration ?? (loading ? tapAt + (readyAfter.map { $0 + configuration.resolveDuration + 0.6 } ?? 3) : 1)
        var ring = StoryRing(status: status, configuration: configuration)
        if loading {
            for event in ring.tap(time: tapAt) { log(Self.line(tapAt, event)) }
            if let readyAfter {
                for event in ring.ready(time: tapAt + readyAfter) { log(Self.line(tapAt + readyAfter, event)) }
                let end = tapAt + readyAfter + configuration.resolveDuration
                for event in ring.advance(to: end) { log(Self.line(end, event)) }
            }
        }
        let clip = DemoClip.ring(status: status, tapAt: loading ? tapAt : nil, readyAfter: readyAfter, configuration: configuration,
                                 size: options.page, framesPerSecond: options.fps, duration: length, avatar: picture)
        log(try clip.write(to: writer, output: output, pixels: options.pixels, scale: options.scale, length: length,
                             jobs: options.jobs))
    }

    /// One event line: `  0.300 s  loadingStarted`.
    static func line(_ time: Double, _ event: StoryRing.Event) -> String {
        String(format: "%7.3f s  ", time) + "\(event)"
    }
}
