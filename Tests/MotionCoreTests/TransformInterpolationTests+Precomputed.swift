import Foundation
import MotionCore
import StoryKitTestSupport
import Testing

// MARK: - TransformInterpolation (decompose once, evaluate per frame)

extension TransformInterpolationTests {
    /// A random pair for property tests: well-conditioned ends, sometimes mirrored and sheared.
    static func randomPair(_ rng: inout SeededRandom) -> (Transform3D, Transform3D) {
        var a = Transform3DTests.randomTransform(&rng, perspective: Bool.random(using: &rng))
        let b = Transform3DTests.randomTransform(&rng, perspective: Bool.random(using: &rng))
        if rng.double(in: 0...1) < 0.3 {
            var shear = Transform3D.identity
            shear.m21 = rng.double(in: -1...1)
            shear.m32 = rng.double(in: -1...1)
            a = Transform3D(scaleX: -1, y: 1, z: 1).concatenating(shear).concatenating(a)
        }
        return (a, b)
    }

    /// An independent blend: CSS Transforms 2 with Foundation's `acos` and `sin` for the slerp.
    static func referenceBlend(_ a: Transform3D, _ b: Transform3D, fraction t: Double) throws -> Transform3D {
        let from = try #require(a.components), to = try #require(b.components)
        let qa = from.quaternion
        var qb = to.quaternion
        if qa.dot(qb) < 0 { qb = qb * -1 }
        let theta = acos(min(qa.dot(qb), 1))
        let q = sin(theta) < 1e-9 ? qa + (qb - qa) * t
            : qa * (sin((1 - t) * theta) / sin(theta)) + qb * (sin(t * theta) / sin(theta))
        return Transform3D(Transform3D.Components(
            translation: from.translation + (to.translation - from.translation) * t,
            scale: from.scale + (to.scale - from.scale) * t,
            skew: from.skew + (to.skew - from.skew) * t,
            perspective: from.perspective + (to.perspective - from.perspective) * t,
            quaternion: q))
    }

    @Test(arguments: [UInt64(0x1E4F), 0x1E50, 0x1E51])
    func precomputedBlendEqualsInterpolatedAndTheCSSReference(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let (a, b) = Self.randomPair(&rng)
            let blend = TransformInterpolation(from: a, to: b)
            #expect(!blend.isDiscrete)
            for _ in 0..<5 {
                let f = rng.double(in: -0.5...1.5)
                let frame = blend.transform(at: f)
                // The same numbers as the one-shot call, bit for bit.
                #expect(frame == a.interpolated(to: b, fraction: f))
                #expect(Self.equal(frame, try Self.referenceBlend(a, b, fraction: f), absolute: 1e-9))
            }
        }
    }

    @Test(arguments: [UInt64(7), 8, 9])
    func fractionsZeroAndOneReturnTheEndsExactly(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let (a, b) = Self.randomPair(&rng)
            let blend = TransformInterpolation(from: a, to: b)
            #expect(blend.from == a && blend.to == b)
            #expect(blend.transform(at: 0) == a)
            #expect(blend.transform(at: 1) == b)
            // A non-finite fraction counts as 0.
            #expect(blend.transform(at: .nan) == a && blend.transform(at: -.infinity) == a)
        }
    }

    @Test func rotationFollowsTheAngleAcrossTheWholeArcAndBeyond() {
        // 0° → 170° about a tilted axis: at every fraction the turn is f · 170°, to 1e-14, which
        // pins the slerp's sine (polynomial inside 0…1, the library beyond).
        let axis = Vector3(x: 1, y: -2, z: 2)
        let angle = 170 * Double.pi / 180
        let blend = TransformInterpolation(from: .identity, to: Transform3D(rotationAngle: angle, axis: axis))
        for f in stride(from: -1.0, through: 3.0, by: 1.0 / 64) {
            let expected = Transform3D(rotationAngle: f * angle, axis: axis)
            #expect(Self.equal(blend.transform(at: f), expected, absolute: 1e-14), "fraction \(f)")
        }
        // Overshoot keeps turning: fraction 3 is 510° ≡ 150°.
        let overshoot = blend.transform(at: 3)
        #expect(Self.equal(overshoot, Transform3D(rotationAngle: 150 * .pi / 180, axis: axis), absolute: 1e-14))
    }

    @Test func nonDecomposableEndsStepAtHalfwayWithoutDecomposingPerFrame() {
        let flat = Transform3D(scaleX: 0, y: 1)  // singular: a layer seen edge-on
        let turned = Transform3D(rotationAngle: 1, axis: Self.zAxis)
        let blend = TransformInterpolation(from: flat, to: turned)
        #expect(blend.isDiscrete)
        #expect(blend.transform(at: 0.25) == flat && blend.transform(at: 0.4999) == flat)
        #expect(blend.transform(at: 0.5) == turned && blend.transform(at: 1.7) == turned)
        #expect(blend.transform(at: -3) == flat)
        for f in stride(from: -1.0, through: 2.0, by: 0.05) {
            #expect(blend.transform(at: f) == flat.interpolated(to: turned, fraction: f))
        }
        var noWeight = Transform3D.identity
        noWeight.m44 = 0
        #expect(TransformInterpolation(from: .identity, to: noWeight).isDiscrete)
    }

    @Test func nonFiniteEndsAreReplacedAndEqualEndsStayPut() {
        let turned = Transform3D(rotationAngle: 1, axis: Self.zAxis)
        var broken = Transform3D.identity
        broken.m42 = .infinity
        let towardBroken = TransformInterpolation(from: turned, to: broken)
        #expect(towardBroken.to == turned && !towardBroken.isDiscrete)
        #expect(towardBroken.transform(at: 0.6) == turned)
        let fromBroken = TransformInterpolation(from: broken, to: turned)
        #expect(fromBroken.from == turned && fromBroken.transform(at: 0.2) == turned)
        let bothBroken = TransformInterpolation(from: broken, to: broken)
        #expect(bothBroken.from == .identity && bothBroken.transform(at: 0.5) == .identity)
        // Equal ends give exactly that transform at every fraction, with no rounding.
        let same = TransformInterpolation(from: turned, to: turned)
        #expect(same.transform(at: 0.3) == turned && same.transform(at: 7) == turned)
        // Building twice gives equal values (Hashable): an animation can compare its plan.
        #expect(TransformInterpolation(from: turned, to: broken) == towardBroken)
    }

    @Test func extremeExtrapolationFallsBackToTheNearerEnd() {
        let from = Transform3D(translationX: 0, y: 0)
        let to = Transform3D(translationX: 1e300, y: 0).concatenating(Transform3D(scaleX: 2, y: 2))
        let blend = TransformInterpolation(from: from, to: to)
        #expect(blend.transform(at: 1e10) == to)  // translation 1e310 overflows
        #expect(blend.transform(at: -1e10) == from)
        #expect(blend.transform(at: 0.5).isFinite)
    }
}
