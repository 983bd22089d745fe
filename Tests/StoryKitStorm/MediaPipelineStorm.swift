import StoryKit

/// The media pipeline's policy under storms: a ``StoriesViewer`` driven as
/// ``StoriesViewerStorm`` drives it, a ``PrefetchPlan`` made from it after every step and
/// applied to a ``RequestTable``, whose changes a ``SimulatedTransport`` carries out; between
/// the viewer's steps, downloads complete, fail for good or are retried at random (running
/// ones, waiting ones and URLs no item wants: stale responses). Some items share a URL.
///
/// Invariants after every single change: no URL started twice, no change on a download that is
/// not running, at most `maximumConcurrent` running. After every step: the plan is bounded,
/// current first, in priority order, one request per item, and may prefetch exactly when the
/// viewer's current item is displayable; the table holds one download per URL of the plan and
/// nothing else (so its size is bounded); each download's subscribers are the plan's requests
/// for its URL; a running download runs at the highest of its subscribers' priorities and the
/// transport agrees on what runs and at what priority; the current item's download is running,
/// done or failed; while prefetching must wait only the current item's download runs;
/// no download waits while a connection it may use is free; only items in the plan are handed
/// a response or a failure; and applying the same plan again changes nothing.
public enum MediaPipelineStorm: StormSubject {
    public struct Setup: Sendable {
        var viewer: StoriesViewerStorm.Setup
        /// Items share URLs: the URL is `m<serial % urls>` (0: every item its own).
        var urls: Int
        /// The table's limit and the plan's constants, as asked (hostile values included).
        var maximumConcurrent: Int, itemsAhead: Int, usersAhead: Int, prefixBytes: Int
    }

    public enum Step: Sendable {
        case viewer(StoriesViewerStorm.Step)
        /// The transport reports on the `index`th URL of the feed (out of range: a URL no item has).
        case complete(index: Int)
        case fail(index: Int)
        case retry(index: Int)
    }

    public static let name = "MediaPipeline"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(viewer: StoriesViewerStorm.makeSetup(&random), urls: random.int(in: 0...4),
              maximumConcurrent: random.int(1...5, hostility: 0.1), itemsAhead: random.int(0...3, hostility: 0.1),
              usersAhead: random.int(0...3, hostility: 0.1), prefixBytes: random.int(1_000...2_000_000, hostility: 0.1))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...9) {
        case 0...2: .complete(index: random.int(in: -1...13))
        case 3: .fail(index: random.int(in: -1...13))
        case 4: .retry(index: random.int(in: -1...13))
        default: .viewer(StoriesViewerStorm.makeStep(&random, clock: &clock))
        }
    }

    static func feed(_ setup: Setup) -> StoryFeed {
        var feed = StoriesViewerStorm.feed(setup.viewer)
        var serial = 0
        for u in feed.users.indices {
            for i in feed.users[u].items.indices {
                if setup.urls > 0 { feed.users[u].items[i].url = "m\(serial % setup.urls)" }
                serial += 1
            }
        }
        return feed
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let feed = feed(setup)
        let urls = Array(Set(feed.users.flatMap(\.items).map(\.url))).sorted()
        let configuration = PrefetchPlan.Configuration(itemsAhead: setup.itemsAhead, usersAhead: setup.usersAhead,
                                                       videoPrefixBytes: setup.prefixBytes)
        var viewer = StoriesViewerStorm.make(setup.viewer, feed: feed)
        var source = StoriesViewerStorm.source(setup.viewer)
        var table = RequestTable(maximumConcurrent: setup.maximumConcurrent)
        var transport = SimulatedTransport(limit: table.maximumConcurrent)
        var plan = PrefetchPlan(viewer: viewer, configuration: configuration)
        if let problem = transport.apply(table.apply(plan)) ?? check(plan, table, transport, viewer) {
            return StormViolation(step: -1, message: problem)
        }
        for (index, step) in steps.enumerated() {
            var problem: String?
            func url(_ index: Int) -> String { urls.indices.contains(index) ? urls[index] : "stale.jpg" }
            switch step {
            case .viewer(let step):
                var beforeFrame = viewer
                _ = StoriesViewerStorm.perform(step, on: &viewer, source: &source, beforeFrame: &beforeFrame)
                plan = PrefetchPlan(viewer: viewer, following: plan, configuration: configuration)
                problem = transport.apply(table.apply(plan))
            case .complete(let index), .fail(let index):
                let key = url(index)
                let wasRunning = table[key]?.state == .running
                let outcome: RequestTable.Outcome
                if case .complete = step { outcome = table.complete(url: key) } else { outcome = table.fail(url: key) }
                if wasRunning { transport.close(key) }
                let wanted = Set(plan.requests.filter { $0.url == key }.map(\.itemID))
                if let stray = outcome.items.first(where: { !wanted.contains($0) }) {
                    problem = "\(key)'s response handed to \(stray), which the plan does not want from it (\(wanted))"
                } else if let current = plan.current, current.url == key, !outcome.items.isEmpty, outcome.items.first != current.itemID {
                    problem = "\(key)'s response handed to \(outcome.items) before the current item \(current.itemID)"
                } else {
                    problem = transport.apply(outcome.changes)
                }
            case .retry(let index):
                problem = transport.apply(table.retry(url: url(index)))
            }
            if let problem = problem ?? check(plan, table, transport, viewer) {
                return StormViolation(step: index, message: problem)
            }
        }
        return nil
    }

    static func check(_ plan: PrefetchPlan, _ table: RequestTable, _ transport: SimulatedTransport, _ viewer: StoriesViewer) -> String? {
        // The plan.
        let requests = plan.requests
        if requests.count > plan.configuration.maximumRequests { return "\(requests.count) requests, more than \(plan.configuration.maximumRequests)" }
        if Set(requests.map(\.itemID)).count != requests.count { return "an item asked for twice: \(requests)" }
        if requests.first?.itemID != (viewer.isClosed ? nil : viewer.currentItem?.id) {
            return "the first request \(String(describing: requests.first)) is not the current item \(String(describing: viewer.currentItem?.id))"
        }
        if zip(requests, requests.dropFirst()).contains(where: { $0.priority < $1.priority }) { return "requests out of priority order: \(requests)" }
        if requests.dropFirst().contains(where: { $0.priority == .current }) { return "two current requests: \(requests)" }
        if plan.mayPrefetch != (!viewer.isClosed && viewer.currentItem != nil && viewer.state != .loading) {
            return "mayPrefetch \(plan.mayPrefetch) while the viewer is \(viewer.state)"
        }
        // The table: one download per URL of the plan, subscribers as the plan says.
        let planned = Dictionary(grouping: requests, by: \.url)
        if Set(table.downloads.keys) != Set(planned.keys) { return "the table has \(table.downloads.keys.sorted()) for the plan's \(planned.keys.sorted())" }
        for (url, download) in table.downloads {
            let subscribers = Dictionary(uniqueKeysWithValues: (planned[url] ?? []).map { ($0.itemID, $0) })
            if download.subscribers != subscribers { return "\(url)'s subscribers are \(download.subscribers.keys.sorted()), not \(subscribers.keys.sorted())" }
            let highest = subscribers.values.map(\.priority).max()!
            if download.state == .running {
                if download.priority != highest { return "\(url) runs at \(download.priority), its subscribers' highest is \(highest)" }
                guard let connection = transport.connections[url] else { return "the table runs \(url) but the transport does not" }
                if connection.priority != download.priority { return "the transport runs \(url) at \(connection.priority), the table at \(download.priority)" }
                if connection.byteLimit != download.byteLimit { return "the transport loads \(String(describing: connection.byteLimit)) bytes of \(url), the table \(String(describing: download.byteLimit))" }
                if subscribers.values.contains(where: { $0.byteLimit == nil }), download.byteLimit != nil { return "\(url) loads a prefix but an item needs it whole" }
            }
        }
        if Set(transport.connections.keys) != table.running { return "the transport runs \(transport.connections.keys.sorted()), the table \(table.running.sorted())" }
        // The current item first, prefetching yields, no idle connection while work waits.
        guard let current = plan.current else { return table.running.isEmpty ? nil : "downloads run without a current item" }
        let currentState = table[current.url]?.state
        if currentState == .queued { return "the current item's download \(current.url) waits" }
        let allowed = plan.mayPrefetch || currentState == .done || currentState == .failed
        if !allowed, table.running.subtracting([current.url]).count > 0 {
            return "prefetches \(table.running.subtracting([current.url]).sorted()) run while the current item loads"
        }
        let waiting = table.downloads.values.filter { $0.state == .queued }
        if allowed, !waiting.isEmpty, table.running.count < table.maximumConcurrent {
            return "\(waiting.map(\.url).sorted()) wait with \(table.running.count) of \(table.maximumConcurrent) connections in use"
        }
        var again = table
        let repeated = again.apply(plan)
        if !repeated.isEmpty { return "applying the same plan again changed \(repeated)" }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case .viewer(let step): StoriesViewerStorm.simplifications(of: step).map(Step.viewer)
        case .complete(let index): index != 0 ? [.complete(index: 0)] : []
        case .fail(let index): [.complete(index: index)]
        case .retry(let index): index != 0 ? [.retry(index: 0)] : []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        let viewerSteps = steps.compactMap { step -> StoriesViewerStorm.Step? in
            if case .viewer(let step) = step { return step } else { return nil }
        }
        let viewerLines = StoriesViewerStorm.code(setup.viewer, viewerSteps).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = viewerLines.count - viewerSteps.count
        var lines = Array(viewerLines.prefix(header))
        lines.append("// items' URLs: m<serial % \(setup.urls)> (0: their ids)")
        lines.append("let configuration = PrefetchPlan.Configuration(itemsAhead: \(swiftLiteral(setup.itemsAhead)), usersAhead: \(swiftLiteral(setup.usersAhead)), videoPrefixBytes: \(swiftLiteral(setup.prefixBytes)))")
        lines.append("var table = RequestTable(maximumConcurrent: \(swiftLiteral(setup.maximumConcurrent)))")
        lines.append("var plan = PrefetchPlan(viewer: viewer, configuration: configuration); changes = table.apply(plan)")
        var next = header
        for step in steps {
            switch step {
            case .viewer:
                lines.append(viewerLines[next] + "; plan = PrefetchPlan(viewer: viewer, following: plan, configuration: configuration); changes = table.apply(plan)")
                next += 1
            case .complete(let index): lines.append("outcome = table.complete(url: urls[\(index)])   // index out of range: a URL no item has")
            case .fail(let index): lines.append("outcome = table.fail(url: urls[\(index)])")
            case .retry(let index): lines.append("changes = table.retry(url: urls[\(index)])")
            }
        }
        return lines.joined(separator: "\n")
    }
}
