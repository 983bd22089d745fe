import MotionCore
import StoryKit

/// A small feed for the viewer's tests: Ava (3 images), Ben (2 images), Cleo (1 video, 8 s).
enum ViewerFixtures {
    static let page = Size(width: 390, height: 844)

    static let feed = StoryFeed(users: [
        StoryUser(id: "ava", name: "Ava", items: [
            StoryItem(id: "a1", kind: .image, url: "a1.jpg"),
            StoryItem(id: "a2", kind: .image, url: "a2.jpg"),
            StoryItem(id: "a3", kind: .image, url: "a3.jpg"),
        ]),
        StoryUser(id: "ben", name: "Ben", items: [
            StoryItem(id: "b1", kind: .image, url: "b1.jpg"),
            StoryItem(id: "b2", kind: .image, url: "b2.jpg"),
        ]),
        StoryUser(id: "cleo", name: "Cleo", items: [
            StoryItem(id: "c1", kind: .video, url: "c1.mp4"),
        ]),
    ])

    /// A viewer whose media shows at once: every item the players list is displayed as soon as
    /// it is listed (an instant media source).
    static func viewer(seen: Set<String> = [], user: Int = 0, sound: SoundPreference = .muted) -> StoriesViewer {
        var viewer = StoriesViewer(feed: feed, seen: seen, user: user, pageSize: page)
        viewer.sound = SoundPolicy(preference: sound)
        viewer.displayEverythingListed(time: 0)
        return viewer
    }
}

extension StoriesViewer {
    /// Reports every listed player's item as displaying (with an 8 s length for videos).
    @discardableResult
    mutating func displayEverythingListed(time: Double) -> [Event] {
        var events: [Event] = []
        for directive in players {
            events += media(.duration(8), for: directive.id, time: time)
            events += media(.displaying, for: directive.id, time: time)
        }
        return events
    }

    /// Advances frame by frame at 60 Hz to `end`, displaying whatever becomes listed.
    @discardableResult
    mutating func run(to end: Double, from start: Double) -> [Event] {
        var events: [Event] = []
        var t = start
        while t < end {
            t = Swift.min(t + 1.0 / 60, end)
            events += advance(to: t)
            events += displayEverythingListed(time: t)
        }
        return events
    }

    /// A tap at `x` (mid-height) lasting 50 ms.
    @discardableResult
    mutating func tap(x: Double, at time: Double) -> [Event] {
        let point = Point(x: x, y: 400)
        return touchBegan(at: point, time: time) + touchEnded(at: point, time: time + 0.05)
    }
}
