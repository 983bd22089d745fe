import Foundation
import StoryKit
import StoryRender

/// The pictures of a feed on disk: each item's and avatar's file decoded once, named for the
/// scene (`item:<id>`, `avatar:<user id>`).
struct FeedPictures: Sendable {
    /// The decoded pictures by scene name.
    let images: [String: RGBAImage]
    /// The items' subtitle tracks read from their local WebVTT files, by item id.
    var subtitles: [String: SubtitleTrack] = [:]

    /// Pictures decoded elsewhere (a live session's downloads), by scene name, and subtitle
    /// tracks read elsewhere, by item id.
    init(images: [String: RGBAImage], subtitles: [String: SubtitleTrack] = [:]) {
        self.images = images
        self.subtitles = subtitles
    }

    /// Decodes the pictures of `feed`, whose paths are relative to `folder` (or absolute), and
    /// its items' placeholders for a page of `page` points (``placeholders(of:page:)``).
    ///
    /// A video item shows its poster, `NAME-poster.jpg` (or `.png`) beside `NAME.mp4`, or a dark
    /// placeholder when it has none (the bars are its timeline). An avatar that is missing is
    /// drawn as a grey circle.
    ///
    /// - Throws: ``CLIError`` naming an image item's file that is missing or not a PNG or JPEG.
    init(feed: StoryFeed, folder: String, page: Size = Size(width: 9, height: 16)) throws {
        func path(_ relative: String) -> String {
            relative.hasPrefix("/") ? relative : (folder as NSString).appendingPathComponent(relative)
        }
        var images: [String: RGBAImage] = [:]
        for user in feed.users {
            if let avatar = user.avatar, let image = try? RGBAImage(contentsOfFile: path(avatar)) {
                images["avatar:\(user.id)"] = image
            }
            for item in user.items {
                switch item.kind {
                case .image:
                    let file = path(item.url)
                    guard FileManager.default.fileExists(atPath: file) else {
                        throw CLIError("\(file): no such file (item \(item.id) of \(user.id))")
                    }
                    do { images["item:\(item.id)"] = try RGBAImage(contentsOfFile: file) } catch {
                        throw CLIError("\(error) (item \(item.id) of \(user.id))")
                    }
                case .video:
                    let stem = (path(item.url) as NSString).deletingPathExtension
                    let poster = ["-poster.jpg", "-poster.png"].lazy.compactMap { try? RGBAImage(contentsOfFile: stem + $0) }.first
                    images["item:\(item.id)"] = poster ?? RGBAImage(width: 9, height: 16, fill: (28, 28, 34, 255))
                }
            }
        }
        self.images = images.merging(try Self.placeholders(of: feed, page: page)) { picture, _ in picture }
        for user in feed.users {
            for item in user.items {
                guard let reference = item.subtitles, !reference.hasPrefix("http://"), !reference.hasPrefix("https://") else { continue }
                let file = path(reference)
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw CLIError("\(file): cannot read the subtitles (item \(item.id) of \(user.id))")
                }
                do { subtitles[item.id] = try SubtitleTrack(webVTT: text) } catch {
                    throw CLIError("\(file): \(error) (item \(item.id) of \(user.id))")
                }
            }
        }
    }
}

extension DemoClip {
    /// The tray under the viewer: a light screen with a row of avatars at the top (the dismiss
    /// lands in the current user's), `pageSize` large; an avatar `pictures` lacks is a grey circle
    /// (every avatar is drawn from its picture when `pictures` is nil).
    /// Right to left the row starts at the right.
    static func tray(users: [StoryUser], pageSize: Size, pictures: FeedPictures? = nil,
                     direction: StoryLayoutDirection = .leftToRight) -> (layers: [Layer], avatars: [Rect]) {
        var layers = [Layer(name: "tray", frame: Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height))]
        layers[0].backgroundColor = RGBAColor(white: 0.96)
        var avatars: [Rect] = []
        for (index, user) in users.enumerated() {
            let frame = direction.rect(Rect(x: 12 + Double(index) * 64, y: 14, width: 52, height: 52), inWidth: pageSize.width)
            avatars.append(frame)
            var ring = Layer(name: "ring \(index)", frame: frame.insetBy(dx: -3, dy: -3))
            ring.cornerRadius = frame.width / 2 + 3
            ring.gradient = ColorGradient(kind: .axial, colors: [RGBAColor(red: 0.98, green: 0.78, blue: 0.2),
                                                                 RGBAColor(red: 0.86, green: 0.15, blue: 0.5)],
                                          startPoint: Point(x: 0, y: 1), endPoint: Point(x: 1, y: 0))
            ring.masksToBounds = true
            var avatar = Layer(name: "avatar \(index)", frame: frame)
            avatar.cornerRadius = frame.width / 2
            avatar.masksToBounds = true
            avatar.borderWidth = 2
            avatar.borderColor = RGBAColor(white: 0.96)
            avatar.backgroundColor = RGBAColor(white: 0.7)
            if pictures?.images["avatar:\(user.id)"] != nil || pictures == nil {
                avatar.contents = ImageContents(image: "avatar:\(user.id)", gravity: .resizeAspectFill).mipmapped
            }
            var name = Layer(name: "name \(index)", frame: Rect(x: frame.minX - 6, y: frame.maxY + 6, width: frame.width + 12, height: 14))
            name.text = TextContents(user.name, fontSize: 11, color: RGBAColor(white: 0.15), alignment: .center, numberOfLines: 1)
            layers += [ring, avatar, name]
        }
        return (layers, avatars)
    }

    /// A clip of a ``StoriesViewer`` (with its scripted media) replaying `script`, and the events
    /// the replay produced with their times.
    ///
    /// Like ``cube(replaying:pages:pageSize:configuration:framesPerSecond:duration:name:title:caption:)``
    /// the events come from a first replay and the clip replays again as it is drawn, one frame's
    /// scene at a time. Frames show the tray behind the viewer, so the dismiss has somewhere to land.
    ///
    /// - Parameters:
    ///   - script: The touches, in the page's points and seconds.
    ///   - feed: The stories.
    ///   - pictures: The feed's decoded pictures.
    ///   - seen: Item ids seen already.
    ///   - pageSize: The page (and frame) size, in points.
    ///   - loadTime: Seconds each item's media takes to show its first frame.
    ///   - behaviours: How named items load instead (a live session's recorded loads).
    ///   - now: The wall clock for the items' ages, in seconds since 1970.
    ///   - direction: Left to right, or right to left (`--rtl`): the viewer and the tray behind it mirror.
    ///   - framesPerSecond: Frames sampled per second.
    ///   - duration: The clip's length, in seconds.
    ///   - sound: Whether the session starts muted (the default) or as after an earlier unmute.
    ///   - sizeClass: The horizontal size class (`--size-class`; unspecified: a card when landscape).
    static func viewer(replaying script: GestureScript, feed: StoryFeed, pictures: FeedPictures, seen: Set<String> = [],
                       pageSize: Size, loadTime: Double, behaviours: [String: ScriptedMediaSource.Behaviour] = [:],
                       now: Double, direction: StoryLayoutDirection = .leftToRight, framesPerSecond: Double, duration: Double,
                       name: String = "viewer", title: String = "Stories viewer", caption: String = "",
                       sound: SoundPreference = .muted, sizeClass: StoriesViewer.CardLayout.SizeClass = .unspecified)
        -> (clip: DemoClip, events: [(time: Double, event: StoriesViewer.Event)]) {
        var configuration = StoriesViewer.Configuration()
        configuration.layoutDirection = direction
        var viewer = StoriesViewer(feed: feed, seen: seen, pageSize: pageSize, configuration: configuration)
        viewer.cardLayout = .commandLine(screen: pageSize, sizeClass: sizeClass)      // a landscape size: the card with its neighbours
        // The pictures' sizes place the items' tappable areas on what they mark (aspect-filled).
        for user in viewer.users {
            for item in user.items {
                if let image = pictures.images["item:\(item.id)"] {
                    viewer.setMediaSize(Size(width: Double(image.width), height: Double(image.height)), forItem: item.id)
                }
            }
        }
        viewer.sound = SoundPolicy(preference: sound)
        for (id, track) in pictures.subtitles { viewer.setSubtitles(track, forItem: id) }
        let tray = tray(users: viewer.users, pageSize: pageSize, pictures: pictures, direction: direction)
        // The tray is drawn on the screen; the dismiss lands in its avatars in the page's (the card's) points.
        let avatars: [Rect?] = tray.avatars.map { frame in
            let origin = viewer.cardLayout?.pagePoint(fromScreen: frame.origin) ?? frame.origin
            return Rect(x: origin.x, y: origin.y, width: frame.width, height: frame.height)
        }
        let start = TouchReplay(script: script, model: StoriesSession(viewer: viewer, loadTime: loadTime, avatarFrames: avatars,
                                                                                 behaviours: behaviours))
        return replaying(start, name: name, title: title, caption: caption, size: pageSize, duration: duration,
                         framesPerSecond: framesPerSecond, images: pictures.images) { model, _ in
            let viewer = model.viewer
            return viewer.scene(media: { user, item in ImageContents(image: "item:\(viewer.users[user].items[item].id)").mipmapped },
                                avatar: { user in
                                    // A missing or failed avatar: the grey circle.
                                    let name = "avatar:\(viewer.users[user].id)"
                                    return pictures.images[name] == nil ? nil : ImageContents(image: name).mipmapped
                                },
                                behind: tray.layers, now: now)
        }
    }

    /// The reel's viewer session on a page of `pageSize` points: the first item plays, a tap
    /// forward, a tap on the second item's link (the area's: nothing moves), a hold, a tap back,
    /// a drag to the next user, a tap on his video's mute button (it unmutes), a swipe down that
    /// is let go (it springs back), and a swipe down that closes into the avatar. The link and
    /// mute taps are left out unless asked for (`storykit play`'s default session has neither).
    static func viewerReelScript(pageSize page: Size, tapsLink: Bool = false, muteButton: Point? = nil) -> GestureScript {
        let right = Point(x: page.width * 0.8, y: page.height * 0.55)
        let left = Point(x: page.width * 0.15, y: page.height * 0.55)
        func tap(_ point: Point, at time: Double) -> GestureScript {
            .drag(from: point, to: point, start: time, duration: 0.05)
        }
        let centre = Point(x: page.width * 0.5, y: page.height * 0.45)
        return GestureScript(events:
            tap(right, at: 2.2).events                                                       // next item
            + (tapsLink ? tap(Self.reelLinkCentre(pageSize: page), at: 3.0).events : [])     // its link
            + GestureScript.drag(from: right, to: right, start: 3.6, duration: 1.2).events   // a hold
            + tap(left, at: 5.4).events                                                      // back
            + GestureScript.drag(from: right, to: Point(x: right.x - 0.7 * page.width, y: right.y + 4),
                                 start: 6.4, duration: 0.3).events                           // to Ben
            + (muteButton.map { tap($0, at: 7.8).events } ?? [])                             // unmute
            + GestureScript.drag(from: centre, to: Point(x: centre.x + 6, y: centre.y + 0.12 * page.height),
                                 start: 8.6, duration: 0.45, holdBeforeRelease: 0.2).events  // let go: back
            + GestureScript.drag(from: centre, to: Point(x: centre.x - 10, y: centre.y + 0.3 * page.height),
                                 start: 10.2, duration: 0.22).events)                        // flick: closes
    }

    /// The reel's link on Ava's second photo, in fractions of the photo.
    static let reelLink = StoryArea(id: "harbour", kind: .link(url: "https://example.com/harbour"),
                                    frame: Rect(x: 0.2, y: 0.2, width: 0.5, height: 0.12), rotation: -6)

    /// Where the reel taps the link: its centre on a page of `page` points (the demo photos have
    /// the page's aspect, so the fractions are the page's).
    static func reelLinkCentre(pageSize page: Size) -> Point {
        Point(x: page.width * reelLink.frame.midX, y: page.height * reelLink.frame.midY)
    }

    /// The demo feed as the reel shows it: captions on Ava's photos, a BlurHash placeholder on
    /// every item (shown while it loads), the link on Ava's second photo.
    static func reelFeed(_ feed: StoryFeed) -> StoryFeed {
        var feed = feed
        for u in feed.users.indices {
            for i in feed.users[u].items.indices {
                feed.users[u].items[i].placeholder = try? .blurHash(BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"))
            }
        }
        if let ava = feed.users.firstIndex(where: { $0.id == "ava" }), feed.users[ava].items.count > 1 {
            feed.users[ava].items[0].caption = "First light over the harbour"
            feed.users[ava].items[1].caption = "The ferry comes in"
            feed.users[ava].items[1].areas = [reelLink]
        }
        return feed
    }

    /// The demo reel's viewer clip: the demo feed in `Examples/viewer` (generated pictures)
    /// with ``reelFeed(_:)``'s additions and Ben's first item played as a video (for the sound),
    /// replaying ``viewerReelScript(pageSize:tapsLink:muteButton:)``.
    static func viewer() -> DemoClip? {
        let page = Size(width: 270, height: 480)
        guard let loaded = try? JSONInput.load(StoryFeed.self, from: DemoFeed.path, kind: "feed") else { return nil }
        let reel = reelFeed(loaded)
        guard let pictures = try? FeedPictures(feed: reel, folder: DemoFeed.folder, page: page) else { return nil }
        var feed = reel
        var muteButton: Point?
        if let ben = feed.users.firstIndex(where: { $0.id == "ben" }), !feed.users[ben].items.isEmpty {
            feed.users[ben].items[0].kind = .video            // its photo is the video's frame
            feed.users[ben].items[0].duration = 6
            var probe = StoriesViewer(feed: feed, user: ben, pageSize: page)
            probe.media(.displaying, for: feed.users[ben].items[0].id, time: 0)
            muteButton = Point(x: probe.muteButtonFrame.midX, y: probe.muteButtonFrame.midY)
        }
        return viewer(replaying: viewerReelScript(pageSize: page, tapsLink: true, muteButton: muteButton), feed: feed, pictures: pictures,
                      pageSize: page, loadTime: 0.35, now: DemoFeed.now, framesPerSecond: 30, duration: 12,
                      title: "Stories viewer",
                      caption: "The viewer over the demo feed, muted: each item shows its blurred placeholder while it "
                        + "loads, then plays with its bars and caption; a tap forward, a tap on a link (the app hears "
                        + "areaTapped; nothing moves), a hold (the chrome fades), a tap back, a drag to the next user, "
                        + "a tap on his video's speaker (unmuted), a swipe down let go, and a flick down that closes "
                        + "into the tray's avatar.").clip
    }
}

/// The demo feed in `Examples/viewer` (made by `Examples/viewer/make-feed.py`), found in the
/// source tree this binary was built from, as ``DemoPhotos`` are.
enum DemoFeed {
    /// The folder: `Examples/viewer` of the source tree.
    static var folder: String {
        (DemoPhotos.folder as NSString).deletingLastPathComponent + "/viewer"
    }
    /// The feed file.
    static var path: String { folder + "/feed.json" }
    /// The demo's wall clock: the items are 2 to 20 hours old.
    static let now = 1_764_000_000.0
}
