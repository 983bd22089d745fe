import Foundation
import MotionCore
import StoryKitTestSupport
import Testing

@Suite struct TransformInterpolationTests {
    static let zAxis = Vector3(x: 0, y: 0, z: 1)
    static func equal(_ a: Transform3D, _ b: Transform3D, absolute: Double = 1e-9) -> Bool {
        Transform3DTests.equal(a, b, absolute: absolute)
    }

    @Test func halfwayBetweenZeroAndNinetyDegreesIsFortyFive() {
        let from = Transform3D.identity
        let to = Transform3D(rotationAngle: .pi / 2, axis: Self.zAxis)
        let mid = from.interpolated(to: to, fraction: 0.5)
        #expect(Self.equal(mid, Transform3D(rotationAngle: .pi / 4, axis: Self.zAxis), absolute: 1e-12))
        // Every fraction is the rotation by fraction · 90°, not a chord that shrinks the layer.
        for f in stride(from: 0.0, through: 1.0, by: 0.125) {
            let expected = Transform3D(rotationAngle: f * .pi / 2, axis: Self.zAxis)
            #expect(Self.equal(from.interpolated(to: to, fraction: f), expected, absolute: 1e-12))
        }
    }

    @Test func scaleAndRotationBlendWithoutShear() {
        let mid = Transform3D.identity.interpolated(to: Transform3D(scaleX: 3, y: 3, z: 3), fraction: 0.5)
        #expect(Self.equal(mid, Transform3D(scaleX: 2, y: 2, z: 2)))
        // Scale 1 → 3 while turning 0° → 90°. Halfway is scale 2 at 45°: m11 = m12 = 2·cos 45° = √2.
        // An entry-wise average would give m11 = 0.5, m12 = 1.5: a squashed, sheared layer.
        let turned = Transform3D(scaleX: 3, y: 3, z: 3).rotated(by: .pi / 2, axis: Self.zAxis)
        let blend = Transform3D.identity.interpolated(to: turned, fraction: 0.5)
        let r2 = 2.0.squareRoot()
        #expect(Approximately.equal(blend.m11, r2) && Approximately.equal(blend.m12, r2))
        #expect(Approximately.equal(blend.m21, -r2) && Approximately.equal(blend.m22, r2))
        #expect(Approximately.equal(blend.m33, 2))
    }

    @Test func translationAndPerspectiveBlendLinearly() {
        let turned = Transform3D(rotationAngle: 0.8, axis: Vector3(x: 0, y: 1, z: 0))
        let from = turned.concatenating(Transform3D(translationX: 0, y: 10, z: 0))
        let to = turned.concatenating(Transform3D(translationX: 100, y: 30, z: -50))
        // The rotation is shared, so only the translation moves: (25, 15, −12.5) at 0.25.
        let quarter = from.interpolated(to: to, fraction: 0.25)
        #expect(Self.equal(quarter, turned.concatenating(Transform3D(translationX: 25, y: 15, z: -12.5))))
        // Perspective m34 = −1/500 at one end, none at the other: −1/1000 halfway.
        let halfEye = Transform3D.identity.interpolated(to: .perspective(eyeDistance: 500), fraction: 0.5)
        #expect(Self.equal(halfEye, .perspective(eyeDistance: 1000), absolute: 1e-15))
    }

    @Test(arguments: [UInt64(0xDEC0), 0xDEC1, 0xDEC2])
    func decomposeThenRecomposeReproducesTheMatrix(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<300 {
            var t = Transform3DTests.randomTransform(&rng, perspective: Bool.random(using: &rng))
            if Bool.random(using: &rng) {  // mirror and shear too
                t = Transform3D(scaleX: -1, y: 1, z: 1)
                    .concatenating(Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: rng.double(in: -1...1), m22: 1,
                                               m23: 0, m24: 0, m31: rng.double(in: -1...1), m32: rng.double(in: -1...1),
                                               m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1))
                    .concatenating(t)
            }
            let components = try #require(t.components)
            #expect(Approximately.equal(components.quaternion.magnitude, 1, absolute: 1e-12))
            #expect(components.quaternion.w >= 0)
            // Recomposition returns the matrix scaled so that m44 = 1: the same projective map.
            let k = 1 / t.m44
            let normalized = Transform3D(
                m11: t.m11 * k, m12: t.m12 * k, m13: t.m13 * k, m14: t.m14 * k, m21: t.m21 * k, m22: t.m22 * k,
                m23: t.m23 * k, m24: t.m24 * k, m31: t.m31 * k, m32: t.m32 * k, m33: t.m33 * k, m34: t.m34 * k,
                m41: t.m41 * k, m42: t.m42 * k, m43: t.m43 * k, m44: 1)
            #expect(Self.equal(Transform3D(components), normalized, absolute: 1e-9))
            // The ends of an interpolation are the ends, and the middle is finite.
            let other = Transform3DTests.randomTransform(&rng)
            #expect(t.interpolated(to: other, fraction: 0) == t)
            #expect(t.interpolated(to: other, fraction: 1) == other)
            #expect(t.interpolated(to: other, fraction: 0.37).isFinite)
        }
    }

    @Test func componentsReadTheHandBuiltParts() throws {
        #expect(Transform3D.identity.components == .identity)
        let quarter = try #require(Transform3D(rotationAngle: .pi / 2, axis: Self.zAxis).components)
        let h = 0.5.squareRoot()  // sin 45° = cos 45°
        #expect(Approximately.equal(quarter.quaternion, Vector4(x: 0, y: 0, z: h, w: h), absolute: 1e-15))
        let eye = try #require(Transform3D.perspective(eyeDistance: 500).components)
        #expect(eye.perspective == Vector4(x: 0, y: 0, z: -1.0 / 500, w: 1))
        // Scale (2, 3, 4) then move by (5, 6, 7).
        let built = try #require(Transform3D(scaleX: 2, y: 3, z: 4).concatenating(Transform3D(translationX: 5, y: 6, z: 7))
            .components)
        #expect(built == Transform3D.Components(translation: Vector3(x: 5, y: 6, z: 7), scale: Vector3(x: 2, y: 3, z: 4)))
        // An XY shear: row 2 = (0.5, 1, 0), so x′ = x + 0.5·y.
        var sheared = Transform3D.identity
        sheared.m21 = 0.5
        #expect(sheared.components?.skew == Vector3(x: 0.5, y: 0, z: 0))
    }

    @Test func halfTurnTakesAConsistentPathWithoutNaN() throws {
        let from = Transform3D.identity
        let to = Transform3D(rotationAngle: .pi, axis: Self.zAxis)
        let mid = from.interpolated(to: to, fraction: 0.5)
        // 90° one way or the other: m11 = cos 90° = 0, |m12| = 1, and no scaling on the way.
        #expect(Approximately.equal(mid.m11, 0) && Approximately.equal(abs(mid.m12), 1))
        let direction = mid.m12.sign
        for f in stride(from: 0.05, through: 0.95, by: 0.05) {
            let t = from.interpolated(to: to, fraction: f)
            #expect(t.isFinite)
            #expect(Approximately.equal(t.m11, cos(f * .pi)))  // the angle grows steadily
            #expect(t.m12.sign == direction)  // and never switches direction
            #expect(Approximately.equal(t.m11 * t.m11 + t.m12 * t.m12, 1))
        }
    }

    @Test func rotationTakesTheShorterArc() {
        // +170° to −170° is 20° through 180°, not 340° back through 0°.
        let from = Transform3D(rotationAngle: 170 * .pi / 180, axis: Self.zAxis)
        let to = Transform3D(rotationAngle: -170 * .pi / 180, axis: Self.zAxis)
        #expect(Self.equal(from.interpolated(to: to, fraction: 0.5), Transform3D(rotationAngle: .pi, axis: Self.zAxis)))
        #expect(Self.equal(from.interpolated(to: to, fraction: 0.25),
                           Transform3D(rotationAngle: 175 * .pi / 180, axis: Self.zAxis)))
    }

    @Test func nonDecomposableEndsStepAtHalfway() {
        let flat = Transform3D(scaleX: 0, y: 1)  // singular: a layer seen edge-on
        let turned = Transform3D(rotationAngle: 1, axis: Self.zAxis)
        #expect(flat.components == nil)
        #expect(flat.interpolated(to: turned, fraction: 0.49) == flat)
        #expect(flat.interpolated(to: turned, fraction: 0.5) == turned)
        #expect(turned.interpolated(to: flat, fraction: 0.3) == turned)
        var noWeight = Transform3D.identity
        noWeight.m44 = 0
        #expect(noWeight.components == nil)
        #expect(Transform3D.identity.interpolated(to: noWeight, fraction: 0.7) == noWeight)
    }

    @Test func badInputNeverProducesNaN() {
        let turned = Transform3D(rotationAngle: 1, axis: Self.zAxis)
        var broken = Transform3D.identity
        broken.m41 = .nan
        #expect(turned.interpolated(to: broken, fraction: 0.7) == turned)
        #expect(broken.interpolated(to: turned, fraction: 0.2) == turned)
        #expect(broken.interpolated(to: broken, fraction: 0.5) == .identity)
        #expect(turned.interpolated(to: .identity, fraction: .nan) == turned)
        #expect(turned.interpolated(to: .identity, fraction: 1e308).isFinite)
        #expect(Transform3D(Transform3D.Components(scale: Vector3(x: .nan, y: 1, z: 1))) == .identity)
        // A zero quaternion (a spring passing through the origin) means no rotation.
        #expect(Transform3D(Transform3D.Components(quaternion: .zero)) == .identity)
    }

    @Test(arguments: [UInt64(31), 32, 33])
    func hostileMatricesInterpolateToFiniteResults(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<500 {
            var a = Transform3D.identity, b = Transform3D.identity
            a.m11 = rng.hostile(in: -3...3); a.m12 = rng.hostile(in: -3...3); a.m34 = rng.hostile(in: -0.01...0.01)
            a.m41 = rng.hostile(in: -500...500); a.m44 = rng.hostile(in: 0...2)
            b.m22 = rng.hostile(in: -3...3); b.m31 = rng.hostile(in: -3...3); b.m43 = rng.hostile(in: -500...500)
            let blend = a.interpolated(to: b, fraction: rng.hostile(in: -0.5...1.5))
            #expect(blend.isFinite)
            if let c = a.components { #expect(c.isFinite) }
        }
    }

    @Test func componentsAnimateAsVectorsAndRoundTripThroughJSON() throws {
        let a = Transform3D.Components(translation: Vector3(x: 10, y: 0, z: 0))
        let b = Transform3D.Components(translation: Vector3(x: 30, y: 0, z: 0), scale: Vector3(x: 3, y: 1, z: 1))
        let sum = a + b
        #expect(sum.translation == Vector3(x: 40, y: 0, z: 0) && sum.scale == Vector3(x: 4, y: 2, z: 2))
        #expect((b - a) * 0.5 == Transform3D.Components(translation: Vector3(x: 10, y: 0, z: 0),
                                                        scale: Vector3(x: 1, y: 0, z: 0), perspective: .zero,
                                                        quaternion: .zero))
        #expect(a + .zero == a)
        #expect(Transform3D.Components.identity.magnitudeSquared == 5)  // scale 3 + perspective w + quaternion w
        // −q is the same rotation; aligning picks the hemisphere of the reference.
        var flipped = Transform3D.Components.identity
        flipped.quaternion = Vector4(x: 0, y: 0, z: -0.6, w: -0.8)
        #expect(flipped.alignedQuaternion(to: .identity).quaternion == Vector4(x: 0, y: 0, z: 0.6, w: 0.8))
        #expect(Transform3D(flipped) == Transform3D(flipped.alignedQuaternion(to: .identity)))
        let data = try JSONEncoder().encode(b)
        #expect(try JSONDecoder().decode(Transform3D.Components.self, from: data) == b)
    }
}
