import MotionCore

// MARK: - StoryRing + Configuration

extension StoryRing {
    /// The ring's look and timing. Lengths in points, times in seconds; each value is clamped
    /// to its range (non-finite values give the default).
    public struct Configuration: Sendable, Hashable {
        /// The unseen ring's line width, 0.5…12; 2.5 by default.
        public var unseenLineWidth: Double { didSet { unseenLineWidth = Rules.unseenLineWidth.sanitize(unseenLineWidth) } }
        /// The seen ring's line width, 0.5…12; 1 by default.
        public var seenLineWidth: Double { didSet { seenLineWidth = Rules.seenLineWidth.sanitize(seenLineWidth) } }
        /// The space between the avatar and the ring's inner edge, 0…24; 3 by default.
        public var gap: Double { didSet { gap = Rules.gap.sanitize(gap) } }
        /// The unseen ring's gradient, clockwise from the bottom left (Instagram's: yellow,
        /// orange, pink, purple, blue).
        public var unseenColors: [RGBAColor]
        /// The seen ring's colour; light grey by default.
        public var seenColor: RGBAColor { didSet { seenColors = [seenColor] } }
        /// ``seenColor`` as the one stop of a frame's colours, kept so that sampling a frame
        /// allocates nothing.
        var seenColors: [RGBAColor]
        /// The segments of the loading ring, 3…64; 12 by default.
        public var segments: Int { didSet { segments = Rules.segments.sanitize(segments) } }
        /// The share of each segment's period that is gap while loading, 0.05…0.9; 0.4 by
        /// default.
        public var segmentGap: Double { didSet { segmentGap = Rules.segmentGap.sanitize(segmentGap) } }
        /// Seconds per full turn of the loading segments, 0.2…20; 1.2 by default.
        public var turnDuration: Double { didSet { turnDuration = Rules.turnDuration.sanitize(turnDuration) } }
        /// Seconds the press takes (the avatar shrinking, the segments opening), 0.01…2; 0.15
        /// by default.
        public var pressDuration: Double { didSet { pressDuration = Rules.pressDuration.sanitize(pressDuration) } }
        /// The avatar's scale while loading, 0.5…1; 0.9 by default.
        public var pressScale: Double { didSet { pressScale = Rules.pressScale.sanitize(pressScale) } }
        /// Seconds the resolution takes, 0.05…2; 0.3 by default.
        public var resolveDuration: Double { didSet { resolveDuration = Rules.resolveDuration.sanitize(resolveDuration) } }
        /// Reduce Motion: the ring pulses in opacity instead of turning in segments.
        public var reduceMotion: Bool
        /// The lowest opacity of the Reduce Motion pulse, 0…1; 0.4 by default.
        public var pulseOpacity: Double { didSet { pulseOpacity = Rules.pulseOpacity.sanitize(pulseOpacity) } }

        /// A configuration; see each property for its range and default.
        public init(unseenLineWidth: Double = Rules.unseenLineWidth.defaultValue,
                    seenLineWidth: Double = Rules.seenLineWidth.defaultValue, gap: Double = Rules.gap.defaultValue,
                    unseenColors: [RGBAColor] = Configuration.instagramColors,
                    seenColor: RGBAColor = RGBAColor(red: 0.86, green: 0.86, blue: 0.86),
                    segments: Int = Rules.segments.defaultValue, segmentGap: Double = Rules.segmentGap.defaultValue,
                    turnDuration: Double = Rules.turnDuration.defaultValue,
                    pressDuration: Double = Rules.pressDuration.defaultValue, pressScale: Double = Rules.pressScale.defaultValue,
                    resolveDuration: Double = Rules.resolveDuration.defaultValue,
                    reduceMotion: Bool = false, pulseOpacity: Double = Rules.pulseOpacity.defaultValue) {
            self.unseenLineWidth = Rules.unseenLineWidth.sanitize(unseenLineWidth)
            self.seenLineWidth = Rules.seenLineWidth.sanitize(seenLineWidth)
            self.gap = Rules.gap.sanitize(gap)
            self.unseenColors = unseenColors.isEmpty ? Configuration.instagramColors : unseenColors
            self.seenColor = seenColor
            seenColors = [seenColor]
            self.segments = Rules.segments.sanitize(segments)
            self.segmentGap = Rules.segmentGap.sanitize(segmentGap)
            self.turnDuration = Rules.turnDuration.sanitize(turnDuration)
            self.pressDuration = Rules.pressDuration.sanitize(pressDuration)
            self.pressScale = Rules.pressScale.sanitize(pressScale)
            self.resolveDuration = Rules.resolveDuration.sanitize(resolveDuration)
            self.reduceMotion = reduceMotion
            self.pulseOpacity = Rules.pulseOpacity.sanitize(pulseOpacity)
        }

        /// Instagram's ring gradient: #FEDA75, #FA7E1E, #D62976, #962FBF, #4F5BD5, and back to
        /// the first so the conic gradient closes.
        public static let instagramColors: [RGBAColor] = [
            RGBAColor(red: 0.996, green: 0.855, blue: 0.459), RGBAColor(red: 0.980, green: 0.494, blue: 0.118),
            RGBAColor(red: 0.839, green: 0.161, blue: 0.463), RGBAColor(red: 0.588, green: 0.184, blue: 0.749),
            RGBAColor(red: 0.310, green: 0.357, blue: 0.835), RGBAColor(red: 0.996, green: 0.855, blue: 0.459),
        ]

    }
}

// MARK: - StoryRing.Configuration + Rules

extension StoryRing.Configuration {
    /// Each setting's default and range, the one place they are written (``ValueRule``): a
    /// non-finite value gives the default, others are clamped into the range.
    public enum Rules {
        /// ``StoryRing/Configuration/unseenLineWidth``: points, 0.5…12, 2.5 by default.
        public static let unseenLineWidth = ValueRule<Double>(0.5...12, default: 2.5)
        /// ``StoryRing/Configuration/seenLineWidth``: points, 0.5…12, 1 by default.
        public static let seenLineWidth = ValueRule<Double>(0.5...12, default: 1)
        /// ``StoryRing/Configuration/gap``: points, 0…24, 3 by default.
        public static let gap = ValueRule<Double>(0...24, default: 3)
        /// ``StoryRing/Configuration/segmentGap``: a share of a segment's period, 0.05…0.9, 0.4
        ///   by default.
        public static let segmentGap = ValueRule<Double>(0.05...0.9, default: 0.4)
        /// ``StoryRing/Configuration/turnDuration``: seconds, 0.2…20, 1.2 by default.
        public static let turnDuration = ValueRule<Double>(0.2...20, default: 1.2)
        /// ``StoryRing/Configuration/pressDuration``: seconds, 0.01…2, 0.15 by default.
        public static let pressDuration = ValueRule<Double>(0.01...2, default: 0.15)
        /// ``StoryRing/Configuration/pressScale``: a scale, 0.5…1, 0.9 by default.
        public static let pressScale = ValueRule<Double>(0.5...1, default: 0.9)
        /// ``StoryRing/Configuration/resolveDuration``: seconds, 0.05…2, 0.3 by default.
        public static let resolveDuration = ValueRule<Double>(0.05...2, default: 0.3)
        /// ``StoryRing/Configuration/pulseOpacity``: an opacity, 0…1, 0.4 by default.
        public static let pulseOpacity = ValueRule<Double>(0...1, default: 0.4)
        /// ``StoryRing/Configuration/segments``: segments, 3…64, 12 by default.
        public static let segments = ValueRule<Int>(3...64, default: 12)
    }
}
