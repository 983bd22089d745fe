import MotionCore

// MARK: - GestureScript + Plausibility

extension GestureScript {
    /// The longest pause between two samples of one touch that still reads as seconds: touch
    /// screens report a moving finger at 60–120 Hz, so a gap this long between `began` and `ended`
    /// means the times were written in milliseconds (16 ms became 16 s).
    public static let longestPlausibleSampleGap = 5.0

    /// The first event that suggests the script was written in other units than seconds and
    /// points, as a one-line warning, or `nil` when it looks right.
    ///
    /// Such a script decodes and replays without error, but shows a minute of nothing or a finger
    /// far off the page, so a command-line tool prints this before rendering:
    /// - a sample more than ``longestPlausibleSampleGap`` seconds after the previous sample of the
    ///   same touch: the times look like milliseconds;
    /// - a position more than half a page outside the page: the positions look like pixels
    ///   rather than points.
    ///
    /// - Parameter pageSize: The page the touches fall on, in points.
    /// - Returns: For example `the moved event at 16 s comes 16 s after the previous sample of
    ///   its touch: times are in seconds (16 ms is 0.016)`.
    public func implausibleEventWarning(pageSize: Size) -> String? {
        var previousInTouch: Event?
        for event in events {
            if let previous = previousInTouch, event.phase != .began,
               event.time - previous.time > Self.longestPlausibleSampleGap {
                let gap = event.time - previous.time
                return "the \(event.phase.rawValue) event at \(Self.format(event.time)) s comes \(Self.format(gap)) s "
                    + "after the previous sample of its touch: times are in seconds "
                    + "(\(Self.format(gap)) ms is \(Self.format(gap / 1_000)))"
            }
            let width = pageSize.width, height = pageSize.height
            if width > 0, height > 0,
               event.x < -width / 2 || event.x > width * 1.5 || event.y < -height / 2 || event.y > height * 1.5 {
                return "the \(event.phase.rawValue) event at \(Self.format(event.time)) s is at "
                    + "(\(Self.format(event.x)), \(Self.format(event.y))), far outside the "
                    + "\(Self.format(width))×\(Self.format(height)) pt page: positions are in points, not pixels"
            }
            previousInTouch = event.phase == .ended || event.phase == .cancelled ? nil : event
        }
        return nil
    }

    /// A number with up to three decimals and no trailing zeros: 16, 0.016, 2.5.
    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let rounded = (value * 1_000).rounded() / 1_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return "\(rounded)"
    }
}
