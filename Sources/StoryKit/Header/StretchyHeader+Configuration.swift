import MotionCore

// MARK: - StretchyHeader + Configuration

extension StretchyHeader {
    /// The effect's few choices; values are clamped to their ranges.
    public struct Configuration: Sendable, Hashable {
        /// How much slower the avatar shrinks than the content scrolls, 1…10: its scale is
        /// `1 − offset / (avatar height × slowdown)`. 1.4 (the article's).
        public var avatarSlowdown: Double { didSet { avatarSlowdown = Rules.avatarSlowdown.sanitize(avatarSlowdown) } }
        /// The smallest scale of the avatar, 0…1; 0.5. The article's formula, applied to a header
        /// taller than its avatar, would shrink the avatar to nothing (or below) before the header
        /// sticks; the scale stops here instead.
        public var minimumAvatarScale: Double { didSet { minimumAvatarScale = Rules.minimumAvatarScale.sanitize(minimumAvatarScale) } }
        /// The easing of the title's slide and of the blur's fade over their offset range; linear
        /// (the article's) by default.
        public var titleCurve: TimingCurve
        /// The blur of the header's blurred copy, standard deviation in points, 0…100; 10 (the
        /// article's radius). The copy is computed once per image, never per frame.
        public var blurRadius: Double { didSet { blurRadius = Rules.blurRadius.sanitize(blurRadius) } }
        /// Reduce Motion: the avatar does not scale and the title fades in at its place instead of
        /// sliding (the blur still cross-fades).
        public var reduceMotion: Bool

        /// A configuration; see each property for its range and default.
        public init(avatarSlowdown: Double = Rules.avatarSlowdown.defaultValue,
                    minimumAvatarScale: Double = Rules.minimumAvatarScale.defaultValue, titleCurve: TimingCurve = .linear,
                    blurRadius: Double = Rules.blurRadius.defaultValue, reduceMotion: Bool = false) {
            self.avatarSlowdown = Rules.avatarSlowdown.sanitize(avatarSlowdown)
            self.minimumAvatarScale = Rules.minimumAvatarScale.sanitize(minimumAvatarScale)
            self.titleCurve = titleCurve
            self.blurRadius = Rules.blurRadius.sanitize(blurRadius)
            self.reduceMotion = reduceMotion
        }
    }
}

// MARK: - StretchyHeader.Configuration + Rules

extension StretchyHeader.Configuration {
    /// Each setting's default and range, the one place they are written (``ValueRule``): a
    /// non-finite value gives the default, others are clamped into the range.
    public enum Rules {
        /// ``StretchyHeader/Configuration/avatarSlowdown``: a factor, 1…10, 1.4 by default.
        public static let avatarSlowdown = ValueRule<Double>(1...10, default: 1.4)
        /// ``StretchyHeader/Configuration/minimumAvatarScale``: a scale, 0…1, 0.5 by default.
        public static let minimumAvatarScale = ValueRule<Double>(0...1, default: 0.5)
        /// ``StretchyHeader/Configuration/blurRadius``: points (standard deviation), 0…100, 10 by default.
        public static let blurRadius = ValueRule<Double>(0...100, default: 10)
    }
}
