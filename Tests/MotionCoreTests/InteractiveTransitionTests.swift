import MotionCore
import StoryKitTestSupport
import Testing

@Suite struct InteractiveTransitionTests {
    /// Drags from `from` at `speed` progress per second, sampled at 120 Hz for `duration` seconds
    /// starting at `start`; returns the time of the last sample.
    @discardableResult
    private func drag(_ t: inout InteractiveTransition, from: Double, speed: Double,
                      start: Double = 0, duration: Double) -> Double {
        t.grab(at: start)
        let steps = Int((duration * 120).rounded())
        for i in 1...steps {
            let time = start + Double(i) / 120
            t.update(progress: from + speed * (time - start), at: time)
        }
        return start + Double(steps) / 120
    }

    @Test func releaseHandsOverWithContinuousProgressAndVelocity() {
        var t = InteractiveTransition()
        let release = drag(&t, from: 0, speed: 2, duration: 0.15)   // reaches 0.3 moving at 2/s
        #expect(Approximately.equal(t.progress(at: release), 0.3, absolute: 1e-12))
        #expect(Approximately.equal(t.velocity(at: release), 2, absolute: 1e-6))

        let outcome = t.release(at: release)
        #expect(outcome == .finished)  // 0.3 + 2 · 0.499 projects far past half way
        #expect(t.phase == .settling(.finished))
        #expect(Approximately.equal(t.progress(at: release), 0.3, absolute: 1e-12))
        #expect(Approximately.equal(t.velocity(at: release), 2, absolute: 1e-6))
        // One millisecond later it has moved on at about the release speed: no jump, no stall.
        let step = t.progress(at: release + 0.001) - 0.3
        #expect(step > 0.0018 && step < 0.0022)
    }

    @Test func aReleaseMovingBackCancelsWithTheBackwardVelocity() {
        var t = InteractiveTransition()
        t.grab(at: 0)
        t.update(progress: 0.7, at: 0.1)
        let release = drag(&t, from: 0.7, speed: -1.5, start: 0.2, duration: 0.1)
        let outcome = t.release(at: release)
        #expect(outcome == .cancelled)  // 0.55 − 1.5 · 0.499 lands before half way
        #expect(Approximately.equal(t.velocity(at: release), -1.5, absolute: 1e-6))
        #expect(t.progress(at: release + 0.01) < 0.55)
    }

    @Test func grabbingDuringTheSettleCatchesItWhereItIs() {
        var t = InteractiveTransition()
        let release = drag(&t, from: 0, speed: 2, duration: 0.15)
        t.release(at: release)
        let grabTime = release + 0.08
        let expected = t.progress(at: grabTime)
        let movingAt = t.velocity(at: grabTime)
        #expect(movingAt > 0.5)

        let caught = t.grab(at: grabTime)
        #expect(caught == expected)
        #expect(t.progressAtGrab == expected)
        #expect(t.velocityAtGrab == movingAt)
        #expect(t.phase == .interacting)
        // Held under the finger: later frames show the same progress until the finger moves.
        #expect(t.progress(at: grabTime + 0.5) == expected)
        // The finger drags from where it caught it.
        t.update(progress: caught - 0.1, at: grabTime + 0.05)
        #expect(Approximately.equal(t.progress(at: grabTime + 0.05), expected - 0.1, absolute: 1e-12))
    }

    @Test func anAbandonedSettleNeverReportsCompletion() {
        var t = InteractiveTransition()
        let release = drag(&t, from: 0, speed: 2, duration: 0.15)
        t.release(at: release)
        #expect(t.advance(to: release + 0.05) == nil)
        t.grab(at: release + 0.1)
        for frame in 1...600 {
            #expect(t.advance(to: release + 0.1 + Double(frame) / 60) == nil)
        }
        #expect(t.phase == .interacting)
    }

    @Test func completionIsReportedExactlyOnceAndRestsOnTheTarget() {
        var t = InteractiveTransition()
        let release = drag(&t, from: 0, speed: 1.5, duration: 0.25)   // 0.375 + 1.5 · 0.499 > 0.5
        #expect(t.release(at: release) == .finished)
        var reports: [InteractiveTransition.Outcome] = []
        var completedAt = 0.0
        for frame in 1...240 {
            let time = release + Double(frame) / 60
            if let outcome = t.advance(to: time) {
                reports.append(outcome)
                completedAt = time
            }
        }
        #expect(reports == [.finished])
        #expect(t.phase == .completed(.finished))
        #expect(t.progress(at: completedAt + 1) == 1)
        #expect(t.velocity(at: completedAt + 1) == 0)
        // A critically damped settle of about a third of a second, not an instant snap.
        #expect(completedAt - release > 0.25 && completedAt - release < 1.2)
    }

    @Test func aCriticallyDampedSettleNeverPassesTheTargetFromRest() {
        var t = InteractiveTransition(progress: 0.8)
        t.finish(at: 0, velocity: 0)
        var previous = 0.8
        for frame in 1...120 {
            let p = t.progress(at: Double(frame) / 120)
            #expect(p <= 1 && p >= previous)
            previous = p
        }
    }

    @Test(arguments: [
        // (progress, velocity, projected outcome, direction outcome)
        (0.3, 0.0, InteractiveTransition.Outcome.cancelled, InteractiveTransition.Outcome.cancelled),
        (0.6, 0.0, .finished, .finished),
        (0.3, 1.0, .finished, .finished),       // flick: 0.3 + 0.499 ≈ 0.8
        (0.6, -0.5, .cancelled, .cancelled),    // slow drag back: 0.6 − 0.2495 ≈ 0.35
        (0.45, 0.2, .finished, .finished),      // 0.45 + 0.0998 ≈ 0.55
        (0.8, -0.2, .finished, .cancelled),     // projection stays past half; moving back cancels
        (0.1, 0.2, .cancelled, .finished),      // projection 0.2 short; moving forward finishes
        (0.4, 0.01, .cancelled, .cancelled),    // too slow to count as a direction
    ])
    func releaseDecisions(progress: Double, velocity: Double,
                          projected: InteractiveTransition.Outcome,
                          direction: InteractiveTransition.Outcome) {
        #expect(ReleaseDecision.projected().outcome(progress: progress, velocity: velocity) == projected)
        #expect(ReleaseDecision.direction().outcome(progress: progress, velocity: velocity) == direction)
    }

    @Test func aFingerThatStoppedBeforeLiftingReleasesWithoutVelocity() {
        var t = InteractiveTransition()
        let last = drag(&t, from: 0, speed: 2, duration: 0.2)   // 0.4, fast
        // The finger rests 100 ms before lifting: the flick is over.
        #expect(t.release(at: last + 0.1) == .cancelled)
        #expect(t.velocity(at: last + 0.1) == 0)
    }

    @Test func interactiveProgressIsClampedToTheRange() {
        var t = InteractiveTransition()
        t.grab(at: 0)
        t.update(progress: 1.7, at: 0.01)
        #expect(t.progress(at: 0.01) == 1)
        t.update(progress: -3, at: 0.02)
        #expect(t.progress(at: 0.02) == 0)
    }

    @Test func anUndampedSpringStillCompletesWithinTheLimit() {
        let configuration = InteractiveTransition.Configuration(
            spring: SpringParameters(mass: 1, stiffness: 100, damping: 0), maximumSettlingDuration: 2)
        var t = InteractiveTransition(progress: 0.5, configuration: configuration)
        t.finish(at: 0, velocity: 0)
        #expect(t.advance(to: 1.99) == nil)
        #expect(t.advance(to: 2.0) == .finished)
        #expect(t.progress(at: 2.5) == 1)
    }

    @Test func badInputIsIgnoredNotPropagated() {
        var t = InteractiveTransition()
        t.grab(at: 0)
        t.update(progress: 0.25, at: 0.1)
        t.update(progress: .nan, at: 0.11)
        t.update(progress: 0.9, at: .infinity)
        #expect(t.progress(at: 0.12) == 0.25)
        t.finish(at: 0.12, velocity: .nan)   // falls back to the tracked velocity
        #expect(t.progress(at: 0.12) == 0.25)
        #expect(t.progress(at: .nan).isFinite)
        #expect(t.velocity(at: .nan).isFinite)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func hostileOperationSequencesNeverProduceNaN(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var t = InteractiveTransition(progress: rng.hostile(in: -1...2))
        var time = 0.0
        for _ in 0..<2_000 {
            time += rng.double(in: 0...0.05)
            let when = Bool.random(using: &rng) ? time : rng.hostile(in: 0...10)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: t.grab(at: when)
            case 1, 2: t.update(progress: rng.hostile(in: -0.5...1.5), at: when)
            case 3: t.release(at: when, velocity: Bool.random(using: &rng) ? nil : rng.hostile(in: -50...50))
            case 4: t.cancel(at: when, velocity: rng.hostile(in: -50...50))
            default: _ = t.advance(to: when)
            }
            #expect(t.progress(at: time).isFinite)
            #expect(t.velocity(at: time).isFinite)
        }
    }
}
