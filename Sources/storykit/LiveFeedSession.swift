import Foundation
import StoryKit
import StoryMedia
import StoryRender

/// `storykit play` over a feed whose items are http(s) URLs: the viewer runs in real time while
/// the real ``MediaPipeline`` loads its media (URLSession, the disk cache), and what the pipeline
/// delivered, and when, is recorded so the frames can be drawn afterwards exactly as they were
/// seen.
///
/// An item shows when the pipeline has its bytes (an image decoded, a video's first bytes: there
/// is no video decoder here, so a video shows a dark frame and plays its item's duration).
struct LiveFeedSession {
    /// What a live run leaves for the renderer and the log.
    struct Outcome {
        /// How each item loaded: the time its bytes arrived, or its failure.
        var behaviours: [String: ScriptedMediaSource.Behaviour] = [:]
        /// The pictures downloaded, by scene name.
        var images: [String: RGBAImage] = [:]
        /// The viewer's events, with their times.
        var events: [(time: Double, event: StoriesViewer.Event)] = []
        /// Lines to print: fetches, waits, the summary.
        var lines: [String] = []
    }

    /// Whether any item or avatar of `feed` is an http(s) URL.
    static func isRemote(_ feed: StoryFeed) -> Bool {
        feed.users.contains { user in
            user.items.contains { isHTTP($0.url) } || user.avatar.map(isHTTP) == true
        }
    }

    /// Whether `url` is an http or https URL.
    static func isHTTP(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The default folder of the disk cache: `$XDG_CACHE_HOME/storykit/media`, else
    /// `~/.cache/storykit/media`.
    static var defaultCacheFolder: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
        return ((base as NSString).appendingPathComponent("storykit") as NSString).appendingPathComponent("media")
    }

    let feed: StoryFeed
    let seen: Set<String>
    let script: GestureScript
    let pageSize: Size
    let framesPerSecond: Double
    let duration: Double
    let cacheFolder: String

    /// Receives each line as it happens, if set (the command line prints them at once).
    var progress: (@Sendable (String) -> Void)?

    /// A mixed feed's local files, decoded by the command, by scene name (`item:ID`,
    /// `avatar:ID`): those items show at once and never go to the pipeline, which loads URLs.
    var localImages: [String: RGBAImage] = [:]

    /// Runs the session in real time, `duration` seconds.
    func run() async -> Outcome {
        let cache = DiskCache(folder: URL(fileURLWithPath: cacheFolder, isDirectory: true), capacity: 512 << 20)
        let pipeline = MediaPipeline(cache: cache)
        let arrivals = Locked<[(Double, MediaPipeline.Event)]>([])
        let clock = MediaPipeline.Clock.system
        let start = clock.now()
        let listener = Task {
            for await event in pipeline.events { arrivals.withLock { $0.append((clock.now() - start, event)) } }
        }
        var outcome = Outcome(images: localImages)
        await loadAvatars(pipeline, into: &outcome)

        let viewer = StoriesViewer(feed: feed, seen: seen, pageSize: pageSize)
        let items = Dictionary(viewer.users.flatMap(\.items).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var waiting: [String: MediaPipeline.Source] = [:]
        var behaviours: [String: ScriptedMediaSource.Behaviour] = [:]
        for item in items.values {
            var behaviour = ScriptedMediaSource.Behaviour(videoLength: item.kind == .video ? item.duration ?? 5 : nil)
            behaviour.availableAt = Self.isHTTP(item.url) ? .infinity : 0
            behaviours[item.id] = behaviour
        }
        let tray = DemoClip.tray(users: viewer.users, pageSize: pageSize)
        var replay = TouchReplay(script: script, model: StoriesSession(viewer: viewer, loadTime: 0, avatarFrames: tray.avatars,
                                                                        behaviours: behaviours))
        var plan = PrefetchPlan(viewer: viewer)
        await pipeline.update(Self.remotePart(of: plan))
        var currentSince: (id: String, time: Double, reported: Bool)?
        let frames = max(Int((duration * framesPerSecond).rounded(.up)), 1)
        for frame in 0..<frames {
            let time = Double(frame) / framesPerSecond
            let ahead = time - (clock.now() - start)
            if ahead > 0 { try? await clock.sleep(ahead) }
            for (arrival, event) in arrivals.withLock({ list in defer { list = [] }; return list }) {
                switch event {
                case let .loaded(url, ids, source, bytes, seconds):
                    say(&outcome, "\(Self.stamp(arrival))fetched \(url) from \(source.rawValue): \(Self.size(bytes)) in "
                                        + Self.seconds(seconds))
                    for id in ids {
                        guard var behaviour = behaviours[id] else { continue }
                        if items[id]?.kind == .image {
                            do {
                                outcome.images["item:\(id)"] = try RGBAImage(imageData: try await pipeline.data(for: url))
                            } catch {
                                say(&outcome, "          \(id): undecodable (\(error))")
                                await pipeline.reportUndecodable(url: url)
                                continue
                            }
                        }
                        behaviour.availableAt = min(behaviour.availableAt ?? .infinity, arrival)
                        behaviours[id] = behaviour
                        waiting[id] = source
                        replay.model.setBehaviour(behaviour, for: id)
                    }
                case let .failed(url, ids, failure):
                    say(&outcome, "\(Self.stamp(arrival))failed \(url): \(failure)")
                    for id in ids where behaviours[id]?.availableAt == .infinity {
                        behaviours[id]?.failure = "\(failure)"
                        behaviours[id]?.availableAt = arrival
                        if let behaviour = behaviours[id] { replay.model.setBehaviour(behaviour, for: id) }
                    }
                case let .retrying(url, attempt, failure, delay):
                    say(&outcome, "\(Self.stamp(arrival))retrying \(url) after attempt \(attempt) (\(failure)) in "
                                        + Self.seconds(delay))
                }
            }
            outcome.events += replay.step(to: time)
            let now = replay.model.viewer
            if let item = now.currentItem, !now.isClosed, currentSince?.id != item.id { currentSince = (item.id, time, false) }
            if let since = currentSince, !since.reported, items[since.id].map({ Self.isHTTP($0.url) }) == true, now.state != .loading, let shown = behaviours[since.id]?.availableAt, shown.isFinite {
                let wait = max(0, shown - since.time)
                say(&outcome, "\(Self.stamp(time))waited \(Self.seconds(wait)) for \(since.id) ("
                                    + (waiting[since.id]?.rawValue ?? "failed") + ")")
                currentSince?.reported = true
            }
            let next = PrefetchPlan(viewer: now, following: plan)
            if next != plan {
                plan = next
                await pipeline.update(Self.remotePart(of: plan))
            }
        }
        listener.cancel()
        let statistics = await pipeline.statistics
        say(&outcome, "requests: \(statistics.requests), received: \(Self.size(statistics.bytesReceived)), loads: "
            + MediaPipeline.Source.allCases.map { "\($0.rawValue) \(statistics.loads[$0] ?? 0)" }.joined(separator: ", ")
            + ", retries: \(statistics.retries), failures: \(statistics.failures); cache: \(cacheFolder)")
        outcome.behaviours = behaviours
        // Videos (no decoder here), items that failed and items never loaded show a dark frame.
        for id in items.keys where outcome.images["item:\(id)"] == nil {
            outcome.images["item:\(id)"] = RGBAImage(width: 9, height: 16, fill: (28, 28, 34, 255))
        }
        return outcome
    }

    /// `plan` without its requests for local files (a mixed feed's), which the pipeline cannot load.
    static func remotePart(of plan: PrefetchPlan) -> PrefetchPlan {
        PrefetchPlan(requests: plan.requests.filter { isHTTP($0.url) }, mayPrefetch: plan.mayPrefetch, direction: plan.direction)
    }

    /// Adds `line` to the outcome's lines.
    private func say(_ outcome: inout Outcome, _ line: String) {
        outcome.lines.append(line)
        progress?(line)
    }

    /// Downloads the avatars (through the pipeline's caches, outside its plan).
    private func loadAvatars(_ pipeline: MediaPipeline, into outcome: inout Outcome) async {
        for user in feed.users {
            guard let avatar = user.avatar, Self.isHTTP(avatar) else { continue }
            if let bytes = try? await pipeline.data(for: avatar), let image = try? RGBAImage(imageData: bytes) {
                outcome.images["avatar:\(user.id)"] = image
            }
        }
    }

    /// Runs `work` to its end from synchronous code (the command line's `run()`).
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    /// A line's time column, as `storykit play` prints events: `  1.234 s  `.
    static func stamp(_ time: Double) -> String { String(format: "%7.3f s  ", time) }

    /// Seconds with three decimals.
    static func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }

    /// `bytes` as KB or MB.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.2f MB", Double(bytes) / 1_048_576) : String(format: "%.1f KB", Double(bytes) / 1_024)
    }
}
