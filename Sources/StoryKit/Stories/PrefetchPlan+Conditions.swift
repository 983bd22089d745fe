import MotionCore

// MARK: - PrefetchPlan + Conditions

extension PrefetchPlan {
    /// How far a plan reaches under its ``PrefetchConditions``: the rules for saving data and
    /// power, in one place.
    struct Reach {
        /// The current user's items prefetched after the current one: at most 1 while saving data.
        var itemsAhead: Int
        /// The next users whose page is prefetched: none while saving data.
        var usersAhead: Int
        /// Whether the previous user's page may be prefetched (going backward): not while saving data.
        var previousUser: Bool
        /// In Low Power Mode, the only item whose video may be prefetched (the next one, going
        /// forward); `nil` when any may.
        var onlyVideo: String??
        /// The display's size in pixels, for the renditions.
        var displayPixels: Size
        /// Whether renditions are chosen to save data.
        var savingData: Bool

        init(configuration: Configuration, conditions: PrefetchConditions, viewer: StoriesViewer) {
            savingData = conditions.isSavingData
            itemsAhead = savingData ? Swift.min(configuration.itemsAhead, 1) : configuration.itemsAhead
            usersAhead = savingData ? 0 : configuration.usersAhead
            previousUser = !savingData
            onlyVideo = conditions.isLowPowerMode ? .some(viewer.nextItemID) : nil
            displayPixels = conditions.displayPixels(for: viewer.pageSize)
        }

        /// Whether `item` may be requested at `priority`: the current item always; in Low Power
        /// Mode a video only when it is the next item.
        func admits(_ item: StoryItem, _ priority: Priority) -> Bool {
            guard priority != .current, item.kind == .video, let onlyVideo else { return true }
            return onlyVideo == item.id
        }

        /// The URL `item` loads from: its chosen rendition's, else its own.
        func url(of item: StoryItem) -> String {
            item.mediaURL(displayPixels: displayPixels, savingData: savingData)
        }
    }
}
