import MotionCore

// MARK: - ProfileHeaderModel + Configuration

extension ProfileHeaderModel {
    /// The effect's few choices; values are clamped to their ranges.
    public struct Configuration: Sendable, Hashable {
        /// How much slower the avatar shrinks than the content scrolls, 1…10: its scale is
        /// `1 − offset / (avatar height × slowdown)`. 1.4 (the article's).
        public var avatarSlowdown: Double { didSet { avatarSlowdown = avatarSlowdown.finite(or: 1.4).clamped(to: 1...10) } }
        /// The smallest scale of the avatar, 0…1; 0.5. The article's formula, applied to a header
        /// taller than its avatar, would shrink the avatar to nothing (or below) before the header
        /// sticks; the scale stops here instead.
        public var minimumAvatarScale: Double { didSet { minimumAvatarScale = minimumAvatarScale.finite(or: 0.5).clamped(to: 0...1) } }
        /// The easing of the title's slide and of the blur's fade over their offset range; linear
        /// (the article's) by default.
        public var titleCurve: TimingCurve
        /// The blur of the header's blurred copy, standard deviation in points, 0…100; 10 (the
        /// article's radius). The copy is computed once per image, never per frame.
        public var blurRadius: Double { didSet { blurRadius = blurRadius.finite(or: 10).clamped(to: 0...100) } }
        /// Reduce Motion: the avatar does not scale and the title fades in at its place instead of
        /// sliding (the blur still cross-fades).
        public var reduceMotion: Bool

        /// A configuration; see each property for its range and default.
        public init(avatarSlowdown: Double = 1.4, minimumAvatarScale: Double = 0.5, titleCurve: TimingCurve = .linear,
                    blurRadius: Double = 10, reduceMotion: Bool = false) {
            self.avatarSlowdown = avatarSlowdown.finite(or: 1.4).clamped(to: 1...10)
            self.minimumAvatarScale = minimumAvatarScale.finite(or: 0.5).clamped(to: 0...1)
            self.titleCurve = titleCurve
            self.blurRadius = blurRadius.finite(or: 10).clamped(to: 0...100)
            self.reduceMotion = reduceMotion
        }
    }
}
