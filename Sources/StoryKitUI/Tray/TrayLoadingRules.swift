import Foundation
import StoryKit

// MARK: - TrayLoadingRules

/// The tray row's loading, from a tap to the viewer opening: the ``StoryKit/StoryTray`` model and
/// the read of the tapped user's first item, as a plain value the UIKit and SwiftUI rows share,
/// tested on Linux.
///
/// A tap on an avatar starts its ring loading (``Action/startRing(user:)``) and asks for the
/// user's first item (``Action/read(_:user:token:)``); another avatar tapped meanwhile cancels the
/// first ring and its read. When the read comes back (``readFinished(token:time:)``) the tray is
/// ready: the ring resolves (``Action/finishRing(user:)``), and at ``settleTime`` ``advance(to:)``
/// says ``Action/open(user:from:)`` with the avatar's frame. Without a byte source, or when the
/// item needs no read (a file, an HLS stream), the tray is ready at once. A failed read
/// (``readFailed(token:time:)``) cancels the ring and says ``Action/failed(user:itemID:)``: a
/// ring never turns for ever on a load that will not come. Reads that come back after their
/// user was cancelled are ignored (their token is stale).
///
/// Times are seconds on the front-end's clock (`CACurrentMediaTime()` in UIKit).
package struct TrayLoadingRules: Sendable, Hashable {
    /// What the front-end does, in order.
    package enum Action: Sendable, Hashable {
        /// Start user `user`'s ring loading (``StoryRingView/startLoading()``).
        case startRing(user: Int)
        /// Read `request` from the byte source for user `user`; report it with `token`.
        case read(TrayMediaRequest, user: Int, token: Int)
        /// Stop the read with `token` (its user was cancelled).
        case cancelRead(token: Int)
        /// The story can show: resolve user `user`'s ring (``StoryRingView/finishLoading()``).
        case finishRing(user: Int)
        /// Bring user `user`'s ring to rest without launching (``StoryRingView/cancelLoading()``).
        case cancelRing(user: Int)
        /// User `user`'s first item (`itemID`) could not be read: tell the host.
        case failed(user: Int, itemID: String)
        /// Open the viewer at user `user`, out of the avatar's frame `from` (in the tray's viewport).
        case open(user: Int, from: Rect)
    }

    /// A read in flight.
    package struct Read: Sendable, Hashable {
        /// The user it is for.
        package var user: Int
        /// Its token.
        package var token: Int
        /// What it reads.
        package var request: TrayMediaRequest
    }

    /// The row: order, frames, rings, the loading user.
    package private(set) var tray: StoryTray
    /// The ids of the items seen.
    package private(set) var seen: Set<String>
    /// The read in flight, if any.
    package private(set) var read: Read?
    /// The folder relative media paths are in.
    package private(set) var baseURL: URL?
    /// Whether media is read through a byte source (otherwise every tap is ready at once).
    package let readsThroughSource: Bool
    private var nextToken = 0

    /// Rules for a row over `feed`.
    ///
    /// - Parameters:
    ///   - feed: The stories.
    ///   - seen: The ids of the items seen.
    ///   - viewportWidth: The row's visible width, in points.
    ///   - configuration: The row's sizes and rings.
    ///   - baseURL: The folder relative media paths are in.
    ///   - readsThroughSource: Whether there is a byte source to read the first item from.
    package init(feed: StoryFeed, seen: Set<String>, viewportWidth: Double, configuration: StoryTray.Configuration,
                 baseURL: URL?, readsThroughSource: Bool) {
        tray = StoryTray(feed: feed, seen: seen, viewportWidth: viewportWidth, configuration: configuration)
        self.seen = seen
        self.baseURL = baseURL
        self.readsThroughSource = readsThroughSource
    }

    /// When ``advance(to:)`` is due next: the end of the loading ring's resolution towards its
    /// launch (seconds), or nil.
    package var settleTime: Double? {
        guard let user = tray.loadingUser, case .resolving(_, let from, true) = tray.rings[user].phase else { return nil }
        return from + tray.rings[user].configuration.resolveDuration
    }

    /// What a tap on user `user`'s avatar waits for, if anything.
    package func request(for user: Int) -> TrayMediaRequest? {
        guard readsThroughSource, tray.users.indices.contains(user) else { return nil }
        return TrayMediaRequest.firstItem(of: tray.users[user], seen: seen, baseURL: baseURL)
    }

    // MARK: Inputs

    /// A tap at `point`, in the row's viewport (points).
    @discardableResult
    package mutating func tap(at point: Point, time: Double) -> [Action] {
        let events = tray.tap(at: point, time: time)
        return handle(events, time: time)
    }

    /// A tap on user `user`'s avatar as a whole: the row is scrolled to show it if it is not (the
    /// model's hit test takes points in view), then tapped at its centre. The front-ends tap at
    /// the finger's point (``tap(at:time:)``); the tray's loading storm and tests tap by row.
    @discardableResult
    package mutating func tap(user: Int, time: Double) -> [Action] {
        guard let frame = tray.avatarFrame(user: user) else { return handle(tray.advance(to: time), time: time) }
        if frame.midX < 0 || frame.midX > tray.viewportWidth { tray.scroll(toReveal: user) }
        guard let shown = tray.avatarFrame(user: user) else { return [] }
        return tap(at: shown.center, time: time)
    }

    /// The read with `token` has the item's bytes: the ring resolves towards the launch.
    @discardableResult
    package mutating func readFinished(token: Int, time: Double) -> [Action] {
        guard let read, read.token == token else { return advance(to: time) }
        self.read = nil
        var actions = tray.loadingUser == read.user ? [Action.finishRing(user: read.user)] : []
        actions += handle(tray.ready(time: time), time: time)
        return actions
    }

    /// The read with `token` failed: the ring comes to rest without launching and the host hears
    /// of it.
    @discardableResult
    package mutating func readFailed(token: Int, time: Double) -> [Action] {
        guard let read, read.token == token else { return advance(to: time) }
        self.read = nil
        var actions = handle(tray.cancel(time: time), time: time)
        actions.append(.failed(user: read.user, itemID: read.request.itemID))
        return actions
    }

    /// Moves the rings' clock to `time`: a resolved ring opens the viewer.
    @discardableResult
    package mutating func advance(to time: Double) -> [Action] {
        handle(tray.advance(to: time), time: time)
    }

    /// Gives up the loading (the row left the screen): the ring rests, the read stops.
    @discardableResult
    package mutating func cancel(time: Double) -> [Action] {
        handle(tray.cancel(time: time), time: time)
    }

    /// The row's content scrolled to `offset` points (clamped by the model).
    package mutating func scroll(to offset: Double) { tray.scroll(to: offset) }

    /// Scrolls the least that shows user `user`'s avatar (the viewer moved to that user).
    package mutating func scroll(toReveal user: Int) { tray.scroll(toReveal: user) }

    /// The row's visible width changed, in points.
    package mutating func setViewportWidth(_ width: Double) { tray.setViewportWidth(width) }

    /// Takes the items seen so far: rings of users with nothing left unseen turn grey; the next
    /// tap reads their first unseen item.
    package mutating func updateSeen(_ seen: Set<String>) {
        self.seen = seen
        tray.updateSeen(seen)
    }

    /// Takes a new feed (it arrived late, or refreshed), with the row's sizes and media folder,
    /// as ``TrayFeedMerge`` says: the row keeps its place and the ring of a user still in it; the
    /// read of a loading user who is gone stops, and the read of one who stays is started again
    /// only if what it reads changed (their first unseen item, or the folder).
    ///
    /// - Parameter time: Now, on the rings' clock (seconds).
    /// - Returns: The merge (the rows to reload; the new offset is ``tray``'s), and the actions.
    @discardableResult
    package mutating func replaceFeed(_ feed: StoryFeed, configuration: StoryTray.Configuration, baseURL: URL?,
                                      time: Double) -> (merge: TrayFeedMerge, actions: [Action]) {
        let merge = TrayFeedMerge(old: tray, feed: feed, seen: seen, configuration: configuration)
        tray = merge.tray
        self.baseURL = baseURL
        var actions: [Action] = []
        guard let read else { return (merge, actions) }
        guard let user = tray.loadingUser, merge.keptLoad != nil else {
            actions.append(.cancelRead(token: read.token))
            self.read = nil
            return (merge, actions)
        }
        guard let request = request(for: user) else {              // nothing to wait for any more
            actions.append(.cancelRead(token: read.token))
            self.read = nil
            actions.append(.finishRing(user: user))
            actions += handle(tray.ready(time: time), time: time)
            return (merge, actions)
        }
        if request == read.request {
            self.read?.user = user
        } else {
            actions.append(.cancelRead(token: read.token))
            nextToken += 1
            self.read = Read(user: user, token: nextToken, request: request)
            actions.append(.read(request, user: user, token: nextToken))
        }
        return (merge, actions)
    }

    /// The reads worth doing ahead as the row is scrolled: the first items of the users in
    /// view, then of those within half a viewport (at least 100 points) beyond, nearest first,
    /// then of `also` (users the collection view is about to show).
    package func prefetchRequests(layout: TrayLayout, also: [Int] = []) -> [TrayMediaRequest] {
        var users = layout.usersNearViewport(of: tray, margin: Swift.max(tray.viewportWidth / 2, 100))
        users += also.filter { !users.contains($0) }
        return users.compactMap { request(for: $0) }
    }

    /// The index of the user with id `id` in the row, if there.
    package func index(of id: StoryUser.ID) -> Int? {
        tray.users.firstIndex { $0.id == id }
    }

    // MARK: Events

    /// The tray's events as actions: rings to start and cancel, reads to start and stop, launches.
    private mutating func handle(_ events: [StoryTray.Event], time: Double) -> [Action] {
        var actions: [Action] = []
        for event in events {
            switch event {
            case .loadingStarted(let user):
                actions.append(.startRing(user: user))
                if let request = request(for: user) {
                    nextToken += 1
                    read = Read(user: user, token: nextToken, request: request)
                    actions.append(.read(request, user: user, token: nextToken))
                } else {
                    actions.append(.finishRing(user: user))
                    actions += handle(tray.ready(time: time), time: time)
                }
            case .cancelled(let user):
                actions.append(.cancelRing(user: user))
                if let read, read.user == user {
                    actions.append(.cancelRead(token: read.token))
                    self.read = nil
                }
            case .launch(let user, let from):
                actions.append(.open(user: user, from: from))
            }
        }
        return actions
    }
}
