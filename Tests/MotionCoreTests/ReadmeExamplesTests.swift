import MotionCore
import StoryKitTestSupport
import Testing

/// Mirrors every snippet of README.md, so the documentation compiles and says what is true.
@Suite struct ReadmeExamplesTests {
    @Test func geometry() throws {
        let screen = Rect(x: 0, y: 0, width: 390, height: 844)
        let photo = Size(width: 1080, height: 1080)
        #expect(screen.aspectFit(photo) == Rect(x: 0, y: 227, width: 390, height: 390))
        #expect(screen.aspectFill(photo) == Rect(x: -227, y: 0, width: 844, height: 844))
        let cell = Rect(x: 20, y: 300, width: 120, height: 120)
        let zoom = cell.aspectFillTransform(to: screen)
        // The cell's centre lands on the screen's centre, scaled to cover it (844 / 120).
        #expect(Approximately.equal(zoom.apply(to: cell.center), screen.center, absolute: 1e-9))
        #expect(Approximately.equal(zoom.a, 844.0 / 120, absolute: 1e-12))
    }

    @Test func transforms() throws {
        let turn = Transform3D(rotationAngle: .pi / 4, axis: Vector3(x: 0, y: 1, z: 0))
        let view = Transform3D.concat(turn, .perspective(eyeDistance: 500))
        let corner = try #require(view.apply(to: Vector3(x: 50, y: 50, z: 0)))
        // x = 50·cos45° / (1 + 50·sin45°/500): the +x edge recedes (z < 0 before the divide).
        let s = 50 * 0.5.squareRoot()
        #expect(Approximately.equal(corner.x, s / (1 + s / 500), absolute: 1e-9))
        #expect(corner.x > 33 && corner.x < 33.1)
        let halfway = Transform3D.identity.interpolated(to: turn, fraction: 0.5)
        let expected = Transform3D(rotationAngle: .pi / 8, axis: Vector3(x: 0, y: 1, z: 0))
        #expect(Approximately.equal(halfway.m11, expected.m11, absolute: 1e-12))
        #expect(Approximately.equal(halfway.m31, expected.m31, absolute: 1e-12))
        let flip = TransformInterpolation(from: .identity, to: turn)
        #expect(flip.transform(at: 0.5) == halfway)
    }

    @Test func timing() {
        #expect(Approximately.equal(TimingCurve.easeInEaseOut.value(at: 0.5), 0.5, absolute: 1e-7))
        let pulse = MediaTiming(duration: 1, autoreverses: true)
        #expect(Approximately.equal(pulse.localTime(forParentTime: 1.25)?.time ?? -1, 0.75))
        let paused = MediaTiming(duration: 1, speed: 0, timeOffset: 0.3)
        #expect(paused.localTime(forParentTime: 42)?.time == 0.3)
        let ring = MediaTiming.sequence([MediaTiming(duration: 0.3), MediaTiming(duration: 0.5)])
        #expect(ring.map(\.beginTime) == [0, 0.3])
    }

    @Test func springs() {
        let spring = SpringParameters(response: 0.4, dampingRatio: 0.8)
        let drop = SpringMotion(spring: spring, from: Point(x: 0, y: 400), to: .zero,
                                initialVelocity: Point(x: 0, y: -1_200))
        let at = drop.value(at: 0.1)
        #expect(at.y < 400 && at.y > 0 && at.x == 0)
        let settle = drop.settlingDuration()
        #expect(settle > 0.3 && settle < 2)
        #expect(drop.value(at: settle).distance(to: .zero) <= 0.001)
        let redirected = drop.retargeted(to: Point(x: 0, y: 600), at: 0.1)
        #expect(Approximately.equal(redirected.value(at: 0), drop.value(at: 0.1), absolute: 1e-9))
        #expect(Approximately.equal(redirected.velocity(at: 0), drop.velocity(at: 0.1), absolute: 1e-9))
    }

    @Test func decayAndRubberBand() {
        let flick = 2_000.0
        let distance = DecelerationRate.normal.projectedDistance(initialVelocity: flick)
        #expect(Approximately.equal(distance, 998, absolute: 1e-9))   // 2 · 0.998 / 0.002
        let midway = Decay(from: 0.0, initialVelocity: flick).value(at: 0.5)
        #expect(midway > 500 && midway < distance)
        let resisted = RubberBand.clamp(-100, to: 0...1_000, dimension: 300)
        #expect(Approximately.equal(resisted, -16_500.0 / 355, absolute: 1e-9))
    }

    @Test func velocityFromTouches() {
        var tracker = VelocityTracker()
        for i in 0...12 {
            let t = Double(i) / 120
            tracker.add(time: t, position: Point(x: 1_200 * t, y: 0))
        }
        #expect(Approximately.equal(tracker.velocity(), Point(x: 1_200, y: 0), absolute: 1e-6))
    }

    @Test func interactiveTransition() {
        var pop = InteractiveTransition()
        pop.grab(at: 0)
        for frame in 1...9 {
            pop.update(progress: 0.04 * Double(frame), at: Double(frame) / 60)
        }
        let outcome = pop.release(at: 0.15)
        #expect(outcome == .finished)
        #expect(Approximately.equal(pop.progress(at: 0.15), 0.36, absolute: 1e-12))
        #expect(Approximately.equal(pop.velocity(at: 0.15), 2.4, absolute: 1e-6))
        let caught = pop.progress(at: 0.25)
        #expect(caught > 0.36)
        #expect(pop.grab(at: 0.25) == caught)
        #expect(pop.velocityAtGrab > 0)
    }
}
