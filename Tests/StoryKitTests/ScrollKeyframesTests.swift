import MotionCore
import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct ScrollKeyframesTests {
    @Test func holdsBeforeAndAfterAndInterpolatesBetween() {
        let lift = ScrollKeyframes<Double>([.init(offset: 0, value: 0), .init(offset: 100, value: -100)])
        #expect(lift.value(at: -50) == 0)
        #expect(lift.value(at: 0) == 0)
        #expect(lift.value(at: 25) == -25)
        #expect(lift.value(at: 100) == -100)
        #expect(lift.value(at: 1e12) == -100)
    }

    @Test func extendsTheEndSegmentsLine() {
        let stretch = ScrollKeyframes<Double>([.init(offset: -200, value: 2), .init(offset: 0, value: 1)], before: .extend, after: .extend)
        #expect(stretch.value(at: -400) == 3)
        #expect(stretch.value(at: 100) == 0.5)
    }

    @Test func easesEachSegmentByItsLaterKeyframesCurve() {
        let fade = ScrollKeyframes<Double>([.init(offset: 10, value: 0), .init(offset: 20, value: 1, curve: .easeIn),
                                            .init(offset: 30, value: 0)])
        #expect(Approximately.equal(fade.value(at: 15), TimingCurve.easeIn.value(at: 0.5)))
        #expect(fade.value(at: 15) < 0.5)
        #expect(fade.value(at: 25) == 0.5)
    }

    @Test func sortsKeyframesAndMakesAStepAtARepeatedOffset() {
        let step = ScrollKeyframes<Double>([.init(offset: 50, value: 1), .init(offset: 0, value: 0), .init(offset: 50, value: 5),
                                            .init(offset: 100, value: 5)])
        #expect(step.keyframes.map(\.value) == [0, 1, 5, 5])
        #expect(step.value(at: 49.999) < 1)
        #expect(step.value(at: 50) == 5)
        #expect(step.value(at: 75) == 5)
    }

    @Test func dropsKeyframesAtNonFiniteOffsetsAndSurvivesHostileOffsets() {
        let track = ScrollKeyframes<Double>([.init(offset: .nan, value: 9), .init(offset: 0, value: 0), .init(offset: .infinity, value: 9),
                                             .init(offset: 10, value: 1)], before: .extend, after: .extend)
        #expect(track.keyframes.map(\.offset) == [0, 10])
        #expect(track.value(at: .nan) == 0)
        #expect(track.value(at: .infinity) == 1e8)
        #expect(track.value(at: -.infinity) == -1e8)
        #expect(ScrollKeyframes<Double>([], fallback: 3).value(at: 7) == 3)
        #expect(ScrollKeyframes<Double>(constant: 2).value(at: -7) == 2)
    }

    @Test func interpolatesAnyInterpolatableValue() {
        let path = ScrollKeyframes<Point>([.init(offset: 0, value: Point(x: 0, y: 0)), .init(offset: 10, value: Point(x: 10, y: -20))])
        #expect(path.value(at: 5) == Point(x: 5, y: -10))
    }
}
