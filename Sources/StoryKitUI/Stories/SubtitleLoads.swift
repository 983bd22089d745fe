import Foundation
import StoryKit

// MARK: - SubtitleLoads

/// Which items' WebVTT subtitle tracks the UIKit viewer fetches by itself, when, how often, and
/// what becomes of each answer: the bookkeeping of ``StorySubtitleFetcher`` as plain values,
/// tested on Linux.
///
/// - **Which and when.** ``update(to:)`` fetches the track of every item the viewer shows or is
///   about to show that has a feed `subtitles` string: the visible pages' items (the current
///   one first, a cube turn's neighbour) and the current user's next item
///   (``wantedItems(in:)``). Each track is fetched once; a relative path is resolved against
///   the viewer's `mediaBaseURL`, as the media are.
/// - **Retry or not.** A transport failure that another attempt may cure (a timeout, a refused
///   or reset connection, HTTP 408, 429 or 5xx: ``StoryKit/RetryPolicy/Failure/isTransient``)
///   is fetched again at the first update at least ``retryDelay`` seconds later (doubled after
///   each attempt), at most ``maximumAttempts`` times in all. Everything else is final: a 404,
///   bytes that are not UTF-8 WebVTT (``parse(_:)``), a file that cannot be read, an address
///   that is not a file or http(s) URL. A final failure is reported once
///   (``Outcome/failed(id:url:reason:)``) and the item has no subtitles.
/// - **The app wins.** ``override(_:)`` (the app called `setSubtitles(_:forItemID:)`) cancels
///   the item's fetch and drops any later answer: the app's track (or its `nil`) stays.
/// - **Close.** ``stopAll()`` (the viewer closed) cancels every fetch; nothing is fetched or
///   reported afterwards.
///
/// It takes events over time (a state machine): updates, answers and overrides in any order.
package struct SubtitleLoads: Sendable, Hashable {
    /// Why a track could not be had.
    package struct Failure: Error, Sendable, Hashable {
        /// The reason, as the host hears it: "HTTP 404", "line 3: …".
        package var reason: String
        /// Whether another attempt may succeed.
        package var isTransient: Bool

        /// A failure with its reason.
        package init(reason: String, isTransient: Bool) {
            self.reason = reason
            self.isTransient = isTransient
        }
    }

    /// One thing for the fetcher to do.
    package enum Step: Sendable, Hashable {
        /// Fetch the bytes of item `id`'s track at `location` as the fetch numbered `token`;
        /// `nil` when the feed's string is not an address that can load (answer with a failure).
        case fetch(id: String, location: StoryMediaLocation?, token: Int)
        /// Cancel the fetch numbered `token`: its answer will be dropped.
        case cancel(token: Int)
    }

    /// What became of a fetched track, for the model and the host.
    package enum Outcome: Sendable, Hashable {
        /// Item `id`'s track was read: give it to the model.
        case loaded(id: String, track: SubtitleTrack)
        /// Item `id` has no subtitles: the feed's `url` failed for good for `reason`.
        case failed(id: String, url: String, reason: String)
    }

    /// Where one item's track is.
    package enum State: Sendable, Hashable {
        /// Being fetched: attempt number `attempt` (1 at first), as fetch `token`.
        case loading(token: Int, attempt: Int)
        /// Attempt `attempt` failed in a way another may cure: fetched again at an update at or
        /// after `retryAt` (seconds on the viewer's clock).
        case waiting(attempt: Int, retryAt: Double)
        /// Read and given to the model.
        case loaded
        /// Failed for good: the item has no subtitles.
        case failed(reason: String)
        /// The app gave the item its own track (or none): never fetched or replaced.
        case overridden
    }

    /// The most attempts at one track (the first and two retries).
    package static let maximumAttempts = 3
    /// Seconds between a transient failure and the next attempt, doubled after each attempt.
    package static let retryDelay = 2.0
    /// The largest track read, in bytes (2 MiB); a larger body is refused as not subtitles.
    package static let maximumBytes = 2 << 20

    /// Each item's track state, by item id; items never fetched have none.
    package private(set) var states: [String: State] = [:]
    /// Whether the viewer closed (``stopAll()``).
    package private(set) var isStopped = false
    /// The feed's `subtitles` string of each item that has one, by id (an id's first item counts).
    private let tracks: [String: String]
    private let baseURL: URL?
    private var lastToken = 0

    /// Loads for the items of `users`, none started.
    ///
    /// - Parameters:
    ///   - users: The viewer's users.
    ///   - baseURL: The folder that relative paths in the feed are in (the viewer's `mediaBaseURL`).
    package init(users: [StoryUser], baseURL: URL?) {
        var tracks: [String: String] = [:]
        for item in users.flatMap(\.items) where tracks[item.id] == nil {
            if let subtitles = item.subtitles { tracks[item.id] = subtitles }
        }
        self.tracks = tracks
        self.baseURL = baseURL
    }

    /// The items whose tracks are wanted now: the visible pages' items (the current page's
    /// first), then the current user's next item; each once, none once the viewer has closed.
    package static func wantedItems(in viewer: StoriesViewer) -> [String] {
        var ids = viewer.players.map(\.id)
        if let next = viewer.nextItemID, !ids.contains(next) { ids.append(next) }
        return ids
    }

    /// The fetches to start (and, once the viewer has closed, to cancel) for `viewer` as it is
    /// now: a track wanted (``wantedItems(in:)``) that was never fetched, or whose transient
    /// failure's delay has passed at ``StoryKit/StoriesViewer/time``.
    package mutating func update(to viewer: StoriesViewer) -> [Step] {
        guard !isStopped else { return [] }
        guard !viewer.isClosed else { return stopAll() }
        let time = viewer.time
        var steps: [Step] = []
        for id in Self.wantedItems(in: viewer) where tracks[id] != nil {
            switch states[id] {
            case nil: steps.append(start(id, attempt: 1))
            case let .waiting(attempt, retryAt) where time.isFinite && time >= retryAt:
                steps.append(start(id, attempt: attempt + 1))
            default: break
            }
        }
        return steps
    }

    /// Fetch `token` answered with `result` at `time` (seconds on the viewer's clock): the track,
    /// a final failure, or nothing (an answer to a cancelled or replaced fetch, a transient
    /// failure that will be tried again).
    package mutating func finished(token: Int, result: Result<[UInt8], Failure>, at time: Double) -> Outcome? {
        guard !isStopped, let (id, attempt) = loading(token), let url = tracks[id] else { return nil }
        let read = result.flatMap(Self.parse)
        switch read {
        case .success(let track):
            states[id] = .loaded
            return .loaded(id: id, track: track)
        case .failure(let failure) where failure.isTransient && attempt < Self.maximumAttempts:
            let delay = Self.retryDelay * Double(1 << (attempt - 1))
            states[id] = .waiting(attempt: attempt, retryAt: (time.isFinite ? time : 0) + delay)
            return nil
        case .failure(let failure):
            states[id] = .failed(reason: failure.reason)
            return .failed(id: id, url: url, reason: failure.reason)
        }
    }

    /// The app gave item `id` its own track, or none: its fetch, if one runs, is cancelled, and
    /// nothing fetched replaces the app's choice.
    package mutating func override(_ id: String) -> [Step] {
        let running = states[id].flatMap(Self.token)
        states[id] = .overridden
        return running.map { [.cancel(token: $0)] } ?? []
    }

    /// The viewer closed: every fetch is cancelled; nothing starts or is reported afterwards.
    package mutating func stopAll() -> [Step] {
        guard !isStopped else { return [] }
        isStopped = true
        return states.values.compactMap(Self.token).sorted().map { .cancel(token: $0) }
    }

    /// A track's bytes read as WebVTT (UTF-8, at most ``maximumBytes``): the track, or a final
    /// failure naming what is wrong.
    package static func parse(_ bytes: [UInt8]) -> Result<SubtitleTrack, Failure> {
        guard bytes.count <= maximumBytes else {
            return .failure(Failure(reason: "larger than \(maximumBytes) bytes", isTransient: false))
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            return .failure(Failure(reason: "not UTF-8 text", isTransient: false))
        }
        do { return .success(try SubtitleTrack(webVTT: text)) } catch {
            return .failure(Failure(reason: "\(error)", isTransient: false))
        }
    }

    /// Starts attempt `attempt` at item `id`'s track.
    private mutating func start(_ id: String, attempt: Int) -> Step {
        lastToken &+= 1
        states[id] = .loading(token: lastToken, attempt: attempt)
        let location = tracks[id].flatMap { StoryMediaLocation.resolve($0, relativeTo: baseURL) }
        return .fetch(id: id, location: location, token: lastToken)
    }

    /// The item and attempt of fetch `token`, if it is still running.
    private func loading(_ token: Int) -> (String, Int)? {
        for (id, state) in states {
            if case .loading(token, let attempt) = state { return (id, attempt) }
        }
        return nil
    }

    /// The token of a running fetch.
    private static func token(_ state: State) -> Int? {
        if case .loading(let token, _) = state { return token }
        return nil
    }
}

// MARK: - StoriesViewer + Next item

extension StoriesViewer {
    /// The id of the current user's item after the current one, or `nil` at their last item
    /// or once closed.
    fileprivate var nextItemID: String? {
        guard !isClosed, users.indices.contains(userIndex) else { return nil }
        let items = users[userIndex].items
        return items.indices.contains(itemIndex + 1) ? items[itemIndex + 1].id : nil
    }
}
