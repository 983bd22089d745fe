import MotionCore
import StoryKitTestSupport
import Testing

/// Every Swift snippet of the MotionCore DocC catalog, compiled and checked against what the
/// article says it shows. Each test names its article; keep the snippet code identical to the
/// article's, and the expectations to the article's comments. The snippets of
/// `CoreAnimationConventions.md` and `GesturesAndPhysics.md` are in
/// `DocumentationExamplesTests+TransformsAndGestures.swift`.
@Suite struct DocumentationExamplesTests {
    static func equal(_ a: Transform3D, _ b: Transform3D, absolute: Double = 1e-12) -> Bool {
        let pairs = [(a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14),
                     (a.m21, b.m21), (a.m22, b.m22), (a.m23, b.m23), (a.m24, b.m24),
                     (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34),
                     (a.m41, b.m41), (a.m42, b.m42), (a.m43, b.m43), (a.m44, b.m44)]
        return pairs.allSatisfy { Approximately.equal($0.0, $0.1, absolute: absolute) }
    }

    // MARK: - MotionCore.md

    @Test func landingPageTimeIsAnInput() {
        let motion = SpringMotion(spring: .snappy, from: 0.0, to: 300.0)
        let late = motion.value(at: 0.2)
        let again = motion.value(at: 0.2)   // identical, however many frames were skipped in between
        #expect(late == again)
        #expect(late > 0 && late < 300)
    }

    // MARK: - InteractiveTransitions.md

    @Test func interactiveTransitionsQuickStartFinishesAFastShortDrag() {
        var pop = InteractiveTransition()
        pop.grab(at: 0)
        for frame in 1...9 {                          // a drag at 2 progress/s, sampled at 60 Hz
            let time = Double(frame) / 60
            pop.update(progress: 2 * time, at: time)
        }
        #expect(Approximately.equal(pop.velocity(at: 0.15), 2, absolute: 1e-9))
        let outcome = pop.release(at: 0.15)           // .finished: 0.3 moving at 2/s projects past 0.5
        #expect(outcome == .finished)
        #expect(Approximately.equal(pop.progress(at: 0.15), 0.3, absolute: 1e-12))  // 0.3, continuous
        #expect(pop.advance(to: 0.5) == nil)          // nil while the spring is still moving
        #expect(pop.phase == .settling(.finished))
    }

    /// The article's drag handler, verbatim.
    struct SwipeToDismiss {
        var transition = InteractiveTransition()
        /// The drag, in points, that takes the progress from 0 to 1.
        let distance = 600.0

        /// The pan gesture began.
        mutating func began(at time: Double) {
            transition.grab(at: time)
        }

        /// The pan gesture moved; `translation` is the finger's travel since it began, in points.
        mutating func changed(translation: Double, at time: Double) {
            transition.update(progress: transition.progressAtGrab + translation / distance, at: time)
        }

        /// The finger lifted. The velocity is the one tracked from the samples.
        mutating func ended(at time: Double) -> InteractiveTransition.Outcome {
            transition.release(at: time)
        }

        /// One display frame: the sheet's offset in points, and the outcome on the frame it completes.
        mutating func frame(at time: Double) -> (offset: Double, completed: InteractiveTransition.Outcome?) {
            let completed = transition.advance(to: time)
            return (transition.progress(at: time) * distance, completed)
        }
    }

    @Test func interactiveTransitionsWorkedExampleDismissesOnceWithoutOvershoot() {
        var sheet = SwipeToDismiss()
        sheet.began(at: 0)
        for sample in 1...12 {
            let time = Double(sample) / 120
            sheet.changed(translation: 900 * time, at: time)
        }
        #expect(Approximately.equal(sheet.transition.progress(at: 0.1), 0.15, absolute: 1e-12))
        #expect(Approximately.equal(sheet.transition.velocity(at: 0.1), 1.5, absolute: 1e-9))
        let outcome = sheet.ended(at: 0.1)        // .finished: 0.15 + 1.5 × 0.499 ≈ 0.90 is past half way
        #expect(outcome == .finished)
        #expect(Approximately.equal(sheet.transition.velocity(at: 0.1), 1.5, absolute: 1e-9))
        #expect(Approximately.equal(0.15 + DecelerationRate.normal.projectedDistance(initialVelocity: 1.5),
                                    0.8985, absolute: 1e-9))

        var time = 0.1
        var completed: InteractiveTransition.Outcome? = nil
        var offsets: [Double] = [sheet.transition.progress(at: 0.1) * 600]
        var completions = 0
        while completed == nil {
            time += 1.0 / 60
            let frame = sheet.frame(at: time)
            completed = frame.completed           // .finished, exactly once, about 0.68 s after release
            offsets.append(frame.offset)
            if frame.completed != nil { completions += 1 }
        }
        #expect(completed == .finished)
        #expect(time - 0.1 > 0.6 && time - 0.1 < 0.75)
        #expect(sheet.frame(at: time).offset == 600)   // 600: the sheet rests exactly at the end
        // Reported once: later frames return nil and stay at 600.
        for extra in 1...5 {
            let frame = sheet.frame(at: time + Double(extra) / 60)
            #expect(frame.completed == nil && frame.offset == 600)
            if frame.completed != nil { completions += 1 }
        }
        #expect(completions == 1)
        // Critically damped: rises to 600 without overshooting, never moving backwards.
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(offsets.allSatisfy { $0 <= 600 })
        // The spring leaves at the finger's speed and accelerates from there: the first frame
        // moves further than the finger's 15 pt per 1/60 s, it does not stall.
        #expect(offsets[1] - offsets[0] > 15)
    }

    @Test func interactiveTransitionsVelocityHandOffIsContinuous() {
        var transition = InteractiveTransition()
        transition.update(progress: 0.4, at: 1.0)              // grabs first when not interacting
        let outcome = transition.release(at: 1.0, velocity: -3) // .cancelled: moving back fast
        #expect(outcome == .cancelled)
        #expect(transition.progress(at: 1.0) == 0.4)           // 0.4
        #expect(transition.velocity(at: 1.0) == -3)            // -3
        #expect(transition.progress(at: 1.05) < 0.4)           // below 0.4: on its way back to 0
    }

    @Test func interactiveTransitionsGrabbingAgainCatchesTheSettle() throws {
        var sheet = SwipeToDismiss()
        sheet.began(at: 0)
        for sample in 1...12 {
            let time = Double(sample) / 120
            sheet.changed(translation: 900 * time, at: time)
        }
        #expect(sheet.ended(at: 0.1) == .finished)   // .finished: the sheet springs down
        let expected = sheet.transition.progress(at: 0.2)
        let expectedVelocity = sheet.transition.velocity(at: 0.2)

        sheet.began(at: 0.2)                      // caught mid-flight
        let caught = sheet.transition.progressAtGrab  // where the spring was at 0.2, about 0.6
        #expect(caught == expected)
        #expect(caught > 0.55 && caught < 0.65)
        #expect(sheet.transition.velocityAtGrab == expectedVelocity)
        #expect(sheet.transition.velocityAtGrab > 0)  // how fast it was moving then, > 0
        for sample in 1...12 {                    // dragged back up at 1 200 points per second
            let time = 0.2 + Double(sample) / 120
            sheet.changed(translation: -1_200 * (time - 0.2), at: time)
        }
        // caught − 0.2: continuous with the catch
        #expect(Approximately.equal(sheet.transition.progress(at: 0.3), caught - 0.2, absolute: 1e-12))
        #expect(sheet.ended(at: 0.3) == .cancelled)   // .cancelled: moving back, it projects below 0
        #expect(caught - 0.2 + DecelerationRate.normal.projectedDistance(initialVelocity: -2.0) < 0)
    }

    @Test func interactiveTransitionsReleaseDecisions() {
        let projected: ReleaseDecision = .projected()
        #expect(projected.outcome(progress: 0.3, velocity: 2) == .finished)
        #expect(Approximately.equal(DecelerationRate.normal.project(0.3, initialVelocity: 2.0), 1.298))
        #expect(projected.outcome(progress: 0.6, velocity: -0.5) == .cancelled)
        #expect(Approximately.equal(DecelerationRate.normal.project(0.6, initialVelocity: -0.5), 0.3505))
        #expect(projected.outcome(progress: 0.6, velocity: 0) == .finished)

        let direction: ReleaseDecision = .direction()
        #expect(direction.outcome(progress: 0.2, velocity: 0.1) == .finished)    // moving forward
        #expect(direction.outcome(progress: 0.9, velocity: -0.1) == .cancelled)  // moving back
        #expect(direction.outcome(progress: 0.6, velocity: 0.01) == .finished)   // slow, past half way

        let custom = ReleaseDecision.projected(threshold: 1.0 / 3, rate: .fast)
        #expect(custom.outcome(progress: 0.2, velocity: 1.5) == .finished)
        #expect(Approximately.equal(DecelerationRate.fast.project(0.2, initialVelocity: 1.5), 0.3485))

        var transition = InteractiveTransition()
        transition.update(progress: 0.2, at: 0)
        #expect(transition.release(at: 0, velocity: 0.1, decision: .direction()) == .finished)
    }

    // MARK: - SpringsAndTiming.md

    @Test func springsAndTimingParameterisations() {
        let sheet = SpringParameters(response: 0.5, dampingRatio: 0.8)
        #expect(Approximately.equal(sheet.stiffness, 157.91, absolute: 0.005))   // (2π / 0.5)²
        #expect(Approximately.equal(sheet.stiffness, (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5)))
        #expect(Approximately.equal(sheet.damping, 20.11, absolute: 0.005))      // 4π · 0.8 / 0.5
        #expect(sheet.mass == 1)

        let layer = SpringParameters(mass: 1, stiffness: 100, damping: 10)   // CASpringAnimation's defaults
        #expect(Approximately.equal(layer.dampingRatio, 0.5))
        #expect(Approximately.equal(layer.response, 0.628, absolute: 0.0005))

        let bouncy = SpringParameters(duration: 0.5, bounce: 0.3)
        #expect(Approximately.equal(bouncy.dampingRatio, 0.7))
        #expect(SpringParameters.bouncy == bouncy)
    }

    @Test func springsAndTimingSampling() {
        let motion = SpringMotion(spring: SpringParameters(response: 0.5, dampingRatio: 1), from: 0.0, to: 100.0)
        #expect(motion.value(at: 0) == 0)
        #expect(Approximately.equal(motion.value(at: 0.25), 100 * (1 - 0.043214 * 4.14159), absolute: 1e-3))
        #expect(Approximately.equal(motion.value(at: 0.25), 82.10, absolute: 0.005))
        #expect(motion.velocity(at: 0) == 0)      // 0: it starts at rest
        let now = motion.sample(at: 0.25)   // value and velocity from one evaluation
        #expect(now.value == motion.value(at: 0.25))
        #expect(now.velocity == motion.velocity(at: 0.25))

        let card = SpringMotion(spring: .smooth, from: Point(x: 0, y: 400), to: Point(x: 100, y: 0))
        #expect(Approximately.equal(card.value(at: 10), Point(x: 100, y: 0), absolute: 1e-6))
        // Released at rest, a point springs along the straight line to its target.
        let p = card.value(at: 0.1)
        #expect(Approximately.equal(p.y, 400 - 4 * p.x, absolute: 1e-9))
    }

    @Test func springsAndTimingRetargetingKeepsValueAndVelocity() {
        let open = SpringMotion(spring: .snappy, from: 0.0, to: 300.0)
        // 0.15 s in, the user taps again: close instead, from wherever the value is.
        let close = open.retargeted(to: 0.0, at: 0.15)
        #expect(close.from == open.value(at: 0.15))                 // true
        #expect(close.initialVelocity == open.velocity(at: 0.15))   // true
        #expect(close.to == 0)                                      // 0
        #expect(close.initialVelocity > 0)   // still moving toward 300 when the target changes
    }

    @Test func springsAndTimingSettling() {
        let settle = SpringMotion(spring: SpringParameters(response: 0.5, dampingRatio: 1), from: 0.0, to: 100.0)
        let duration = settle.settlingDuration()     // ≈ 1.34 s
        #expect(Approximately.equal(duration, 1.34, absolute: 0.005))
        #expect(settle.isSettled(at: duration))               // true
        #expect(abs(settle.value(at: duration) - 100) <= 0.001)   // true
        #expect(abs(settle.velocity(at: duration)) <= 0.001)      // true
        #expect(!settle.isSettled(at: duration - 0.01))

        #expect(SpringParameters(mass: 1, stiffness: 100, damping: 0).settlingDuration == .infinity)   // undamped
    }

    @Test func springsAndTimingTimingCurves() {
        #expect(Approximately.equal(TimingCurve.linear.value(at: 0.3), 0.3, absolute: 1e-7))
        #expect(Approximately.equal(TimingCurve.easeInEaseOut.value(at: 0.5), 0.5, absolute: 1e-7))
        #expect(Approximately.equal(TimingCurve.easeInEaseOut.value(at: 0.25), 0.1292, absolute: 5e-5))
        #expect(Approximately.equal(TimingCurve.default.value(at: 0.5), 0.8024, absolute: 5e-5))
        #expect(TimingCurve(x1: 0.3, y1: 1.4, x2: 0.6, y2: 1).value(at: 0.5) > 1)   // overshoots
    }

    @Test func springsAndTimingCurveSlopeHandsOverToASpring() {
        // A 0.3 s ease-out animation moving a view 200 points, interrupted at its very start.
        let speed = TimingCurve.easeOut.slope(at: 0) * 200 / 0.3   // 1/0.58 × 200/0.3 ≈ 1 149 pt/s
        let handOver = SpringMotion(spring: .snappy, from: 0.0, to: 200.0, initialVelocity: speed)
        #expect(Approximately.equal(speed, 200 / (0.58 * 0.3), absolute: 1e-6))
        #expect(Approximately.equal(speed, 1_149, absolute: 0.5))
        #expect(handOver.velocity(at: 0) == speed)
    }

    @Test func springsAndTimingMediaTimingLocalTime() throws {
        let pulse = MediaTiming(duration: 1, autoreverses: true)
        #expect(Approximately.equal(try #require(pulse.localTime(forParentTime: 1.25)?.time), 0.75))
        let fast = MediaTiming(duration: 1, speed: 2).localTime(forParentTime: 0.25)?.time
        #expect(fast.map { Approximately.equal($0, 0.5) } == true)
        #expect(MediaTiming(duration: 1).localTime(forParentTime: 1.5) == nil)     // removed after its end
        #expect(MediaTiming(duration: 1, fillMode: .forwards).progress(forParentTime: 1.5) == 1)
    }

    @Test func springsAndTimingScrubbingWithSpeedZeroAndResuming() throws {
        var paused = MediaTiming(duration: 1, speed: 0)
        paused.timeOffset = 0.3 * paused.duration       // the gesture is 30 % of the way
        #expect(paused.localTime(forParentTime: 42)?.time == 0.3)   // whatever the parent time
        #expect(paused.localTime(forParentTime: -7)?.time == 0.3)
        #expect(paused.progress(forParentTime: 0) == 0.3)

        // Resume at parent time 10 from where the scrub left it (QA1673's resume): begin 0.3 s earlier.
        let resumed = MediaTiming(beginTime: 10 - 0.3, duration: 1, fillMode: .forwards)
        #expect(Approximately.equal(try #require(resumed.progress(forParentTime: 10)), 0.3, absolute: 1e-12))
        #expect(resumed.progress(forParentTime: 11) == 1)   // finished at 10.7, held by the forward fill
        #expect(resumed.localTime(forParentTime: 11)?.phase == .after)
    }

    @Test func springsAndTimingTimeOffsetMovesThePlayhead() throws {
        let shifted = MediaTiming(duration: 1, timeOffset: 0.5)
        #expect(Approximately.equal(try #require(shifted.localTime(forParentTime: 0.25)?.time), 0.75))
        #expect(Approximately.equal(try #require(shifted.localTime(forParentTime: 0.75)?.time), 0.25))
    }

    @Test func springsAndTimingChainingByBeginTime() {
        let fadeIn = MediaTiming(duration: 0.3)
        let spin = fadeIn.followed(by: MediaTiming(duration: 1, repeatCount: 2))
        #expect(spin.beginTime == 0.3)
        #expect(Approximately.equal(spin.endTime, 2.3))

        let steps = MediaTiming.sequence([MediaTiming(duration: 0.3),
                                          MediaTiming(duration: 0.5, speed: 2),
                                          MediaTiming(duration: 1)])
        let begins = steps.map(\.beginTime)
        #expect(begins.count == 3)
        #expect(zip(begins, [0, 0.3, 0.55]).allSatisfy { Approximately.equal($0, $1) })
    }

    @Test func springsAndTimingNestedGroups() throws {
        let ring = MediaTiming(duration: 2, repeatCount: .infinity)   // the group
        let grow = MediaTiming(beginTime: 0.5, duration: 1)           // a child animation
        let local = try #require(MediaTiming.localTime(forRootTime: 4.75, through: [ring, grow]))
        #expect(Approximately.equal(local.time, 0.25))
        #expect(Approximately.equal(try #require(ring.convert(parentTime: 4.75)), 0.75))
    }
}
