/// The resistance a scroll view shows when dragged past its edge.
///
/// UIScrollView maps a drag of `x` points beyond the edge to a visible offset
/// `f(x) = (1 − 1 / (x·c/d + 1))·d`, where `d` is the dimension of the view along the drag and
/// `c` a constant, 0.55 in UIKit. The formula was reverse-engineered by Grant Paul
/// (squareb.wordpress.com, 2013) and is the one b3ll/Motion uses. It starts with slope `c` and
/// approaches `d` but never reaches it, so the further the finger goes the less the view follows.
///
/// ```swift
/// RubberBand.offset(100, dimension: 300)              // 46.48 pt for a 100 pt overshoot
/// RubberBand.clamp(-100, to: 0...500, dimension: 300)  // -46.48
/// ```
///
/// ``clamp(_:to:dimension:constant:)`` is the identity inside the range and rubber-bands
/// outside. It is continuous at the edges, but its slope drops from 1 to `c` there, exactly as
/// UIScrollView's: the resistance starts the moment the edge is passed.
///
/// Bad input never produces NaN: a dimension that is zero, negative or NaN gives no travel beyond
/// the edge; a constant that is zero, negative or not finite gives 0.55; a NaN overshoot gives
/// zero offset, and a NaN value clamps to the range's lower bound.
public enum RubberBand {
    /// UIScrollView's rubber-band constant, 0.55: the slope of the offset at the edge.
    public static let defaultConstant = 0.55

    /// The constant itself in `1e-6…1` (above 1 the band would move a view further than the
    /// finger, the opposite of resistance), 0.55 when zero, negative or not finite.
    @usableFromInline
    static func sanitized(_ constant: Double) -> Double {
        constant > 0 && constant.isFinite ? Swift.min(Swift.max(constant, 1e-6), 1) : defaultConstant
    }

    /// The visible offset beyond the edge for a drag that overshoots it by `overshoot`.
    ///
    /// Computes `f(x) = (1 − 1 / (x·c/d + 1))·d = d / (1 + d / (c·|x|))` with the sign of `x`:
    /// odd-symmetric, increasing, `f(0) = 0`, slope `c` at 0, and `|f(x)| < d`.
    ///
    /// - Parameters:
    ///   - overshoot: How far the finger is past the edge, in points; negative overshoots give
    ///     negative offsets. NaN gives 0; `±∞` gives `±dimension` (with an infinite dimension,
    ///     `±Double.greatestFiniteMagnitude`: the result is always finite).
    ///   - dimension: The size of the view along the drag, in points: the limit the offset
    ///     approaches. Zero, negative or NaN gives 0 for every overshoot; `+∞` gives the linear
    ///     `c·x`.
    ///   - constant: The slope at the edge, UIKit's 0.55 by default; zero, negative or non-finite
    ///     gives 0.55, and positive values are clamped into `1e-6…1`.
    /// - Returns: The offset beyond the edge, in points, with the sign of `overshoot`.
    @inlinable
    public static func offset(_ overshoot: Double, dimension: Double, constant: Double = defaultConstant) -> Double {
        guard dimension > 0, !overshoot.isNaN else { return 0 }
        let c = sanitized(constant)
        let x = abs(overshoot)
        // An infinite dimension is linear, c·x, which stays finite even for an infinite overshoot.
        let travel = dimension.isFinite ? dimension / (1 + dimension / (c * x)) : Swift.min(c * x, .greatestFiniteMagnitude)
        return overshoot < 0 ? -travel : travel
    }

    /// The overshoot that produces a visible `offset`: the inverse of
    /// ``offset(_:dimension:constant:)``.
    ///
    /// Use it when a finger grabs a view that is rubber-banded part way, so the gesture continues
    /// from the finger position that would have put the view there:
    /// `x = y·d / (c·(d − |y|))` with the sign of `y`.
    ///
    /// - Parameters:
    ///   - offset: The visible offset beyond the edge, in points. NaN gives 0. Offsets at or beyond
    ///     `±dimension` (unreachable) are treated as `±dimension·(1 − 1e-12)` and give a very
    ///     large overshoot, at most `±Double.greatestFiniteMagnitude`.
    ///   - dimension: As in ``offset(_:dimension:constant:)``; zero, negative or NaN gives 0.
    ///   - constant: As in ``offset(_:dimension:constant:)``.
    /// - Returns: The overshoot, in points, with the sign of `offset`.
    @inlinable
    public static func overshoot(forOffset offset: Double, dimension: Double, constant: Double = defaultConstant) -> Double {
        guard dimension > 0, !offset.isNaN else { return 0 }
        let c = sanitized(constant)
        let x: Double
        if dimension.isFinite {
            // With r = |y|/d: x = r·d / (c·(1 − r)), r kept below 1.
            let ratio = Swift.min(abs(offset) / dimension, 1 - 1e-12)
            x = Swift.min(ratio * dimension / (c * (1 - ratio)), .greatestFiniteMagnitude)
        } else {
            x = Swift.min(abs(offset) / c, .greatestFiniteMagnitude)
        }
        return offset < 0 ? -x : x
    }

    /// The slope `f′(x) = c / (1 + c·|x|/d)²` of the offset at `overshoot`: how many points the
    /// view moves per point of finger movement there.
    ///
    /// Multiply a finger's velocity by it to get the rubber-banded view's velocity, for example
    /// to hand a release velocity to a ``SpringMotion``.
    ///
    /// - Parameters:
    ///   - overshoot: How far the finger is past the edge, in points; NaN gives the slope at 0.
    ///   - dimension: As in ``offset(_:dimension:constant:)``; zero, negative or NaN gives 0.
    ///   - constant: As in ``offset(_:dimension:constant:)``.
    /// - Returns: The slope, in `0…c`.
    @inlinable
    public static func slope(atOvershoot overshoot: Double, dimension: Double, constant: Double = defaultConstant) -> Double {
        guard dimension > 0 else { return 0 }
        let c = sanitized(constant)
        let x = overshoot.isNaN ? 0 : abs(overshoot)
        guard x.isFinite else { return 0 }
        let stretch = 1 + c * (x / dimension)
        return c / (stretch * stretch)
    }

    /// `value` kept inside `range`, rubber-banding beyond its ends.
    ///
    /// The identity inside `range`; past an end, the end plus ``offset(_:dimension:constant:)`` of
    /// the overshoot. Continuous, increasing, and never more than `dimension` outside the range.
    ///
    /// ```swift
    /// // A sheet that may move 0…500 pt, dragged to 600 pt on a 300 pt tall view:
    /// RubberBand.clamp(600, to: 0...500, dimension: 300)  // 546.48
    /// ```
    ///
    /// - Parameters:
    ///   - value: The unconstrained value, in points (for example the finger's position). NaN
    ///     gives the range's lower bound (the upper when the lower is infinite, 0 when both are).
    ///   - range: The values reachable without resistance.
    ///   - dimension: As in ``offset(_:dimension:constant:)``.
    ///   - constant: As in ``offset(_:dimension:constant:)``.
    /// - Returns: The rubber-banded value, in points.
    @inlinable
    public static func clamp(
        _ value: Double, to range: ClosedRange<Double>, dimension: Double, constant: Double = defaultConstant
    ) -> Double {
        if value > range.upperBound {
            return range.upperBound + offset(value - range.upperBound, dimension: dimension, constant: constant)
        }
        if value < range.lowerBound {
            return range.lowerBound - offset(range.lowerBound - value, dimension: dimension, constant: constant)
        }
        guard value.isNaN else { return value }
        return range.lowerBound.isFinite ? range.lowerBound : (range.upperBound.isFinite ? range.upperBound : 0)
    }

    /// The unconstrained value that ``clamp(_:to:dimension:constant:)`` maps to `clamped`: its
    /// inverse.
    ///
    /// Use it when a gesture grabs a view that is rubber-banded past an end, to recover the
    /// finger position the gesture should continue from.
    ///
    /// - Parameters:
    ///   - clamped: A rubber-banded value, in points. NaN gives the range's lower bound (as in
    ///     ``clamp(_:to:dimension:constant:)``).
    ///   - range: The range passed to ``clamp(_:to:dimension:constant:)``.
    ///   - dimension: As in ``offset(_:dimension:constant:)``.
    ///   - constant: As in ``offset(_:dimension:constant:)``.
    /// - Returns: The unconstrained value, in points.
    @inlinable
    public static func unclamp(
        _ clamped: Double, from range: ClosedRange<Double>, dimension: Double, constant: Double = defaultConstant
    ) -> Double {
        if clamped > range.upperBound {
            return range.upperBound + overshoot(forOffset: clamped - range.upperBound, dimension: dimension, constant: constant)
        }
        if clamped < range.lowerBound {
            return range.lowerBound - overshoot(forOffset: range.lowerBound - clamped, dimension: dimension, constant: constant)
        }
        guard clamped.isNaN else { return clamped }
        return range.lowerBound.isFinite ? range.lowerBound : (range.upperBound.isFinite ? range.upperBound : 0)
    }
}
