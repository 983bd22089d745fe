import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit render tray --feed feed.json --script touches.json -o tray.gif`: the row of story
/// avatars and the viewer it opens, replaying a gesture script.
struct RenderTrayCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "tray",
        abstract: "Render the story tray and the viewer it opens, replaying a gesture script, to a GIF, an MP4 or PNG frames.",
        discussion: """
        While no viewer is open, touches go to the tray: a sideways drag scrolls the row, a tap on an avatar loads \
        its story (ready --load-time seconds later: the ring turns in segments, then resolves) and the viewer opens \
        out of the avatar. While it is open, touches go to the viewer as in play; moving to another user scrolls the \
        row to keep that user's avatar in view, and the swipe down closes into it (or fades where it is if it is out \
        of view). Without --feed: the demo feed with three more users; without --gesture: the reel's session. Events \
        are printed one a line. Output by extension as for render cube.
        """
    )

    @Option(help: ArgumentHelp("The feed (StoryFeed JSON; pictures relative to it).", valueName: "file"))
    var feed: String?

    @Option(name: [.customLong("gesture"), .customLong("script")],
            help: ArgumentHelp("The gesture script (GestureScript JSON, in the page's points); --script is the old name.", valueName: "file"))
    var gesture: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write: tray.gif, tray.mp4, frames/tray-%03d.png or a folder.", valueName: "path"))
    var output: String

    @OptionGroup var frames: FrameArguments

    @OptionGroup var layout: LayoutDirectionArgument

    @Option(name: .customLong("load-time"), parsing: .unconditional,
            help: ArgumentHelp("Seconds from a tap to the story being ready, 0…30.", valueName: "seconds"))
    var loadTime: Double = 1

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Item ids already seen.", valueName: "id"))
    var seen: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Seconds to render, up to 600 (default: the script's end plus 1.5 s, at most 60).", valueName: "seconds"))
    var duration: Double?

    /// Renders the session and reports through `log`: each event, then what was written.
    ///
    /// - Throws: ``CLIError`` with a one-line message for any bad argument or file.
    func render(log: (String) -> Void) throws {
        let options = try frames.options(duration: duration)
        guard loadTime.isFinite, (0...30).contains(loadTime) else {
            throw CLIError("--load-time must be a number of seconds in 0…30, got \(loadTime)")
        }
        let destination = try FrameOutput(path: output)
        let writer = try destination.open(width: options.pixels.width, height: options.pixels.height, framesPerSecond: options.fps,
                                          name: output)
        let stories: StoryFeed, pictures: FeedPictures
        if let feed {
            guard FileManager.default.fileExists(atPath: feed) else { throw CLIError("\(feed): no such file") }
            stories = try JSONInput.load(StoryFeed.self, from: feed, kind: "feed")
            if let problem = stories.validationErrors().first { throw CLIError("\(feed): \(problem)") }
            pictures = try FeedPictures(feed: stories, folder: (feed as NSString).deletingLastPathComponent)
        } else {
            stories = try DemoClip.trayFeed()
            pictures = try FeedPictures(feed: stories, folder: DemoFeed.folder)
        }
        var configuration = DemoClip.trayConfiguration(width: options.page.width)
        configuration.layoutDirection = layout.direction
        let tray = StoryTray(feed: stories, seen: Set(seen), viewportWidth: options.page.width, configuration: configuration)
        guard !tray.users.isEmpty else { throw CLIError("\(feed ?? "the feed"): no user has an item") }
        let touches = try gesture.map { try JSONInput.load(GestureScript.self, from: $0, kind: "gesture") }
            ?? DemoClip.trayReelScript(tray: Self.leftToRight(tray), page: options.page, loadTime: loadTime)
                .mirrored(if: layout.rightToLeft, width: options.page.width)
        if let gesture, let warning = touches.implausibleEventWarning(pageSize: options.page) { log("warning: \(gesture): \(warning)") }
        let length = duration ?? min(60, touches.duration + 1.5)
        let (clip, events) = DemoClip.tray(replaying: touches, feed: stories, pictures: pictures, seen: Set(seen),
                                           pageSize: options.page, loadTime: loadTime, configuration: configuration,
                                           now: feed == nil ? DemoFeed.now : Date().timeIntervalSince1970,
                                           framesPerSecond: options.fps, duration: length)
        for (time, event) in events { log(String(format: "%7.3f s  ", time) + event.description) }
        log(try clip.write(to: writer, output: output, pixels: options.pixels, scale: options.scale, length: length,
                             jobs: options.jobs))
    }

    /// `tray` (users in its order) laid out left to right: the default script is written for it
    /// and mirrored for --rtl.
    static func leftToRight(_ tray: StoryTray) -> StoryTray {
        var configuration = tray.configuration
        configuration.layoutDirection = .leftToRight
        return StoryTray(feed: StoryFeed(users: tray.users), seen: [], viewportWidth: tray.viewportWidth, configuration: configuration)
    }
}
