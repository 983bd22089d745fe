import MotionCore

// MARK: - StoriesViewer + Configuration

extension StoriesViewer {
    /// The viewer's constants. Every value is sanitised by one rule wherever it is set (the
    /// initialiser and the property's setter): a non-finite value gives the default, others are
    /// clamped into the stated range.
    public struct Configuration: Sendable, Hashable {
        /// Seconds an image is shown when its item names no duration, in `0.5…600` (default 5).
        public var imageDuration: Double {
            didSet { imageDuration = Rules.imageDuration.sanitize(imageDuration) }
        }
        /// Seconds an item must be shown to count as seen, in `0…600` (default 1); an item
        /// shorter than that counts at its end.
        public var seenAfter: Double {
            didSet { seenAfter = Rules.seenAfter.sanitize(seenAfter) }
        }
        /// Seconds a touch must rest before it is a hold (the chrome fades out), in `0.05…5`
        /// (default 0.2). A touch lifted sooner, without moving, is a tap.
        public var holdDelay: Double {
            didSet { holdDelay = Rules.holdDelay.sanitize(holdDelay) }
        }
        /// Seconds a stall may last before the loading state shows, in `0…10` (default 0.5).
        public var stallGrace: Double {
            didSet { stallGrace = Rules.stallGrace.sanitize(stallGrace) }
        }
        /// The part of the page's width, from the left, where a tap goes back, in `0…1`
        /// (default 1/3).
        public var previousTapFraction: Double {
            didSet { previousTapFraction = Rules.previousTapFraction.sanitize(previousTapFraction) }
        }
        /// Seconds the chrome (bars and header) takes to fade out on a hold and in after it, in
        /// `0…2` (default 0.2).
        public var chromeFadeDuration: Double {
            didSet { chromeFadeDuration = Rules.chromeFadeDuration.sanitize(chromeFadeDuration) }
        }
        /// The downward drag, as a fraction of the page height, that is the whole dismiss
        /// (progress 1), in `0.05…2` (default 0.5). A release finishes when the projected
        /// progress passes one half.
        public var dismissDistance: Double {
            didSet { dismissDistance = Rules.dismissDistance.sanitize(dismissDistance) }
        }
        /// A downward release faster than this, in points per second, always finishes the
        /// dismiss, in `0…100 000` (default 600).
        public var dismissVelocity: Double {
            didSet { dismissVelocity = Rules.dismissVelocity.sanitize(dismissVelocity) }
        }
        /// The spring the dismiss settles with after a release (default critically damped,
        /// response 0.35 s).
        public var dismissSpring: SpringParameters
        /// The scale a dismiss without an avatar frame shrinks to while fading out, in `0…1`
        /// (default 0.5).
        public var inPlaceDismissScale: Double {
            didSet { inPlaceDismissScale = Rules.inPlaceDismissScale.sanitize(inPlaceDismissScale) }
        }
        /// The corner radius of the page while it is dragged down, in points at full progress
        /// when there is no avatar, in `0…200` (default 24).
        public var dismissCornerRadius: Double {
            didSet { dismissCornerRadius = Rules.dismissCornerRadius.sanitize(dismissCornerRadius) }
        }
        /// Reduce Motion: the cube cross-fades between users whatever ``cube`` says, and the
        /// dismiss fades the page where it is instead of moving and shrinking it.
        public var reduceMotion: Bool
        /// The progress bars: height, gaps and insets, in points.
        public var segments: SegmentStyle
        /// The cube between users (its own configuration).
        public var cube: CubePager.Configuration

        /// A configuration; see each property for its range and default.
        public init(imageDuration: Double = Rules.imageDuration.defaultValue,
                    seenAfter: Double = Rules.seenAfter.defaultValue,
                    holdDelay: Double = Rules.holdDelay.defaultValue,
                    stallGrace: Double = Rules.stallGrace.defaultValue,
                    previousTapFraction: Double = Rules.previousTapFraction.defaultValue,
                    chromeFadeDuration: Double = Rules.chromeFadeDuration.defaultValue,
                    dismissDistance: Double = Rules.dismissDistance.defaultValue,
                    dismissVelocity: Double = Rules.dismissVelocity.defaultValue,
                    dismissSpring: SpringParameters = SpringParameters(response: 0.35, dampingRatio: 1),
                    inPlaceDismissScale: Double = Rules.inPlaceDismissScale.defaultValue,
                    dismissCornerRadius: Double = Rules.dismissCornerRadius.defaultValue,
                    reduceMotion: Bool = false, segments: SegmentStyle = SegmentStyle(),
                    cube: CubePager.Configuration = CubePager.Configuration()) {
            self.reduceMotion = reduceMotion
            self.imageDuration = Rules.imageDuration.sanitize(imageDuration)
            self.seenAfter = Rules.seenAfter.sanitize(seenAfter)
            self.holdDelay = Rules.holdDelay.sanitize(holdDelay)
            self.stallGrace = Rules.stallGrace.sanitize(stallGrace)
            self.previousTapFraction = Rules.previousTapFraction.sanitize(previousTapFraction)
            self.chromeFadeDuration = Rules.chromeFadeDuration.sanitize(chromeFadeDuration)
            self.dismissDistance = Rules.dismissDistance.sanitize(dismissDistance)
            self.dismissVelocity = Rules.dismissVelocity.sanitize(dismissVelocity)
            self.dismissSpring = dismissSpring
            self.inPlaceDismissScale = Rules.inPlaceDismissScale.sanitize(inPlaceDismissScale)
            self.dismissCornerRadius = Rules.dismissCornerRadius.sanitize(dismissCornerRadius)
            self.segments = segments
            self.cube = cube
        }

        /// The cube's configuration in force: ``cube``, cross-fading under Reduce Motion.
        public var effectiveCube: CubePager.Configuration {
            var cube = self.cube
            if reduceMotion { cube.transition = .crossFade }
            return cube
        }
    }

    /// The look of the segmented progress bar at the top of a page, in points.
    public struct SegmentStyle: Sendable, Hashable {
        /// The bar's height, in `0…20` (default 2).
        public var height: Double {
            didSet { height = Rules.height.sanitize(height) }
        }
        /// The gap between segments, in `0…20` (default 4).
        public var gap: Double {
            didSet { gap = Rules.gap.sanitize(gap) }
        }
        /// The inset from the page's left, right and top edges, in `0…100` (default 8).
        public var inset: Double {
            didSet { inset = Rules.inset.sanitize(inset) }
        }
        /// The unfilled track's colour.
        public var trackColor: RGBAColor
        /// The filled part's colour.
        public var fillColor: RGBAColor

        /// A style; see each property for its range and default.
        public init(height: Double = Rules.height.defaultValue, gap: Double = Rules.gap.defaultValue,
                    inset: Double = Rules.inset.defaultValue,
                    trackColor: RGBAColor = RGBAColor(white: 1, alpha: 0.35), fillColor: RGBAColor = .white) {
            self.height = Rules.height.sanitize(height)
            self.gap = Rules.gap.sanitize(gap)
            self.inset = Rules.inset.sanitize(inset)
            self.trackColor = trackColor
            self.fillColor = fillColor
        }
    }
}

// MARK: - StoriesViewer.Configuration + Rules

extension StoriesViewer.Configuration {
    /// Each setting's default and range, the one place they are written (``ValueRule``): a
    /// non-finite value gives the default, others are clamped into the range.
    public enum Rules {
        /// ``StoriesViewer/Configuration/imageDuration``: seconds, 0.5…600, 5 by default.
        public static let imageDuration = ValueRule<Double>(0.5...600, default: 5)
        /// ``StoriesViewer/Configuration/seenAfter``: seconds, 0…600, 1 by default.
        public static let seenAfter = ValueRule<Double>(0...600, default: 1)
        /// ``StoriesViewer/Configuration/holdDelay``: seconds, 0.05…5, 0.2 by default.
        public static let holdDelay = ValueRule<Double>(0.05...5, default: 0.2)
        /// ``StoriesViewer/Configuration/stallGrace``: seconds, 0…10, 0.5 by default.
        public static let stallGrace = ValueRule<Double>(0...10, default: 0.5)
        /// ``StoriesViewer/Configuration/previousTapFraction``: a fraction of the width, 0…1, 1/3
        /// by default.
        public static let previousTapFraction = ValueRule<Double>(0...1, default: 1.0 / 3)
        /// ``StoriesViewer/Configuration/chromeFadeDuration``: seconds, 0…2, 0.2 by default.
        public static let chromeFadeDuration = ValueRule<Double>(0...2, default: 0.2)
        /// ``StoriesViewer/Configuration/dismissDistance``: a fraction of the page height,
        /// 0.05…2, 0.5 by default.
        public static let dismissDistance = ValueRule<Double>(0.05...2, default: 0.5)
        /// ``StoriesViewer/Configuration/dismissVelocity``: points per second, 0…100 000, 600 by
        /// default.
        public static let dismissVelocity = ValueRule<Double>(0...100_000, default: 600)
        /// ``StoriesViewer/Configuration/inPlaceDismissScale``: a scale, 0…1, 0.5 by default.
        public static let inPlaceDismissScale = ValueRule<Double>(0...1, default: 0.5)
        /// ``StoriesViewer/Configuration/dismissCornerRadius``: points, 0…200, 24 by default.
        public static let dismissCornerRadius = ValueRule<Double>(0...200, default: 24)
    }
}

// MARK: - StoriesViewer.SegmentStyle + Rules

extension StoriesViewer.SegmentStyle {
    /// Each setting's default and range, the one place they are written (``ValueRule``): a
    /// non-finite value gives the default, others are clamped into the range.
    public enum Rules {
        /// ``StoriesViewer/SegmentStyle/height``: points, 0…20, 2 by default.
        public static let height = ValueRule<Double>(0...20, default: 2)
        /// ``StoriesViewer/SegmentStyle/gap``: points, 0…20, 4 by default.
        public static let gap = ValueRule<Double>(0...20, default: 4)
        /// ``StoriesViewer/SegmentStyle/inset``: points, 0…100, 8 by default.
        public static let inset = ValueRule<Double>(0...100, default: 8)
    }
}
