import MotionCore
import StoryKitTestSupport
import Testing

@Suite struct SpringKeyframesTests {
    @Test func keyframesRetraceTheClosedFormAtEvenTimes() {
        let motion = SpringMotion(spring: .bouncy, from: 0.0, to: 300.0, initialVelocity: 500)
        let keys = motion.keyframes(framesPerSecond: 60)
        #expect(keys.values.first == 0)
        #expect(keys.values.last == 300)
        #expect(Approximately.equal(keys.duration, Double(keys.values.count - 1) / 60, absolute: 1e-12))
        for (i, value) in keys.values.dropLast().enumerated() {
            #expect(value == motion.value(at: Double(i) / 60))
        }
        // The bouncy spring overshoots its target and the keyframes keep that overshoot.
        #expect(keys.values.max()! > 300)
    }

    @Test func keyframesLastAsLongAsTheSettleRoundedUpToWholeFrames() {
        let motion = SpringMotion(spring: .default, from: 1.0, to: 0.0)
        let settle = motion.settlingDuration()
        let keys = motion.keyframes(framesPerSecond: 120)
        #expect(keys.duration >= settle && keys.duration < settle + 1.0 / 120 + 1e-12)
    }

    @Test func anUndampedSpringStopsAtTheLimitAndSnapsToTheTarget() {
        let motion = SpringMotion(spring: SpringParameters(mass: 1, stiffness: 100, damping: 0), from: 0.0, to: 1.0)
        let keys = motion.keyframes(framesPerSecond: 30, maximumDuration: 2)
        #expect(keys.values.count == 61)
        #expect(keys.values.last == 1)
        #expect(keys.duration == 2)
    }

    @Test(arguments: [Double.nan, 0, -5, .infinity, 1e9])
    func oddFrameRatesStillGiveAtLeastStartAndTarget(fps: Double) {
        let keys = SpringMotion(from: Point(x: 0, y: 0), to: Point(x: 10, y: 20)).keyframes(framesPerSecond: fps)
        #expect(keys.values.count >= 2)
        #expect(keys.values.last == Point(x: 10, y: 20))
        #expect(keys.duration.isFinite && keys.duration > 0)
    }

    @Test func aMotionAlreadyAtRestHasTwoIdenticalKeyframes() {
        let keys = SpringMotion(from: 5.0, to: 5.0).keyframes()
        #expect(keys.values == [5, 5])
    }
}
