// MARK: - PlayerItemObservationOrder

/// The order in which ``PooledPlayer`` gives a player its item and starts observing it, as plain
/// values tested on Linux.
///
/// KVO tells an observer of changes after it was added, and, with `.initial`, of the value at the
/// moment it was added. An item that is cached (or whose asset was loaded already) can be
/// `.readyToPlay` as soon as the player takes it, before an observer added after
/// `replaceCurrentItem(with:)` exists: without `.initial`, that observer never hears of it and
/// the story waits forever. So every observer is added with `.initial`, and the item's before it
/// goes on the player (``steps``): whenever the value changes, some observer reports it.
package enum PlayerItemObservationOrder {
    /// One step of giving a player an item.
    package enum Step: Sendable, Hashable {
        /// Observe the item (status, buffer), with `.initial` or not.
        case observeItem(initial: Bool)
        /// `replaceCurrentItem(with:)`.
        case replaceItem
        /// Observe the player (time control status), with `.initial` or not.
        case observePlayer(initial: Bool)
        /// Give the layer the player and observe `isReadyForDisplay`, with `.initial` or not.
        case observeLayer(initial: Bool)
    }

    /// The steps ``PooledPlayer`` takes, in order.
    package static let steps: [Step] = [.observeItem(initial: true), .replaceItem,
                                        .observePlayer(initial: true), .observeLayer(initial: true)]

    /// Whether the item's observer hears a status that the item takes at `readyAt`, a step index
    /// in `steps` (0: it was ready before anything, a cached item; the index of `.replaceItem`:
    /// the player made it ready as it took it; `steps.count`: later, over the network).
    ///
    /// - Parameters:
    ///   - steps: The order to judge.
    ///   - readyAt: When the item becomes ready: before the step at this index.
    package static func itemObserverHearsReady(_ steps: [Step], readyAt: Int) -> Bool {
        guard let index = steps.firstIndex(where: { if case .observeItem = $0 { true } else { false } }),
              case let .observeItem(initial) = steps[index] else { return false }
        // Added before the change: hears it as a change. Added after: only through `.initial`.
        return index < readyAt || initial
    }
}
