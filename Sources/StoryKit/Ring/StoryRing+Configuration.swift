import MotionCore

// MARK: - StoryRing + Configuration

extension StoryRing {
    /// The ring's look and timing. Lengths in points, times in seconds; each value is clamped
    /// to its range (non-finite values give the default).
    public struct Configuration: Sendable, Hashable {
        /// The unseen ring's line width, 0.5…12; 2.5 by default.
        public var unseenLineWidth: Double { didSet { unseenLineWidth = unseenLineWidth.finite(or: 2.5).clamped(to: 0.5...12) } }
        /// The seen ring's line width, 0.5…12; 1 by default.
        public var seenLineWidth: Double { didSet { seenLineWidth = seenLineWidth.finite(or: 1).clamped(to: 0.5...12) } }
        /// The space between the avatar and the ring's inner edge, 0…24; 3 by default.
        public var gap: Double { didSet { gap = gap.finite(or: 3).clamped(to: 0...24) } }
        /// The unseen ring's gradient, clockwise from the bottom left (Instagram's: yellow,
        /// orange, pink, purple, blue).
        public var unseenColors: [RGBAColor]
        /// The seen ring's colour; light grey by default.
        public var seenColor: RGBAColor { didSet { seenColors = [seenColor] } }
        /// ``seenColor`` as the one stop of a frame's colours, kept so that sampling a frame
        /// allocates nothing.
        var seenColors: [RGBAColor]
        /// The segments of the loading ring, 3…64; 12 by default.
        public var segments: Int { didSet { segments = Swift.min(Swift.max(segments, 3), 64) } }
        /// The share of each segment's period that is gap while loading, 0.05…0.9; 0.4 by
        /// default.
        public var segmentGap: Double { didSet { segmentGap = segmentGap.finite(or: 0.4).clamped(to: 0.05...0.9) } }
        /// Seconds per full turn of the loading segments, 0.2…20; 1.2 by default.
        public var turnDuration: Double { didSet { turnDuration = turnDuration.finite(or: 1.2).clamped(to: 0.2...20) } }
        /// Seconds the press takes (the avatar shrinking, the segments opening), 0.01…2; 0.15
        /// by default.
        public var pressDuration: Double { didSet { pressDuration = pressDuration.finite(or: 0.15).clamped(to: 0.01...2) } }
        /// The avatar's scale while loading, 0.5…1; 0.9 by default.
        public var pressScale: Double { didSet { pressScale = pressScale.finite(or: 0.9).clamped(to: 0.5...1) } }
        /// Seconds the resolution takes, 0.05…2; 0.3 by default.
        public var resolveDuration: Double { didSet { resolveDuration = resolveDuration.finite(or: 0.3).clamped(to: 0.05...2) } }
        /// Reduce Motion: the ring pulses in opacity instead of turning in segments.
        public var reduceMotion: Bool
        /// The lowest opacity of the Reduce Motion pulse, 0…1; 0.4 by default.
        public var pulseOpacity: Double { didSet { pulseOpacity = pulseOpacity.finite(or: 0.4).clamped(to: 0...1) } }

        /// A configuration; see each property for its range and default.
        public init(unseenLineWidth: Double = 2.5, seenLineWidth: Double = 1, gap: Double = 3,
                    unseenColors: [RGBAColor] = Configuration.instagramColors,
                    seenColor: RGBAColor = RGBAColor(red: 0.86, green: 0.86, blue: 0.86),
                    segments: Int = 12, segmentGap: Double = 0.4, turnDuration: Double = 1.2,
                    pressDuration: Double = 0.15, pressScale: Double = 0.9, resolveDuration: Double = 0.3,
                    reduceMotion: Bool = false, pulseOpacity: Double = 0.4) {
            self.unseenLineWidth = unseenLineWidth.finite(or: 2.5).clamped(to: 0.5...12)
            self.seenLineWidth = seenLineWidth.finite(or: 1).clamped(to: 0.5...12)
            self.gap = gap.finite(or: 3).clamped(to: 0...24)
            self.unseenColors = unseenColors.isEmpty ? Configuration.instagramColors : unseenColors
            self.seenColor = seenColor
            seenColors = [seenColor]
            self.segments = Swift.min(Swift.max(segments, 3), 64)
            self.segmentGap = segmentGap.finite(or: 0.4).clamped(to: 0.05...0.9)
            self.turnDuration = turnDuration.finite(or: 1.2).clamped(to: 0.2...20)
            self.pressDuration = pressDuration.finite(or: 0.15).clamped(to: 0.01...2)
            self.pressScale = pressScale.finite(or: 0.9).clamped(to: 0.5...1)
            self.resolveDuration = resolveDuration.finite(or: 0.3).clamped(to: 0.05...2)
            self.reduceMotion = reduceMotion
            self.pulseOpacity = pulseOpacity.finite(or: 0.4).clamped(to: 0...1)
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
