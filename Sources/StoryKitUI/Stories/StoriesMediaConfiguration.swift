import StoryKit
import StoryMedia

// MARK: - StoriesMediaConfiguration

/// How the Stories viewer gets and plays its media: where the bytes come from, how many players
/// it keeps, how far ahead they buffer and whether it runs the audio session.
///
/// Pass one to ``StoriesViewController`` or ``StoriesView`` when they are made (it is read once).
/// With a ``byteSource`` (the media pipeline, or your own cache), videos are read through it
/// by an `AVAssetResourceLoaderDelegate`, so playback and prefetching share one cache and one
/// download per URL, and images are read from it whole; a source that prefetches (the
/// ``StoryMedia/MediaPipeline``) is told the viewer's ``StoryKit/PrefetchPlan`` after every
/// change, so the next items load before they are shown; without one, videos stream straight
/// from their URLs and images are downloaded with `URLSession`.
///
/// ```swift
/// let media = StoriesMediaConfiguration(byteSource: pipeline, preferredForwardBufferDuration: 4)
/// let stories = StoriesViewController(feed: feed, delegate: self, media: media)
/// ```
///
/// HLS streams (`.m3u8`) always play from their URLs, without the cache; files play from disk.
public struct StoriesMediaConfiguration: Sendable {
    /// Where videos and images are read from; `nil` (the default) loads them from their URLs.
    public var byteSource: (any MediaByteSource)?

    /// The most `AVPlayer`s alive at once (``StoryKit/PlayerPool/capacity``), 1…16; 3 by default:
    /// the current item's, the next item's, and the page a cube turn brings in.
    public var playerCapacity: Int {
        didSet { playerCapacity = Self.clampedCapacity(playerCapacity) }
    }

    /// How far ahead of the playhead a player buffers, in seconds
    /// (`AVPlayerItem.preferredForwardBufferDuration`); 0, the default, lets AVFoundation choose.
    /// A few seconds keep players that are only prepared (the next item) from downloading
    /// whole videos. Negative or non-finite values count as 0.
    public var preferredForwardBufferDuration: Double {
        didSet { preferredForwardBufferDuration = Self.clampedDuration(preferredForwardBufferDuration) }
    }

    /// Whether the viewer activates the shared `AVAudioSession` (`.playback`) while a video with
    /// sound plays and deactivates it afterwards, letting other apps' audio resume; true by
    /// default. Set it to false if your app runs the audio session itself.
    public var managesAudioSession: Bool

    /// How far ahead a prefetching ``byteSource`` (a ``StoryMedia/MediaPipeline``) loads: the
    /// viewer sends it a ``StoryKit/PrefetchPlan`` with these constants after every change.
    public var prefetch: PrefetchPlan.Configuration

    /// A media configuration.
    ///
    /// - Parameters:
    ///   - byteSource: Where videos and images are read from; `nil` loads them from their URLs.
    ///   - playerCapacity: The most players alive at once, clamped to 1…16.
    ///   - preferredForwardBufferDuration: Seconds buffered ahead of the playhead; 0 lets
    ///     AVFoundation choose.
    ///   - managesAudioSession: Whether the viewer activates and deactivates the audio session.
    ///   - prefetch: How far ahead a prefetching byte source loads.
    public init(byteSource: (any MediaByteSource)? = nil, playerCapacity: Int = 3,
                preferredForwardBufferDuration: Double = 0, managesAudioSession: Bool = true,
                prefetch: PrefetchPlan.Configuration = PrefetchPlan.Configuration()) {
        self.prefetch = prefetch
        self.byteSource = byteSource
        self.playerCapacity = Self.clampedCapacity(playerCapacity)
        self.preferredForwardBufferDuration = Self.clampedDuration(preferredForwardBufferDuration)
        self.managesAudioSession = managesAudioSession
    }

    private static func clampedCapacity(_ capacity: Int) -> Int {
        PlayerPool(capacity: capacity).capacity
    }

    private static func clampedDuration(_ seconds: Double) -> Double {
        seconds.isFinite && seconds > 0 ? seconds : 0
    }
}
