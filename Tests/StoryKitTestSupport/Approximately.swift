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

    /// Whether every one of the 16 entries of `a` and `b` is within `absolute`.
    public static func equal(_ a: Transform3D, _ b: Transform3D, absolute: Double = 1e-9) -> Bool {
        let entries: [KeyPath<Transform3D, Double>] = [
            \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24,
            \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44,
        ]
        return entries.allSatisfy { equal(a[keyPath: $0], b[keyPath: $0], absolute: absolute) }
    }
}
