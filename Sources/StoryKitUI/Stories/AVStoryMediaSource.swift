#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import Foundation
import StoryKit
import UIKit

/// The Stories viewer's media on iOS: the front-end's counterpart of ``StoryKit/StoryMediaSource``,
/// over `AVPlayer`s and decoded images.
///
/// ``apply(_:)`` makes the players match the viewer's ``StoryKit/StoriesViewer/players`` through a
/// ``PlayerPlan`` (released and silenced first, then loaded, then the one item heard): one
/// ``StoryMediaView`` per listed item, an `AVPlayer` with an `AVPlayerLayer` for a video, a
/// file read or download decoded off the main thread for an image. What the media does comes
/// back through ``onReport``, always later on the main queue (never from inside ``apply(_:)``),
/// in the order it happened; reports of a released item or of an earlier attempt are dropped.
/// It mirrors the protocol rather than conforming to it: reports are pushed as they happen, and
/// the view controller gives them to the model with the time they arrive.
///
/// ``stopAll()`` (the viewer closed) and `deinit` pause and mute every player and remove every
/// observer: nothing is heard after the close.
@MainActor
final class AVStoryMediaSource {
    /// Receives what an item's media did: its id and the event, on the main actor.
    var onReport: ((_ id: String, _ event: StoriesViewer.MediaEvent) -> Void)?
    /// Seconds between a video's playhead reports.
    var playheadInterval = 0.25

    /// One listed item.
    @MainActor
    private final class Entry {
        let id: String
        let token: Int
        let view = StoryMediaView()
        var rules = MediaReportRules()
        var video: VideoPlayback?
        var imageLoad: Task<Void, Never>?

        init(id: String, token: Int) {
            self.id = id
            self.token = token
        }

        deinit {
            imageLoad?.cancel()
        }
    }

    private let items: [String: StoryItem]
    private let baseURL: URL?
    private let session: URLSession
    private let images: StoryImageLoader
    private var entries: [String: Entry] = [:]
    private var held: [StoriesViewer.PlayerDirective] = []
    private var nextToken = 0

    /// A source for the items of `users`.
    ///
    /// - Parameters:
    ///   - users: The viewer's users (their items' URLs and kinds).
    ///   - baseURL: The folder that relative media paths are in.
    ///   - session: The session that downloads images (videos stream through AVFoundation).
    init(users: [StoryUser], baseURL: URL?, session: URLSession = .shared) {
        var items: [String: StoryItem] = [:]
        for item in users.flatMap(\.items) where items[item.id] == nil { items[item.id] = item }
        self.items = items
        self.baseURL = baseURL
        self.session = session
        images = StoryImageLoader(session: session)
    }

    /// The media view of a listed item, or `nil` for an item not listed.
    func view(for id: String) -> StoryMediaView? { entries[id]?.view }

    /// Makes the players match `players`: see ``PlayerPlan`` for the order.
    func apply(_ players: [StoriesViewer.PlayerDirective]) {
        let plan = PlayerPlan(from: held, to: players)
        for step in plan.steps {
            switch step {
            case .release(let id):
                if let entry = entries.removeValue(forKey: id) { release(entry) }
            case .pause(let id):
                entries[id]?.video?.setPlaying(false)
            case .mute(let id):
                entries[id]?.video?.setMuted(true)
            case .load(let id, _):
                entries[id] = load(id)
            case .unmute(let id):
                entries[id]?.video?.setMuted(false)
            case .play(let id):
                entries[id]?.video?.setPlaying(true)
            }
        }
        held = plan.held
    }

    /// The viewer shows item `id` from its start (``StoryKit/StoriesViewer/Event/itemShown(user:item:id:)``):
    /// a video that is not at its start goes back there. A listed item keeps its directive when
    /// the viewer restarts it in place (a tap back on a user's first item, a user turned away
    /// and back), so the player learns it here.
    func restart(_ id: String) {
        guard let entry = entries[id] else { return }
        entry.rules.restarted()
        entry.video?.rewind()
        // A player that reached its end paused itself; the directive may still say play.
        if let directive = held.first(where: { $0.id == id }) { entry.video?.setPlaying(directive.isPlaying) }
    }

    /// Stops and releases everything: no player plays or is heard afterwards, no observer stays.
    func stopAll() {
        for entry in entries.values { release(entry) }
        entries = [:]
        held = []
    }

    /// The avatar at the feed's `string` (a URL or path): from the cache, else `completion` once
    /// loaded.
    func avatar(_ string: String, completion: @escaping @MainActor (UIImage) -> Void) -> UIImage? {
        guard let location = StoryMediaLocation.resolve(string, relativeTo: baseURL) else { return nil }
        return images.avatar(at: location, completion: completion)
    }

    // MARK: Loading and releasing

    private func load(_ id: String) -> Entry {
        nextToken &+= 1
        let entry = Entry(id: id, token: nextToken)
        guard let item = items[id] else {
            post(.failed("This story is not in the feed."), to: entry)
            return entry
        }
        guard let location = StoryMediaLocation.resolve(item.url, relativeTo: baseURL) else {
            post(.failed("This story's address is not supported."), to: entry)
            return entry
        }
        switch item.kind {
        case .video:
            let sink = Sink(source: self, id: id, token: entry.token)
            entry.video = VideoPlayback(url: location.url, layer: entry.view.makePlayerLayer(),
                                        playheadInterval: playheadInterval) { observation in sink.send(observation) }
        case .image:
            let session = self.session
            let sink = Sink(source: self, id: id, token: entry.token)
            entry.view.onImageShown = { sink.send(.firstFrame(true)) }
            entry.imageLoad = Task { [weak view = entry.view] in
                do {
                    let image = try await StoryImageLoader.load(location, session: session)
                    guard !Task.isCancelled else { return }
                    sink.send(.loaded(duration: nil))        // before the frame: ready, then displaying
                    view?.show(image)
                } catch is CancellationError {
                    return
                } catch {
                    guard !Task.isCancelled else { return }
                    sink.send(.failed((error as? StoryImageLoader.Failure)?.reason ?? error.localizedDescription))
                }
            }
        }
        return entry
    }

    private func release(_ entry: Entry) {
        entry.imageLoad?.cancel()
        entry.imageLoad = nil
        entry.view.onImageShown = nil
        entry.video?.stop()
        entry.video = nil
    }

    private func post(_ observation: VideoPlayback.Observation, to entry: Entry) {
        Sink(source: self, id: entry.id, token: entry.token).send(observation)
    }

    /// An observation of the entry `token` of item `id`, now on the main actor: through the
    /// entry's rules to ``onReport``, unless that entry is gone.
    fileprivate func receive(_ observation: VideoPlayback.Observation, id: String, token: Int) {
        guard let entry = entries[id], entry.token == token else { return }
        let events: [StoriesViewer.MediaEvent]
        switch observation {
        case .loaded(let duration): events = entry.rules.loaded(duration: duration)
        case .firstFrame(let shown): events = entry.rules.firstFrameShown(shown)
        case .timeControl(let status): events = entry.rules.timeControl(status)
        case .playhead(let seconds): events = entry.rules.playhead(seconds)
        case .ended: events = entry.rules.playedToEnd()
        case .failed(let reason): events = entry.rules.failed(reason)
        }
        for event in events { onReport?(id, event) }
    }
}

/// Where an entry's observations go: to the source on the main queue, in the order sent, for
/// the entry that sent them.
private struct Sink: Sendable {
    weak var source: AVStoryMediaSource?
    let id: String
    let token: Int

    /// Sends `observation` from any thread; it arrives later on the main queue, never in the
    /// middle of what the main actor is doing now.
    func send(_ observation: VideoPlayback.Observation) {
        let sink = self
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                sink.source?.receive(observation, id: sink.id, token: sink.token)
            }
        }
    }
}
#endif
