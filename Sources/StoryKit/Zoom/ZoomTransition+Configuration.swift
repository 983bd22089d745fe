import MotionCore

// MARK: - ZoomTransition + Configuration

extension ZoomTransition {
    /// Springs, the drag's numbers and the release rule; values are clamped to their ranges.
    public struct Configuration: Sendable, Hashable {
        /// The open's and the close's spring (response 0.45 s, damping 0.9 by default).
        public var spring: SpringParameters
        /// The scale lost per unit of progress while dragging, 0…1; 0.4 (the article's).
        public var scalePerProgress: Double { didSet { scalePerProgress = scalePerProgress.finite(or: 0.4).clamped(to: 0...1) } }
        /// The smallest scale while dragging, 0.1…1; 0.6 (the article's).
        public var minimumScale: Double { didSet { minimumScale = minimumScale.finite(or: 0.6).clamped(to: 0.1...1) } }
        /// The mask's corner radius once the detail is shrinking, in points, 0…200; 39 (the
        /// article's, a full-screen device's corners).
        public var maskCornerRadius: Double { didSet { maskCornerRadius = maskCornerRadius.finite(or: 39).clamped(to: 0...200) } }
        /// The dimming of the revealed grid at full presentation, 0…1; 0.5 (black at half).
        public var dimming: Double { didSet { dimming = dimming.finite(or: 0.5).clamped(to: 0...1) } }
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
        /// The touch-velocity tracking of the drag.
        public var tracking: VelocityTracker.Configuration

        /// A configuration; see each property for its range and default.
        public init(spring: SpringParameters = SpringParameters(response: 0.45, dampingRatio: 0.9), scalePerProgress: Double = 0.4,
                    minimumScale: Double = 0.6, maskCornerRadius: Double = 39, dimming: Double = 0.5, downwardDismiss: Bool = false,
                    decision: ReleaseDecision = .direction(), reduceMotion: Bool = false, scaleCurve: ScaleCurve = .linear,
                    tracking: VelocityTracker.Configuration = VelocityTracker.Configuration()) {
            self.spring = spring
            self.scalePerProgress = scalePerProgress.finite(or: 0.4).clamped(to: 0...1)
            self.minimumScale = minimumScale.finite(or: 0.6).clamped(to: 0.1...1)
            self.maskCornerRadius = maskCornerRadius.finite(or: 39).clamped(to: 0...200)
            self.dimming = dimming.finite(or: 0.5).clamped(to: 0...1)
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
