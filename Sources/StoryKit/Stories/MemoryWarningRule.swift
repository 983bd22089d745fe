import MotionCore

// MARK: - MemoryWarningRule

/// What a Stories viewer keeps when the system warns of memory pressure, as a value: the decoded
/// images of the current and the next item, and the current item's player; everything else in
/// the image cache and the player pool is dropped.
///
/// The front-end makes the rule from the viewer when the warning arrives
/// (`UIApplication.didReceiveMemoryWarningNotification`) and applies it: to the decoded-image
/// cache with `MemoryImageCache.removeAll(keeping:)` and ``keepsImage(url:)``, to the player pool
/// with ``PlayerPool/release(keeping:)``.
///
/// ```swift
/// let rule = MemoryWarningRule(viewer: viewer)
/// images.removeAll { rule.keepsImage(url: $0) }          // StoryMedia's MemoryImageCache
/// for change in pool.release(keeping: rule) { carryOut(change) }
/// ```
public struct MemoryWarningRule: Sendable, Hashable {
    /// The ids of the items whose decoded images stay: the current item and the next one (the
    /// one shown after it going forward); empty once the viewer has closed.
    public let keptItemIDs: Set<String>
    /// The media URLs of those items as the feed gives them: the one each loads under the
    /// conditions given (``StoryItem/mediaURL(displayPixels:savingData:)``), else
    /// ``StoryItem/url`` and every rendition's. An image cached under one of them stays.
    public let keptURLs: Set<String>
    /// The id of the only item whose player stays: the current item; `nil` once the viewer has
    /// closed (every player goes).
    public let keptPlayerItemID: String?

    /// The rule for `viewer` as it is now.
    ///
    /// - Parameters:
    ///   - viewer: The viewer.
    ///   - conditions: The conditions the media loads under, if known: then only the rendition
    ///     each kept item loads stays, not the others a change of conditions left in the cache.
    public init(viewer: StoriesViewer, conditions: PrefetchConditions? = nil) {
        guard !viewer.isClosed, let current = viewer.currentItem else {
            keptItemIDs = []; keptURLs = []; keptPlayerItemID = nil
            return
        }
        var items = [current]
        if let next = viewer.nextItem { items.append(next) }
        keptItemIDs = Set(items.map(\.id))
        if let conditions {
            let pixels = conditions.displayPixels(for: viewer.pageSize)
            keptURLs = Set(items.map { $0.mediaURL(displayPixels: pixels, savingData: conditions.isSavingData) })
        } else {
            keptURLs = Set(items.flatMap { [$0.url] + ($0.renditions ?? []).map(\.url) })
        }
        keptPlayerItemID = current.id
    }

    /// Whether a decoded image of the media at `url` (as the feed spells it) stays.
    public func keepsImage(url: String) -> Bool { keptURLs.contains(url) }
}

// MARK: - PlayerPool + Memory warning

extension PlayerPool {
    /// Releases every slot but the one holding `rule`'s ``MemoryWarningRule/keptPlayerItemID``
    /// (the current item's) and says how, in order: the slot that can be heard first (never the
    /// kept one, which stays as it is).
    ///
    /// The next ``update(to:)`` prepares the items the viewer needs again (the next item, the
    /// other visible page), one player each, in new or freed slots.
    ///
    /// - Parameter rule: What a memory warning keeps.
    /// - Returns: The ``Change/release(slot:)``s; empty when only the current item's slot is alive.
    public mutating func release(keeping rule: MemoryWarningRule) -> [Change] {
        let dropped = slots.filter { $0.item.id != rule.keptPlayerItemID }.sorted(by: Self.heardFirst)
        slots.removeAll { $0.item.id != rule.keptPlayerItemID }
        return dropped.map { .release(slot: $0.id) }
    }
}
