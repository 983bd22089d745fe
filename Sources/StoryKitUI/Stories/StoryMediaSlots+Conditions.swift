import Foundation
import StoryKit

// MARK: - StoryMediaSlots + Renditions

extension StoryMediaSlots {
    /// Which of an item's renditions a new load uses: the one the prefetch plan chose under the
    /// same conditions, so a player reads the bytes the plan prefetched.
    package struct RenditionChoice: Sendable, Hashable {
        /// The display's size in pixels (zero until known).
        package var displayPixels: Size
        /// Whether data is saved (Low Data Mode, an expensive network).
        package var savingData: Bool

        /// A choice for a display of `displayPixels`; none by default (the largest rendition).
        package init(displayPixels: Size = .zero, savingData: Bool = false) {
            self.displayPixels = displayPixels
            self.savingData = savingData
        }

        /// The choice for a viewer's page of `pageSize` points under `conditions`.
        package init(conditions: PrefetchConditions, pageSize: Size) {
            self.init(displayPixels: conditions.displayPixels(for: pageSize), savingData: conditions.isSavingData)
        }

        /// The URL or path `item` loads from (``StoryKit/StoryItem/mediaURL(displayPixels:savingData:)``).
        package func url(of item: StoryItem) -> String {
            item.mediaURL(displayPixels: displayPixels, savingData: savingData)
        }
    }
}

// MARK: - StoryMediaSlots + Memory warning

extension StoryMediaSlots {
    /// The system warned of memory pressure: every slot but the current item's is released
    /// (``StoryKit/PlayerPool/release(keeping:)``), each load in them ends; the next
    /// ``update(to:at:)`` prepares the next item again.
    ///
    /// - Parameter rule: What the warning keeps (``StoryKit/MemoryWarningRule``).
    /// - Returns: The steps: a ``Step/release(slot:)`` per slot let go, then the audio session's.
    package mutating func memoryWarning(_ rule: MemoryWarningRule) -> [Step] {
        let changes = pool.release(keeping: rule)
        for case .release(let slot) in changes { release(slot) }
        if !changes.isEmpty { updateAudio() }
        return finish()
    }
}
