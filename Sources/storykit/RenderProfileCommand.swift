import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit render profile --header h.jpg --avatar a.jpg --offsets "-120...600" -o profile.gif`:
/// the stretchy, sticky profile header following a scroll.
struct RenderProfileCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Render the stretchy, sticky profile header following a scroll (a sweep of offsets or a scroll script).",
        discussion: """
        The demo profile screen (an iPhone's layout scaled to --size) scrolls through the offsets: pulled down (negative) \
        the header stretches from its top edge; scrolled up it moves until the bar is left, then sticks; the avatar \
        shrinks about its bottom and goes behind it; the title slides in and the blurred header (blurred once before the \
        first frame) fades in when the name reaches the bar; the tab bar pins below. Without --offsets or --scroll: the \
        reel's scroll. The offsets at the key points are printed. Output by extension as for render cube.
        """
    )

    @Option(help: ArgumentHelp("The header image (PNG or JPEG; default: a generated landscape).", valueName: "image"))
    var header: String?

    @Option(help: ArgumentHelp("The avatar image (PNG or JPEG; default: a demo photo).", valueName: "image"))
    var avatar: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Sweep the scroll offset linearly from FROM to TO points over the duration (default 4 s).",
                                                         valueName: "FROM...TO"))
    var offsets: String?

    @Option(help: ArgumentHelp("A scroll script: JSON {\"keyframes\": [{\"time\": s, \"offset\": pt, \"curve\": \"easeOut\"}, …]}.",
                               valueName: "file"))
    var scroll: String?

    @Flag(help: "Reduce Motion: the avatar keeps its size and the title fades in place.")
    var reduceMotion = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write: profile.gif, profile.mp4, frames/profile-%03d.png or a folder.", valueName: "path"))
    var output: String

    @OptionGroup var frames: FrameArguments

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to render, up to 600 (default: the script's length, or 4 s for --offsets).",
                                                         valueName: "seconds"))
    var duration: Double?

    /// Renders and reports through `log`: the layout's key offsets, then what was written.
    ///
    /// - Throws: ``CLIError`` with a one-line message for any bad argument or file.
    func render(log: (String) -> Void) throws {
        let options = try frames.options(duration: duration)
        let page = options.page
        if offsets != nil, scroll != nil { throw CLIError("give --offsets or --scroll, not both") }
        let destination = try FrameOutput(path: output)
        let writer = try destination.open(width: options.pixels.width, height: options.pixels.height, framesPerSecond: options.fps,
                                          name: output)
        let script: ScrollScript
        if let offsets {
            let (from, to) = try ScrollScript.range(offsets)
            script = .sweep(from: from, to: to, duration: duration ?? 4)
        } else if let scroll {
            script = try JSONInput.load(ScrollScript.self, from: scroll, kind: "scroll script").validated(source: scroll)
        } else {
            script = DemoClip.profileReelScript(page: page)
        }
        let length = duration ?? max(script.duration, 1 / options.fps)
        let headerImage = try header.map(RenderZoomCommand.load) ?? DemoImages.landscape(width: 1170, height: 600, palette: DemoImages.palettes[1])
        let avatarImage = try avatar.map(RenderZoomCommand.load) ?? DemoPhotos.loadForReel()[0]
        let clip = DemoClip.profile(script: script, page: page, header: headerImage, avatar: avatarImage,
                                    configuration: .init(reduceMotion: reduceMotion), framesPerSecond: options.fps, duration: length)
        let layout = DemoProfileScreen(page: page).layout
        log(String(format: "sticks at %.1f pt; title from %.1f to %.1f pt; tab bar pins at %.1f pt", layout.stickyOffset,
                   layout.titleStartOffset, layout.titleEndOffset, layout.tabBarStickOffset ?? 0))
        log(try clip.write(to: writer, output: output, pixels: options.pixels, scale: options.scale, length: length,
                             jobs: options.jobs))
    }
}
