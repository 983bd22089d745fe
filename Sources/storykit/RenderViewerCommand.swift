import ArgumentParser
import Foundation
import StoryKit
import StoryRender

/// `storykit render viewer feed.json --gesture touches.json -o viewer.gif` (also `storykit play`):
/// a Stories viewer session over a feed of local pictures, driven by a scripted finger, rendered
/// frame by frame.
///
/// The viewer model gets the script's touches, the frame times and the reports of a scripted
/// media source (every item takes `--load-time` to show its first frame; a video plays its
/// item's duration), exactly as the UIKit front-end feeds it from touches, a display link and
/// AVFoundation. Its events are printed as lines, so a script can be checked without looking.
struct RenderViewerCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "viewer",
        abstract: "Render a Stories viewer session over a feed, driven by a gesture script, to a GIF, an MP4 or PNG frames.",
        discussion: """
        The feed is StoryFeed JSON (see the README): users with items whose url is a PNG or JPEG path \
        relative to the feed file; a video item shows NAME-poster.jpg beside NAME.mp4, or a dark \
        placeholder, for its duration. The script is GestureScript JSON, as for render cube, in the \
        page's points (--size): a tap on the left third goes back (the right third with --rtl), elsewhere \
        forward; a touch resting 0.2 s holds; sideways turns the cube; down dismisses into the tray's \
        avatar; up replies (or fires the item's swipe-up action). A tap on one of an item's areas (the \
        feed's links, mentions and actions) is the area's: it neither navigates nor pauses. Events are \
        printed one a line: time in seconds, then itemShown, itemSeen, userChanged, reply, areaTapped, \
        failed or closed, and for analytics itemStarted, itemCompleted, itemSkipped (how far, in \
        percent and seconds), userEntered, userLeft, viewerClosed, muteChanged. The session starts \
        muted (--muted) unless --unmuted; a tap on the speaker at the top right of a video toggles it. \
        A landscape --size (e.g. 2048x1536), or any size with --size-class regular (an iPad upright: \
        --size 1536x2048 --size-class regular), shows the page as the iPad card, 9:16 and centred, with the \
        neighbouring users beside it: the script's points are then the screen's, and a tap left or right of \
        the card goes to the previous or next user. An http feed's subtitles (WebVTT URLs) are fetched \
        through the same HTTP source and cache as its media. Output by extension as for render cube.
        """,
        aliases: ["play"]
    )

    /// How long the last frame is held after the viewer closes, in seconds.
    static let hold = 0.5
    /// The longest default duration, in seconds.
    static let maximumDefaultDuration = 60.0

    @Argument(help: ArgumentHelp("The feed (StoryFeed JSON), a file or an http(s) URL; media paths in it are relative to it "
                                 + "(default: the demo feed in Examples/viewer).", valueName: "feed"))
    var feed: String?

    @Option(name: [.customLong("gesture"), .customLong("script")],
            help: ArgumentHelp("The gesture script (GestureScript JSON; default: the demo reel's session); --script is the old name.", valueName: "file"))
    var gesture: String?

    @Option(name: .shortAndLong,
            help: ArgumentHelp("Where to write: viewer.gif, viewer.mp4, frames/viewer-%03d.png or a folder.", valueName: "path"))
    var output: String

    @OptionGroup var frames: FrameArguments

    @OptionGroup var layout: LayoutDirectionArgument

    @OptionGroup var sizeClass: SizeClassArgument

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Seconds to render, up to 600 (default: until the viewer closes plus 0.5 s, else the script's end plus "
            + "2 s; at most 60).", valueName: "seconds"))
    var duration: Double?

    @Option(name: .customLong("load-time"), parsing: .unconditional,
            help: ArgumentHelp("Seconds each item's media takes to show its first frame, 0…10 (default 0.35; local feeds "
                               + "only: an http feed's items show when their bytes arrive).", valueName: "seconds"))
    var loadTimeOption: Double?

    /// The scripted load time of a local feed's items, in seconds.
    private var loadTime: Double { loadTimeOption ?? 0.35 }

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Item ids already seen (each user starts at their first unseen item).",
                                                         valueName: "id"))
    var seen: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The wall clock for the items' ages, in seconds since 1970 (default: the demo feed's, else now).", valueName: "seconds"))
    var now: Double?

    @Option(help: ArgumentHelp("The disk cache for an http feed's media (default: ~/.cache/storykit/media).", valueName: "folder"))
    var cache: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Seconds of the clip's time an http request may go without an answer or data before it fails as timed out, 0.1…600.",
        valueName: "seconds"))
    var timeout: Double = LiveFeedSession.defaultRequestTimeout

    @Flag(name: .customLong("low-data"), help: ArgumentHelp(
        "Low Data Mode: prefetch only the current user's next item and load the lower rendition; prints the bytes loaded."))
    var lowData = false

    @Flag(name: .customLong("low-power"), help: ArgumentHelp(
        "Low Power Mode: preload no video beyond the next item; prints the bytes loaded."))
    var lowPower = false
    /// Whether the session starts muted or as after an earlier unmute.
    enum Sound: String, EnumerableFlag {
        case muted, unmuted

        static func help(for value: Sound) -> ArgumentHelp? {
            value == .muted ? "Start muted (the default), as a viewer opened before any unmute."
                : "Start unmuted, as a viewer opened after the user unmuted earlier in the app session."
        }
    }

    @Flag var sound: Sound = .muted

    func run() throws {
        try render(log: { print($0) }, live: { print($0) })
    }

    /// Renders the session and reports through `log`: an http feed's fetches and waits, each
    /// viewer event, then one line saying what was written.
    ///
    /// - Throws: ``CLIError`` with a one-line message for any bad argument or file.
    func render(log: (String) -> Void) throws {
        try render(log: log, live: nil)
    }

    /// Renders as ``render(log:)`` does, with an http feed's fetches and waits going to `live` as
    /// they happen when it is given (else to `log`, before the events).
    func render(log: (String) -> Void, live: (@Sendable (String) -> Void)?) throws {
        let options = try frames.options(duration: duration)
        guard loadTime.isFinite, (0...10).contains(loadTime) else {
            throw CLIError("--load-time must be a number of seconds in 0…10, got \(loadTime)")
        }
        if let now, !now.isFinite { throw CLIError("--now must be a number of seconds since 1970, got \(now)") }
        guard timeout.isFinite, (0.1...600).contains(timeout) else {
            throw CLIError("--timeout must be a number of seconds in 0.1…600, got \(timeout)")
        }
        let destination = try FrameOutput(path: output)
        let writer = try destination.open(width: options.pixels.width, height: options.pixels.height, framesPerSecond: options.fps,
                                          name: output)
        let source = try FeedSource(feed ?? DemoFeed.path)
        let stories = source.feed
        let remote = source.folder == nil || LiveFeedSession.isRemote(stories)
        if remote, loadTimeOption != nil {
            throw CLIError("--load-time applies to a feed of local files; an http feed's items show when their bytes arrive")
        }
        // Paths are resolved already; a mixed feed's local files are decoded here, its URLs live.
        let pictures = try FeedPictures(feed: remote ? Self.localPart(of: stories) : stories, folder: "", page: options.page)
        let touches = try gesture.map { try JSONInput.load(GestureScript.self, from: $0, kind: "gesture") }
            ?? Self.defaultScript(screen: options.page, rightToLeft: layout.rightToLeft, sizeClass: sizeClass.sizeClass)
        if let gesture, let warning = touches.implausibleEventWarning(pageSize: options.page) {
            log("warning: \(gesture): \(warning)")
        }
        let clock = now ?? (feed == nil ? DemoFeed.now : Date().timeIntervalSince1970)
        let length = duration ?? defaultLength(touches, stories, pictures, options.page, clock)
        var recorded: LiveFeedSession.Outcome?
        let conditions = PrefetchConditions(isLowDataMode: lowData, isLowPowerMode: lowPower, displayScale: options.scale)
        if remote {
            let session = LiveFeedSession(feed: stories, seen: Set(seen), script: touches, pageSize: options.page,
                                          framesPerSecond: options.fps, duration: length,
                                          cacheFolder: cache ?? LiveFeedSession.defaultCacheFolder, requestTimeout: timeout,
                                          conditions: conditions, progress: live,
                                          localImages: pictures.images.merging(try FeedPictures.placeholders(of: stories, page: options.page)) { a, _ in a },
                                          layoutDirection: layout.direction, sizeClass: sizeClass.sizeClass)
            let outcome = LiveFeedSession.blocking { await session.run() }
            if live == nil { outcome.lines.forEach(log) }
            recorded = outcome
        } else if lowData || lowPower {
            let tally = PrefetchTally.replaying(touches, feed: stories, seen: Set(seen), pageSize: options.page, loadTime: loadTime,
                                                framesPerSecond: options.fps, duration: length, conditions: conditions,
                                                sizeClass: sizeClass.sizeClass)
            log("bytes loaded (\(PrefetchTally.describe(conditions))): \(LiveFeedSession.size(tally.bytes(size: PrefetchTally.fileSize))) "
                + "in \(tally.asked.count) requests")
        }
        let (clip, events) = DemoClip.viewer(replaying: touches, feed: stories,
                                             pictures: recorded.map { FeedPictures(images: $0.images, subtitles: $0.subtitles
                                                 .merging(pictures.subtitles) { remote, _ in remote }) } ?? pictures,
                                             seen: Set(seen), pageSize: options.page, loadTime: remote ? 0 : loadTime,
                                             behaviours: recorded?.behaviours ?? [:], now: clock, direction: layout.direction,
                                             framesPerSecond: options.fps, duration: length,
                                             sound: sound == .muted ? .muted : .unmuted, sizeClass: sizeClass.sizeClass)
        for (time, event) in events { log(String(format: "%7.3f s  ", time) + event.description) }
        log(try clip.write(to: writer, output: output, pixels: options.pixels, scale: options.scale, length: length,
                             jobs: options.jobs))
    }

    /// The demo reel's session on the page a `screen`-sized frame shows (the card in landscape
    /// or under a regular `sizeClass`), in the screen's points, mirrored right to left.
    static func defaultScript(screen: Size, rightToLeft: Bool,
                              sizeClass: StoriesViewer.CardLayout.SizeClass = .unspecified) -> GestureScript {
        let card = StoriesViewer.CardLayout.commandLine(screen: screen, sizeClass: sizeClass).card
        return DemoClip.viewerReelScript(pageSize: card.size).mirrored(if: rightToLeft, width: card.width).offset(by: card.origin)
    }

    /// The users of `feed` with only their items (and avatars) that are files, not URLs.
    static func localPart(of feed: StoryFeed) -> StoryFeed {
        var local = feed
        for u in local.users.indices {
            if local.users[u].avatar.map(LiveFeedSession.isHTTP) == true { local.users[u].avatar = nil }
            local.users[u].items.removeAll { LiveFeedSession.isHTTP($0.url) }
        }
        return local
    }

    /// Until the viewer closes plus ``hold``, or the script's end plus 2 s when it does not
    /// close by a minute; at most ``maximumDefaultDuration``.
    private func defaultLength(_ touches: GestureScript, _ stories: StoryFeed, _ pictures: FeedPictures, _ page: Size,
                               _ clock: Double) -> Double {
        let (_, events) = DemoClip.viewer(replaying: touches, feed: stories, pictures: pictures, seen: Set(seen), pageSize: page,
                                          loadTime: loadTime, now: clock, framesPerSecond: 30, duration: Self.maximumDefaultDuration,
                                          sizeClass: sizeClass.sizeClass)
        if let closed = events.first(where: { if case .closed = $0.event { return true } else { return false } }) {
            return min(Self.maximumDefaultDuration, closed.time + Self.hold)
        }
        return min(Self.maximumDefaultDuration, touches.duration + 2)
    }
}
