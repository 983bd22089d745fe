import MotionCore

// MARK: - CubePager + Configuration

extension CubePager {
    /// How the pager moves between pages: the 3D cube, or a Reduce Motion replacement.
    ///
    /// The model does not read any system setting; the front-ends pass ``slide`` or
    /// ``crossFade`` when `UIAccessibility.isReduceMotionEnabled` (or SwiftUI's
    /// `accessibilityReduceMotion`) is on.
    public enum Transition: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// Pages on the faces of a cube turning about its vertical axis, with perspective.
        case cube
        /// Pages side by side, translated flat by one page width per page (no rotation, no depth).
        case slide
        /// Pages stacked in place; the arriving page fades in over the leaving one.
        case crossFade
    }

    /// The tunable constants of a ``CubePager``: depth, thresholds, spring, shading and gestures.
    ///
    /// Every value is sanitised on every path in — the initialiser, each property's setter and
    /// decoding — so a configuration never makes the pager produce NaN: a non-finite or
    /// out-of-range value is clamped into its range or falls back to its default (documented per
    /// property).
    public struct Configuration: Sendable, Hashable, Codable {
        /// The eye's distance from the screen plane, in points, used for the container's
        /// `sublayerTransform` (`m34 = −1/d`); 1…∞ (finite).
        ///
        /// 1 000 pt by default: about 2.5 phone widths, the depth Instagram's story cube shows
        /// (the near edge of a face at 45° is drawn about 9 % larger on a 390 pt page; 500 pt
        /// looks distorted, 2 000 pt nearly flat). Non-positive or non-finite gives 1 000; below
        /// 1 pt gives 1.
        public var perspectiveDistance: Double {
            didSet { perspectiveDistance = Self.sanitized(perspectiveDistance: perspectiveDistance) }
        }
        /// How far past the start page, in pages (0.01…1), the projected release position must get
        /// to turn to the neighbour; 0.5 by default (half way); NaN gives 0.5.
        public var snapThreshold: Double {
            didSet { snapThreshold = Self.sanitized(snapThreshold, in: 0.01...1, default: 0.5) }
        }
        /// The spring that settles the cube after release, in pages (sanitised by ``SpringParameters``).
        ///
        /// Response 0.35 s, damping ratio 1 by default (critically damped: no bounce, quick).
        public var spring: SpringParameters
        /// The opacity (0…1) of the black overlay on a face turned 90°; 0.5 by default; NaN gives
        /// 0.5. A face at angle θ gets `shadingStrength · |θ| / 90°`.
        public var shadingStrength: Double {
            didSet { shadingStrength = Self.sanitized(shadingStrength, in: 0...1, default: 0.5) }
        }
        /// The rubber-band constant at the first and last page, 0.01…1 (UIScrollView's 0.55 by
        /// default); non-positive or non-finite gives 0.55.
        public var rubberBandConstant: Double {
            didSet { rubberBandConstant = Self.sanitized(rubberBandConstant: rubberBandConstant) }
        }
        /// How far the finger must move, in points (0…1 000), before the gesture is locked
        /// horizontal (a cube drag) or vertical (not the cube's); 10 pt by default; NaN gives 10.
        public var directionLockSlop: Double {
            didSet { directionLockSlop = Self.sanitized(directionLockSlop, in: 0...1_000, default: 10) }
        }
        /// How far past the last page, in pages (0…1), a release must be to report
        /// ``CubePager/Event/pastEnd``; 0.15 by default; NaN gives 0.15. A forward flick whose
        /// projection passes ``snapThreshold`` beyond the last page reports it too.
        public var pastEndThreshold: Double {
            didSet { pastEndThreshold = Self.sanitized(pastEndThreshold, in: 0...1, default: 0.15) }
        }
        /// The cube, or a Reduce Motion replacement; ``Transition/cube`` by default.
        public var transition: Transition

        /// The default spring: response 0.35 s, damping ratio 1.
        public static let defaultSpring = SpringParameters(response: 0.35, dampingRatio: 1)

        /// Creates a configuration; every value is sanitised as its property documents.
        ///
        /// - Parameters:
        ///   - perspectiveDistance: Points, 1…∞; non-positive or non-finite gives 1 000.
        ///   - snapThreshold: Pages, clamped to 0.01…1; NaN gives 0.5.
        ///   - spring: The settle spring (already sanitised by ``SpringParameters``).
        ///   - shadingStrength: 0…1 (clamped); NaN gives 0.5.
        ///   - rubberBandConstant: 0.01…1; non-positive or non-finite gives 0.55.
        ///   - directionLockSlop: Points, clamped to 0…1 000; NaN gives 10.
        ///   - pastEndThreshold: Pages, clamped to 0…1; NaN gives 0.15.
        ///   - transition: The page transition.
        public init(perspectiveDistance: Double = 1_000, snapThreshold: Double = 0.5,
                    spring: SpringParameters = Configuration.defaultSpring, shadingStrength: Double = 0.5,
                    rubberBandConstant: Double = RubberBand.defaultConstant, directionLockSlop: Double = 10,
                    pastEndThreshold: Double = 0.15, transition: Transition = .cube) {
            self.perspectiveDistance = Self.sanitized(perspectiveDistance: perspectiveDistance)
            self.snapThreshold = Self.sanitized(snapThreshold, in: 0.01...1, default: 0.5)
            self.spring = spring
            self.shadingStrength = Self.sanitized(shadingStrength, in: 0...1, default: 0.5)
            self.rubberBandConstant = Self.sanitized(rubberBandConstant: rubberBandConstant)
            self.directionLockSlop = Self.sanitized(directionLockSlop, in: 0...1_000, default: 10)
            self.pastEndThreshold = Self.sanitized(pastEndThreshold, in: 0...1, default: 0.15)
            self.transition = transition
        }

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case perspectiveDistance, snapThreshold, spring, shadingStrength, rubberBandConstant, directionLockSlop
            case pastEndThreshold, transition
        }

        /// Decodes a configuration; absent keys take their defaults and every value is sanitised
        /// as the initialiser does; unknown keys are an error.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Configuration()
            self.init(
                perspectiveDistance: try c.decodeIfPresent(Double.self, forKey: .perspectiveDistance) ?? d.perspectiveDistance,
                snapThreshold: try c.decodeIfPresent(Double.self, forKey: .snapThreshold) ?? d.snapThreshold,
                spring: try c.decodeIfPresent(SpringParameters.self, forKey: .spring) ?? d.spring,
                shadingStrength: try c.decodeIfPresent(Double.self, forKey: .shadingStrength) ?? d.shadingStrength,
                rubberBandConstant: try c.decodeIfPresent(Double.self, forKey: .rubberBandConstant) ?? d.rubberBandConstant,
                directionLockSlop: try c.decodeIfPresent(Double.self, forKey: .directionLockSlop) ?? d.directionLockSlop,
                pastEndThreshold: try c.decodeIfPresent(Double.self, forKey: .pastEndThreshold) ?? d.pastEndThreshold,
                transition: try c.decodeIfPresent(Transition.self, forKey: .transition) ?? d.transition)
        }

        /// `value` clamped into `range`; NaN gives `fallback`.
        static func sanitized(_ value: Double, in range: ClosedRange<Double>, default fallback: Double) -> Double {
            value.isNaN ? fallback : value.clamped(to: range)
        }

        /// A perspective distance: 1…∞ finite; non-positive or non-finite gives 1 000.
        static func sanitized(perspectiveDistance value: Double) -> Double {
            value > 0 && value.isFinite ? Swift.max(value, 1) : 1_000
        }

        /// A rubber-band constant: 0.01…1; non-positive or non-finite gives the default.
        static func sanitized(rubberBandConstant value: Double) -> Double {
            value > 0 && value.isFinite ? value.clamped(to: 0.01...1) : RubberBand.defaultConstant
        }
    }
}
