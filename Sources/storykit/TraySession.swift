import Foundation
import StoryKit

/// The story tray with the viewer it opens, on the replay's clock: what `storykit render tray`
/// and the reel's tray clip replay.
///
/// Touches go to the tray while no viewer is open (a drag scrolls the row, a tap on an avatar
/// starts its ring loading) and to the viewer while one is. A tapped story is ready `loadTime`
/// seconds after the tap (the scripted network); the ring then resolves and the viewer opens out
/// of the avatar (``StoryOpenTransition``). While the viewer moves between users the row scrolls
/// to keep the current user's avatar in view, and the dismiss lands in that avatar's frame as
/// it is then, or fades where it is when the avatar is out of view.
struct TraySession: TouchDriven {
    /// What the session reports.
    enum Event: Sendable, CustomStringConvertible {
        case tray(StoryTray.Event)
        case viewer(StoriesViewer.Event)

        var description: String {
            switch self {
            case .tray(.loadingStarted(let user)): "loadingStarted(user: \(user))"
            case .tray(.cancelled(let user)): "cancelled(user: \(user))"
            case .tray(.launch(let user, let from)):
                "launch(user: \(user), from: \(FrameOptions.format(from.minX)),\(FrameOptions.format(from.minY)) "
                    + "\(FrameOptions.format(from.width))×\(FrameOptions.format(from.height)))"
            case .viewer(let event): event.description
            }
        }
    }

    /// The row of avatars.
    private(set) var tray: StoryTray
    /// The open viewer, if any.
    private(set) var viewer: StoriesSession?
    /// The opening of the open viewer.
    private(set) var opening: StoryOpenTransition?
    /// The page size, in points.
    let page: Size
    /// Seconds from a tap to the story being ready.
    let loadTime: Double
    /// Items seen so far.
    private(set) var seen: Set<String>
    /// When the loading story becomes ready.
    private var readyAt: Double?
    /// The touch on the tray: where it began, the offset then, whether it moved as a drag.
    private var touch: (start: Point, offset: Double, dragging: Bool)?

    init(feed: StoryFeed, seen: Set<String>, page: Size, loadTime: Double, configuration: StoryTray.Configuration) {
        tray = StoryTray(feed: feed, seen: seen, viewportWidth: page.width, configuration: configuration)
        self.page = page
        self.loadTime = loadTime
        self.seen = seen
    }

    mutating func touchBegan(at point: Point, time: Double) -> [Event] {
        var events = advance(to: time)
        if var session = viewer {
            events += session.touchBegan(at: point, time: time).map(Event.viewer)
            viewer = session
        } else {
            touch = (point, tray.contentOffset, false)
        }
        return events
    }

    mutating func touchMoved(to point: Point, time: Double) -> [Event] {
        var events = advance(to: time)
        if var session = viewer {
            events += session.touchMoved(to: point, time: time).map(Event.viewer)
            viewer = session
        } else if var touch {
            if abs(point.x - touch.start.x) > 10 { touch.dragging = true }
            if touch.dragging { tray.scroll(to: tray.offset(afterDragging: point.x - touch.start.x, from: touch.offset)) }
            self.touch = touch
        }
        return events
    }

    mutating func touchEnded(at point: Point, time: Double) -> [Event] {
        var events = advance(to: time)
        if var session = viewer {
            events += handle(session.touchEnded(at: point, time: time), &session, time: time)
            viewer = session
        } else if let touch {
            self.touch = nil
            if !touch.dragging {
                let reported = tray.tap(at: point, time: time)
                if reported.contains(where: { if case .loadingStarted = $0 { true } else { false } }) { readyAt = time + loadTime }
                events += reported.map(Event.tray)
            }
        }
        return events
    }

    mutating func touchCancelled(time: Double) -> [Event] {
        var events = advance(to: time)
        if var session = viewer {
            events += handle(session.touchCancelled(time: time), &session, time: time)
            viewer = session
        }
        touch = nil
        return events
    }

    mutating func advance(to time: Double) -> [Event] {
        var events: [Event] = []
        if let ready = readyAt, time >= ready {
            readyAt = nil
            events += tray.ready(time: ready).map(Event.tray)
        }
        for event in tray.advance(to: time) {
            events.append(.tray(event))
            if case .launch(let user, let from) = event { open(user, from: from, time: time) }
        }
        if var session = viewer {
            events += handle(session.advance(to: time), &session, time: time)
            viewer = session.viewer.isClosed && viewer != nil ? nil : session
        }
        return events
    }

    /// Opens the viewer on `user` out of the avatar at `from`.
    private mutating func open(_ user: Int, from: Rect, time: Double) {
        let stories = StoryFeed(users: tray.users)
        var configuration = StoriesViewer.Configuration()
        configuration.layoutDirection = tray.layoutDirection
        let model = StoriesViewer(feed: stories, seen: seen, user: user, pageSize: page, time: time, configuration: configuration)
        // The first item was loaded before the launch; the others take a moment.
        var behaviours: [String: ScriptedMediaSource.Behaviour] = [:]
        if let first = model.currentItem { behaviours[first.id] = .init(loadTime: 0, videoLength: first.kind == .video ? first.duration ?? 5 : nil) }
        viewer = StoriesSession(viewer: model, loadTime: 0.25, avatarFrames: tray.users.indices.map { tray.visibleAvatarFrame(user: $0) },
                                behaviours: behaviours)
        opening = StoryOpenTransition(from: from, to: Rect(x: 0, y: 0, width: page.width, height: page.height), start: time)
    }

    /// The viewer's events: a user change scrolls the row to the new user's avatar (whose frame
    /// the dismiss lands in); the close marks what was seen.
    private mutating func handle(_ events: [StoriesViewer.Event], _ session: inout StoriesSession, time: Double) -> [Event] {
        for event in events {
            switch event {
            case .userChanged(_, let to):
                tray.scroll(toReveal: to)
                session.avatarFrames = tray.users.indices.map { tray.visibleAvatarFrame(user: $0) }
            case .itemSeen(let id):
                seen.insert(id)
            case .closed:
                tray.updateSeen(seen)
                opening = nil
            default:
                break
            }
        }
        return events.map(Event.viewer)
    }
}

// MARK: - TraySession + Scene

extension TraySession {
    /// The screen at `time`: the feed under the row of avatars, and the viewer over both
    /// (growing out of its avatar while it opens).
    func scene(at time: Double, now: Double) -> LayerScene {
        func box(_ name: String, _ frame: Rect, _ white: Double, corner: Double = 0) -> Layer {
            var layer = Layer(name: name, frame: frame)
            layer.backgroundColor = RGBAColor(white: white)
            layer.cornerRadius = corner
            return layer
        }
        var behind = [box("feed", Rect(x: 0, y: 0, width: page.width, height: page.height), 1)]
        for index in 0..<3 {
            let top = tray.height + 12 + Double(index) * (page.width * 0.75 + 16)
            behind.append(box("post \(index)", Rect(x: 12, y: top, width: page.width - 24, height: page.width * 0.75), 0.93, corner: 10))
        }
        behind.append(box("tray rule", Rect(x: 0, y: tray.height, width: page.width, height: 0.5), 0.85))
        behind += tray.layers(at: time) { ImageContents(image: "avatar:\(tray.users[$0].id)", gravity: .resizeAspectFill).mipmapped }
        guard let session = viewer else { return LayerScene(size: page, backgroundColor: RGBAColor(white: 1), layers: behind) }
        let model = session.viewer
        let media: (Int, Int) -> ImageContents? = { user, item in ImageContents(image: "item:\(model.users[user].items[item].id)").mipmapped }
        let avatar: (Int) -> ImageContents? = { ImageContents(image: "avatar:\(model.users[$0].id)").mipmapped }
        if let opening, !opening.isFinished(at: time) {
            let pageLayers = model.scene(media: media, avatar: avatar, now: now).layers
            return LayerScene(size: page, backgroundColor: RGBAColor(white: 1),
                              layers: behind + [opening.layer(containing: pageLayers, at: time)])
        }
        return model.scene(media: media, avatar: avatar, behind: behind, now: now)
    }
}
