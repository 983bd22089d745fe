import Foundation
import StoryKit
import StoryMedia
import StoryRender

/// `storykit render viewer` over a feed whose items are http(s) URLs: the viewer runs in real time while
/// the real ``MediaPipeline`` loads its media (URLSession, the disk cache), and what the pipeline
/// delivered, and when, is recorded so the frames can be drawn afterwards exactly as they were
/// seen.
///
/// An item shows when the pipeline has its bytes (an image decoded, a video's first bytes: there
/// is no video decoder here, so a video shows a dark frame and plays its item's duration).
///
/// Nothing that fails stops the run: the avatars load all at once before the session's clock
/// starts, and one that fails is drawn as a grey circle and named in a line with its URL and
/// reason; an item that fails (an error status, undecodable bytes, the retries run out) shows
/// its retry state; every request gives up after ``requestTimeout`` seconds of silence on the
/// clip's clock (``PipelineClipTime``: a starved machine's hold holds the network's timeouts and
/// retry delays too, so the same server gives the same clip); the item on screen at the end
/// that never came is named; the last lines count requests, loads
/// and failures, the avatars, and what became of the items the viewer showed.
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
        /// The items' subtitle tracks downloaded from http(s) URLs, by item id
        /// (LiveFeedSession+Subtitles.swift).
        var subtitles: [String: SubtitleTrack] = [:]
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

    /// The default ``requestTimeout``, in seconds.
    static let defaultRequestTimeout = 10.0

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
    /// Seconds of the clip's clock a request may go without an answer or data before it fails
    /// as timed out (judged by the pipeline, ``StoryMedia/MediaPipeline/Configuration/requestTimeout``;
    /// ``StoryMedia/URLSessionTransport``'s wall-clock timeout is only a far backstop,
    /// ``backstopTimeout``).
    var requestTimeout: Double = Self.defaultRequestTimeout
    /// The device's conditions the prefetch plans are made under (`--low-data`, `--low-power`).
    var conditions = PrefetchConditions()

    /// Receives each line as it happens, if set (the command line prints them at once).
    var progress: (@Sendable (String) -> Void)?

    /// A mixed feed's local files, decoded by the command, by scene name (`item:ID`,
    /// `avatar:ID`): those items show at once and never go to the pipeline, which loads URLs.
    var localImages: [String: RGBAImage] = [:]
    /// The viewer's layout direction (`--rtl`).
    var layoutDirection: StoryLayoutDirection = .leftToRight
    /// The horizontal size class the viewer is laid out under (`--size-class`).
    var sizeClass: StoriesViewer.CardLayout.SizeClass = .unspecified
    /// The wall clock the session paces its frames by and stamps the loads' results with, and
    /// under the pipeline's clip clock (``PipelineClipTime``): tests inject a starved one.
    var clock = MediaPipeline.Clock.system

    /// The transport's own wall-clock timeout for `requestTimeout`, in seconds: far behind the
    /// pipeline's on the clip's clock (at least a minute, four timeouts), so only a hold longer
    /// than that reaches it.
    static func backstopTimeout(for requestTimeout: Double) -> Double {
        requestTimeout.isFinite ? Swift.min(Swift.max(4 * requestTimeout, 60), 600) : 600
    }

    /// Runs the session in real time, `duration` seconds, after the avatars settled (each
    /// loaded or failed, all at once, within ``requestTimeout`` of silence each).
    func run() async -> Outcome {
        let cache = DiskCache(folder: URL(fileURLWithPath: cacheFolder, isDirectory: true), capacity: 512 << 20)
        // The pipeline's timeouts and retry delays run on the clip's clock, which the frame loop
        // moves on as it reaches each frame: a hold holds them too.
        let clipTime = Locked(PipelineClipTime())
        let pipeline = MediaPipeline(transport: URLSessionTransport(timeout: Self.backstopTimeout(for: requestTimeout)), cache: cache,
                                     configuration: .init(requestTimeout: requestTimeout),
                                     clock: .clip(of: clipTime, wall: self.clock))
        var outcome = Outcome(images: localImages)
        let avatarFailures = await loadAvatars(pipeline, into: &outcome)
        _ = await loadSubtitles(pipeline, into: &outcome)      // remote WebVTT, through the same pipeline
        let arrivals = Locked<[(Double, MediaPipeline.Event)]>([])
        let clock = self.clock
        var timeline = LiveClock(origin: clock.now(), framesPerSecond: framesPerSecond)
        clipTime.withLock { $0.follow(timeline) }
        let listener = Task {
            for await event in pipeline.events { arrivals.withLock { $0.append((clock.now(), event)) } }
        }
        var tally = WaitTally()

        var configuration = StoriesViewer.Configuration()
        configuration.layoutDirection = layoutDirection
        var viewer = StoriesViewer(feed: feed, seen: seen, pageSize: pageSize, configuration: configuration)
        viewer.cardLayout = .commandLine(screen: pageSize, sizeClass: sizeClass)      // as the rendered replay: touches land on the same card
        let items = Dictionary(viewer.users.flatMap(\.items).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var waiting: [String: MediaPipeline.Source] = [:]
        var behaviours: [String: ScriptedMediaSource.Behaviour] = [:]
        for item in items.values {
            var behaviour = ScriptedMediaSource.Behaviour(videoLength: item.kind == .video ? item.duration ?? 5 : nil)
            behaviour.availableAt = Self.isHTTP(item.url) ? .infinity : 0
            behaviours[item.id] = behaviour
        }
        let tray = DemoClip.tray(users: viewer.users, pageSize: pageSize, direction: layoutDirection)
        var replay = TouchReplay(script: script, model: StoriesSession(viewer: viewer, loadTime: 0, avatarFrames: tray.avatars,
                                                                        behaviours: behaviours))
        var plan = PrefetchPlan(viewer: viewer, conditions: conditions)
        await pipeline.update(Self.remotePart(of: plan))
        var currentSince: (id: String, time: Double, reported: Bool)?
        let frames = max(Int((duration * framesPerSecond).rounded(.up)), 1)
        for frame in 0..<frames {
            // Ctrl-C during the real-time phase: stop now; the render that follows reports it
            // and leaves nothing behind.
            if Interruption.shared.receivedSignal != nil { break }
            let time = Double(frame) / framesPerSecond
            // The clip's clock holds while the process is too busy to keep up (LiveClock.swift):
            // a starved run does not skip ahead of the loads it waits for.
            let ahead = timeline.delay(until: time, now: clock.now())
            if ahead > 0 { try? await clock.sleep(ahead) }
            timeline.reach(time, now: clock.now())
            clipTime.withLock { $0.follow(timeline) }
            for (received, event) in arrivals.withLock({ list in defer { list = [] }; return list }) {
                let arrival = timeline.place(received: received)
                switch event {
                case let .loaded(url, ids, source, bytes, seconds):
                    say(&outcome, "\(Self.stamp(arrival))fetched \(url) from \(source.rawValue): \(Self.size(bytes)) in "
                                        + Self.seconds(seconds))
                    var picture: RGBAImage?
                    if ids.contains(where: { items[$0]?.kind == .image }) {
                        do {
                            picture = try RGBAImage(imageData: try await pipeline.data(for: url))
                        } catch {
                            // The pipeline fails the items (a `failed` event follows) and counts it.
                            say(&outcome, "          \(url): undecodable (\(error))")
                            await pipeline.reportUndecodable(url: url)
                            continue
                        }
                    }
                    for id in ids {
                        guard var behaviour = behaviours[id] else { continue }
                        if items[id]?.kind == .image, let picture { outcome.images["item:\(id)"] = picture }
                        behaviour.availableAt = min(behaviour.availableAt ?? .infinity, arrival)
                        behaviours[id] = behaviour
                        waiting[id] = source
                        replay.model.setBehaviour(behaviour, for: id)
                    }
                case let .failed(url, ids, failure):
                    say(&outcome, "\(Self.stamp(arrival))failed \(url): \(describe(failure))")
                    for id in ids where behaviours[id]?.availableAt == .infinity {
                        behaviours[id]?.failure = describe(failure)
                        behaviours[id]?.availableAt = arrival
                        if let behaviour = behaviours[id] { replay.model.setBehaviour(behaviour, for: id) }
                    }
                case let .retrying(url, attempt, failure, delay):
                    say(&outcome, "\(Self.stamp(arrival))retrying \(url) after attempt \(attempt) (\(describe(failure))) in "
                                        + Self.seconds(delay))
                }
            }
            outcome.events += replay.step(to: time)
            let now = replay.model.viewer
            if let item = now.currentItem, !now.isClosed, currentSince?.id != item.id { currentSince = (item.id, time, false) }
            if let since = currentSince, !since.reported, items[since.id].map({ Self.isHTTP($0.url) }) == true, now.state != .loading, let shown = behaviours[since.id]?.availableAt, shown.isFinite {
                let wait = max(0, shown - since.time)
                let how = behaviours[since.id]?.failure.map { "failed: \($0)" } ?? waiting[since.id]?.rawValue ?? "failed"
                say(&outcome, "\(Self.stamp(time))waited \(Self.seconds(wait)) for \(since.id) (\(how))")
                tally.count(since.id, failed: behaviours[since.id]?.failure != nil)
                currentSince?.reported = true
            }
            let next = PrefetchPlan(viewer: now, following: plan, conditions: conditions)
            if next != plan {
                plan = next
                await pipeline.update(Self.remotePart(of: plan))
            }
        }
        listener.cancel()
        clipTime.withLock { $0.end() }
        if let line = timeline.stallLine { say(&outcome, line) }
        // The item on screen at the end that never came: say so, with how long it was waited for.
        if let since = currentSince, !since.reported, !replay.model.viewer.isClosed {
            say(&outcome, "\(Self.stamp(duration))still waiting for \(since.id) after \(Self.seconds(max(0, duration - since.time))): "
                                + "not loaded")
            tally.waiting.append(since.id)
        }
        let statistics = await pipeline.statistics
        say(&outcome, "requests: \(statistics.requests) (revalidations: \(statistics.revalidations), not modified: "
            + "\(statistics.notModified)), received: \(Self.size(statistics.bytesReceived)), loads: "
            + MediaPipeline.Source.allCases.map { "\($0.rawValue) \(statistics.loads[$0] ?? 0)" }.joined(separator: ", ")
            + ", retries: \(statistics.retries), failures: \(statistics.failures); cache: \(cacheFolder)")
        say(&outcome, "bytes loaded (\(PrefetchTally.describe(conditions))): \(Self.size(statistics.bytesReceived))")
        let avatars = feed.users.filter { $0.avatar.map(Self.isHTTP) == true }.count
        say(&outcome, "avatars: \(avatars - avatarFailures.count) loaded, \(avatarFailures.count) failed"
            + (avatarFailures.isEmpty ? "" : " (" + avatarFailures.joined(separator: ", ") + ")"))
        say(&outcome, tally.line)
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

    /// Downloads the avatars all at once (through the pipeline's caches, outside its plan) and
    /// waits until each has loaded or failed; a failed one is left out (drawn as a grey circle)
    /// and named in a line: `avatar u2: http://…/u2.jpg: HTTP 404`.
    ///
    /// - Returns: The failed avatars, `u2 (HTTP 404)`, in the feed's order.
    private func loadAvatars(_ pipeline: MediaPipeline, into outcome: inout Outcome) async -> [String] {
        let avatars = feed.users.compactMap { user in user.avatar.flatMap { Self.isHTTP($0) ? (user.id, $0) : nil } }
        let timeout = requestTimeout
        let results = await withTaskGroup(of: (Int, Result<RGBAImage, AvatarFailure>).self) { group in
            for (index, (_, url)) in avatars.enumerated() {
                group.addTask {
                    do {
                        let bytes = try await pipeline.data(for: url)
                        do { return (index, .success(try RGBAImage(imageData: bytes))) } catch {
                            return (index, .failure(AvatarFailure(reason: Self.describe(.undecodable, timeout: timeout))))
                        }
                    } catch MediaPipeline.ReadError.failed(let failure) {
                        return (index, .failure(AvatarFailure(reason: Self.describe(failure, timeout: timeout))))
                    } catch {
                        return (index, .failure(AvatarFailure(reason: "\(error)")))
                    }
                }
            }
            var results: [(Int, Result<RGBAImage, AvatarFailure>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        var failures: [String] = []
        for (index, result) in results {
            let (user, url) = avatars[index]
            switch result {
            case .success(let image): outcome.images["avatar:\(user)"] = image
            case .failure(let failure):
                say(&outcome, "avatar \(user): \(url): \(failure.reason)")
                failures.append("\(user) (\(failure.reason))")
            }
        }
        return failures
    }

    /// Why an avatar failed, as a line says it.
    struct AvatarFailure: Error {
        var reason: String
    }

    /// A failure as a user reads it: `HTTP 404`, `connection refused`, `timed out after 10 s`.
    func describe(_ failure: RetryPolicy.Failure) -> String { Self.describe(failure, timeout: requestTimeout) }

    /// A failure as a user reads it, with the request timeout in force.
    static func describe(_ failure: RetryPolicy.Failure, timeout: Double) -> String {
        switch failure {
        case .status(let code): "HTTP \(code)"
        case .timedOut: "timed out after " + String(format: "%g", timeout) + " s"
        case .connectionRefused: "connection refused"
        case .connectionReset: "connection reset"
        case let .truncatedBody(received, expected): "body cut short (\(received) of \(expected) bytes)"
        case .undecodable: "undecodable"
        case .invalidURL: "invalid URL"
        }
    }

    /// What became of the items the viewer showed, for the last summary line.
    struct WaitTally {
        /// Items that showed, failed, and the one still loading at the end.
        var shown = 0, failed: [String] = [], waiting: [String] = []

        mutating func count(_ id: String, failed didFail: Bool) {
            if didFail { failed.append(id) } else { shown += 1 }
        }

        /// `items: 2 shown, 2 failed (a-2, b-1), 1 never loaded (c-1)`.
        var line: String {
            func list(_ ids: [String]) -> String { ids.isEmpty ? "" : " (" + ids.joined(separator: ", ") + ")" }
            return "items: \(shown) shown, \(failed.count) failed\(list(failed)), \(waiting.count) never loaded\(list(waiting))"
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

    /// A line's time column, as `storykit render viewer` prints events: `  1.234 s  `.
    static func stamp(_ time: Double) -> String { String(format: "%7.3f s  ", time) }

    /// Seconds with three decimals.
    static func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }

    /// `bytes` as KB or MB.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.2f MB", Double(bytes) / 1_048_576) : String(format: "%.1f KB", Double(bytes) / 1_024)
    }
}
