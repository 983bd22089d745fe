import MotionCore

/// A scripted sequence of touches, so a gesture-driven effect can be replayed exactly: in tests,
/// in golden renders and from the command line (`--gesture FILE`).
///
/// A script is a list of touch events with times in seconds and positions in points (scene
/// coordinates). Effects take the same events from a real gesture recognizer, so a script
/// reproduces what a finger did. In JSON:
///
/// ```json
/// {"events": [
///   {"phase": "began", "time": 0,    "x": 300, "y": 400},
///   {"phase": "moved", "time": 0.1,  "x": 220, "y": 402},
///   {"phase": "ended", "time": 0.12, "x": 200, "y": 403}
/// ]}
/// ```
///
/// The builders (``drag(from:to:start:duration:framesPerSecond:holdBeforeRelease:)``,
/// ``followed(by:after:)``) write the usual motions without listing samples by hand.
public struct GestureScript: Sendable, Hashable, Codable {
    /// The phase of one touch event, as `UITouch.Phase` reports it.
    public enum Phase: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// The finger came down.
        case began
        /// The finger moved.
        case moved
        /// The finger lifted.
        case ended
        /// The system cancelled the touch (an alert, a call).
        case cancelled
    }

    /// One touch sample.
    public struct Event: Sendable, Hashable, Codable {
        /// What happened.
        public var phase: Phase
        /// When, in seconds from the script's start.
        public var time: Double
        /// Horizontal position, in points.
        public var x: Double
        /// Vertical position, in points.
        public var y: Double

        /// Creates an event.
        public init(phase: Phase, time: Double, x: Double, y: Double) {
            self.phase = phase
            self.time = time
            self.x = x
            self.y = y
        }

        /// The position as a point.
        public var position: Point { Point(x: x, y: y) }

        private enum CodingKeys: String, CodingKey, CaseIterable { case phase, time, x, y }

        /// Decodes `{"phase", "time", "x", "y"}`, all required; any other key is an error.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(phase: try c.decode(Phase.self, forKey: .phase), time: try c.decode(Double.self, forKey: .time),
                      x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y))
        }
    }

    /// The events in time order.
    public var events: [Event]

    /// Creates a script from events; they are sorted by time (stable), so a hand-written file
    /// may list them in any order.
    public init(events: [Event]) {
        self.events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case events }

    /// Decodes `{"events": [...]}`; events are sorted by time as in ``init(events:)``.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(events: try c.decode([Event].self, forKey: .events))
    }

    /// The time of the last event, in seconds (0 for an empty script).
    public var duration: Double { events.last?.time ?? 0 }

    /// The events with `lower ≤ time < upper`: what happened during one frame.
    public func events(from lower: Double, to upper: Double) -> ArraySlice<Event> {
        let start = events.firstIndex { $0.time >= lower } ?? events.endIndex
        let end = events[start...].firstIndex { $0.time >= upper } ?? events.endIndex
        return events[start..<end]
    }
}

// MARK: - GestureScript + Builders

extension GestureScript {
    /// A straight drag: down at `from`, moving at a constant speed to `to` over `duration`
    /// seconds, sampled like a touch screen, then lifted (after resting `holdBeforeRelease`
    /// seconds, which makes the release velocity zero, as a finger that stopped).
    ///
    /// - Parameters:
    ///   - from: Where the finger comes down, in points.
    ///   - to: Where it lifts, in points.
    ///   - start: When it comes down, in seconds.
    ///   - duration: How long the move takes, in seconds (at least one sample).
    ///   - framesPerSecond: Touch sampling rate, in hertz (60 or 120 on iPhones).
    ///   - holdBeforeRelease: Seconds the finger rests at `to` before lifting.
    public static func drag(from: Point, to: Point, start: Double = 0, duration: Double,
                            framesPerSecond: Double = 120, holdBeforeRelease: Double = 0) -> GestureScript {
        let rate = framesPerSecond.isFinite && framesPerSecond > 0 ? framesPerSecond : 120
        let length = duration.isFinite && duration > 0 ? duration : 1 / rate
        let samples = max(1, Int((length * rate).rounded(.up)))
        var events = [Event(phase: .began, time: start, x: from.x, y: from.y)]
        for i in 1...samples {
            let f = Double(i) / Double(samples)
            let p = from.interpolated(to: to, fraction: f)
            events.append(Event(phase: .moved, time: start + length * f, x: p.x, y: p.y))
        }
        let hold = holdBeforeRelease.isFinite && holdBeforeRelease > 0 ? holdBeforeRelease : 0
        if hold > 0 {
            events.append(Event(phase: .moved, time: start + length + hold, x: to.x, y: to.y))
        }
        events.append(Event(phase: .ended, time: start + length + hold, x: to.x, y: to.y))
        return GestureScript(events: events)
    }

    /// This script followed by `next`, whose times are shifted to start `gap` seconds after this
    /// one ends.
    public func followed(by next: GestureScript, after gap: Double = 0) -> GestureScript {
        let offset = duration + (gap.isFinite ? max(0, gap) : 0) - (next.events.first?.time ?? 0)
        let shifted = next.events.map { Event(phase: $0.phase, time: $0.time + offset, x: $0.x, y: $0.y) }
        return GestureScript(events: events + shifted)
    }
}
