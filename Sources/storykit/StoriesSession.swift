import Foundation
import StoryKit
import StoryRender

/// A Stories viewer with its media source on the replay's clock: the viewer that a gesture
/// script drives in `storykit render viewer` and the demo reel.
///
/// Touches go to the viewer; after each input the source is told what to play (as a front-end
/// syncs its players after every input); frames go through ``StoriesViewer/advance(to:media:)``.
/// The source is a ``ScriptedMediaSource``: every item takes the same load time and a video's
/// length is its item's duration (5 s when it has none).
struct StoriesSession: TouchDriven {
    /// The viewer.
    private(set) var viewer: StoriesViewer
    /// The media source.
    private(set) var media: ScriptedMediaSource
    /// The tray avatar of each user, in the viewer's points, for the dismiss (`nil`: out of
    /// view, the viewer closes where it is).
    var avatarFrames: [Rect?]

    /// A session over `viewer`, with `loadTime` seconds to load each item, except the items
    /// `behaviours` names (a live session's recorded loads).
    init(viewer: StoriesViewer, loadTime: Double, avatarFrames: [Rect?], behaviours: [String: ScriptedMediaSource.Behaviour] = [:]) {
        self.viewer = viewer
        var media = ScriptedMediaSource(defaultBehaviour: .init(loadTime: loadTime))
        for user in viewer.users {
            for item in user.items where item.kind == .video {
                media.behaviours[item.id] = .init(loadTime: loadTime, videoLength: item.duration ?? 5)
            }
        }
        media.behaviours.merge(behaviours) { _, recorded in recorded }
        self.media = media
        self.avatarFrames = avatarFrames
        sync(time: viewer.time)
    }

    /// Changes how item `id`'s media behaves from now on (a live session's load arrived).
    mutating func setBehaviour(_ behaviour: ScriptedMediaSource.Behaviour, for id: String) {
        media.behaviours[id] = behaviour
    }

    /// Tells the source what to play now, and the viewer where the current user's avatar is.
    private mutating func sync(time: Double) {
        if avatarFrames.indices.contains(viewer.userIndex), viewer.avatarFrame != avatarFrames[viewer.userIndex] {
            viewer.setAvatarFrame(avatarFrames[viewer.userIndex], time: time)
        }
        media.apply(viewer.players, time: viewer.time)
    }

    mutating func touchBegan(at point: Point, time: Double) -> [StoriesViewer.Event] {
        let events = viewer.touchBegan(at: page(point), time: time)
        sync(time: time)
        return events
    }

    mutating func touchMoved(to point: Point, time: Double) -> [StoriesViewer.Event] {
        let events = viewer.touchMoved(to: page(point), time: time)
        sync(time: time)
        return events
    }

    mutating func touchEnded(at point: Point, time: Double) -> [StoriesViewer.Event] {
        let events = viewer.touchEnded(at: page(point), time: time)
        sync(time: time)
        return events
    }

    mutating func touchCancelled(time: Double) -> [StoriesViewer.Event] {
        let events = viewer.touchCancelled(time: time)
        sync(time: time)
        return events
    }

    /// A touch in the screen's points in the page's (the card's, once laid out as one).
    private func page(_ point: Point) -> Point {
        viewer.cardLayout?.pagePoint(fromScreen: point) ?? point
    }

    mutating func advance(to time: Double) -> [StoriesViewer.Event] {
        let events = viewer.advance(to: time, media: &media)
        sync(time: time)
        return events
    }
}

// MARK: - StoriesViewer.Event + Command line

extension StoriesViewer.Event: CustomStringConvertible {
    /// One line for the command line, e.g. `itemShown(user: 0, item: 1, ava-2)`.
    public var description: String {
        switch self {
        case let .itemShown(user, item, id): return "itemShown(user: \(user), item: \(item), \(id))"
        case let .itemSeen(id): return "itemSeen(\(id))"
        case let .userChanged(from, to): return "userChanged(from: \(from), to: \(to))"
        case let .reply(user, item, id): return "reply(user: \(user), item: \(item), \(id))"
        case let .failed(id, reason): return "failed(\(id), \(reason))"
        case let .areaTapped(user, item, id, areaID): return "areaTapped(user: \(user), item: \(item), \(id), area: \(areaID))"
        case let .closed(reason): return "closed(\(reason.rawValue))"
        case let .itemStarted(user, item, id): return "itemStarted(user: \(user), item: \(item), \(id))"
        case let .itemCompleted(user, item, id): return "itemCompleted(user: \(user), item: \(item), \(id))"
        case let .itemSkipped(user, item, id, fraction, seconds):
            return "itemSkipped(user: \(user), item: \(item), \(id), \(Self.format(fraction * 100))%, \(Self.format(seconds)) s)"
        case let .userEntered(user, item, id): return "userEntered(user: \(user), item: \(item), \(id))"
        case let .userLeft(user, item, id): return "userLeft(user: \(user), item: \(item), \(id))"
        case let .viewerClosed(reason, user, item, id):
            return "viewerClosed(\(reason.rawValue), user: \(user), item: \(item), \(id))"
        case let .muteChanged(isMuted, user, item, id):
            return "muteChanged(\(isMuted ? "muted" : "unmuted"), user: \(user), item: \(item), \(id))"
        }
    }

    /// A number with at most one decimal: `40`, `2.5`.
    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() && abs(tenths) < 1e15 ? "\(Int(tenths))" : "\(tenths)"
    }
}
