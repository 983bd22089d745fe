import StoryKit

/// The player pool under storms: a ``StoriesViewer`` driven as ``StoriesViewerStorm`` drives it
/// (touches, frames with a scripted media source, media reports, host changes, navigation,
/// retries, closes, hostile values), and after every step the pool updated to it, each change
/// carried out on ``SimulatedPlayerSlots``.
///
/// Invariants after every single change: at most `capacity` players, at most one playing and
/// one unmuted, a player that can be heard holds the viewer's current item, no item in two
/// slots, and every change makes sense where it comes. After each update: the pool's slots are
/// what the changes made; after the close nothing is left; otherwise the current item is held at
/// its attempt and plays as its directive says, the current, visible and next items are held as
/// far as the capacity goes (in that order), and a second update to the same viewer changes
/// nothing.
public enum PlayerPoolStorm: StormSubject {
    public struct Setup: Sendable {
        var viewer: StoriesViewerStorm.Setup
        /// The pool's capacity as asked (hostile values included; the pool clamps it).
        var capacity: Int
    }

    public typealias Step = StoriesViewerStorm.Step

    public static let name = "PlayerPool"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(viewer: StoriesViewerStorm.makeSetup(&random), capacity: random.int(1...4, hostility: 0.2))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        StoriesViewerStorm.makeStep(&random, clock: &clock)
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var viewer = StoriesViewerStorm.make(setup.viewer)
        var source = StoriesViewerStorm.source(setup.viewer)
        var pool = PlayerPool(capacity: setup.capacity)
        var players = SimulatedPlayerSlots(capacity: pool.capacity)
        if let problem = update(&pool, &players, to: viewer) { return StormViolation(step: -1, message: problem) }
        for (index, step) in steps.enumerated() {
            var beforeFrame = viewer
            _ = StoriesViewerStorm.perform(step, on: &viewer, source: &source, beforeFrame: &beforeFrame)
            if let problem = update(&pool, &players, to: viewer) { return StormViolation(step: index, message: problem) }
        }
        return nil
    }

    /// Updates `pool` to `viewer`, carries out each change on `players` and checks the rules.
    static func update(_ pool: inout PlayerPool, _ players: inout SimulatedPlayerSlots, to viewer: StoriesViewer) -> String? {
        let changes = pool.update(to: viewer)
        for (number, change) in changes.enumerated() {
            if let problem = players.apply(change) ?? players.violation(for: viewer) {
                return "change \(number) of \(changes): \(problem)"
            }
        }
        let agrees = pool.slots.count == players.players.count && pool.slots.allSatisfy { slot in
            players.players[slot.id].map { $0.item == slot.item && $0.isPlaying == slot.isPlaying && $0.isMuted == slot.isMuted } ?? false
        }
        if !agrees { return "the pool says \(pool.slots) but made \(players.players)" }
        if viewer.isClosed {
            if !players.players.isEmpty { return "players left after the close: \(players.players)" }
        } else if let current = viewer.currentItem {
            guard let slot = pool.slot(holding: current.id) else { return "the current item \(current.id) is in no slot" }
            let directive = viewer.player(forUser: viewer.userIndex)
            if let directive, slot.item.attempt != directive.attempt { return "\(slot) is not at attempt \(directive.attempt)" }
            if let directive, slot.isPlaying != directive.isPlaying || slot.isMuted != directive.isMuted {
                return "\(slot) but the directive is \(directive)"
            }
            // Most important first: the current item, the visible pages', the next one.
            var wanted: [String] = []
            for id in [current.id] + viewer.players.map(\.id) + (nextItemID(viewer).map { [$0] } ?? []) where !wanted.contains(id) {
                wanted.append(id)
            }
            if let missing = wanted.prefix(pool.capacity).first(where: { pool.slot(holding: $0) == nil }) {
                return "\(missing) is in no slot (wanted \(wanted), capacity \(pool.capacity))"
            }
        }
        var again = pool
        let repeated = again.update(to: viewer)
        if !repeated.isEmpty { return "a second update to the same viewer changed \(repeated)" }
        return nil
    }

    /// The item going forward shows next, from the viewer's public outputs.
    static func nextItemID(_ viewer: StoriesViewer) -> String? {
        let user = viewer.userIndex
        guard viewer.users.indices.contains(user) else { return nil }
        let items = viewer.users[user].items
        if items.indices.contains(viewer.itemIndex + 1) { return items[viewer.itemIndex + 1].id }
        return viewer.item(forUser: user + 1).map { viewer.users[user + 1].items[$0].id }
    }

    public static func simplifications(of step: Step) -> [Step] {
        StoriesViewerStorm.simplifications(of: step)
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = StoriesViewerStorm.code(setup.viewer, steps).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = lines.count - steps.count
        for index in header..<lines.count { lines[index] += "; changes = pool.update(to: viewer)" }
        lines.insert("var pool = PlayerPool(capacity: \(swiftLiteral(setup.capacity)))   // capacity \(PlayerPool(capacity: setup.capacity).capacity)", at: header)
        lines.insert("var changes = pool.update(to: viewer)   // each change carried out on fake players, the rules checked after each", at: header + 1)
        return lines.joined(separator: "\n")
    }
}
