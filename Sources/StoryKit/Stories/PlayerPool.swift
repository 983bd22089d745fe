// MARK: - PlayerPool

/// Which few players a Stories viewer keeps alive, what each holds, and what each does: the
/// player pool *policy* as a value, with no players in it.
///
/// A front-end keeps one real player per slot (an `AVPlayer` on iOS) and carries out the
/// ``Change``s that ``update(to:)`` returns, in order, after every change of the viewer (each
/// frame). Whatever the feed's length, at most ``capacity`` slots exist, so memory is bounded.
///
/// What the pool keeps, most important first, as far as ``capacity`` allows:
/// 1. the viewer's current item, playing and heard as its ``StoriesViewer/PlayerDirective``
///    says (and nothing else ever plays or is heard);
/// 2. the items of the other visible pages (mid-turn the cube shows two), paused and muted;
/// 3. the *next* item, prepared (loaded) and paused, so that its first frame is ready before
///    the current item ends: the current user's next item, else the item the next user's page
///    will show (``StoriesViewer/item(forUser:)``).
///
/// An item already in a slot stays there (an item never occupies two slots); a new item takes
/// the least recently needed slot whose item is no longer needed, and a new slot is made only
/// when every slot holds a needed item. A slot whose item is no longer needed keeps it, paused
/// and muted, until it is reused: going back to it is then instant. A new
/// ``StoriesViewer/PlayerDirective/attempt`` (a retry) loads the item anew in its slot. Once the
/// viewer has closed, every slot is released.
///
/// ```swift
/// var pool = PlayerPool()                     // at most 3 players
/// for change in pool.update(to: viewer) {     // every frame, after the viewer moved
///     switch change {
///     case .assign(let slot, let item): print("slot \(slot) loads \(item.id)")
///     case .play(let slot): print("slot \(slot) plays")
///     default: break                          // pause, mute, unmute, release
///     }
/// }
/// ```
///
/// The changes are ordered so that the rule "one sound" holds after every single change, not
/// only after the last one (see ``update(to:)``).
public struct PlayerPool: Sendable, Hashable {
    /// The most slots a pool may have: more than about 16 `AVPlayer`s alive at once fail
    /// silently on iOS (they stop rendering, with no error), so a larger capacity is clamped.
    public static let maximumCapacity = 16

    /// The most slots alive at once, 1…``maximumCapacity``. With 1 the pool keeps only the
    /// current item's player and prepares nothing.
    public let capacity: Int

    /// The slots alive, by ``Slot/id``.
    public internal(set) var slots: [Slot] = []

    /// How many times ``update(to:)`` ran: the clock of the least-recently-used rule.
    public internal(set) var updates = 0

    /// An empty pool.
    ///
    /// - Parameter capacity: The most players alive at once, clamped to
    ///   1…``maximumCapacity``; 3 by default (the current item, the next one, and the page a
    ///   turn brings in).
    public init(capacity: Int = 3) {
        self.capacity = Swift.min(Swift.max(capacity, 1), Self.maximumCapacity)
    }

    /// The slot that holds the item with `id`, if any (there is at most one).
    ///
    /// - Parameter id: A ``StoryItem/id``.
    public func slot(holding id: String) -> Slot? {
        slots.first { $0.item.id == id }
    }
}

// MARK: - PlayerPool + Values

extension PlayerPool {
    /// What a slot holds: one item, at one load attempt.
    public struct Item: Sendable, Hashable {
        /// The item's ``StoryItem/id``.
        public var id: String
        /// The load attempt (``StoriesViewer/PlayerDirective/attempt``): 0 at first, one more
        /// per retry. The same id at another attempt is loaded anew.
        public var attempt: Int

        /// An item at an attempt.
        public init(id: String, attempt: Int = 0) {
            self.id = id
            self.attempt = attempt
        }
    }

    /// One player alive, as the pool sees it after the latest ``update(to:)``.
    public struct Slot: Sendable, Hashable, Identifiable {
        /// The slot's number, 0..<``PlayerPool/capacity``: stable while the slot lives.
        public var id: Int
        /// What it holds.
        public var item: Item
        /// Whether its player plays.
        public var isPlaying: Bool
        /// Whether its player is silent.
        public var isMuted: Bool
        /// The ``PlayerPool/updates`` count at which its item was last needed.
        public var lastNeeded: Int

        /// Whether it can be heard: playing and not muted.
        public var isAudible: Bool { isPlaying && !isMuted }
    }

    /// One thing to do to one slot's player. A front-end carries out a list of them in order.
    public enum Change: Sendable, Hashable {
        /// Load `item` into the slot, paused and muted: make the slot's player if the slot is
        /// new, else replace what it holds (`AVPlayer.replaceCurrentItem(with:)`, the old
        /// item's observers removed first). Only ever on a paused, muted slot.
        case assign(slot: Int, item: Item)
        /// Pause the slot's player.
        case pause(slot: Int)
        /// Silence the slot's player.
        case mute(slot: Int)
        /// Let the slot's player be heard.
        case unmute(slot: Int)
        /// Play the slot's player.
        case play(slot: Int)
        /// Pause and silence the slot's player, remove its observers and let it go.
        case release(slot: Int)

        /// The slot the change is for.
        public var slot: Int {
            switch self {
            case .assign(let slot, _), .pause(let slot), .mute(let slot), .unmute(let slot), .play(let slot), .release(let slot):
                slot
            }
        }
    }
}
