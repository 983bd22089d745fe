import MotionCore

// MARK: - ZoomTransition + Configuration

extension ZoomTransition {
    /// Springs, the drag's numbers and the release rule; values are clamped to their ranges.
    public struct Configuration: Sendable, Hashable {
        /// The open's and the close's spring (response 0.45 s, damping 0.9 by default).
        public var spring: SpringParameters
        /// The scale lost per unit of progress while dragging, 0…1; 0.4 (the article's).
        public var scalePerProgress: Double { didSet { scalePerProgress = Rules.scalePerProgress.sanitize(scalePerProgress) } }
        /// The smallest scale while dragging, 0.1…1; 0.6 (the article's).
        public var minimumScale: Double { didSet { minimumScale = Rules.minimumScale.sanitize(minimumScale) } }
        /// The mask's corner radius once the detail is shrinking, in points, 0…200; 39 (the
        /// article's, a full-screen device's corners).
        public var maskCornerRadius: Double { didSet { maskCornerRadius = Rules.maskCornerRadius.sanitize(maskCornerRadius) } }
        /// The dimming of the revealed grid at full presentation, 0…1; 0.5 (black at half).
        public var dimming: Double { didSet { dimming = Rules.dimming.sanitize(dimming) } }
        /// How the detail's scale follows the drag's progress; ``ScaleCurve/linear`` (the
        /// article's) by default.
        public var scaleCurve: ScaleCurve
        /// Dismiss with a downward drag (progress = vertical translation / height) instead of a
        /// horizontal one.
        public var downwardDismiss: Bool
        /// How a release chooses between finishing and cancelling (progress per second).
        public var decision: ReleaseDecision
        /// Reduce Motion: cross-fade instead of moving.
        public var reduceMotion: Bool
        /// Which way a sideways pop runs (the container's layout direction): a rightward drag pops
        /// left to right, a leftward one right to left; the mask follows the finger either way.
        /// ``StoryLayoutDirection/leftToRight`` by default; no effect on a downward dismiss.
        public var layoutDirection: StoryLayoutDirection = .leftToRight
        /// The touch-velocity tracking of the drag.
        public var tracking: VelocityTracker.Configuration

        /// A configuration; see each property for its range and default.
        public init(spring: SpringParameters = SpringParameters(response: 0.45, dampingRatio: 0.9),
                    scalePerProgress: Double = Rules.scalePerProgress.defaultValue,
                    minimumScale: Double = Rules.minimumScale.defaultValue,
                    maskCornerRadius: Double = Rules.maskCornerRadius.defaultValue,
                    dimming: Double = Rules.dimming.defaultValue, downwardDismiss: Bool = false,
                    decision: ReleaseDecision = .direction(), reduceMotion: Bool = false, scaleCurve: ScaleCurve = .linear,
                    tracking: VelocityTracker.Configuration = VelocityTracker.Configuration()) {
            self.spring = spring
            self.scalePerProgress = Rules.scalePerProgress.sanitize(scalePerProgress)
            self.minimumScale = Rules.minimumScale.sanitize(minimumScale)
            self.maskCornerRadius = Rules.maskCornerRadius.sanitize(maskCornerRadius)
            self.dimming = Rules.dimming.sanitize(dimming)
            self.downwardDismiss = downwardDismiss
            self.decision = decision
            self.reduceMotion = reduceMotion
            self.scaleCurve = scaleCurve
            self.tracking = tracking
        }

        /// How the detail's scale follows the drag's progress.
        public enum ScaleCurve: Sendable, Hashable {
            /// `clamp(1 − scalePerProgress · progress, minimumScale, 1)`: a hard floor (the article's).
            case linear
            /// Linear down to `knee` (clamped to minimumScale…1), then rubber-banded towards
            /// ``minimumScale``, which it approaches but never reaches (like the system's zoom): the
            /// slope drops at the knee, then keeps falling.
            case rubberBand(knee: Double)
        }

    }
}

// MARK: - ZoomTransition.Configuration + Rules

extension ZoomTransition.Configuration {
    /// Each setting's default and range, the one place they are written (``ValueRule``): a
    /// non-finite value gives the default, others are clamped into the range.
    public enum Rules {
        /// ``ZoomTransition/Configuration/scalePerProgress``: scale per unit of progress, 0…1, 0.4 by default.
        public static let scalePerProgress = ValueRule<Double>(0...1, default: 0.4)
        /// ``ZoomTransition/Configuration/minimumScale``: a scale, 0.1…1, 0.6 by default.
        public static let minimumScale = ValueRule<Double>(0.1...1, default: 0.6)
        /// ``ZoomTransition/Configuration/maskCornerRadius``: points, 0…200, 39 by default.
        public static let maskCornerRadius = ValueRule<Double>(0...200, default: 39)
        /// ``ZoomTransition/Configuration/dimming``: an opacity, 0…1, 0.5 by default.
        public static let dimming = ValueRule<Double>(0...1, default: 0.5)
    }
}
