/// A blend between two transforms, prepared once and evaluated every frame, the way Core
/// Animation animates a layer's `transform`.
///
/// This is the per-frame path for animating a ``Transform3D``: create one interpolation when the
/// animation starts and call ``transform(at:)`` with the (eased or sprung) progress on each frame.
/// Creating it does the expensive work once — both ends are decomposed into
/// ``Transform3D/Components``, the rotation quaternions are aligned for the shorter arc and the
/// slerp angle and `1 / sin θ` are stored — so each frame costs two polynomial sines and about a
/// hundred multiplications, with no allocation and no library call (about 70 ns, four
/// ``Transform3D/concat(_:_:)``s, in a release build on x86-64 Linux; creating one costs about
/// 500 ns).
/// ``Transform3D/interpolated(to:fraction:)`` builds one of these and evaluates it once, so both
/// give bit-identical results.
///
/// The blend is the W3C *CSS Transforms Module Level 2*, §"Interpolation of 3D matrices":
/// translation, scale, skew and perspective linearly, the rotation quaternion by spherical
/// linear interpolation along the shorter arc (WebKit's `slerp`), then recomposition. A rotation
/// from 0° to 90° passes through 45°, and a scale from 1 to 3 passes through 2 without shear.
///
/// ```swift
/// let flip = TransformInterpolation(
///     from: .identity,
///     to: Transform3D(rotationAngle: .pi / 2, axis: Vector3(x: 0, y: 1, z: 0)))
/// // Every frame:
/// layerTransform = flip.transform(at: spring.value(at: time))
/// ```
///
/// Fallbacks, none of which produce NaN:
/// - a non-finite end is replaced by the other end, and by ``Transform3D/identity`` when both
///   are non-finite (``from`` and ``to`` hold the replacements);
/// - when either end cannot be decomposed (`m44 == 0` or singular, e.g. a scale of 0) the blend
///   is a discrete step, as CSS specifies: ``from`` below 0.5, ``to`` from 0.5 on
///   (``isDiscrete`` is then `true`);
/// - see ``transform(at:)`` for fractions.
public struct TransformInterpolation: Sendable, Hashable {
    /// The transform at fraction 0: the `from` given to ``init(from:to:)``, or its finite
    /// replacement (see the type's discussion).
    public let from: Transform3D
    /// The transform at fraction 1: the `to` given to ``init(from:to:)``, or its finite
    /// replacement (see the type's discussion).
    public let to: Transform3D
    /// How fractions between the ends are evaluated.
    let path: ShapePath
    /// The prepared parts; used only when ``path`` is ``ShapePath/blend`` (kept out of the enum so
    /// that evaluating reads it in place instead of copying a payload out).
    let blend: Blend

    /// How ``TransformInterpolation/transform(at:)`` fills the fractions between the ends.
    enum ShapePath: UInt8, Sendable, Hashable {
        /// The ends are equal: every fraction gives ``TransformInterpolation/from``.
        case constant
        /// An end cannot be decomposed: a step at fraction 0.5.
        case discrete
        /// Part by part between the decomposed ends, by ``TransformInterpolation/blend``.
        case blend
    }

    /// The decomposed ends as start values and changes, with the rotation as a prepared arc.
    struct Blend: Sendable, Hashable {
        let translation: Vector3, translationChange: Vector3
        let scale: Vector3, scaleChange: Vector3
        let skew: Vector3, skewChange: Vector3
        let perspective: Vector4, perspectiveChange: Vector4
        let rotation: QuaternionArc

        /// Prepares the blend from `a` to `b`.
        init(from a: Transform3D.Components, to b: Transform3D.Components) {
            translation = a.translation
            translationChange = b.translation - a.translation
            scale = a.scale
            scaleChange = b.scale - a.scale
            skew = a.skew
            skewChange = b.skew - a.skew
            perspective = a.perspective
            perspectiveChange = b.perspective - a.perspective
            rotation = QuaternionArc(from: a.quaternion, to: b.quaternion)
        }

        /// The placeholder stored when the ends are not blended part by part.
        static let unused = Blend(from: .identity, to: .identity)

        /// The recomposed blend at `t`; not finite when an extreme extrapolation overflows.
        @inline(__always)
        func transform(at t: Double) -> Transform3D {
            let weights = rotation.weights(at: t)  // the sines first: nothing to keep across the calls
            return Transform3D.recomposed(translation: translation + translationChange * t,
                                          scale: scale + scaleChange * t,
                                          skew: skew + skewChange * t,
                                          perspective: perspective + perspectiveChange * t,
                                          quaternion: rotation.quaternion(weights: weights))
        }
    }

    /// Prepares the blend from `from` to `to`: decomposes both ends once.
    ///
    /// Costs two decompositions and an `atan2` (about 500 ns in a release build); create it when
    /// the animation starts, not per frame.
    ///
    /// - Parameters:
    ///   - from: The transform at fraction 0. A non-finite one is replaced by `to`.
    ///   - to: The transform at fraction 1. A non-finite one is replaced by `from`.
    public init(from: Transform3D, to: Transform3D) {
        let start = from.isFinite ? from : to.isFinite ? to : .identity
        let end = to.isFinite && to != start ? to : start
        self.from = start
        self.to = end
        if start == end {
            path = .constant
            blend = .unused
        } else if let a = start.components, let b = end.components {
            path = .blend
            blend = Blend(from: a, to: b)
        } else {
            path = .discrete
            blend = .unused
        }
    }

    /// `true` when an end cannot be decomposed, so the blend jumps from ``from`` to ``to`` at
    /// fraction 0.5 instead of moving continuously.
    public var isDiscrete: Bool {
        if case .discrete = path { return true }
        return false
    }

    /// The transform `fraction` of the way from ``from`` to ``to``: the per-frame evaluation.
    ///
    /// Two sines (the slerp, by polynomial for fractions in 0…1) and the closed-form
    /// recomposition; no allocation, no square root, one division.
    /// Fractions 0 and 1 return ``from`` and ``to`` exactly; a non-finite fraction counts as 0;
    /// fractions outside 0…1 extrapolate (a spring's overshoot keeps turning, scaling and moving
    /// the same way), and an extrapolation so extreme that the matrix overflows falls back to the
    /// step (``from`` below 0.5, ``to`` above).
    ///
    /// - Parameter fraction: Progress of the blend, usually 0…1 (eased or sprung).
    /// - Returns: The blended transform, always finite.
    public func transform(at fraction: Double) -> Transform3D {
        guard fraction.isFinite, fraction != 0 else { return from }
        guard fraction != 1 else { return to }
        switch path {
        case .constant:
            return from
        case .discrete:
            return fraction < 0.5 ? from : to
        case .blend:
            let m = blend.transform(at: fraction)
            return m.isFinite ? m : fraction < 0.5 ? from : to
        }
    }
}
