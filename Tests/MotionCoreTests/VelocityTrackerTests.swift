import Foundation
import MotionCore
import StoryKitTestSupport
import Testing

@Suite struct VelocityTrackerTests {
    /// A tracker fed `count` samples at `rate` Hz, from `start` seconds, of the motion `path(t)`
    /// (t in seconds since `start`).
    static func drag(
        rate: Double, count: Int, start: Double = 0, configuration: VelocityTracker.Configuration = .init(),
        _ path: (Double) -> Point
    ) -> VelocityTracker {
        var tracker = VelocityTracker(configuration: configuration)
        for k in 0..<count {
            let time = start + Double(k) / rate
            tracker.add(time: time, position: path(time - start))
        }
        return tracker
    }

    // MARK: - Exact motions

    @Test(arguments: [0.0, 86_400.5])
    func constantVelocityIsExact(start: Double) {
        // x = 1200·t at 120 Hz; the clock may read a day's worth of seconds (CACurrentMediaTime).
        let tracker = Self.drag(rate: 120, count: 30, start: start) { t in Point(x: 100 + 1200 * t, y: 50) }
        #expect(Approximately.equal(tracker.velocity(), Point(x: 1200, y: 0), absolute: 1e-6))
    }

    @Test func quadraticFitIsExactForConstantAccelerationAndLinearLagsByHalfTheSpan() {
        // x = ½·a·t², a = 3000 pt/s², 120 Hz up to t = 0.2 s: the velocity at the last sample is
        // a·0.2 = 600. A line through the last 100 ms (t = 0.1…0.2) gives the mean, a·0.15 = 450.
        let path = { (t: Double) in Point(x: 0.5 * 3000 * t * t, y: 0) }
        let quadratic = Self.drag(rate: 120, count: 25, path)
        #expect(Approximately.equal(quadratic.velocity(), Point(x: 600, y: 0), absolute: 1e-6))
        let linear = Self.drag(rate: 120, count: 25, configuration: .init(fit: .linear), path)
        #expect(Approximately.equal(linear.velocity(), Point(x: 450, y: 0), absolute: 1e-6))
    }

    @Test func axesAreEstimatedIndependently() {
        // x = 1200·t, y = −300·t + ½·4000·t², at 120 Hz up to t = 0.15 s: (1200, −300 + 4000·0.15).
        let tracker = Self.drag(rate: 120, count: 19) { t in Point(x: 1200 * t, y: -300 * t + 2000 * t * t) }
        #expect(Approximately.equal(tracker.velocity(), Point(x: 1200, y: 300), absolute: 1e-6))
    }

    @Test func twoSamplesGiveTheirDifferenceQuotient() {
        var tracker = VelocityTracker()
        tracker.add(time: 1.000, position: Point(x: 10, y: 20))
        tracker.add(time: 1.010, position: Point(x: 15, y: 18))
        #expect(Approximately.equal(tracker.velocity(), Point(x: 500, y: -200), absolute: 1e-6))
    }

    @Test func maximumSampleCountOfTwoUsesTheTwoNewestSamples() {
        // x = ½·3000·t² at 100 Hz up to 0.05 s: (x(0.05) − x(0.04)) / 0.01 = (3.75 − 2.4) / 0.01.
        let tracker = Self.drag(rate: 100, count: 6, configuration: .init(maximumSampleCount: 2)) { t in
            Point(x: 1500 * t * t, y: 0)
        }
        #expect(Approximately.equal(tracker.velocity(), Point(x: 135, y: 0), absolute: 1e-6))
    }

    // MARK: - Noise

    @Test func jitteredDragAveragesToTheTrueSpeed() {
        // A 1000 pt/s drag sampled at 60 Hz with uniform ±2 pt jitter, 200 seeded gestures. The
        // quadratic's spread is about 47 pt/s (4.7 %), the line's about 13 pt/s; neither is biased.
        var rng = SeededRandom(seed: 0x7E10_C17E)
        var quadraticErrors: [Double] = []
        for _ in 0..<200 {
            var quadratic = VelocityTracker()
            var linear = VelocityTracker(configuration: .init(fit: .linear))
            for k in 0..<30 {
                let t = Double(k) / 60
                let position = Point(x: 1000 * t + rng.double(in: -2...2), y: 300 + rng.double(in: -2...2))
                quadratic.add(time: t, position: position)
                linear.add(time: t, position: position)
            }
            quadraticErrors.append(quadratic.velocity().x - 1000)
            #expect(Swift.abs(linear.velocity().x - 1000) < 50)
            #expect(Swift.abs(quadratic.velocity().x - 1000) < 200)
        }
        let mean = quadraticErrors.reduce(0, +) / Double(quadraticErrors.count)
        let rms = (quadraticErrors.map { $0 * $0 }.reduce(0, +) / Double(quadraticErrors.count)).squareRoot()
        #expect(Swift.abs(mean) < 10)  // 3 σ of the mean of 200
        #expect(rms > 30 && rms < 60)
    }

    // MARK: - Time order and repeated instants

    @Test func outOfOrderDeliveryMatchesInOrderDelivery() {
        let path = { (t: Double) in Point(x: 200 + 900 * t + 2000 * t * t, y: 400 - 600 * t) }
        let inOrder = Self.drag(rate: 120, count: 24, path)
        var shuffled = VelocityTracker()
        for pair in stride(from: 0, to: 24, by: 2) {
            for k in [pair + 1, pair] {  // each pair swapped: 1, 0, 3, 2, …
                let time = Double(k) / 120
                shuffled.add(time: time, position: path(time))
            }
        }
        #expect(shuffled == inOrder)
        #expect(Approximately.equal(shuffled.velocity(), inOrder.velocity(), absolute: 1e-9))
        #expect(Approximately.equal(inOrder.velocity(), Point(x: 900 + 4000 * 23.0 / 120, y: -600), absolute: 1e-6))
    }

    @Test func lateSampleOlderThanAFullHistoryIsDropped() {
        // 20 samples at 240 Hz span 79 ms; a sample 90 ms old is within the horizon but would be
        // the oldest of a full history.
        let tracker = Self.drag(rate: 240, count: 20) { t in Point(x: 1000 * t, y: 0) }
        var late = tracker
        late.add(time: 19.0 / 240 - 0.09, position: Point(x: -500, y: 0))
        #expect(late == tracker)
    }

    @Test func sampleFromBeyondTheHorizonInThePastStartsANewGesture() {
        var tracker = Self.drag(rate: 120, count: 12, start: 5) { t in Point(x: 1000 * t, y: 0) }
        tracker.add(time: 1.0, position: Point(x: 40, y: 40))  // the clock went back four seconds
        #expect(tracker.sampleCount == 1)
        #expect(tracker.velocity() == .zero)
        tracker.add(time: 1.01, position: Point(x: 45, y: 40))
        #expect(Approximately.equal(tracker.velocity(), Point(x: 500, y: 0), absolute: 1e-6))
    }

    @Test func repeatedInstantKeepsTheLatestPosition() {
        // Each instant is first reported at a wrong place, then corrected (Android does the same
        // for ACTION_MOVE followed by ACTION_POINTER_DOWN at one event time).
        var tracker = VelocityTracker()
        for k in 0..<12 {
            let t = Double(k) / 120
            tracker.add(time: t, position: Point(x: 9999, y: -9999))
            tracker.add(time: t, position: Point(x: 1000 * t, y: 0))
        }
        // A late correction of an older instant replaces that instant too.
        tracker.add(time: 5.0 / 120, position: Point(x: 1000 * 5 / 120, y: 0))
        #expect(tracker.sampleCount == 12)
        #expect(Approximately.equal(tracker.velocity(), Point(x: 1000, y: 0), absolute: 1e-6))
    }

    @Test func samplesAllAtOneInstantGiveZero() {
        var tracker = VelocityTracker()
        for k in 0..<5 { tracker.add(time: 2.5, position: Point(x: Double(k) * 100, y: 0)) }
        #expect(tracker.sampleCount == 1)
        #expect(tracker.newestSample == TouchSample(time: 2.5, position: Point(x: 400, y: 0)))
        #expect(tracker.velocity() == .zero)
    }

    @Test func fewerThanTwoSamplesGiveZero() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity() == .zero)
        tracker.add(time: 0, position: Point(x: 10, y: 10))
        #expect(tracker.velocity() == .zero)
        tracker.add(time: 0.01, position: Point(x: 20, y: 10))
        tracker.reset()
        #expect(tracker.sampleCount == 0 && tracker.velocity() == .zero)
    }

    @Test func nonFiniteSamplesAreIgnored() {
        let clean = Self.drag(rate: 120, count: 12) { t in Point(x: 800 * t, y: -400 * t) }
        var dirty = VelocityTracker()
        let junk = [(Double.nan, Point(x: 1, y: 1)), (0.05, Point(x: .infinity, y: 0)),
                    (-Double.infinity, Point(x: 0, y: 0)), (0.07, Point(x: 0, y: .nan)),
                    (Double.infinity, Point(x: 5, y: 5))]
        for k in 0..<12 {
            let t = Double(k) / 120
            dirty.add(time: t, position: Point(x: 800 * t, y: -400 * t))
            let (time, position) = junk[k % junk.count]
            dirty.add(TouchSample(time: time, position: position))
        }
        #expect(dirty == clean)
        #expect(Approximately.equal(dirty.velocity(), Point(x: 800, y: -400), absolute: 1e-6))
    }

    // MARK: - Stops and the horizon

    @Test func releaseAfterAPauseGivesZero() {
        let tracker = Self.drag(rate: 120, count: 13) { t in Point(x: 1000 * t, y: 0) }
        let last = 12.0 / 120
        #expect(Approximately.equal(tracker.velocity(at: last + 0.03), Point(x: 1000, y: 0), absolute: 1e-6))
        #expect(tracker.velocity(at: last + 0.05) == .zero)
        // A release time before the newest sample or NaN counts as a release at the newest sample.
        #expect(Approximately.equal(tracker.velocity(at: last - 1), Point(x: 1000, y: 0), absolute: 1e-6))
        #expect(Approximately.equal(tracker.velocity(at: .nan), Point(x: 1000, y: 0), absolute: 1e-6))
    }

    @Test func motionBeforeAStopIsForgotten() {
        // Right at 1000 pt/s for 100 ms, silent for 60 ms, then left at 500 pt/s for three samples.
        var tracker = Self.drag(rate: 120, count: 13) { t in Point(x: 1000 * t, y: 0) }
        for k in 0..<3 {
            let t = 0.16 + Double(k) / 120
            tracker.add(time: t, position: Point(x: 100 - 500 * (t - 0.16), y: 0))
        }
        #expect(Approximately.equal(tracker.velocity(), Point(x: -500, y: 0), absolute: 1e-6))
    }

    @Test func fingerHeldStillGivesZero() {
        var tracker = Self.drag(rate: 60, count: 10) { t in Point(x: 1000 * t, y: 0) }
        for k in 10..<18 { tracker.add(time: Double(k) / 60, position: Point(x: 1000 * 9 / 60, y: 0)) }
        #expect(Approximately.equal(tracker.velocity(), .zero, absolute: 1e-9))
    }

    @Test func directionChangeBeyondTheHorizonDoesNotAffectTheEstimate() {
        // 60 Hz: left at 800 pt/s until t = 0.2 s, then right at 1200 pt/s until t = 0.4 s. The
        // default horizon sees only the last 100 ms; with no horizon the 20 samples reach back to
        // the leftward motion and the estimate is wrong.
        let path = { (t: Double) in
            t <= 0.2 ? Point(x: 500 - 800 * t, y: 0) : Point(x: 340 + 1200 * (t - 0.2), y: 0)
        }
        let tracker = Self.drag(rate: 60, count: 25, path)
        #expect(Approximately.equal(tracker.velocity(), Point(x: 1200, y: 0), absolute: 1e-6))
        let unbounded = Self.drag(rate: 60, count: 25, configuration: .init(horizon: .infinity), path)
        #expect(Swift.abs(unbounded.velocity().x - 1200) > 100)
    }

    // MARK: - Limits and conditioning

    @Test func fastFlickIsClampedToTheMaximumSpeedKeepingItsDirection() {
        // (30 000, 40 000) pt/s has length 50 000; scaled to 8000 it is (4800, 6400).
        let flick = { (t: Double) in Point(x: 30_000 * t, y: 40_000 * t) }
        let tracker = Self.drag(rate: 120, count: 6, flick)
        #expect(Approximately.equal(tracker.velocity(), Point(x: 4800, y: 6400), absolute: 1e-6))
        let unlimited = Self.drag(rate: 120, count: 6, configuration: .init(maximumSpeed: .infinity), flick)
        #expect(Approximately.equal(unlimited.velocity(), Point(x: 30_000, y: 40_000), absolute: 1e-5))
    }

    @Test func clusteredSamplesFallBackToALine() {
        // Two samples 1 µs apart: a parabola through the three would turn their 0.01 pt difference
        // into 10 000 pt/s. The line through (0, 0), (0.02, 20), (0.020001, 20.01) has slope
        // Σ(t−t̄)(x−x̄) / Σ(t−t̄)² = 1000.225 (to within 10⁻³).
        var tracker = VelocityTracker()
        tracker.add(time: 0, position: Point(x: 0, y: 0))
        tracker.add(time: 0.02, position: Point(x: 20, y: 0))
        tracker.add(time: 0.02 + 1e-6, position: Point(x: 20.01, y: 0))
        #expect(Approximately.equal(tracker.velocity(), Point(x: 1000.225, y: 0), absolute: 1e-3))
    }

    @Test func configurationReplacesInvalidValuesByDefaults() throws {
        let bad = VelocityTracker.Configuration(horizon: .nan, assumeStoppedGap: -1, maximumSampleCount: 0,
                                                maximumSpeed: 0)
        #expect(bad == VelocityTracker.Configuration(maximumSampleCount: 2))
        #expect(bad.horizon == 0.1 && bad.assumeStoppedGap == 0.04 && bad.maximumSpeed == 8000)
        #expect(VelocityTracker.Configuration(maximumSampleCount: 100).maximumSampleCount == 20)
        let json = #"{"horizon":-3,"assumeStoppedGap":0.05,"maximumSampleCount":50,"fit":"linear","maximumSpeed":-1}"#
        let decoded = try JSONDecoder().decode(VelocityTracker.Configuration.self, from: Data(json.utf8))
        #expect(decoded == VelocityTracker.Configuration(assumeStoppedGap: 0.05, fit: .linear))
    }

    // MARK: - Laws

    @Test(arguments: [UInt64(1), 2, 3, 0xBAD_F00D, 0xDEAD_BEEF, 0x5EED])
    func hostileSamplesNeverGiveNaNOrExceedTheMaximumSpeed(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let configuration = VelocityTracker.Configuration(
            horizon: rng.hostile(in: 0.001...1), assumeStoppedGap: rng.hostile(in: 0.001...0.1),
            maximumSampleCount: Int(rng.double(in: -5...30)), fit: Bool.random(using: &rng) ? .linear : .quadratic,
            maximumSpeed: rng.hostile(in: 1...20_000))
        var tracker = VelocityTracker(configuration: configuration)
        var clock = 0.0
        for step in 0..<3_000 {
            // Mostly plausible steps with awkward jumps; sometimes wholly hostile times.
            clock += Bool.random(using: &rng) ? rng.double(in: -0.02...0.03) : rng.hostile(in: 0...1e-6)
            if !clock.isFinite { clock = rng.double(in: -1e6...1e6) }
            let time = step % 7 == 0 ? rng.hostile(in: -1e6...1e6) : clock
            tracker.add(time: time, position: Point(x: rng.hostile(in: -1e4...1e4), y: rng.hostile(in: -1e4...1e4)))
            if step % 500 == 499 { tracker.reset() }
            let velocity = tracker.velocity(at: step % 3 == 0 ? rng.hostile(in: clock...clock + 0.1) : nil)
            #expect(velocity.isFinite)
            #expect(velocity.magnitude <= configuration.maximumSpeed * (1 + 1e-12))
            #expect(tracker.sampleCount <= VelocityTracker.sampleCapacity)
        }
    }
}

@Suite struct VelocityTrackerRestingTests {
    /// A finger that moves right, comes back and then rests, still sending samples (as scripted
    /// replays and some digitisers do), has stopped: before, the quadratic fit across the bend read
    /// about 250 pt/s the other way.
    @Test func aFingerRestingWithSamplesHasStopped() {
        var tracker = VelocityTracker()
        var t = 0.0, x = 300.0
        for _ in 0..<10 { t += 1.0 / 60; x -= 10; tracker.add(time: t, position: Point(x: x, y: 400)) }
        for _ in 0..<9 { t += 1.0 / 60; x += 10; tracker.add(time: t, position: Point(x: x, y: 400)) }
        #expect(tracker.velocity(at: t).x > 300, "still moving right")
        for _ in 0..<2 { t += 1.0 / 60; tracker.add(time: t, position: Point(x: x, y: 400)) }
        #expect(tracker.velocity(at: t).x != 0, "33 ms at rest: not yet a stop")
        for _ in 0..<2 { t += 1.0 / 60; tracker.add(time: t, position: Point(x: x, y: 400)) }
        #expect(tracker.velocity(at: t) == .zero, "67 ms in place: stopped")
    }

    @Test func aSlowFingerIsNotMistakenForAResting() {
        var tracker = VelocityTracker()
        var t = 0.0, x = 0.0
        for _ in 0..<12 { t += 1.0 / 120; x += 0.4; tracker.add(time: t, position: Point(x: x, y: 0)) }  // 48 pt/s
        #expect(abs(tracker.velocity(at: t).x - 48) < 1)
    }
}
