// MARK: - FrameRateRule

/// Which frame rates a display link asks for: 120 Hz on ProMotion while something moves, the
/// system's choice (or no link at all) at rest.
///
/// ProMotion iPhones and iPads run a `CADisplayLink` at 60 Hz unless it asks for more, and
/// iPhones cap every app at 60 Hz unless its Info.plist sets `CADisableMinimumFrameDurationOnPhone`
/// to true. A cube turn, a zoom or a swipe-down dismiss is a finger-following or spring motion,
/// where 60 Hz judders next to the system's own 120 Hz scrolling, so while one runs the link asks
/// for 80…120 Hz, preferring 120 (Apple's "Optimizing ProMotion refresh rates for iPhone 13 Pro
/// and iPad Pro"); at rest the link is stopped (``DisplayLinkFrameDriver`` exists only between
/// `start` and `stop`), so the display drops to its idle rate.
///
/// ```swift
/// FrameRateRule.range(for: .moving)   // 80…120 Hz, preferred 120
/// FrameRateRule.range(for: .resting)  // .systemDefault (CAFrameRateRange.default)
/// ```
public enum FrameRateRule {
    /// Whether something on screen is moving.
    public enum Motion: Sendable, Hashable {
        /// Nothing moves: no frames are needed (the link stops, or asks for the default).
        case resting
        /// A gesture or a spring (cube turn, zoom, dismiss, ring, header) is running.
        case moving
    }

    /// The range to ask for in `motion`.
    ///
    /// - Parameter motion: Whether something moves.
    /// - Returns: ``FrameRateRange/motion`` while moving, ``FrameRateRange/systemDefault`` at rest.
    public static func range(for motion: Motion) -> FrameRateRange {
        switch motion {
        case .resting: .systemDefault
        case .moving: .motion
        }
    }
}

// MARK: - FrameRateRange

/// A display link's frame-rate request, in frames per second: the three numbers of
/// `CAFrameRateRange(minimum:maximum:preferred:)`, as plain values.
public struct FrameRateRange: Sendable, Hashable {
    /// The lowest acceptable rate, in frames per second (0 with ``maximum`` 0: the system's choice).
    public var minimum: Float
    /// The highest rate wanted, in frames per second.
    public var maximum: Float
    /// The rate wanted, in frames per second.
    public var preferred: Float

    /// A request of `minimum`…`maximum` frames per second, preferring `preferred`.
    public init(minimum: Float, maximum: Float, preferred: Float) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// Whether this is the system's default (`CAFrameRateRange.default`: all zeros).
    public var isSystemDefault: Bool { self == .systemDefault }

    /// `CAFrameRateRange.default`: the system picks (60 Hz on ProMotion, idle when nothing changes).
    public static let systemDefault = FrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    /// While something moves: 80…120 Hz, preferring 120 (60 Hz on displays that cannot go higher,
    /// and on iPhones whose app lacks `CADisableMinimumFrameDurationOnPhone`).
    public static let motion = FrameRateRange(minimum: 80, maximum: 120, preferred: 120)
}
