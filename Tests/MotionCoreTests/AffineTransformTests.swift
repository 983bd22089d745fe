import Foundation
import MotionCore
import StoryKitTestSupport
import Testing

@Suite struct AffineTransformTests {
    static func equal(_ t: AffineTransform2D, _ u: AffineTransform2D, absolute: Double = 1e-9) -> Bool {
        [(t.a, u.a), (t.b, u.b), (t.c, u.c), (t.d, u.d), (t.tx, u.tx), (t.ty, u.ty)]
            .allSatisfy { Approximately.equal($0.0, $0.1, absolute: absolute) }
    }

    static func randomTransform(_ rng: inout SeededRandom) -> AffineTransform2D {
        AffineTransform2D(scaleX: rng.double(in: 0.5...2), y: rng.double(in: 0.5...2))
            .concatenating(AffineTransform2D(rotationAngle: rng.double(in: -.pi ... .pi)))
            .concatenating(AffineTransform2D(translationX: rng.double(in: -500...500), y: rng.double(in: -500...500)))
    }

    @Test func pointsMapLikeCGPointApplyAffineTransform() {
        let t = AffineTransform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // x' = a·x + c·y + tx = 10 + 60 + 5; y' = b·x + d·y + ty = 20 + 80 + 6.
        #expect(t.apply(to: Point(x: 10, y: 20)) == Point(x: 75, y: 106))
        // Sizes ignore the translation.
        #expect(t.apply(to: Size(width: 10, height: 20)) == Size(width: 70, height: 100))
        #expect(AffineTransform2D.identity.apply(to: Point(x: 3, y: 4)) == Point(x: 3, y: 4))
    }

    @Test func concatAppliesTheFirstTransformFirst() {
        let translate = AffineTransform2D(translationX: 10, y: 5)
        let scale = AffineTransform2D(scaleX: 2, y: 3)
        // (1, 1) → translate (11, 6) → scale (22, 18).
        #expect(translate.concatenating(scale) == AffineTransform2D(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 15))
        #expect(translate.concatenating(scale).apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 18))
        // (1, 1) → scale (2, 3) → translate (12, 8).
        #expect(AffineTransform2D.concat(scale, translate).apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 8))
        // CGAffineTransformTranslate(scale, 10, 5) translates in the scaled space first.
        #expect(scale.translatedBy(x: 10, y: 5) == AffineTransform2D(a: 2, b: 0, c: 0, d: 3, tx: 20, ty: 15))
        #expect(translate.scaledBy(x: 2, y: 3) == AffineTransform2D(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 5))
    }

    @Test func positiveRotationTurnsXTowardY() {
        let quarter = AffineTransform2D(rotationAngle: .pi / 2)
        #expect(Approximately.equal(quarter.apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1)))
        let r = AffineTransform2D(rotationAngle: 0.3)
        #expect(r.a == cos(0.3) && r.b == sin(0.3) && r.c == -sin(0.3) && r.d == cos(0.3))
        // Rotating a translation's local space: translate along the rotated x axis.
        let moved = AffineTransform2D.identity.rotated(by: .pi / 2).translatedBy(x: 10, y: 0)
        #expect(Approximately.equal(moved.apply(to: .zero), Point(x: 0, y: 10)))
        #expect(AffineTransform2D(rotationAngle: .nan) == .identity)
    }

    @Test func inverseUndoesRandomTransforms() throws {
        var rng = SeededRandom(seed: 0xAFF1)
        for _ in 0..<500 {
            let t = Self.randomTransform(&rng)
            let inverse = try #require(t.inverted())
            #expect(Self.equal(t.concatenating(inverse), .identity))
            let p = Point(x: rng.double(in: -100...100), y: rng.double(in: -100...100))
            #expect(Approximately.equal(inverse.apply(to: t.apply(to: p)), p, absolute: 1e-9))
        }
        // Scale (2, 4) then move by (3, 4): x' = 2x + 3, so x = (x' − 3) / 2 = 0.5·x' − 1.5.
        #expect(AffineTransform2D(translationX: 3, y: 4).scaledBy(x: 2, y: 4).inverted()
            == AffineTransform2D(a: 0.5, b: 0, c: 0, d: 0.25, tx: -1.5, ty: -1))
        #expect(AffineTransform2D(scaleX: 0, y: 1).inverted() == nil)
        #expect(AffineTransform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted() == nil)  // det 0
        #expect(AffineTransform2D(translationX: .infinity, y: 0).inverted() == nil)
    }

    @Test func rectBoundingBoxGrowsUnderRotation() {
        // A 100 × 100 square about the origin rotated 45°: corners reach ±50√2 on both axes.
        let square = Rect(x: -50, y: -50, width: 100, height: 100)
        let box = AffineTransform2D(rotationAngle: .pi / 4).apply(to: square)
        let half = 50 * 2.0.squareRoot()
        #expect(Approximately.equal(box, Rect(x: -half, y: -half, width: 2 * half, height: 2 * half)))
        // Mirroring still yields a standardized box.
        let mirrored = AffineTransform2D(scaleX: -2, y: 1).apply(to: Rect(x: 10, y: 0, width: 20, height: 5))
        #expect(mirrored == Rect(x: -60, y: 0, width: 40, height: 5))
    }

    @Test func transform3DConversionsMatchCoreAnimation() {
        let affine = AffineTransform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = Transform3D(affine)
        #expect(t == Transform3D(m11: 1, m12: 2, m13: 0, m14: 0, m21: 3, m22: 4, m23: 0, m24: 0,
                                 m31: 0, m32: 0, m33: 1, m34: 0, m41: 5, m42: 6, m43: 0, m44: 1))
        #expect(t.isAffine)
        #expect(t.affineTransform == affine)
        // Both map the plane the same way.
        let p = Point(x: -7, y: 11)
        #expect(t.apply(to: p) == affine.apply(to: p))
        // Concat commutes with conversion.
        let u = AffineTransform2D(rotationAngle: 0.7).translatedBy(x: 3, y: -2)
        #expect(Transform3D(affine.concatenating(u)) == Transform3D(affine).concatenating(Transform3D(u)))
        // CATransform3DGetAffineTransform drops the 3D entries.
        let tilted = Transform3D(rotationAngle: 0.5, axis: Vector3(x: 0, y: 1, z: 0))
        #expect(tilted.affineTransform == AffineTransform2D(a: cos(0.5), b: 0, c: 0, d: 1, tx: 0, ty: 0))
    }

    @Test func rectTransformMapsOntoTheTargetExactly() {
        let cell = Rect(x: 10, y: 20, width: 100, height: 50)
        let screen = Rect(x: 0, y: 0, width: 400, height: 800)
        let t = cell.transform(to: screen)
        #expect(t == AffineTransform2D(a: 4, b: 0, c: 0, d: 16, tx: -40, ty: -320))
        #expect(t.apply(to: cell) == screen)
        // A collapsed source axis keeps scale 1 and aligns centres.
        let line = Rect(x: 0, y: 0, width: 0, height: 10)
        let lineMap = line.transform(to: Rect(x: 100, y: 0, width: 50, height: 20))
        #expect(lineMap == AffineTransform2D(a: 1, b: 0, c: 0, d: 2, tx: 125, ty: 0))
        #expect(cell.transform(to: Rect(x: .nan, y: 0, width: 1, height: 1)) == .identity)
    }

    @Test func aspectFillScalesByTheLargerRatioAndCentres() {
        // A 100 × 50 thumbnail filling a 390 × 844 screen: sx = 3.9, sy = 16.88 → s = 16.88,
        // giving 1688 × 844 centred at (195, 422): x from −649 to 1039.
        let thumb = Rect(x: 20, y: 30, width: 100, height: 50)
        let screen = Rect(x: 0, y: 0, width: 390, height: 844)
        let fill = thumb.aspectFillTransform(to: screen)
        #expect(fill.a == 16.88 && fill.d == 16.88 && fill.b == 0 && fill.c == 0)
        #expect(Approximately.equal(fill.apply(to: thumb), Rect(x: -649, y: 0, width: 1688, height: 844), absolute: 1e-9))
        #expect(Approximately.equal(fill.apply(to: thumb), screen.aspectFill(thumb.size), absolute: 1e-9))
        // Aspect fit uses the smaller ratio: 3.9 → 390 × 195 centred vertically.
        let fit = thumb.aspectFitTransform(to: screen)
        #expect(Approximately.equal(fit.apply(to: thumb), Rect(x: 0, y: 324.5, width: 390, height: 195), absolute: 1e-9))
        #expect(Approximately.equal(fit.apply(to: thumb), screen.aspectFit(thumb.size), absolute: 1e-9))
        // The centre maps onto the centre.
        #expect(Approximately.equal(fill.apply(to: thumb.center), screen.center, absolute: 1e-9))
    }

    @Test func emptyRectsFallBackToCentringTranslation() {
        let empty = Rect(x: 10, y: 10, width: 0, height: 40)
        let screen = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(empty.aspectFillTransform(to: screen) == AffineTransform2D(translationX: 40, y: 20))
        #expect(screen.aspectFitTransform(to: Rect(x: 0, y: 0, width: .nan, height: 1)) == .identity)
    }

    @Test func codableIsASixNumberArray() throws {
        let t = AffineTransform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let data = try JSONEncoder().encode(t)
        #expect(String(decoding: data, as: UTF8.self) == "[1,2,3,4,5,6]")
        #expect(try JSONDecoder().decode(AffineTransform2D.self, from: data) == t)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AffineTransform2D.self, from: Data("[1,2,3]".utf8))
        }
    }

    @Test(arguments: [UInt64(21), 22, 23])
    func hostileInputNeverProducesNaN(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<1_000 {
            let t = AffineTransform2D(a: rng.hostile(in: -2...2), b: rng.hostile(in: -2...2), c: rng.hostile(in: -2...2),
                                    d: rng.hostile(in: -2...2), tx: rng.hostile(in: -1e3...1e3), ty: 0)
            let rect = Rect(x: rng.hostile(in: -1e3...1e3), y: rng.hostile(in: -1e3...1e3),
                            width: rng.hostile(in: -1e3...1e3), height: rng.hostile(in: -1e3...1e3))
            let p = t.apply(to: rect.origin)
            #expect(!p.x.isNaN && !p.y.isNaN)
            let box = t.apply(to: rect)
            #expect(!box.origin.x.isNaN && !box.size.width.isNaN && !box.size.height.isNaN)
            if let inverse = t.inverted() { #expect(inverse.isFinite) }
            let other = Rect(x: rng.hostile(in: -1e3...1e3), y: 0, width: rng.hostile(in: 0...1e3), height: 100)
            for map in [rect.transform(to: other), rect.aspectFillTransform(to: other), rect.aspectFitTransform(to: other)] {
                #expect(map.isFinite)
            }
        }
    }
}
