import MotionCore

// MARK: - StoryRing + Frame

extension StoryRing {
    /// The ring's geometry at one time, for any front-end: what a `CAShapeLayer` stroke (masking
    /// a conic `CAGradientLayer`) and the avatar's transform must be.
    public struct Frame: Sendable, Hashable {
        /// Which ring shows (``Status/none``: none).
        public var status: Status
        /// The ring's line width, in points.
        public var lineWidth: Double
        /// How far the loading segments are open: 0, a solid ring; 1, segments with
        /// ``Configuration/segmentGap`` of each period empty.
        public var openness: Double
        /// The segments' rotation, in radians, clockwise.
        public var rotation: Double
        /// The avatar's scale about its centre (the ring follows it).
        public var avatarScale: Double
        /// The ring's opacity, 0…1.
        public var ringOpacity: Double
        /// The ring's colours: the unseen gradient (conic, clockwise from the bottom left), or
        /// the seen colour alone.
        public var colors: [RGBAColor]
        /// The number of segments while loading.
        public var segments: Int
        /// The share of a segment's period that is gap when fully open.
        public var segmentGap: Double

        /// The stroke's dash pattern on a circle of `radius` points: `[dash, gap]` in points, or
        /// empty for a solid ring. The pattern's period is the circumference over
        /// ``segments``, whatever the openness, so the segments never jump.
        public func dashPattern(radius: Double) -> [Double] {
            dash(radius: radius).map { [$0.length, $0.gap] } ?? []
        }

        /// ``dashPattern(radius:)`` without an array: the dash and gap lengths in points, or
        /// `nil` for a solid ring.
        public func dash(radius: Double) -> (length: Double, gap: Double)? {
            let gap = openness * segmentGap
            guard gap > 1e-9, radius > 0, radius.isFinite else { return nil }
            let period = 2 * Double.pi * radius / Double(segments)
            return (period * (1 - gap), period * gap)
        }

        /// The stroke's dash phase on a circle of `radius` points: the rotation as arc length
        /// (`−rotation · radius`), brought into one pattern period (the pattern repeats exactly
        /// once per segment).
        public func dashPhase(radius: Double) -> Double {
            guard radius > 0 else { return 0 }
            let period = 2 * Double.pi * radius / Double(segments)
            let phase = (-rotation * radius).truncatingRemainder(dividingBy: period)
            return phase < 0 ? phase + period : phase
        }

        /// The radius of the ring's centre line around an avatar of `diameter` points (before
        /// the avatar's scale): half the scaled avatar, the gap, half the line width.
        public func ringRadius(avatarDiameter diameter: Double, gap: Double) -> Double {
            Swift.max(diameter, 0) / 2 * avatarScale + gap + lineWidth / 2
        }
    }

    /// The ring's geometry at `time` (seconds) in its current phase: loading and resolving are
    /// sampled at any time after their tap (an hour on, as precisely as at the start); once the
    /// ring is back at rest (``advance(to:)`` past the resolution) it is the ring at rest.
    public func frame(at time: Double) -> Frame {
        let time = time.isFinite ? time : self.time
        let lineWidth: Double, colors: [RGBAColor]
        switch status {
        case .unseen: (lineWidth, colors) = (configuration.unseenLineWidth, configuration.unseenColors)
        case .seen: (lineWidth, colors) = (configuration.seenLineWidth, configuration.seenColors)
        case .none: (lineWidth, colors) = (0, [])
        }
        return Frame(status: status, lineWidth: lineWidth, openness: Swift.min(Swift.max(value(.openness, at: time), 0), 1),
                     rotation: value(.rotation, at: time), avatarScale: Swift.max(value(.scale, at: time), 0),
                     ringOpacity: Swift.min(Swift.max(value(.opacity, at: time), 0), 1),
                     colors: colors, segments: configuration.segments, segmentGap: configuration.segmentGap)
    }
}
