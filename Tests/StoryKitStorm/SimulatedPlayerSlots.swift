import StoryKit

/// Fake players for a ``PlayerPool``'s changes: carries them out one at a time, refuses any that
/// makes no sense where it comes (an assign on a slot that can be heard, a play of a slot that
/// does not exist, a change that changes nothing), and checks the pool's rules after each.
///
/// It keeps its own record, independent of the pool's ``PlayerPool/slots``, so a pool that says
/// one thing and orders another is caught.
public struct SimulatedPlayerSlots: Sendable, Hashable {
    /// One fake player.
    public struct Player: Sendable, Hashable {
        public var item: PlayerPool.Item
        public var isPlaying = false
        public var isMuted = true
    }

    /// The players alive, by slot.
    public private(set) var players: [Int: Player] = [:]
    /// The most players the pool may keep.
    public let capacity: Int
    /// Players made (an assign to a slot with no player), over the simulation.
    public private(set) var made = 0
    /// Items loaded (every assign), over the simulation.
    public private(set) var loads: [PlayerPool.Item] = []

    /// Fake players for a pool of `capacity`.
    public init(capacity: Int) { self.capacity = capacity }

    /// Slots that can be heard: playing and not muted.
    public var audible: [Int] { players.filter { $0.value.isPlaying && !$0.value.isMuted }.map(\.key).sorted() }

    /// Carries out `change`.
    ///
    /// - Returns: Why it makes no sense where it comes, or `nil`.
    public mutating func apply(_ change: PlayerPool.Change) -> String? {
        let slot = change.slot
        guard (0..<capacity).contains(slot) else { return "\(change): slot out of 0..<\(capacity)" }
        if case .assign(_, let item) = change {
            if let player = players[slot] {
                if player.isPlaying || !player.isMuted { return "\(change) on a slot that is not paused and muted" }
                if player.item == item { return "\(change) reloads what the slot holds" }
            } else {
                made += 1
            }
            players[slot] = Player(item: item)
            loads.append(item)
            return nil
        }
        guard var player = players[slot] else { return "\(change) on a slot with no player" }
        switch change {
        case .assign: break
        case .pause:
            guard player.isPlaying else { return "\(change): already paused" }
            player.isPlaying = false
        case .play:
            guard !player.isPlaying else { return "\(change): already playing" }
            player.isPlaying = true
        case .mute:
            guard !player.isMuted else { return "\(change): already muted" }
            player.isMuted = true
        case .unmute:
            guard player.isMuted else { return "\(change): already heard" }
            player.isMuted = false
        case .release:
            players[slot] = nil
            return nil
        }
        players[slot] = player
        return nil
    }

    /// The pool's rules, for the viewer the changes are for: at most `capacity` players, at
    /// most one playing and at most one unmuted, a player that can be heard holds the viewer's
    /// current item, and no item in two slots.
    ///
    /// - Returns: The first rule broken, or `nil`.
    public func violation(for viewer: StoriesViewer) -> String? {
        if players.count > capacity { return "\(players.count) players, capacity \(capacity)" }
        if players.values.filter(\.isPlaying).count > 1 { return "two players playing: \(players)" }
        if players.values.filter({ !$0.isMuted }).count > 1 { return "two players unmuted: \(players)" }
        for slot in audible {
            guard !viewer.isClosed else { return "slot \(slot) heard after the close" }
            let id = players[slot]!.item.id
            if id != viewer.currentItem?.id {
                return "slot \(slot) heard with \(id) but the current item is \(viewer.currentItem?.id ?? "none")"
            }
        }
        let ids = players.values.map(\.item.id)
        if Set(ids).count != ids.count { return "an item in two slots: \(players)" }
        return nil
    }
}
