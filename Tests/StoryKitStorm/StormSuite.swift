/// Every model that takes input, as the storm runner and the tests see them.
public enum StormSuite {
    /// A subject with its runner, type-erased.
    public struct Entry: Sendable {
        /// The model's name.
        public let name: String
        /// Runs `n` sequences from seed 1.
        public let run: @Sendable (_ sequences: Int) -> StormReport
        /// Runs `n` sequences from seed 1 on `jobs` threads, reporting what ``run`` reports
        /// (``Storm/run(_:sequences:maximumSteps:firstSeed:jobs:seedsPerChunk:)``).
        public let runOnCores: @Sendable (_ sequences: Int, _ jobs: Int) -> StormReport
    }

    /// The models, in the order the runner reports them.
    public static let subjects: [Entry] = [
        entry(CubePagerStorm.self),
        entry(CubePanBridgeStorm.self),
        entry(StoriesViewerStorm.self),
        entry(StoriesViewerSoundStorm.self),
        entry(PlayerPoolStorm.self),
        entry(MediaPipelineStorm.self),
        entry(StoryRingStorm.self),
        entry(StoryTrayStorm.self),
        entry(TrayLoadingStorm.self),
        entry(ZoomTransitionStorm.self),
        entry(ProfileHeaderStorm.self),
        entry(VelocityTrackerStorm.self),
        entry(SpringStorm.self),
        entry(InteractiveTransitionStorm.self),
        entry(RubberBandStorm.self),
        entry(DecayStorm.self),
        entry(RetryPolicyStorm.self),
        entry(ScrollKeyframesStorm.self),
        entry(ResourceRequestTableStorm.self),
        entry(ZoomSourceVisibilityStorm.self),
        entry(StoryMediaSlotsStorm.self),
        entry(StoriesSessionStorm.self),
        entry(StoriesChangeQueueStorm.self),
        entry(StoriesMediaStackStorm.self),
        entry(ZoomDetailDriverStorm.self),
        entry(RingLoadingRulesStorm.self),
        entry(ProfileHeaderBlurCacheStorm.self),
        entry(CubePagerSessionStorm.self),
        entry(CubePagesSyncStorm.self),
        entry(PageChildAppearanceStorm.self),
        entry(ZoomControllerSessionStorm.self),
        entry(CubeHapticsStorm.self),
        entry(PrefetchConditionsStorm.self),
        entry(ZoomControllerDriverStorm.self),
        entry(CubePagerDriverStorm.self),
        entry(LiveClockStorm.self),
    ]

    static func entry<Subject: StormSubject>(_ subject: Subject.Type) -> Entry {
        Entry(name: Subject.name, run: { Storm.run(Subject.self, sequences: $0) },
              runOnCores: { Storm.run(Subject.self, sequences: $0, jobs: $1) })
    }
}
