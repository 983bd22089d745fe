import Foundation
import StoryKit

/// What the prefetch plans of a `storykit play` session ask to load, under the device's
/// conditions (`--low-data`, `--low-power`): every URL a plan requests once prefetching may run
/// (the current item always), at the most bytes any plan asked of it (a video's prefix, or all
/// of it), then counted against the media's sizes.
struct PrefetchTally {
    /// The most bytes asked of each URL (`nil`: all of it), in the order first asked.
    private(set) var asked: [(url: String, limit: Int?)] = []

    /// Adds what `plan` runs: its current item's request, and the others when it may prefetch.
    mutating func add(_ plan: PrefetchPlan) {
        for request in plan.requests where plan.mayPrefetch || request.priority == .current {
            if let index = asked.firstIndex(where: { $0.url == request.url }) {
                let before = asked[index].limit
                asked[index].limit = before.flatMap { old in request.byteLimit.map { max(old, $0) } }
            } else {
                asked.append((request.url, request.byteLimit))
            }
        }
    }

    /// The bytes loaded if each URL's media is `size(url)` bytes long (unknown sizes count 0).
    func bytes(size: (String) -> Int?) -> Int {
        asked.reduce(0) { total, entry in
            let length = size(entry.url) ?? 0
            return total + min(length, entry.limit ?? length)
        }
    }

    /// The plans of a local feed's session: `script` replayed over a viewer of `feed` whose items
    /// each take `loadTime` to show, a plan made under `conditions` at every frame.
    static func replaying(_ script: GestureScript, feed: StoryFeed, seen: Set<String>, pageSize: Size, loadTime: Double,
                          framesPerSecond: Double, duration: Double, conditions: PrefetchConditions,
                          sizeClass: StoriesViewer.CardLayout.SizeClass = .unspecified) -> PrefetchTally {
        var viewer = StoriesViewer(feed: feed, seen: seen, pageSize: pageSize)
        viewer.cardLayout = .commandLine(screen: pageSize, sizeClass: sizeClass)      // as the rendered replay: touches land on the same card
        let tray = DemoClip.tray(users: viewer.users, pageSize: pageSize)
        var replay = TouchReplay(script: script, model: StoriesSession(viewer: viewer, loadTime: loadTime, avatarFrames: tray.avatars))
        var plan = PrefetchPlan(viewer: viewer, conditions: conditions)
        var tally = PrefetchTally()
        tally.add(plan)
        let frames = max(Int((duration * framesPerSecond).rounded(.up)), 1)
        for frame in 0..<frames {
            _ = replay.step(to: Double(frame) / framesPerSecond)
            let next = PrefetchPlan(viewer: replay.model.viewer, following: plan, conditions: conditions)
            if next != plan {
                plan = next
                tally.add(plan)
            }
        }
        return tally
    }

    /// The size of the file at `path` in bytes, if it exists.
    static func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    /// "low data, low power" (or "normal"), for the log.
    static func describe(_ conditions: PrefetchConditions) -> String {
        var parts: [String] = []
        if conditions.isLowDataMode { parts.append("low data") }
        if conditions.isExpensive { parts.append("expensive network") }
        if conditions.isLowPowerMode { parts.append("low power") }
        return parts.isEmpty ? "normal" : parts.joined(separator: ", ")
    }
}
