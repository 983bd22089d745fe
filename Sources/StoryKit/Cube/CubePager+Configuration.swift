import MotionCore

// MARK: - CubePager + Configuration

extension CubePager {
    /// How the pager moves between pages: the 3D cube, or a Reduce Motion replacement.
    ///
    /// The model does not read any system setting; the front-ends pass ``slide`` or
    /// ``crossFade`` when `UIAccessibility.isReduceMotionEnabled` (or SwiftUI's
    /// `accessibilityReduceMotion`) is on.
    public enum Transition: String, Sendable, Hashable, Codable, CaseIterable {
        /// Pages on the faces of a cube turning about its vertical axis, with perspective.
        case cube
        /// Pages side by side, translated flat by one page width per page (no rotation, no depth).
        case slide
        /// Pages stacked in place; the arriving page fades in over the leaving one.
        case crossFade
    }

    /// The tunable constants of a ``CubePager``: depth, thresholds, spring, shading and gestures.
    ///
    /// Every value is sanitised in the initialiser, so a configuration never makes the pager
    /// produce NaN: a non-finite or out-of-range value falls back to its default (documented per
    /// parameter).
    public struct Configuration: Sendable, Hashable, Codable {
        /// The eye's distance from the screen plane, in points, used for the container's
        /// `sublayerTransform` (`m34 = −1/d`).
        ///
        /// 1 000 pt by default: about 2.5 phone widths, the depth Instagram's story cube shows
        /// (the near edge of a face at 45° is drawn about 9 % larger on a 390 pt page; 500 pt
        /// looks distorted, 2 000 pt nearly flat).
        public var perspectiveDistance: Double
        /// How far past the start page, in pages (0…1), the projected release position must get
        /// to turn to the neighbour; 0.5 by default (half way).
        public var snapThreshold: Double
        /// The spring that settles the cube after release, in pages.
        ///
        /// Response 0.35 s, damping ratio 1 by default (critically damped: no bounce, quick).
        public var spring: Spring
        /// The opacity (0…1) of the black overlay on a face turned 90°; 0.5 by default.
        /// A face at angle θ gets `shadingStrength · |θ| / 90°`.
        public var shadingStrength: Double
        /// The rubber-band constant at the first and last page (UIScrollView's 0.55 by default).
        public var rubberBandConstant: Double
        /// How far the finger must move, in points, before the gesture is locked horizontal (a cube
        /// drag) or vertical (not the cube's); 10 pt by default.
        public var directionLockSlop: Double
        /// How far past the last page, in pages, a release must be to report
        /// ``CubePager/Event/pastEnd``; 0.15 by default. A forward flick whose projection passes
        /// ``snapThreshold`` beyond the last page reports it too.
        public var pastEndThreshold: Double
        /// The cube, or a Reduce Motion replacement; ``Transition/cube`` by default.
        public var transition: Transition

        /// The default spring: response 0.35 s, damping ratio 1.
        public static let defaultSpring = Spring(response: 0.35, dampingRatio: 1)

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - perspectiveDistance: Points; non-positive or non-finite gives 1 000.
        ///   - snapThreshold: Pages, clamped to 0.01…1; NaN gives 0.5.
        ///   - spring: The settle spring (already sanitised by ``Spring``).
        ///   - shadingStrength: 0…1 (clamped); NaN gives 0.5.
        ///   - rubberBandConstant: Non-positive or non-finite gives 0.55.
        ///   - directionLockSlop: Points, clamped to 0…1 000; NaN gives 10.
        ///   - pastEndThreshold: Pages, clamped to 0…1; NaN gives 0.15.
        ///   - transition: The page transition.
        public init(perspectiveDistance: Double = 1_000, snapThreshold: Double = 0.5,
                    spring: Spring = Configuration.defaultSpring, shadingStrength: Double = 0.5,
                    rubberBandConstant: Double = RubberBand.defaultConstant, directionLockSlop: Double = 10,
                    pastEndThreshold: Double = 0.15, transition: Transition = .cube) {
            self.perspectiveDistance = perspectiveDistance > 0 && perspectiveDistance.isFinite ? perspectiveDistance : 1_000
            self.snapThreshold = snapThreshold.isNaN ? 0.5 : snapThreshold.clamped(to: 0.01...1)
            self.spring = spring
            self.shadingStrength = shadingStrength.isNaN ? 0.5 : shadingStrength.clamped(to: 0...1)
            self.rubberBandConstant = rubberBandConstant > 0 && rubberBandConstant.isFinite
                ? rubberBandConstant : RubberBand.defaultConstant
            self.directionLockSlop = directionLockSlop.isNaN ? 10 : directionLockSlop.clamped(to: 0...1_000)
            self.pastEndThreshold = pastEndThreshold.isNaN ? 0.15 : pastEndThreshold.clamped(to: 0...1)
            self.transition = transition
        }
    }
}
