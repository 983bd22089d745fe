import MotionCore
import Numerics

/// Tolerance-based comparison for tests; `Equatable` stays exact in the library.
public enum Approximately {
    /// Whether `a` and `b` differ by at most `absolute` (and are both finite, or identical).
    public static func equal(_ a: Double, _ b: Double, absolute: Double = 1e-9) -> Bool {
        if a == b { return true }
        return a.isApproximatelyEqual(to: b, absoluteTolerance: absolute, relativeTolerance: 0)
    }

    /// Whether every component of `a` and `b` is within `absolute`.
    public static func equal<V: AnimatableVector>(_ a: V, _ b: V, absolute: Double = 1e-9) -> Bool {
        let d = (a - b).magnitudeSquared
        return d.isFinite && d.squareRoot() <= absolute
    }
}
