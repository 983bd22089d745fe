import Foundation
import StoryKit
import StoryRender

extension DemoClip {
    /// A clip of the tray and the viewer it opens (``TraySession``) replaying `script`, and the
    /// events with their times (a first replay; the clip replays again as it is drawn).
    static func tray(replaying script: GestureScript, feed: StoryFeed, pictures: FeedPictures, seen: Set<String> = [],
                     pageSize: Size, loadTime: Double, configuration: StoryTray.Configuration, now: Double,
                     framesPerSecond: Double, duration: Double, name: String = "tray", title: String = "Story tray",
                     caption: String = "") -> (clip: DemoClip, events: [(time: Double, event: TraySession.Event)]) {
        let start = TouchReplay(script: script, model: TraySession(feed: feed, seen: seen, page: pageSize, loadTime: loadTime,
                                                                    configuration: configuration))
        return replaying(start, name: name, title: title, caption: caption, size: pageSize, duration: duration,
                         framesPerSecond: framesPerSecond, images: pictures.images) { model, time in
            model.scene(at: time, now: now)
        }
    }

    /// The tray's configuration on a page `width` points wide: avatars a fifth of it.
    static func trayConfiguration(width: Double) -> StoryTray.Configuration {
        StoryTray.Configuration(avatarDiameter: (width / 5).rounded(), spacing: 12, inset: 10)
    }

    /// The reel's tray session on a page of `page` points: a drag scrolls the row, a tap on the
    /// second avatar loads its story for `loadTime` and opens it out of the avatar; three swipes to
    /// the next users scroll the row under the viewer; a swipe down closes into the avatar of the
    /// user it ended on.
    static func trayReelScript(tray: StoryTray, page: Size, loadTime: Double) -> GestureScript {
        var scrolled = tray
        let drag = min(page.width * 0.3, scrolled.maximumOffset)
        scrolled.scroll(to: drag)
        let second = scrolled.avatarFrame(user: 1) ?? Rect(x: 0, y: 0, width: 1, height: 1)
        let tapPoint = Point(x: second.midX, y: second.midY)
        let trayY = tray.height / 2
        let open = 1.2 + loadTime + 0.3 + 0.7
        let right = Point(x: page.width * 0.85, y: page.height * 0.5)
        let centre = Point(x: page.width * 0.5, y: page.height * 0.4)
        func swipe(at time: Double) -> [GestureScript.Event] {
            GestureScript.drag(from: right, to: Point(x: right.x - page.width * 0.7, y: right.y + 4), start: time, duration: 0.3).events
        }
        return GestureScript(events:
            GestureScript.drag(from: Point(x: page.width * 0.7, y: trayY), to: Point(x: page.width * 0.7 - drag, y: trayY + 2),
                               start: 0.4, duration: 0.35).events
            + GestureScript.drag(from: tapPoint, to: tapPoint, start: 1.2, duration: 0.05).events
            + swipe(at: open + 1.0) + swipe(at: open + 2.1) + swipe(at: open + 3.2)
            + GestureScript.drag(from: centre, to: Point(x: centre.x + 6, y: centre.y + page.height * 0.45),
                                 start: open + 4.6, duration: 0.3).events)
    }

    /// The reel's tray feed: the demo feed's three users and three more with their pictures
    /// (Dan, Eve, Finn), so the row is wider than a phone.
    static func trayFeed() throws -> StoryFeed {
        let base = try JSONInput.load(StoryFeed.self, from: DemoFeed.path, kind: "feed")
        let more = zip(["dan", "eve", "finn"], base.users).map { id, user in
            StoryUser(id: id, name: id.capitalized, avatar: user.avatar, items: user.items.map { item in
                StoryItem(id: id + item.id.drop { $0 != "-" }, kind: item.kind, url: item.url, duration: item.duration, createdAt: item.createdAt)
            })
        }
        return StoryFeed(users: base.users + more)
    }

    /// The reel's tray clip: ``trayFeed()`` and the session of
    /// ``trayReelScript(tray:page:loadTime:)``.
    static func trayClip() -> DemoClip? {
        let page = Size(width: 270, height: 480)
        guard let feed = try? trayFeed(), let pictures = try? FeedPictures(feed: feed, folder: DemoFeed.folder) else { return nil }
        let configuration = trayConfiguration(width: page.width)
        let tray = StoryTray(feed: feed, seen: [], viewportWidth: page.width, configuration: configuration)
        let loadTime = 1.0
        return DemoClip.tray(replaying: trayReelScript(tray: tray, page: page, loadTime: loadTime), feed: feed, pictures: pictures,
                             pageSize: page, loadTime: loadTime, configuration: configuration, now: DemoFeed.now,
                             framesPerSecond: 25, duration: 10.5, name: "tray", title: "Story tray",
                             caption: "A drag scrolls the row; a tap on Ben loads (the ring turns in segments for 1 s), resolves and "
                                + "the viewer grows out of his avatar; swipes to Cleo, Dan and Eve scroll the row under the viewer "
                                + "to keep the current avatar in view; a swipe down closes into Eve's avatar, where it is now.").clip
    }
}
