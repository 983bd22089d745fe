import Foundation
import StoryKit
import StoryMedia

// MARK: - StoryMediaPlayback + Conditions

extension StoryMediaPlayback {
    /// The device's data, power and screen conditions changed (the front-end read them from the
    /// system): the next prefetch plans and new loads follow them
    /// (``StoryKit/PrefetchConditions``), starting with a plan for `viewer` now.
    ///
    /// - Parameters:
    ///   - conditions: Low Data Mode, an expensive network, Low Power Mode, the screen's scale.
    ///   - viewer: The viewer as it is now.
    package func conditionsChanged(_ conditions: PrefetchConditions, viewer: StoriesViewer) {
        self.conditions = conditions
        prefetch?.conditions = conditions
        chooseRenditions(for: viewer)
        prefetch?.update(to: viewer)
    }

    /// New loads choose their rendition for `viewer`'s page under ``conditions``.
    func chooseRenditions(for viewer: StoriesViewer) {
        let choice = StoryMediaSlots.RenditionChoice(conditions: conditions, pageSize: viewer.pageSize)
        if slots.renditionChoice != choice { slots.renditionChoice = choice }
    }

    /// The system warned of memory pressure: every player but the current item's is let go
    /// (``StoryMediaSlots/memoryWarning(_:)``). The decoded images the cache keeps are the ones
    /// ``imageProtection`` protects: this viewer's current and next items'.
    ///
    /// - Parameter viewer: The viewer as it is now.
    package func memoryWarning(in viewer: StoriesViewer) {
        let rule = MemoryWarningRule(viewer: viewer, conditions: conditions)
        protect(rule)
        run(slots.memoryWarning(rule))
    }

    /// Protects the images of `viewer`'s current and next items from a memory warning, when they
    /// changed since the last time.
    func protectImages(of viewer: StoriesViewer) {
        guard imageProtection != nil else { return }
        protect(MemoryWarningRule(viewer: viewer, conditions: conditions))
    }

    private func protect(_ rule: MemoryWarningRule) {
        guard rule != protectedRule, let imageProtection else { return }
        protectedRule = rule
        imageProtection.protect(ImageCacheProtection.urls(kept: rule, baseURL: baseURL), for: ObjectIdentifier(self))
    }
}
