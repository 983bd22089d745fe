import RealModule

/// The shorter great-circle arc between two rotation quaternions, prepared once so that each
/// spherical linear interpolation along it costs two sines and a few multiplications.
///
/// Both ends are normalized (a zero or non-finite quaternion counts as no rotation) and the end
/// is negated when `start · end < 0`, so the path never exceeds 180° of rotation (WebKit's
/// `slerp`). The angle between them is `θ = 2·atan2(|a − b|, |a + b|)`, accurate even for nearly
/// equal rotations; for unit vectors `|a − b| = 2 sin(θ/2)` and `|a + b| = 2 cos(θ/2)`, so
/// `sin θ = |a − b|·|a + b| / 2` needs no call. Below `sin θ < 1e-12` the arc is treated as a
/// straight segment (K. Shoemake, *Animating Rotation with Quaternion Curves*, SIGGRAPH 1985).
struct QuaternionArc: Sendable, Hashable {
    /// The unit quaternion at fraction 0.
    let start: Vector4
    /// The unit quaternion at fraction 1, in the same hemisphere as ``start``.
    let end: Vector4
    /// The angle `θ` between the two as 4-vectors, in radians (0…π/2; half the rotation angle).
    let angle: Double
    /// `1 / sin θ`, or 0 when the arc is so short that it is blended linearly.
    let inverseSinAngle: Double

    /// Prepares the arc from `a` to `b` (normalized and aligned; see the type's discussion).
    init(from a: Vector4, to b: Vector4) {
        let identity = Vector4(x: 0, y: 0, z: 0, w: 1)
        let lengthA = a.magnitude, lengthB = b.magnitude
        let qa = lengthA > 0 && lengthA.isFinite ? a * (1 / lengthA) : identity
        var qb = lengthB > 0 && lengthB.isFinite ? b * (1 / lengthB) : identity
        if qa.dot(qb) < 0 { qb = qb * -1 }
        let chord = (qa - qb).magnitude, sum = (qa + qb).magnitude
        let sinAngle = chord * sum / 2
        start = qa
        end = qb
        angle = 2 * Double.atan2(y: chord, x: sum)
        inverseSinAngle = sinAngle < 1e-12 ? 0 : 1 / sinAngle
    }

    /// The weights of ``start`` and ``end`` at fraction `t`: `sin((1 − t)θ)/sin θ` and
    /// `sin(tθ)/sin θ`, or `1 − t` and `t` on a straight (very short) arc.
    ///
    /// Callers evaluate the weights first, before other work: the library `sin` (taken only far
    /// outside 0…1) then has nothing to keep across its call.
    ///
    /// - Parameter t: The fraction; must be finite. Outside 0…1 the weights continue around the
    ///   great circle.
    /// - Returns: The weights `(a, b)` of ``quaternion(weights:)``.
    @inline(__always)
    func weights(at t: Double) -> (start: Double, end: Double) {
        guard inverseSinAngle != 0 else { return (1 - t, t) }
        return (Self.sine((1 - t) * angle) * inverseSinAngle, Self.sine(t * angle) * inverseSinAngle)
    }

    /// `sin x`, by its Taylor polynomial through `x²¹/21!` for `|x| ≤ π/2` and by `Double.sin`
    /// beyond.
    ///
    /// On `|x| ≤ π/2` the first omitted term bounds the truncation, `(π/2)²³/23! < 1.3e-18`, far
    /// below rounding; the reciprocal factorials are summed by Estrin's scheme, so the dependency
    /// chain is four multiply–adds deep instead of ten. Measured against glibc's `sin` at four
    /// million points of `[−π/2, π/2]` the result is within 3 ulp (3.4e-16). The fractions 0…1 of
    /// an arc (`θ ≤ π/2`) always land here, so the per-frame path makes no library call;
    /// extrapolation far outside 0…1 takes the library call.
    @inline(__always)
    static func sine(_ x: Double) -> Double {
        guard abs(x) <= 1.5707963267948966 else { return Double.sin(x) }
        // sin x = x − x·y·P(y) with y = x² and P(y) = Σₖ (−y)ᵏ / (2k + 3)!, k = 0…9.
        let y = x * x, y2 = y * y
        let y4 = y2 * y2
        let a0 = 1 / 6.0 - y * (1 / 120.0), a1 = 1 / 5040.0 - y * (1 / 362_880.0)
        let a2 = 1 / 39_916_800.0 - y * (1 / 6_227_020_800.0)
        let a3 = 1 / 1_307_674_368_000.0 - y * (1 / 355_687_428_096_000.0)
        let a4 = 1 / 121_645_100_408_832_000.0 - y * (1 / 51_090_942_171_709_440_000.0)
        let b0 = a0 + y2 * a1, b1 = a2 + y2 * a3
        let p = (b0 + y4 * b1) + (y4 * y4) * a4
        return x - x * y * p
    }

    /// The quaternion `start·a + end·b` for the weights of ``weights(at:)``, **not**
    /// renormalized.
    ///
    /// On the arc the length is 1 up to rounding; on a straight (very short) arc it dips below 1
    /// by at most about `1e-25` for `t` in 0…1. Callers that need a unit quaternion normalize;
    /// recomposition (``Transform3D/recomposed(translation:scale:skew:perspective:quaternion:)``)
    /// does so for free.
    @inline(__always)
    func quaternion(weights: (start: Double, end: Double)) -> Vector4 {
        let (a, b) = weights
        return Vector4(x: start.x * a + end.x * b, y: start.y * a + end.y * b,
                       z: start.z * a + end.z * b, w: start.w * a + end.w * b)
    }

    /// The quaternion `t` of the way along the arc, **not** renormalized (see
    /// ``quaternion(weights:)``).
    ///
    /// - Parameter t: The fraction; must be finite.
    /// - Returns: `start·sin((1 − t)θ)/sin θ + end·sin(tθ)/sin θ`.
    @inline(__always)
    func quaternion(at t: Double) -> Vector4 {
        quaternion(weights: weights(at: t))
    }
}
