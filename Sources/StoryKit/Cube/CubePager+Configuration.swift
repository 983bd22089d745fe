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
    /// decoding — by one rule per value, shared by the three, so a configuration never makes the pager produce NaN: a non-finite or out-of-range value
    /// is clamped into its range or falls back to its default, as each property documents.
    /// Encoding writes the sanitised values.
    public struct Configuration: Sendable, Hashable, Codable {
        /// The eye's distance from the screen plane, in points, used for the container's
        /// `sublayerTransform` (`m34 = −1/d`). Accepted: 1 pt or more, finite.
        ///
        /// 1 000 pt by default: about 2.5 phone widths, the depth Instagram's story cube shows
        /// (the near edge of a face at 45° is drawn about 9 % larger on a 390 pt page; 500 pt
        /// looks distorted, 2 000 pt nearly flat). Outside the range: zero, negative, NaN or ±∞
        /// gives 1 000; a positive value below 1 pt gives 1.
        public var perspectiveDistance: Double {
            didSet { perspectiveDistance = Rules.perspectiveDistance.sanitize(perspectiveDistance) }
        }
        /// How far past the start page the projected release position must get to turn to the
        /// neighbour, in pages; 0.5 by default (half way). Accepted: 0.01…1; a value outside
        /// (±∞ too) is clamped to the nearer end; NaN gives 0.5.
        public var snapThreshold: Double {
            didSet { snapThreshold = Rules.snapThreshold.sanitize(snapThreshold) }
        }
        /// The spring that settles the cube after release, in pages; response 0.35 s, damping
        /// ratio 1 by default (critically damped: no bounce, quick). Always valid:
        /// ``SpringParameters`` sanitises its own coefficients on every path (see its ranges).
        public var spring: SpringParameters
        /// The opacity of the black overlay on a face turned 90°, 0…1 (a fraction); 0.5 by
        /// default. A face at angle θ gets `shadingStrength · |θ| / 90°`. A value outside 0…1
        /// (±∞ too) is clamped to the nearer end; NaN gives 0.5.
        public var shadingStrength: Double {
            didSet { shadingStrength = Rules.shadingStrength.sanitize(shadingStrength) }
        }
        /// The rubber-band constant at the first and last page (a unitless factor, see
        /// ``RubberBand``); UIScrollView's 0.55 by default. Accepted: 0.01…1; a positive value
        /// outside is clamped to the nearer end; zero, negative, NaN or ±∞ gives 0.55.
        public var rubberBandConstant: Double {
            didSet { rubberBandConstant = Rules.rubberBandConstant.sanitize(rubberBandConstant) }
        }
        /// How far the finger must move, in points, before the gesture is locked horizontal (a
        /// cube drag) or vertical (not the cube's); 10 pt by default. Accepted: 0…1 000 pt; a
        /// value outside (±∞ too) is clamped to the nearer end; NaN gives 10.
        public var directionLockSlop: Double {
            didSet { directionLockSlop = Rules.directionLockSlop.sanitize(directionLockSlop) }
        }
        /// How far past the last page a release must be to report ``CubePager/Event/pastEnd``, in
        /// pages; 0.15 by default. A forward flick whose projection passes ``snapThreshold``
        /// beyond the last page reports it too. Accepted: 0…1; a value outside (±∞ too) is
        /// clamped to the nearer end; NaN gives 0.15.
        public var pastEndThreshold: Double {
            didSet { pastEndThreshold = Rules.pastEndThreshold.sanitize(pastEndThreshold) }
        }
        /// The cube, or a Reduce Motion replacement; ``Transition/cube`` by default (every case
        /// is valid; decoding an unknown name is an error).
        public var transition: Transition
        /// Which way the pages run; ``StoryLayoutDirection/leftToRight`` by default (see
        /// ``CubePager/layoutDirection``). Decoded by name; an unknown name is an error.
        public var layoutDirection: StoryLayoutDirection = .leftToRight

        /// The default spring: response 0.35 s, damping ratio 1.
        public static let defaultSpring = SpringParameters(response: 0.35, dampingRatio: 1)

        /// Creates a configuration; every value is sanitised as its property documents.
        ///
        /// - Parameters:
        ///   - perspectiveDistance: Points, 1 or more (finite); zero, negative, NaN or ±∞ gives
        ///     1 000, a positive value below 1 gives 1.
        ///   - snapThreshold: Pages, 0.01…1 (outside, ±∞ too: clamped); NaN gives 0.5.
        ///   - spring: The settle spring, in pages (always valid: ``SpringParameters`` sanitises itself).
        ///   - shadingStrength: Opacity, 0…1 (outside, ±∞ too: clamped); NaN gives 0.5.
        ///   - rubberBandConstant: Unitless, 0.01…1 (a positive value outside: clamped); zero,
        ///     negative, NaN or ±∞ gives 0.55.
        ///   - directionLockSlop: Points, 0…1 000 (outside, ±∞ too: clamped); NaN gives 10.
        ///   - pastEndThreshold: Pages, 0…1 (outside, ±∞ too: clamped); NaN gives 0.15.
        ///   - transition: The page transition.
        public init(perspectiveDistance: Double = Rules.perspectiveDistance.defaultValue,
                    snapThreshold: Double = Rules.snapThreshold.defaultValue,
                    spring: SpringParameters = Configuration.defaultSpring,
                    shadingStrength: Double = Rules.shadingStrength.defaultValue,
                    rubberBandConstant: Double = Rules.rubberBandConstant.defaultValue,
                    directionLockSlop: Double = Rules.directionLockSlop.defaultValue,
                    pastEndThreshold: Double = Rules.pastEndThreshold.defaultValue, transition: Transition = .cube) {
            self.perspectiveDistance = Rules.perspectiveDistance.sanitize(perspectiveDistance)
            self.snapThreshold = Rules.snapThreshold.sanitize(snapThreshold)
            self.spring = spring
            self.shadingStrength = Rules.shadingStrength.sanitize(shadingStrength)
            self.rubberBandConstant = Rules.rubberBandConstant.sanitize(rubberBandConstant)
            self.directionLockSlop = Rules.directionLockSlop.sanitize(directionLockSlop)
            self.pastEndThreshold = Rules.pastEndThreshold.sanitize(pastEndThreshold)
            self.transition = transition
        }

        private enum CodingKeys: String, CodingKey, CaseIterable {
            case perspectiveDistance, snapThreshold, spring, shadingStrength, rubberBandConstant, directionLockSlop
            case pastEndThreshold, transition, layoutDirection
        }

        /// Decodes a configuration; absent keys take their defaults and every value goes through
        /// the initialiser, so it is sanitised as the initialiser does; unknown keys are an error.
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
            layoutDirection = try c.decodeIfPresent(StoryLayoutDirection.self, forKey: .layoutDirection) ?? d.layoutDirection
        }
    }
}

// MARK: - CubePager.Configuration + Rules

extension CubePager.Configuration {
    /// Each setting's default and range, the one place they are written (``ValueRule``).
    public enum Rules {
        /// ``CubePager/Configuration/perspectiveDistance``: points, 1 or more (finite), 1 000 by
        /// default; zero, negative, NaN or ±∞ gives the default.
        public static let perspectiveDistance = ValueRule<Double>(1...Double.greatestFiniteMagnitude, default: 1_000,
                                                                  fallback: [.nan, .infinity, .nonPositive])
        /// ``CubePager/Configuration/snapThreshold``: pages, 0.01…1 (±∞ clamped), 0.5 by default.
        public static let snapThreshold = ValueRule<Double>(0.01...1, default: 0.5, fallback: .nan)
        /// ``CubePager/Configuration/shadingStrength``: opacity, 0…1 (±∞ clamped), 0.5 by default.
        public static let shadingStrength = ValueRule<Double>(0...1, default: 0.5, fallback: .nan)
        /// ``CubePager/Configuration/rubberBandConstant``: unitless, 0.01…1, UIScrollView's 0.55
        /// by default; zero, negative, NaN or ±∞ gives the default.
        public static let rubberBandConstant = ValueRule<Double>(0.01...1, default: RubberBand.defaultConstant,
                                                                 fallback: [.nan, .infinity, .nonPositive])
        /// ``CubePager/Configuration/directionLockSlop``: points, 0…1 000 (±∞ clamped), 10 by
        /// default.
        public static let directionLockSlop = ValueRule<Double>(0...1_000, default: 10, fallback: .nan)
        /// ``CubePager/Configuration/pastEndThreshold``: pages, 0…1 (±∞ clamped), 0.15 by default.
        public static let pastEndThreshold = ValueRule<Double>(0...1, default: 0.15, fallback: .nan)
    }
}
