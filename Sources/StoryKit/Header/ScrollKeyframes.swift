import MotionCore

/// Values keyed by a scroll offset: the building block of scroll-driven effects such as
/// ``StretchyHeader``.
///
/// A track is a list of keyframes (offset → value). Between two keyframes the value is
/// interpolated, eased by the later keyframe's ``Keyframe/curve``; before the first and after the
/// last it either holds the end value (``Extrapolation/clamp``) or continues the end segment's
/// straight line (``Extrapolation/extend``, e.g. a stretch that grows for as long as the user
/// pulls). Two keyframes at the same offset make a step: below it the earlier value, from it on
/// the later one. There is no clock and no state: the value at an offset is always the same, so a
/// scroll view can jump, bounce or go backwards and the effect follows exactly.
///
/// ```swift
/// // The header moves up with the content until 106 pt, then sticks.
/// let lift = ScrollKeyframes<Double>([.init(offset: 0, value: 0), .init(offset: 106, value: -106)])
/// lift.value(at: -40)   // 0
/// lift.value(at: 50)    // -50
/// lift.value(at: 900)   // -106
/// ```
///
/// Evaluating a track allocates nothing; keep tracks built once per layout, not per frame.
public struct ScrollKeyframes<Value: Interpolatable & Sendable & Hashable>: Sendable, Hashable {
    /// One value at one offset.
    public struct Keyframe: Sendable, Hashable {
        /// The scroll offset, in points.
        public var offset: Double
        /// The value there.
        public var value: Value
        /// The easing of the segment that ends here (from the previous keyframe), as a
        /// `CAMediaTimingFunction` eases time; linear by default. Unused on the first keyframe.
        public var curve: TimingCurve

        /// A keyframe; see each property.
        public init(offset: Double, value: Value, curve: TimingCurve = .linear) {
            self.offset = offset
            self.value = value
            self.curve = curve
        }
    }

    /// What the track does beyond its first or last keyframe.
    public enum Extrapolation: Sendable, Hashable {
        /// Holds the end keyframe's value.
        case clamp
        /// Continues the end segment's straight line (its easing is ignored out there); a single
        /// keyframe, or an end segment shorter than ``ScrollKeyframes/minimumExtendedSpan``,
        /// holds its value instead.
        case extend
    }

    /// The keyframes, in increasing offset; keyframes with a non-finite offset were dropped.
    public let keyframes: [Keyframe]
    /// What happens below the first keyframe's offset.
    public let before: Extrapolation
    /// What happens above the last keyframe's offset.
    public let after: Extrapolation

    /// The shortest end segment that ``Extrapolation/extend`` continues, in points (10⁻⁶); a
    /// shorter one holds its end value, as a zero-length one does.
    public static var minimumExtendedSpan: Double { 1e-6 }

    /// The largest offset magnitude looked at, in points (10⁹); larger offsets, infinities
    /// included, count as this.
    public static var offsetLimit: Double { 1e9 }

    /// A track.
    ///
    /// - Parameters:
    ///   - keyframes: In any order: they are sorted by offset (keyframes at equal offsets keep
    ///     their order, making a step). Keyframes whose offset is not finite are dropped.
    ///   - before: Below the first keyframe; holds its value by default.
    ///   - after: Above the last keyframe; holds its value by default.
    ///   - fallback: The value of a track left with no keyframes.
    public init(_ keyframes: [Keyframe], before: Extrapolation = .clamp, after: Extrapolation = .clamp, fallback: Value? = nil) {
        var kept = keyframes.enumerated().filter { $0.element.offset.isFinite }
        kept.sort { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
        var frames = kept.map(\.element)
        if frames.isEmpty, let fallback { frames = [Keyframe(offset: 0, value: fallback)] }
        self.keyframes = frames
        self.before = before
        self.after = after
    }

    /// A track that is `value` at every offset.
    public init(constant value: Value) {
        self.init([Keyframe(offset: 0, value: value)])
    }

    /// The value at `offset` (points): interpolated between the keyframes around it, eased by the
    /// later one's curve, or extrapolated as ``before`` and ``after`` say. NaN counts as the first
    /// keyframe's offset.
    ///
    /// - Precondition: The track has at least one keyframe (a track built with a `fallback`
    ///   always has).
    public func value(at offset: Double) -> Value {
        let count = keyframes.count
        precondition(count > 0, "a ScrollKeyframes track with no keyframes has no value; give it a fallback")
        let first = keyframes[0]
        let offset = offset.isNaN ? first.offset : offset.clamped(to: -Self.offsetLimit...Self.offsetLimit)
        if offset < first.offset {
            guard before == .extend, count > 1 else { return first.value }
            return Self.line(first, keyframes[1], at: offset)
        }
        let last = keyframes[count - 1]
        if offset >= last.offset {
            guard after == .extend, count > 1, offset > last.offset else { return last.value }
            return Self.line(keyframes[count - 2], last, at: offset)
        }
        // The segment (i − 1, i] with keyframes[i - 1].offset <= offset < keyframes[i].offset.
        var low = 0, high = count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if keyframes[mid].offset <= offset { low = mid } else { high = mid }
        }
        let a = keyframes[low], b = keyframes[high]
        let span = b.offset - a.offset
        guard span > 0 else { return b.value }
        let progress = (offset - a.offset) / span
        // A linear segment skips the Bézier solve: exact, and cheaper.
        return a.value.interpolated(to: b.value, fraction: b.curve == .linear ? progress : b.curve.value(at: progress))
    }

    /// The straight line through two keyframes, at `offset`.
    private static func line(_ a: Keyframe, _ b: Keyframe, at offset: Double) -> Value {
        let span = b.offset - a.offset
        // A segment shorter than a millionth of a point is a step here: its line would be
        // steeper than any value can follow (5e-324 pt apart, it gave 0 or infinity).
        guard span >= minimumExtendedSpan else { return offset < a.offset ? a.value : b.value }
        return a.value.interpolated(to: b.value, fraction: (offset - a.offset) / span)
    }
}
