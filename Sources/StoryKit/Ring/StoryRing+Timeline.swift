import MotionCore
import RealModule

// MARK: - StoryRing + Timeline

extension StoryRing {
    /// The ring's animation groups, chained by begin time: what Core Animation plays and what
    /// ``frame(at:)`` samples.
    public struct Timeline: Sendable, Hashable {
        /// The press: the avatar shrinks and the segments open (ease-out), from the tap.
        public var press: MediaTiming?
        /// The endless loop: one full turn of the segments (linear), repeating from the tap; under
        /// Reduce Motion one opacity pulse instead.
        public var loop: MediaTiming?
        /// The resolution: from readiness (or the cancel) to rest.
        public var resolve: MediaTiming?
        /// The resolution's curves, one per channel, each from the value and velocity the
        /// channel had when it began to its rest value: a cubic with control points at ⅓ and ⅔ of
        /// the time (``TimingCurve/x1`` = ⅓, ``TimingCurve/x2`` = ⅔), which Core Animation plays
        /// as a `CAMediaTimingFunction`.
        public var resolveCurves: [Channel: Segment] = [:]
    }

    /// One animated value of the ring.
    public enum Channel: String, Sendable, Hashable, CaseIterable {
        /// How far the segments are open, 0 (a solid ring) … 1.
        case openness
        /// The segments' rotation, in radians, clockwise.
        case rotation
        /// The avatar's (and the ring's) scale.
        case scale
        /// The ring's opacity (Reduce Motion's pulse).
        case opacity
    }

    /// One channel's move during the resolution: from a value to another along a timing curve.
    public struct Segment: Sendable, Hashable {
        /// The value when the resolution begins.
        public var from: Double
        /// The value at rest.
        public var to: Double
        /// The timing curve over the resolution's duration.
        public var curve: TimingCurve

        /// The value at `progress` (0…1) of the resolution.
        public func value(at progress: Double) -> Double { from + (to - from) * curve.value(at: progress) }
    }

    /// The timeline of the current phase.
    public var timeline: Timeline {
        switch phase {
        case .idle:
            return Timeline()
        case .loading(let tap):
            return Timeline(press: pressTiming(tap), loop: loopTiming(tap))
        case .resolving(let tap, let from, _):
            var timeline = Timeline(press: pressTiming(tap), loop: loopTiming(tap),
                                    resolve: MediaTiming(beginTime: from, duration: configuration.resolveDuration, fillMode: .forwards))
            for channel in Channel.allCases {
                timeline.resolveCurves[channel] = resolveSegment(channel, tap: tap, from: from)
            }
            return timeline
        }
    }

    /// The press group's timing for a tap at `tap`.
    func pressTiming(_ tap: Double) -> MediaTiming {
        MediaTiming(beginTime: tap, duration: configuration.pressDuration, fillMode: .forwards)
    }

    /// The loop group's timing for a tap at `tap`.
    func loopTiming(_ tap: Double) -> MediaTiming {
        MediaTiming(beginTime: tap, duration: configuration.turnDuration, repeatCount: .infinity)
    }

    /// The press group's curve (ease-out), for a front-end that plays the timeline.
    public static let pressCurve = TimingCurve.easeOut

    /// A channel's value and velocity (per second) while loading after a tap at `tap`.
    func loadingValue(_ channel: Channel, tap: Double, at time: Double) -> (value: Double, velocity: Double) {
        let press = pressTiming(tap)
        let pressProgress = press.progress(forParentTime: time) ?? 0
        let pressing = time >= tap && time < tap + configuration.pressDuration
        let eased = Self.pressCurve.value(at: pressProgress)
        let easedRate = pressing ? Self.pressCurve.slope(at: pressProgress) / configuration.pressDuration : 0
        let loop = loopTiming(tap).progress(forParentTime: time) ?? 0
        let turnRate = 2 * Double.pi / configuration.turnDuration
        let reduce = configuration.reduceMotion
        switch channel {
        case .openness:
            return reduce ? (0, 0) : (eased, easedRate)
        case .scale:
            let depth = configuration.pressScale - 1
            return (1 + depth * eased, depth * easedRate)
        case .rotation:
            return reduce ? (0, 0) : (2 * Double.pi * loop, turnRate)
        case .opacity:
            guard reduce else { return (1, 0) }
            let depth = 1 - configuration.pulseOpacity
            let angle = 2 * Double.pi * loop
            return (1 - depth * (1 - Double.cos(angle)) / 2, -depth * Double.sin(angle) / 2 * turnRate)
        }
    }

    /// A channel's resolution for a tap at `tap` resolved from `from`.
    func resolveSegment(_ channel: Channel, tap: Double, from: Double) -> Segment {
        let (value, velocity) = loadingValue(channel, tap: tap, at: from)
        let duration = configuration.resolveDuration
        let rest: Double
        switch channel {
        case .openness: rest = 0
        case .scale, .opacity: rest = 1
        case .rotation: rest = value + velocity * duration / 2   // decelerating evenly to a stop
        }
        let distance = rest - value
        guard abs(distance) > 1e-12 else {
            return Segment(from: value, to: rest, curve: TimingCurve(x1: 1.0 / 3, y1: 0, x2: 2.0 / 3, y2: 1))
        }
        // A cubic in time from (value, velocity) to (rest, 0): with x1 = ⅓ and x2 = ⅔ the curve's
        // x is the time itself, and its slope at 0 is 3·y1.
        // Outside the rotation, a start speed far above what the distance allows (readiness a
        // moment after the tap, or a press much shorter than the resolution) would swing the value
        // well past its range: |y1| ≤ 3 bounds the swing.
        var y1 = velocity * duration / (3 * distance)
        if channel != .rotation { y1 = Swift.min(Swift.max(y1, -3), 3) }
        if channel == .scale, y1 < 0 {
            // Moving away from rest first, the curve dips below its start by at most
            // 4/9 · |y1| · distance: keep the avatar above half the press scale.
            let room = Swift.max(value - configuration.pressScale / 2, 0)
            y1 = Swift.max(y1, -room / (4.0 / 9 * abs(distance)))
        }
        return Segment(from: value, to: rest, curve: TimingCurve(x1: 1.0 / 3, y1: y1, x2: 2.0 / 3, y2: 1))
    }

    /// A channel's value at `time`.
    public func value(_ channel: Channel, at time: Double) -> Double {
        switch phase {
        case .idle:
            return channel == .openness || channel == .rotation ? 0 : 1
        case .loading(let tap):
            return loadingValue(channel, tap: tap, at: Swift.max(time, tap)).value
        case .resolving(let tap, let from, _):
            guard time >= from else { return loadingValue(channel, tap: tap, at: Swift.max(time, tap)).value }
            let segment = resolveSegment(channel, tap: tap, from: from)
            let progress = Swift.min((time - from) / configuration.resolveDuration, 1)
            return segment.value(at: progress)
        }
    }
}
