import MotionCore
import StoryKit

/// The prefetch plan under the device's conditions, in storms: a ``StoriesViewer`` driven as
/// ``StoriesViewerStorm`` drives it, Low Data Mode, an expensive network, Low Power Mode and the
/// display scale switched at random (hostile scales included), and memory warnings, with a player
/// pool and a cache of decoded images kept alongside.
///
/// Invariants after every step: under low data (or an expensive network) the plan has at most one
/// request beyond the current item, and that one is the current user's next item; in Low Power
/// Mode every prefetched video is the next item; every request loads the item's URL or one of its
/// renditions'. After a memory warning: at most two decoded images are left, each the current or
/// the next item's at the rendition it loads now, and at most one player, holding the current item (every release valid on the
/// simulated players).
public enum PrefetchConditionsStorm: StormSubject {
    public struct Setup: Sendable {
        var viewer: StoriesViewerStorm.Setup
        var conditions: PrefetchConditions
    }

    public enum Step: Sendable {
        case viewer(StoriesViewerStorm.Step)
        case conditions(PrefetchConditions)
        case memoryWarning
    }

    public static let name = "PrefetchConditions"

    static func conditions(_ random: inout StormRandom) -> PrefetchConditions {
        PrefetchConditions(isLowDataMode: random.chance(0.4), isExpensive: random.chance(0.3),
                           isLowPowerMode: random.chance(0.4), displayScale: random.double(1...3, hostility: 0.3))
    }

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(viewer: StoriesViewerStorm.makeSetup(&random), conditions: conditions(&random))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        if random.chance(0.1) { return .conditions(conditions(&random)) }
        if random.chance(0.08) { return .memoryWarning }
        return .viewer(StoriesViewerStorm.makeStep(&random, clock: &clock))
    }

    /// The setup's feed with two renditions on every other item.
    static func feed(_ setup: Setup) -> StoryFeed {
        var feed = StoriesViewerStorm.feed(setup.viewer)
        for u in feed.users.indices {
            for i in feed.users[u].items.indices where i % 2 == 0 {
                let url = feed.users[u].items[i].url
                feed.users[u].items[i].renditions = [StoryRendition(url: url + "?540", width: 540, height: 960),
                                                     StoryRendition(url: url + "?1080", width: 1080, height: 1920)]
            }
        }
        return feed
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var viewer = StoriesViewerStorm.make(setup.viewer, feed: feed(setup))
        var source = StoriesViewerStorm.source(setup.viewer)
        var conditions = setup.conditions
        var plan = PrefetchPlan(viewer: viewer, conditions: conditions)
        var pool = PlayerPool(capacity: 3)
        var players = SimulatedPlayerSlots(capacity: pool.capacity)
        var images: [String: Int] = [:]   // decoded images by URL, bytes
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            switch step {
            case .viewer(let step):
                var beforeFrame = viewer
                _ = StoriesViewerStorm.perform(step, on: &viewer, source: &source, beforeFrame: &beforeFrame)
            case .conditions(let new):
                conditions = new
            case .memoryWarning:
                let rule = MemoryWarningRule(viewer: viewer, conditions: conditions)
                images = images.filter { rule.keepsImage(url: $0.key) }
                for change in pool.release(keeping: rule) {
                    guard case .release = change else { return fail("a memory warning made \(change)") }
                    if let problem = players.apply(change) { return fail("after the warning's \(change): \(problem)") }
                }
                if let problem = afterWarning(viewer, conditions: conditions, images: images, pool: pool, players: players) {
                    return fail(problem)
                }
            }
            plan = PrefetchPlan(viewer: viewer, following: plan, conditions: conditions)
            if let problem = check(plan, viewer: viewer, conditions: conditions) { return fail(problem) }
            if case .memoryWarning = step { continue }
            for change in pool.update(to: viewer) {
                if let problem = players.apply(change) { return fail("pool change \(change): \(problem)") }
            }
            // The image loader decodes what the plan loads (images only).
            for request in plan.requests where request.kind == .image { images[request.url] = 1_000 }
        }
        return nil
    }

    /// The plan's invariants under `conditions`, from the viewer's public outputs.
    static func check(_ plan: PrefetchPlan, viewer: StoriesViewer, conditions: PrefetchConditions) -> String? {
        guard !viewer.isClosed, let current = viewer.currentItem else {
            return plan.requests.isEmpty ? nil : "requests \(plan.requests) without a current item"
        }
        let all = viewer.users.flatMap(\.items)
        for request in plan.requests {
            guard let item = all.first(where: { $0.id == request.itemID }) else { return "\(request.itemID) is in no user" }
            if request.url != item.url, !(item.renditions ?? []).contains(where: { $0.url == request.url }) {
                return "\(request.itemID) loads \(request.url), neither its URL nor a rendition's"
            }
        }
        let beyond = plan.requests.filter { $0.itemID != current.id }
        if conditions.isSavingData {
            if beyond.count > 1 { return "saving data, the plan prefetches \(beyond.map(\.itemID))" }
            let items = viewer.users[viewer.userIndex].items
            let next = items.indices.contains(viewer.itemIndex + 1) ? items[viewer.itemIndex + 1].id : nil
            if let request = beyond.first, request.itemID != next {
                return "saving data, the plan prefetches \(request.itemID), not the current user's next item \(next ?? "none")"
            }
        }
        if conditions.isLowPowerMode {
            let next = PlayerPoolStorm.nextItemID(viewer)
            for request in beyond where request.byteLimit != nil && request.itemID != next {
                return "in Low Power Mode the plan preloads the video \(request.itemID), beyond the next item \(next ?? "none")"
            }
        }
        return nil
    }

    /// What is left after a memory warning.
    static func afterWarning(_ viewer: StoriesViewer, conditions: PrefetchConditions, images: [String: Int], pool: PlayerPool,
                             players: SimulatedPlayerSlots) -> String? {
        let current = viewer.isClosed ? nil : viewer.currentItem
        let next = current == nil ? nil : PlayerPoolStorm.nextItemID(viewer)
        let pixels = conditions.displayPixels(for: viewer.pageSize)
        let allowed = viewer.users.flatMap(\.items).filter { $0.id == current?.id || $0.id == next }
            .map { $0.mediaURL(displayPixels: pixels, savingData: conditions.isSavingData) }
        if images.count > 2 || images.keys.contains(where: { !allowed.contains($0) }) {
            return "after a memory warning the images \(images.keys.sorted()) are left (allowed: \(allowed))"
        }
        if pool.slots.count > 1 || players.players.count != pool.slots.count
            || pool.slots.contains(where: { $0.item.id != current?.id }) {
            return "after a memory warning the pool holds \(pool.slots.map(\.item.id)) (current: \(current?.id ?? "none"))"
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case .viewer(let step): StoriesViewerStorm.simplifications(of: step).map { .viewer($0) }
        case .conditions(let c): c.displayScale != 1 ? [.conditions(PrefetchConditions(isLowDataMode: c.isLowDataMode,
                                                                                      isExpensive: c.isExpensive,
                                                                                      isLowPowerMode: c.isLowPowerMode))] : []
        case .memoryWarning: []
        }
    }

    static func literal(_ c: PrefetchConditions) -> String {
        "PrefetchConditions(isLowDataMode: \(c.isLowDataMode), isExpensive: \(c.isExpensive), "
            + "isLowPowerMode: \(c.isLowPowerMode), displayScale: \(swiftLiteral(c.displayScale)))"
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        let viewerSteps = steps.map { step -> StoriesViewerStorm.Step in
            if case .viewer(let s) = step { return s }
            return .advance(time: 0)   // placeholder line, replaced below
        }
        var lines = StoriesViewerStorm.code(setup.viewer, viewerSteps).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines.count - steps.count
        for (offset, step) in steps.enumerated() {
            switch step {
            case .viewer: lines[header + offset] += "; plan = PrefetchPlan(viewer: viewer, following: plan, conditions: conditions)"
            case .conditions(let c): lines[header + offset] = "conditions = \(literal(c))"
            case .memoryWarning: lines[header + offset] = "let rule = MemoryWarningRule(viewer: viewer, conditions: conditions); images = images.filter { rule.keepsImage(url: $0.key) }; changes = pool.release(keeping: rule)"
            }
        }
        lines.insert("// every other item has renditions url?540 (540 × 960) and url?1080 (1080 × 1920)", at: header)
        lines.insert("var conditions = \(literal(setup.conditions)); var plan = PrefetchPlan(viewer: viewer, conditions: conditions)", at: header + 1)
        return lines.joined(separator: "\n")
    }
}
