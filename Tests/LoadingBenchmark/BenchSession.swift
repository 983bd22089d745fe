import Foundation
import StoryKit
import StoryMedia

/// One scripted viewing session against the benchmark's server: the viewer model in real time,
/// the real media pipeline loading for it, items viewed 2 s each with random skips.
struct BenchSession {
    /// What one session measured.
    struct Result: Codable {
        var mode: String
        var users: Int
        var itemsViewed: Int
        var waits: [Double]
        var bytesReceived: Int
        var bytesShown: Int
        var requests: Int
        var peakRSSKiB: Int
        /// The resident set once the feed and the viewer are made, before anything loads.
        var feedRSSKiB: Int
        var seconds: Double
    }

    let port: Int
    let users: Int
    let itemsToView: Int
    /// `prefetch`, `low-data` and `low-power` (prefetching under those conditions), or
    /// `load-on-show`.
    let mode: String
    let seed: UInt64

    /// The device's conditions of the mode, on a 3× screen (1170 × 2532 pixels: no rendition
    /// covers it, so the larger one loads normally, the smaller one saving data).
    var conditions: PrefetchConditions {
        PrefetchConditions(isLowDataMode: mode == "low-data", isLowPowerMode: mode == "low-power", displayScale: 3)
    }

    /// Runs the session.
    func run() async -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storykit-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipeline = MediaPipeline(cache: DiskCache(folder: folder, capacity: 256 << 20))
        let planConfiguration = mode != "load-on-show" ? PrefetchPlan.Configuration() : PrefetchPlan.Configuration(itemsAhead: 0, usersAhead: 0)
        let conditions = self.conditions
        let clock = MediaPipeline.Clock.system
        let start = clock.now()
        // Images show when their bytes are loaded; videos when a player's first read (1 MiB) is
        // answered, as with AVPlayer reading through the resource loader.
        let arrivals = Locked<[(time: Double, ids: [String])]>([])
        let listener = Task {
            for await event in pipeline.events {
                if case let .loaded(_, ids, _, _, _) = event {
                    let images = ids.filter { !$0.isVideoID }
                    if !images.isEmpty { arrivals.withLock { $0.append((clock.now() - start, images)) } }
                }
            }
        }
        let feed = BenchFeed.feed(users: users, port: port)
        var viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844),
                                   configuration: .init(imageDuration: 2))
        var media = ScriptedMediaSource()
        let feedRSS = Self.status("VmRSS:")
        var random = SplitMix64(state: seed)   // StoryMedia's, for the random skips
        var plan = PrefetchPlan(viewer: viewer, configuration: planConfiguration, conditions: conditions)
        let displayPixels = conditions.displayPixels(for: viewer.pageSize)
        await pipeline.update(plan)
        var waits: [Double] = []
        var shown = 0
        var current: (id: String, url: String, since: Double, displayed: Double?, skipAt: Double?, skipUser: Bool)?
        var reader: Task<Void, Never>?
        var viewed = 0
        func behaviour(_ id: String, _ at: Double) -> ScriptedMediaSource.Behaviour {
            var behaviour = ScriptedMediaSource.Behaviour(videoLength: id.isVideoID ? 2 : nil)
            behaviour.availableAt = at
            return behaviour
        }
        var defaultBehaviour = ScriptedMediaSource.Behaviour()
        defaultBehaviour.availableAt = .infinity
        media.defaultBehaviour = defaultBehaviour
        var time = 0.0
        while viewed <= itemsToView, !viewer.isClosed {
            time += 1.0 / 60
            let ahead = time - (clock.now() - start)
            if ahead > 0 { try? await clock.sleep(ahead) }
            for arrival in arrivals.withLock({ list in defer { list = [] }; return list }) {
                for id in arrival.ids where media.behaviours[id]?.availableAt?.isFinite != true {
                    media.behaviours[id] = behaviour(id, arrival.time)
                }
            }
            if let now = current, let skipAt = now.skipAt, time >= skipAt, now.displayed != nil {
                if now.skipUser { viewer.showUser(viewer.userIndex + 1, time: time) } else { viewer.nextItem(time: time) }
                current?.skipAt = nil
            }
            viewer.advance(to: time, media: &media)
            guard let item = viewer.currentItem else { break }
            if current?.id != item.id {
                if let previous = current, let displayed = previous.displayed {
                    shown += Self.shownBytes(previous.id, url: previous.url, watched: time - displayed)
                }
                viewed += 1
                let roll = Double(random.next() % 1_000) / 1_000
                let url = item.mediaURL(displayPixels: displayPixels, savingData: conditions.isSavingData)
                current = (item.id, url, time, nil, roll < 0.2 ? time + 0.6 : nil, roll < 0.05)
                reader?.cancel()
                reader = nil
                if item.kind == .video, media.behaviours[item.id]?.availableAt?.isFinite != true {
                    // A player's first read: the first second of the video (1 MiB), then it can show.
                    let url = URL(string: url)!, id = item.id, bytes = min(1 << 20, BenchFeed.length(ofPath: url.path))
                    reader = Task {
                        if (try? await pipeline.bytes(of: url, in: 0..<bytes)) != nil {
                            arrivals.withLock { $0.append((clock.now() - start, [id])) }
                        }
                    }
                    media.behaviours[item.id] = behaviour(item.id, .infinity)
                }
            }
            if var now = current, now.displayed == nil, viewer.state != .loading {
                now.displayed = time
                waits.append(max(0, (media.behaviours[now.id]?.availableAt ?? now.since) - now.since))
                if let skip = now.skipAt { now.skipAt = skip - now.since + time }
                current = now
            }
            let next = PrefetchPlan(viewer: viewer, following: plan, configuration: planConfiguration, conditions: conditions)
            if next != plan {
                plan = next
                await pipeline.update(plan)
            }
        }
        reader?.cancel()
        listener.cancel()
        let statistics = await pipeline.statistics
        return Result(mode: mode, users: users, itemsViewed: waits.count, waits: waits,
                      bytesReceived: statistics.bytesReceived, bytesShown: shown, requests: statistics.requests,
                      peakRSSKiB: Self.status("VmHWM:"), feedRSSKiB: feedRSS, seconds: clock.now() - start)
    }

    /// The bytes of `id` the viewer showed from `url`: an image whole, a video in proportion to
    /// the seconds watched of its 2.
    static func shownBytes(_ id: String, url: String, watched: Double) -> Int {
        let length = URL(string: url).map { BenchFeed.length(ofPath: $0.path) } ?? 0
        guard id.isVideoID else { return length }
        return Int(Double(length) * min(max(watched / 2, 0), 1))
    }

    /// A line of /proc/self/status in KiB (`VmHWM:` the peak resident set, `VmRSS:` the current
    /// one); 0 where /proc is missing.
    static func status(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}

extension String {
    /// `(user, item)` of an item id `u<user>-<item>`.
    var benchPosition: (user: Int, item: Int)? {
        let parts = split(separator: "-")
        guard parts.count == 2, let user = Int(parts[0].dropFirst()), let item = Int(parts[1]) else { return nil }
        return (user, item)
    }

    /// Whether this item id is a video's.
    var isVideoID: Bool { benchPosition.map { BenchFeed.isVideo($0.user, $0.item) } ?? false }

    /// The byte length of this item id's media.
    var mediaLength: Int { benchPosition.map { BenchFeed.length($0.user, $0.item) } ?? 0 }
}
