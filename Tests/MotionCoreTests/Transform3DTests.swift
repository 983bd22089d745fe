import Foundation
import MotionCore
import StoryKitTestSupport
import Testing

@Suite struct Transform3DTests {
    static let xAxis = Vector3(x: 1, y: 0, z: 0)
    static let yAxis = Vector3(x: 0, y: 1, z: 0)
    static let zAxis = Vector3(x: 0, y: 0, z: 1)

    /// Entry-by-entry comparison, since `Transform3D` is not a vector.
    static func equal(_ a: Transform3D, _ b: Transform3D, absolute: Double = 1e-9) -> Bool {
        let pairs = [(a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14),
                     (a.m21, b.m21), (a.m22, b.m22), (a.m23, b.m23), (a.m24, b.m24),
                     (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34),
                     (a.m41, b.m41), (a.m42, b.m42), (a.m43, b.m43), (a.m44, b.m44)]
        return pairs.allSatisfy { Approximately.equal($0.0, $0.1, absolute: absolute) }
    }

    /// A well-conditioned transform: scale in 0.5…2, any rotation, translation, mild perspective.
    static func randomTransform(_ rng: inout SeededRandom, perspective: Bool = true) -> Transform3D {
        let axis = Vector3(x: rng.double(in: -1...1), y: rng.double(in: -1...1), z: rng.double(in: -1...1))
        var t = Transform3D(scaleX: rng.double(in: 0.5...2), y: rng.double(in: 0.5...2), z: rng.double(in: 0.5...2))
            .concatenating(Transform3D(rotationAngle: rng.double(in: -.pi ... .pi), axis: axis))
            .concatenating(Transform3D(translationX: rng.double(in: -300...300), y: rng.double(in: -300...300),
                                       z: rng.double(in: -300...300)))
        if perspective {
            t = t.concatenating(.perspective(eyeDistance: rng.double(in: 400...2000)))
        }
        return t
    }

    @Test func identityLeavesPointsAloneAndIsNeutralForConcat() {
        let p = Vector3(x: 3, y: -4, z: 5)
        #expect(Transform3D.identity.apply(to: p) == p)
        #expect(Transform3D.identity.isIdentity && Transform3D.identity.isAffine)
        var rng = SeededRandom(seed: 1)
        for _ in 0..<50 {
            let t = Self.randomTransform(&rng)
            #expect(Transform3D.concat(.identity, t) == t)
            #expect(Transform3D.concat(t, .identity) == t)
        }
    }

    @Test func factoriesFillTheCATransform3DEntries() {
        let t = Transform3D(translationX: 10, y: 20, z: 30)
        #expect(t.m41 == 10 && t.m42 == 20 && t.m43 == 30 && t.m11 == 1 && t.m44 == 1)
        let s = Transform3D(scaleX: 2, y: 3, z: 4)
        #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4 && s.m41 == 0)
        #expect(Transform3D.perspective(eyeDistance: 500).m34 == -1.0 / 500)
        // The row-vector formula x' = x·m11 + y·m21 + z·m31 + m41 etc.
        let m = Transform3D(m11: 1, m12: 2, m13: 3, m14: 0, m21: 4, m22: 5, m23: 6, m24: 0,
                            m31: 7, m32: 8, m33: 9, m34: 0, m41: 10, m42: 11, m43: 12, m44: 1)
        // (1, 1, 1): x' = 1 + 4 + 7 + 10 = 22, y' = 2 + 5 + 8 + 11 = 26, z' = 3 + 6 + 9 + 12 = 30.
        #expect(m.apply(to: Vector3(x: 1, y: 1, z: 1)) == Vector3(x: 22, y: 26, z: 30))
    }

    @Test func concatAppliesTheFirstTransformFirst() {
        let translate = Transform3D(translationX: 10, y: 0, z: 0)
        let scale = Transform3D(scaleX: 2, y: 2, z: 2)
        let translateThenScale = Transform3D.concat(translate, scale)
        let scaleThenTranslate = Transform3D.concat(scale, translate)
        // (1, 0, 0) → translate → (11, 0, 0) → scale → (22, 0, 0); the translation is scaled.
        #expect(translateThenScale.m11 == 2 && translateThenScale.m41 == 20)
        #expect(translateThenScale.apply(to: Vector3(x: 1, y: 0, z: 0)) == Vector3(x: 22, y: 0, z: 0))
        // (1, 0, 0) → scale → (2, 0, 0) → translate → (12, 0, 0).
        #expect(scaleThenTranslate.m11 == 2 && scaleThenTranslate.m41 == 10)
        #expect(scaleThenTranslate.apply(to: Vector3(x: 1, y: 0, z: 0)) == Vector3(x: 12, y: 0, z: 0))
        #expect(translate.concatenating(scale) == translateThenScale)
    }

    @Test func instanceOperationsActFirstLikeCATransform3DTranslate() {
        // CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0) has m41 = 20:
        // the translation happens in the scaled layer's local space.
        let t = Transform3D(scaleX: 2, y: 2, z: 1).translated(by: Vector3(x: 10, y: 0, z: 0))
        #expect(t.m41 == 20 && t.m11 == 2)
        let s = Transform3D(translationX: 10, y: 0, z: 0).scaled(by: Vector3(x: 3, y: 3, z: 3))
        #expect(s.m41 == 10 && s.m11 == 3)
        // Rotate 90° about z, then translate along local x: moves along screen +y.
        let r = Transform3D(translationX: 0, y: 0, z: 0)
            .rotated(by: .pi / 2, axis: Self.zAxis).translated(by: Vector3(x: 5, y: 0, z: 0))
        #expect(Approximately.equal(r.apply(to: .zero)!, Vector3(x: 0, y: 5, z: 0)))
    }

    @Test func rotationSenseMatchesCoreAnimation() throws {
        let a = 0.3, c = cos(a), s = sin(a)
        let z = Transform3D(rotationAngle: a, axis: Self.zAxis)
        #expect(z.m11 == c && z.m12 == s && z.m21 == -s && z.m22 == c && z.m33 == 1)
        let y = Transform3D(rotationAngle: a, axis: Self.yAxis)
        #expect(y.m11 == c && y.m13 == -s && y.m31 == s && y.m33 == c && y.m22 == 1)
        let x = Transform3D(rotationAngle: a, axis: Self.xAxis)
        #expect(x.m22 == c && x.m23 == s && x.m32 == -s && x.m33 == c && x.m11 == 1)
        // +90° about z: +x turns toward +y (clockwise on a y-down screen).
        let quarterZ = try #require(Transform3D(rotationAngle: .pi / 2, axis: Self.zAxis).apply(to: Self.xAxis))
        #expect(Approximately.equal(quarterZ, Vector3(x: 0, y: 1, z: 0)))
        // +90° about y: a point on the +x side goes away from the viewer (z < 0).
        let quarterY = try #require(Transform3D(rotationAngle: .pi / 2, axis: Self.yAxis).apply(to: Self.xAxis))
        #expect(Approximately.equal(quarterY, Vector3(x: 0, y: 0, z: -1)))
        // The axis is normalized: (0, 0, 7) is the z axis.
        #expect(Transform3D(rotationAngle: a, axis: Vector3(x: 0, y: 0, z: 7)) == z)
    }

    @Test(arguments: [Vector3.zero, Vector3(x: .nan, y: 0, z: 1), Vector3(x: .infinity, y: 0, z: 0)])
    func degenerateRotationAxisGivesIdentity(axis: Vector3) {
        #expect(Transform3D(rotationAngle: 1, axis: axis) == .identity)
        #expect(Transform3D(scaleX: 2, y: 2).rotated(by: 1, axis: axis) == Transform3D(scaleX: 2, y: 2))
    }

    @Test(arguments: [0.0, -500, .nan, .infinity, -.infinity])
    func perspectiveWithoutAPositiveFiniteDistanceIsIdentity(distance: Double) {
        #expect(Transform3D.perspective(eyeDistance: distance) == .identity)
        #expect(Transform3D(rotationAngle: .nan, axis: Self.zAxis) == .identity)
    }

    @Test func isAffineFollowsCATransform3DIsAffine() {
        #expect(Transform3D(rotationAngle: 1, axis: Self.zAxis).concatenating(Transform3D(translationX: 3, y: 4)).isAffine)
        #expect(!Transform3D(rotationAngle: 1, axis: Self.yAxis).isAffine)
        #expect(!Transform3D.perspective(eyeDistance: 500).isAffine)
        #expect(!Transform3D(translationX: 0, y: 0, z: 1).isAffine)  // m43 ≠ 0
        #expect(!Transform3D(scaleX: 1, y: 1, z: 2).isAffine)  // m33 ≠ 1
        #expect(!Transform3D(translationX: 1, y: 2).isIdentity)
    }

    @Test func inverseTimesSelfIsIdentityOnRandomTransforms() throws {
        var rng = SeededRandom(seed: 0x1_4E7E)
        for _ in 0..<500 {
            let t = Self.randomTransform(&rng)
            let inverse = try #require(t.inverted())
            #expect(Self.equal(t.concatenating(inverse), .identity, absolute: 1e-9))
            #expect(Self.equal(inverse.concatenating(t), .identity, absolute: 1e-9))
            #expect(Approximately.equal(t.determinant * inverse.determinant, 1, absolute: 1e-9))
        }
        // A dense matrix with hand-checked inverse: diag(2, 4, 5, 1) with translation (2, 4, 10).
        let d = Transform3D(scaleX: 2, y: 4, z: 5).concatenating(Transform3D(translationX: 2, y: 4, z: 10))
        let expected = Transform3D(translationX: -2, y: -4, z: -10).concatenating(Transform3D(scaleX: 0.5, y: 0.25, z: 0.2))
        #expect(d.inverted() == expected)
        #expect(d.determinant == 40)
    }

    @Test func singularOrNonFiniteTransformsHaveNoInverse() {
        #expect(Transform3D(scaleX: 0, y: 1).inverted() == nil)
        #expect(Transform3D(translationX: .nan, y: 0).inverted() == nil)
        var projectsToLine = Transform3D.identity
        projectsToLine.m44 = 0
        projectsToLine.m41 = 0
        #expect(projectsToLine.inverted() == nil)
        #expect(Transform3D(scaleX: 1e-200, y: 1e-200, z: 1e-200).inverted() == nil)  // det underflows to 0
    }

    @Test func perspectiveRotationProjectsCornersByHand() throws {
        // A 100 × 100 layer centred at the origin, rotated 45° about y, then m34 = −1/500.
        // Corner (x, y, 0) → rotation: (x·c, y, −x·s) with c = s = √2/2 → perspective:
        // w = 1 − z/500 = 1 + x·s/500.
        //   x = +50: w = 1 + √2/20;  X = 25√2 / w = 500√2/(20 + √2) ≈ 33.0204;  Y = ±1000/(20 + √2) ≈ ±46.6980
        //   x = −50: w = 1 − √2/20;  X = −500√2/(20 − √2) ≈ −38.0456;  Y = ±1000/(20 − √2) ≈ ±53.8046
        // The right edge recedes (smaller), the left edge comes toward the viewer (larger).
        let t = Transform3D(rotationAngle: .pi / 4, axis: Self.yAxis).concatenating(.perspective(eyeDistance: 500))
        let r2 = 2.0.squareRoot()
        let cases: [(Point, Point)] = [
            (Point(x: 50, y: -50), Point(x: 500 * r2 / (20 + r2), y: -1000 / (20 + r2))),
            (Point(x: 50, y: 50), Point(x: 500 * r2 / (20 + r2), y: 1000 / (20 + r2))),
            (Point(x: -50, y: -50), Point(x: -500 * r2 / (20 - r2), y: -1000 / (20 - r2))),
            (Point(x: -50, y: 50), Point(x: -500 * r2 / (20 - r2), y: 1000 / (20 - r2))),
        ]
        for (corner, expected) in cases {
            let projected = try #require(t.apply(to: corner))
            #expect(Approximately.equal(projected, expected, absolute: 1e-9))
        }
        let w = t.applyHomogeneous(to: Vector3(x: 50, y: 50, z: 0)).w
        #expect(Approximately.equal(w, 1 + r2 / 20))
    }

    @Test func pointsAtOrBehindTheEyeDoNotProject() {
        let eye = Transform3D.perspective(eyeDistance: 500)
        // z = 250: w = 1 − 250/500 = 0.5, so the point doubles its distance from the centre.
        #expect(eye.apply(to: Vector3(x: 10, y: 20, z: 250)) == Vector3(x: 20, y: 40, z: 500))
        #expect(eye.applyHomogeneous(to: Vector3(x: 0, y: 0, z: 500)).w == 0)
        #expect(eye.apply(to: Vector3(x: 10, y: 20, z: 500)) == nil)  // w = 0: at the eye
        #expect(eye.apply(to: Vector3(x: 10, y: 20, z: 600)) == nil)  // w = −0.2: behind it
        #expect(Transform3D(translationX: .infinity, y: 0).apply(to: Point(x: 1, y: 1)) == nil)
    }

    @Test func layerMatrixPlacesCornersLikeCoreAnimation() throws {
        // A 200 × 100 layer at position (100, 50), anchor (0.5, 0.5): frame (0, 0, 200, 100).
        let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let center = Point(x: 0.5, y: 0.5)
        let plain = Transform3D.layer(position: Point(x: 100, y: 50), anchorPoint: center, bounds: bounds,
                                      transform: .identity)
        #expect(plain.apply(to: Point(x: 0, y: 0)) == Point(x: 0, y: 0))
        #expect(plain.apply(to: Point(x: 200, y: 100)) == Point(x: 200, y: 100))
        // Rotated +90° about z about its centre (100, 50): local (0, 0) is (−100, −50) from the
        // anchor; rotating +x toward +y maps (x, y) → (−y, x) = (50, −100); plus the position:
        // (150, −50), the top-right corner of the rotated 100 × 200 frame (50…150, −50…150).
        let rotated = Transform3D.layer(position: Point(x: 100, y: 50), anchorPoint: center, bounds: bounds,
                                        transform: Transform3D(rotationAngle: .pi / 2, axis: Self.zAxis))
        let expectations = [(Point(x: 0, y: 0), Point(x: 150, y: -50)), (Point(x: 200, y: 0), Point(x: 150, y: 150)),
                            (Point(x: 200, y: 100), Point(x: 50, y: 150)), (Point(x: 0, y: 100), Point(x: 50, y: -50))]
        for (local, expected) in expectations {
            #expect(Approximately.equal(try #require(rotated.apply(to: local)), expected))
        }
        // Anchor at the top-left with a bounds origin of (10, 10): local (10, 10) sits at position.
        let topLeft = Transform3D.layer(position: Point(x: 30, y: 40), anchorPoint: .zero,
                                        bounds: Rect(x: 10, y: 10, width: 50, height: 50),
                                        transform: Transform3D(scaleX: 2, y: 2), zPosition: 7)
        #expect(topLeft.apply(to: Vector3(x: 10, y: 10, z: 0)) == Vector3(x: 30, y: 40, z: 7))
        #expect(topLeft.apply(to: Vector3(x: 20, y: 10, z: 0)) == Vector3(x: 50, y: 40, z: 7))
    }

    @Test func codableIsASixteenNumberArrayInRowOrder() throws {
        let t = Transform3D(m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8,
                            m31: 9, m32: 10, m33: 11, m34: 12, m41: 13, m42: 14, m43: 15, m44: 16)
        let data = try JSONEncoder().encode(t)
        #expect(String(decoding: data, as: UTF8.self) == "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]")
        #expect(try JSONDecoder().decode(Transform3D.self, from: data) == t)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Transform3D.self, from: Data("[1,0,0,0]".utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Transform3D.self, from: Data("[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1,9]".utf8))
        }
    }

    @Test(arguments: [UInt64(7), 8, 9])
    func hostileInputNeverProducesNaN(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<1_000 {
            let axis = Vector3(x: rng.hostile(in: -1...1), y: rng.hostile(in: -1...1), z: rng.hostile(in: -1...1))
            let rotation = Transform3D(rotationAngle: rng.hostile(in: -10...10), axis: axis)
            #expect(rotation.isFinite)
            var t = Transform3D.identity
            t.m11 = rng.hostile(in: -2...2); t.m34 = rng.hostile(in: -0.01...0.01)
            t.m41 = rng.hostile(in: -500...500); t.m22 = rng.hostile(in: -2...2)
            let point = Vector3(x: rng.hostile(in: -100...100), y: rng.hostile(in: -100...100), z: 0)
            if let p = t.apply(to: point) { #expect(p.isFinite) }
            if let inverse = t.inverted() { #expect(inverse.isFinite) }
            let layer = Transform3D.layer(position: Point(x: rng.hostile(in: -1e3...1e3), y: 0),
                                          anchorPoint: Point(x: rng.hostile(in: 0...1), y: 0.5),
                                          bounds: Rect(x: 0, y: 0, width: rng.hostile(in: 0...1e3), height: 10),
                                          transform: rotation)
            #expect(layer.isFinite)
        }
    }
}
