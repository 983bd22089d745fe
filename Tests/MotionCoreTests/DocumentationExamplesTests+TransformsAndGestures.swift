import MotionCore
import StoryKitTestSupport
import Testing

// MARK: - CoreAnimationConventions.md

extension DocumentationExamplesTests {
    @Test func coreAnimationLayoutPutsTranslationInTheBottomRow() {
        let move = Transform3D(translationX: 10, y: 20)
        #expect(move.m41 == 10)
        #expect(move.m42 == 20)
        #expect(move.apply(to: Point(x: 1, y: 1)) == Point(x: 11, y: 21))
    }

    @Test func coreAnimationConcatIsAThenB() {
        let scale = Transform3D(scaleX: 2, y: 2)
        let shift = Transform3D(translationX: 10, y: 0)
        #expect(Transform3D.concat(scale, shift).apply(to: Point(x: 1, y: 0)) == Point(x: 12, y: 0))
        #expect(Transform3D.concat(shift, scale).apply(to: Point(x: 1, y: 0)) == Point(x: 22, y: 0))
        #expect(scale.concatenating(shift) == Transform3D.concat(scale, shift))

        #expect(scale.translated(by: Vector3(x: 10, y: 0, z: 0)) == Transform3D.concat(shift, scale))
    }

    @Test func coreAnimationRotationSign() throws {
        let quarter = Transform3D(rotationAngle: .pi / 2, axis: Vector3(x: 0, y: 0, z: 1))
        let turned = try #require(quarter.apply(to: Point(x: 1, y: 0)))
        #expect(Approximately.equal(turned, Point(x: 0, y: 1), absolute: 1e-12))   // clockwise on screen

        let swing = Transform3D(rotationAngle: .pi / 2, axis: Vector3(x: 0, y: 1, z: 0))
        let swung = try #require(swing.apply(to: Vector3(x: 1, y: 0, z: 0)))
        #expect(Approximately.equal(swung, Vector3(x: 0, y: 0, z: -1), absolute: 1e-12))   // away

        let flat = AffineTransform2D(rotationAngle: .pi / 2).apply(to: Point(x: 1, y: 0))
        #expect(Approximately.equal(flat, Point(x: 0, y: 1), absolute: 1e-12))
    }

    @Test func coreAnimationLayerMatrixActsAboutTheAnchorPoint() {
        // A 100 × 100 layer at position (200, 300), scaled 2× about its centre (the default anchor).
        let centred = Transform3D.layer(position: Point(x: 200, y: 300), anchorPoint: Point(x: 0.5, y: 0.5),
                                        bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                                        transform: Transform3D(scaleX: 2, y: 2))
        #expect(centred.apply(to: Point(x: 50, y: 50)) == Point(x: 200, y: 300))
        #expect(centred.apply(to: Point(x: 0, y: 0)) == Point(x: 100, y: 200))

        // The same scale anchored at the top edge, as a stretchy header grows downward from its top.
        let header = Transform3D.layer(position: Point(x: 200, y: 0), anchorPoint: Point(x: 0.5, y: 0),
                                       bounds: Rect(x: 0, y: 0, width: 400, height: 300),
                                       transform: Transform3D(scaleX: 1.5, y: 1.5))
        #expect(header.apply(to: Point(x: 200, y: 0)) == Point(x: 200, y: 0))
        #expect(header.apply(to: Point(x: 200, y: 300)) == Point(x: 200, y: 450))

        // With the identity transform: frame.origin = position − anchorPoint · size.
        let plain = Transform3D.layer(position: Point(x: 200, y: 300), anchorPoint: Point(x: 0.5, y: 0.5),
                                      bounds: Rect(x: 0, y: 0, width: 100, height: 100), transform: .identity)
        #expect(plain.apply(to: Point(x: 0, y: 0)) == Point(x: 150, y: 250))
    }

    @Test func coreAnimationPerspectiveDrawsNearerPointsLarger() throws {
        let eye = Transform3D.perspective(eyeDistance: 500)
        #expect(eye.m34 == -0.002)
        let near = try #require(eye.apply(to: Vector3(x: 100, y: 0, z: 100)))
        #expect(Approximately.equal(near, Vector3(x: 125, y: 0, z: 125), absolute: 1e-12))
        let far = try #require(eye.apply(to: Vector3(x: 100, y: 0, z: -500)))
        #expect(Approximately.equal(far, Vector3(x: 50, y: 0, z: -250), absolute: 1e-12))

        // A cube face turned 30° about y, seen through the perspective.
        let face = Transform3D(rotationAngle: .pi / 6, axis: Vector3(x: 0, y: 1, z: 0)).concatenating(eye)
        // Its +x edge turns away (z < 0) and is drawn nearer the centre than without perspective.
        let edge = try #require(face.apply(to: Point(x: 100, y: 0)))
        #expect(edge.x < 100 * (3.0).squareRoot() / 2)
    }

    @Test func coreAnimationProjectionBehindTheEyeIsNil() {
        let eye = Transform3D.perspective(eyeDistance: 500)
        #expect(Approximately.equal(eye.applyHomogeneous(to: Vector3(x: 0, y: 0, z: 600)).w, -0.2))
        #expect(eye.apply(to: Vector3(x: 0, y: 0, z: 600)) == nil)   // not a mirrored point
        #expect(eye.apply(to: Vector3(x: 0, y: 0, z: 500)) == nil)   // at the eye, w = 0
    }

    @Test func coreAnimationInterpolationDecomposes() {
        let start = Transform3D.identity
        let end = Transform3D(rotationAngle: .pi / 2, axis: Vector3(x: 0, y: 0, z: 1))
        let halfway = start.interpolated(to: end, fraction: 0.5)
        #expect(Self.equal(halfway, Transform3D(rotationAngle: .pi / 4, axis: Vector3(x: 0, y: 0, z: 1))))
        #expect(Approximately.equal(halfway.m11, 0.7071, absolute: 5e-5))
        // The entry-wise average would shrink it: m11 = 0.5.
        #expect(Approximately.equal((start.m11 + end.m11) / 2, 0.5, absolute: 1e-12))

        let grown = Transform3D.identity.interpolated(to: Transform3D(scaleX: 3, y: 3, z: 3), fraction: 0.5)
        #expect(Self.equal(grown, Transform3D(scaleX: 2, y: 2, z: 2)))

        #expect(start.interpolated(to: end, fraction: 0) == start)
        #expect(start.interpolated(to: end, fraction: 1) == end)
        // A scale of 0 cannot be decomposed: the blend switches ends at half way.
        let collapsed = Transform3D(scaleX: 0, y: 0)
        #expect(start.interpolated(to: collapsed, fraction: 0.49) == start)
        #expect(start.interpolated(to: collapsed, fraction: 0.5) == collapsed)
    }

    @Test func coreAnimationInterpolationOfComponentsDecomposesOnce() throws {
        let quarterTurn = Transform3D(rotationAngle: .pi / 2, axis: Vector3(x: 0, y: 0, z: 1))
        var blended: Transform3D?
        if let from = Transform3D.identity.components, let to = quarterTurn.components {
            let frame = Transform3D(from.interpolated(to: to, fraction: 0.5))   // the same 45° rotation
            blended = frame
        }
        let frame = try #require(blended)
        #expect(Self.equal(frame, Transform3D(rotationAngle: .pi / 4, axis: Vector3(x: 0, y: 0, z: 1))))
        #expect(Self.equal(frame, Transform3D.identity.interpolated(to: quarterTurn, fraction: 0.5)))
    }

    @Test func coreAnimationAffineRoundTrip() {
        let flat = AffineTransform2D(rotationAngle: .pi / 6).translatedBy(x: 10, y: 0)
        let lifted = Transform3D(flat)
        #expect(lifted.isAffine)
        #expect(lifted.affineTransform == flat)
    }
}

// MARK: - GesturesAndPhysics.md

extension DocumentationExamplesTests {
    @Test func gesturesVelocityTrackerAndStoppedFinger() {
        var tracker = VelocityTracker()
        tracker.add(time: 0.000, position: Point(x: 100, y: 400))
        tracker.add(time: 0.008, position: Point(x: 110, y: 400))
        tracker.add(time: 0.016, position: Point(x: 120, y: 400))
        #expect(Approximately.equal(tracker.velocity(at: 0.020), Point(x: 1250, y: 0), absolute: 1e-6))
        #expect(tracker.velocity(at: 0.070) == .zero)    // 54 ms without a sample: stopped
    }

    @Test func gesturesQuadraticFitFollowsAnAcceleratingFlick() {
        // A flick accelerating at 20 000 pt/s², sampled every 8 ms for 80 ms.
        var quadratic = VelocityTracker()
        var linear = VelocityTracker(configuration: VelocityTracker.Configuration(fit: .linear))
        for sample in 0...10 {
            let time = Double(sample) * 0.008
            let position = Point(x: 10_000 * time * time, y: 0)
            quadratic.add(time: time, position: position)
            linear.add(time: time, position: position)
        }
        #expect(Approximately.equal(quadratic.velocity(at: 0.08).x, 1_600, absolute: 1e-6))
        #expect(Approximately.equal(linear.velocity(at: 0.08).x, 800, absolute: 1e-6))
    }

    @Test func gesturesProjectedDistance() {
        #expect(Approximately.equal(DecelerationRate.normal.projectedDistance(initialVelocity: 1_000.0), 499,
                                    absolute: 1e-9))
        #expect(Approximately.equal(DecelerationRate.fast.projectedDistance(initialVelocity: 1_000.0), 99,
                                    absolute: 1e-9))
    }

    @Test func gesturesProjectionChoosesThePageAndTheSpringKeepsTheVelocity() {
        let pageWidth = 390.0
        let released = 500.0, velocity = -800.0                       // points, points per second
        let landing = DecelerationRate.normal.project(released, initialVelocity: velocity)
        let page = (landing / pageWidth).rounded()                    // 0
        let snap = SpringMotion(spring: .snappy, from: released, to: page * pageWidth, initialVelocity: velocity)
        #expect(Approximately.equal(landing, 100.8, absolute: 1e-9))  // 500 − 399.2 = 100.8
        #expect(page == 0)
        #expect(snap.to == 0)
        #expect(snap.velocity(at: 0) == -800)                         // continuous with the finger
        // Without the projection, the release position alone would have chosen the second page.
        #expect((released / pageWidth).rounded() == 1)
    }

    @Test func gesturesCoastLikeAScrollView() {
        let coast = Decay(from: 0.0, initialVelocity: 2_000.0)   // points, points per second
        #expect(Approximately.equal(coast.destination, 999, absolute: 0.5))
        #expect(Approximately.equal(coast.value(at: 0.5), 632, absolute: 0.5))
        #expect(Approximately.equal(coast.velocity(at: 0.5), 735, absolute: 0.5))
        var kept = 1.0
        for _ in 0..<500 { kept *= 0.998 }                      // 0.998⁵⁰⁰: 500 milliseconds
        #expect(Approximately.equal(coast.velocity(at: 0.5), 2_000 * kept, absolute: 1e-6))
        #expect(Approximately.equal(coast.duration(untilSpeedBelow: 1), 3.8, absolute: 0.05))
        // The discrete projection is 0.1 % shorter than where the continuous curve stops.
        #expect(coast.projectedValue < coast.destination)
        #expect(Approximately.equal(coast.projectedValue / coast.destination, 0.999, absolute: 5e-4))
    }

    @Test func gesturesPointDecaysAlongItsReleaseDirection() {
        let fling = Decay(from: Point(x: 0, y: 0), initialVelocity: Point(x: 600, y: -800), rate: .fast)
        #expect(Approximately.equal(fling.destination, Point(x: 59.7, y: -79.6), absolute: 0.05))
        // Along the release direction: y / x stays −800 / 600.
        #expect(Approximately.equal(fling.destination.y / fling.destination.x, -800.0 / 600, absolute: 1e-12))
    }

    @Test func gesturesRubberBand() {
        #expect(Approximately.equal(RubberBand.offset(100, dimension: 300), 46.48, absolute: 0.005))
        #expect(Approximately.equal(RubberBand.clamp(600, to: 0...500, dimension: 300), 546.48, absolute: 0.005))
        #expect(RubberBand.clamp(250, to: 0...500, dimension: 300) == 250)
        #expect(Approximately.equal(RubberBand.clamp(-100, to: 0...500, dimension: 300), -46.48, absolute: 0.005))
    }

    @Test func gesturesRubberBandUnclampAndSlopeKeepTheGestureContinuous() {
        // A sheet that may move 0…500 pt on a 300 pt view, released 100 pt past its end at 1 000 pt/s.
        let shown = RubberBand.clamp(600, to: 0...500, dimension: 300)        // ≈ 546.48
        #expect(Approximately.equal(RubberBand.unclamp(shown, from: 0...500, dimension: 300), 600, absolute: 1e-9))
        let slope = RubberBand.slope(atOvershoot: 100, dimension: 300)        // 0.55 / (1 + 0.55/3)² ≈ 0.393
        let back = SpringMotion(spring: .snappy, from: shown, to: 500.0, initialVelocity: 1_000 * slope)
        let stretch: Double = 1 + 0.55 / 3
        #expect(Approximately.equal(slope, 0.55 / (stretch * stretch), absolute: 1e-12))
        #expect(Approximately.equal(back.velocity(at: 0), 393, absolute: 0.5))
        // The slope is the content's speed per finger speed: a small step of the finger agrees.
        let step = RubberBand.clamp(600.001, to: 0...500, dimension: 300) - shown
        #expect(Approximately.equal(step / 0.001, slope, absolute: 1e-4))
    }
}
