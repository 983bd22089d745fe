import MotionCore

// MARK: - StoriesViewer + Configuration

extension StoriesViewer {
    /// The viewer's constants. Every value is sanitised by one rule wherever it is set (the
    /// initialiser and the property's setter): a non-finite value gives the default, others are
    /// clamped into the stated range.
    public struct Configuration: Sendable, Hashable {
        /// Seconds an image is shown when its item names no duration, in `0.5…600` (default 5).
        public var imageDuration: Double {
            didSet { imageDuration = Rule.imageDuration(imageDuration) }
        }
        /// Seconds an item must be shown to count as seen, in `0…600` (default 1); an item
        /// shorter than that counts at its end.
        public var seenAfter: Double {
            didSet { seenAfter = Rule.seenAfter(seenAfter) }
        }
        /// Seconds a touch must rest before it is a hold (the chrome fades out), in `0.05…5`
        /// (default 0.2). A touch lifted sooner, without moving, is a tap.
        public var holdDelay: Double {
            didSet { holdDelay = Rule.holdDelay(holdDelay) }
        }
        /// Seconds a stall may last before the loading state shows, in `0…10` (default 0.5).
        public var stallGrace: Double {
            didSet { stallGrace = Rule.stallGrace(stallGrace) }
        }
        /// The part of the page's width, from the left, where a tap goes back, in `0…1`
        /// (default 1/3).
        public var previousTapFraction: Double {
            didSet { previousTapFraction = Rule.previousTapFraction(previousTapFraction) }
        }
        /// Seconds the chrome (bars and header) takes to fade out on a hold and in after it, in
        /// `0…2` (default 0.2).
        public var chromeFadeDuration: Double {
            didSet { chromeFadeDuration = Rule.chromeFadeDuration(chromeFadeDuration) }
        }
        /// The downward drag, as a fraction of the page height, that is the whole dismiss
        /// (progress 1), in `0.05…2` (default 0.5). A release finishes when the projected
        /// progress passes one half.
        public var dismissDistance: Double {
            didSet { dismissDistance = Rule.dismissDistance(dismissDistance) }
        }
        /// A downward release faster than this, in points per second, always finishes the
        /// dismiss, in `0…100 000` (default 600).
        public var dismissVelocity: Double {
            didSet { dismissVelocity = Rule.dismissVelocity(dismissVelocity) }
        }
        /// The spring the dismiss settles with after a release (default critically damped,
        /// response 0.35 s).
        public var dismissSpring: SpringParameters
        /// The scale a dismiss without an avatar frame shrinks to while fading out, in `0…1`
        /// (default 0.5).
        public var inPlaceDismissScale: Double {
            didSet { inPlaceDismissScale = Rule.inPlaceDismissScale(inPlaceDismissScale) }
        }
        /// The corner radius of the page while it is dragged down, in points at full progress
        /// when there is no avatar, in `0…200` (default 24).
        public var dismissCornerRadius: Double {
            didSet { dismissCornerRadius = Rule.dismissCornerRadius(dismissCornerRadius) }
        }
        /// Reduce Motion: the cube cross-fades between users whatever ``cube`` says, and the
        /// dismiss fades the page where it is instead of moving and shrinking it.
        public var reduceMotion: Bool
        /// The progress bars: height, gaps and insets, in points.
        public var segments: SegmentStyle
        /// The cube between users (its own configuration).
        public var cube: CubePager.Configuration

        /// A configuration; see each property for its range and default.
        public init(imageDuration: Double = 5, seenAfter: Double = 1, holdDelay: Double = 0.2,
                    stallGrace: Double = 0.5, previousTapFraction: Double = 1.0 / 3,
                    chromeFadeDuration: Double = 0.2, dismissDistance: Double = 0.5,
                    dismissVelocity: Double = 600,
                    dismissSpring: SpringParameters = SpringParameters(response: 0.35, dampingRatio: 1),
                    inPlaceDismissScale: Double = 0.5, dismissCornerRadius: Double = 24,
                    reduceMotion: Bool = false, segments: SegmentStyle = SegmentStyle(),
                    cube: CubePager.Configuration = CubePager.Configuration()) {
            self.reduceMotion = reduceMotion
            self.imageDuration = Rule.imageDuration(imageDuration)
            self.seenAfter = Rule.seenAfter(seenAfter)
            self.holdDelay = Rule.holdDelay(holdDelay)
            self.stallGrace = Rule.stallGrace(stallGrace)
            self.previousTapFraction = Rule.previousTapFraction(previousTapFraction)
            self.chromeFadeDuration = Rule.chromeFadeDuration(chromeFadeDuration)
            self.dismissDistance = Rule.dismissDistance(dismissDistance)
            self.dismissVelocity = Rule.dismissVelocity(dismissVelocity)
            self.dismissSpring = dismissSpring
            self.inPlaceDismissScale = Rule.inPlaceDismissScale(inPlaceDismissScale)
            self.dismissCornerRadius = Rule.dismissCornerRadius(dismissCornerRadius)
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
            didSet { height = Rule.height(height) }
        }
        /// The gap between segments, in `0…20` (default 4).
        public var gap: Double {
            didSet { gap = Rule.gap(gap) }
        }
        /// The inset from the page's left, right and top edges, in `0…100` (default 8).
        public var inset: Double {
            didSet { inset = Rule.inset(inset) }
        }
        /// The unfilled track's colour.
        public var trackColor: RGBAColor
        /// The filled part's colour.
        public var fillColor: RGBAColor

        /// A style; see each property for its range and default.
        public init(height: Double = 2, gap: Double = 4, inset: Double = 8,
                    trackColor: RGBAColor = RGBAColor(white: 1, alpha: 0.35), fillColor: RGBAColor = .white) {
            self.height = Rule.height(height)
            self.gap = Rule.gap(gap)
            self.inset = Rule.inset(inset)
            self.trackColor = trackColor
            self.fillColor = fillColor
        }
    }

    /// One value's sanitising rule, shared by its initialiser parameter and its setter: a
    /// non-finite value gives the default, others are clamped into the range.
    struct Rule: Sendable {
        let range: ClosedRange<Double>
        let fallback: Double

        init(_ range: ClosedRange<Double>, default fallback: Double) {
            self.range = range
            self.fallback = fallback
        }

        func callAsFunction(_ value: Double) -> Double {
            value.isFinite ? Swift.min(Swift.max(value, range.lowerBound), range.upperBound) : fallback
        }

        static let imageDuration = Rule(0.5...600, default: 5)
        static let seenAfter = Rule(0...600, default: 1)
        static let holdDelay = Rule(0.05...5, default: 0.2)
        static let stallGrace = Rule(0...10, default: 0.5)
        static let previousTapFraction = Rule(0...1, default: 1.0 / 3)
        static let chromeFadeDuration = Rule(0...2, default: 0.2)
        static let dismissDistance = Rule(0.05...2, default: 0.5)
        static let dismissVelocity = Rule(0...100_000, default: 600)
        static let inPlaceDismissScale = Rule(0...1, default: 0.5)
        static let dismissCornerRadius = Rule(0...200, default: 24)
        static let height = Rule(0...20, default: 2)
        static let gap = Rule(0...20, default: 4)
        static let inset = Rule(0...100, default: 8)
    }
}
