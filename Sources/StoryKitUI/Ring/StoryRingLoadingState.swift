// MARK: - StoryRingLoadingState

/// What the host wants of a story ring: rest, loading (the story was tapped and is on its way),
/// or ready (the story can show; the ring resolves, then launches the viewer).
///
/// ``StoryRingAvatar`` takes it as a binding and sets it back to ``idle`` at the launch;
/// ``StoryRingView`` takes it through ``StoryRingView/startLoading()``,
/// ``StoryRingView/finishLoading()`` and ``StoryRingView/cancelLoading()``.
public enum StoryRingLoadingState: String, Sendable, Hashable, CaseIterable {
    /// At rest; from loading, a cancel (the ring comes to rest without launching).
    case idle
    /// The story is loading: the avatar shrinks and the segments turn, for as long as it takes.
    case loading
    /// The story can show: the ring comes to rest, then launches (from idle: a tap that finds the
    /// story already loaded).
    case ready
}
