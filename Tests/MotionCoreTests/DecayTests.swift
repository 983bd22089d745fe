import Foundation
import MotionCore
import StoryKitTestSupport
import Testing

@Suite struct DecayTests {
    @Test func ratesMatchUIScrollViewAndClampBadInput() {
        #expect(DecelerationRate.normal.rawValue == 0.998)
        #expect(DecelerationRate.fast.rawValue == 0.99)
        #expect(DecelerationRate(rawValue: .nan) == .normal)
        #expect(DecelerationRate(rawValue: 1).rawValue == DecelerationRate.validRange.upperBound)
        #expect(DecelerationRate(rawValue: 7).rawValue == DecelerationRate.validRange.upperBound)
        #expect(DecelerationRate(rawValue: 0).rawValue == DecelerationRate.validRange.lowerBound)
        #expect(DecelerationRate(rawValue: -.infinity).rawValue == DecelerationRate.validRange.lowerBound)
    }

    @Test func velocityKeepsTheRateEachMillisecond() {
        // UIScrollView's model: every millisecond the velocity is multiplied by the rate.
        let coast = Decay(from: 0.0, initialVelocity: 1_000.0, rate: .normal)
        var stepped = 1_000.0
        for millisecond in 1...2_000 {
            stepped *= 0.998
            #expect(Approximately.equal(coast.velocity(at: Double(millisecond) / 1_000), stepped, absolute: 1e-9))
        }
        // 1000 · 0.998^1000 = 135.0645 pt/s after one second.
        #expect(Approximately.equal(coast.velocity(at: 1), 135.06452, absolute: 1e-5))
    }

    @Test func positionIsTheIntegralOfVelocity() {
        let coast = Decay(from: 50.0, initialVelocity: -3_000.0, rate: .fast)
        let h = 1e-6
        for t in stride(from: 0.001, through: 2.0, by: 0.0371) {
            let slope = (coast.value(at: t + h) - coast.value(at: t - h)) / (2 * h)
            #expect(Approximately.equal(slope, coast.velocity(at: t), absolute: 1e-4))
        }
        // Hand value: 2000 pt/s at .normal, λ = −1000·ln 0.998 = 2.002003; x(0.5) = 2000/λ·(1 − e^(−λ/2)) = 631.856 pt.
        #expect(Approximately.equal(Decay(from: 0.0, initialVelocity: 2_000.0).value(at: 0.5), 631.85605, absolute: 1e-5))
    }

    @Test func restsAtTheContinuousDestinationCloseToWWDCProjection() {
        // WWDC18 803: (1000 / 1000) · 0.998 / (1 − 0.998) = 499 pt; the continuous curve stops at
        // −1000 / (1000 · ln 0.998) = 499.49983 pt, 0.1 % further.
        let coast = Decay(from: 0.0, initialVelocity: 1_000.0)
        #expect(Approximately.equal(coast.projectedValue, 499, absolute: 1e-9))
        #expect(Approximately.equal(coast.destination, 499.49983, absolute: 1e-5))
        #expect(coast.value(at: .infinity) == coast.destination)
        #expect(Approximately.equal(coast.value(at: 30), coast.destination, absolute: 1e-9))
        // .fast: 99 pt against 99.49916 pt.
        #expect(Approximately.equal(DecelerationRate.fast.projectedDistance(initialVelocity: 1_000.0), 99, absolute: 1e-9))
        #expect(Approximately.equal(Decay(from: 0.0, initialVelocity: 1_000.0, rate: .fast).destination, 99.49916, absolute: 1e-5))
    }

    @Test(arguments: [DecelerationRate.normal, .fast, DecelerationRate(rawValue: 0.95)])
    func projectionIsTheSumOfPerMillisecondSteps(rate: DecelerationRate) {
        // The WWDC formula is the discrete coast: each millisecond moves v/1000, then v *= rate.
        var velocity = 1_500.0, travelled = 0.0
        for _ in 0..<200_000 {
            velocity *= rate.rawValue
            travelled += velocity / 1_000
        }
        #expect(Approximately.equal(rate.projectedDistance(initialVelocity: 1_500.0), travelled, absolute: 1e-6))
    }

    @Test func pointsCoastAlongTheReleaseDirection() {
        let coast = Decay(from: Point(x: 10, y: 10), initialVelocity: Point(x: 300, y: -400))
        for t in [0.1, 0.5, 2.0] {
            let moved = coast.value(at: t) - coast.from
            #expect(Approximately.equal(moved.x * -400 - moved.y * 300, 0, absolute: 1e-9))  // parallel
            #expect(moved.x > 0 && moved.y < 0)
        }
        #expect(Approximately.equal(DecelerationRate.normal.project(Point(x: 10, y: 10), initialVelocity: Point(x: 300, y: -400)),
                                    Point(x: 10 + 149.7, y: 10 - 199.6), absolute: 1e-9))
    }

    @Test func durationUntilSpeedFallsBelowAThreshold() {
        // 2000 pt/s down to 1 pt/s at .normal: ln(2000) / 2.002003 = 3.79665 s.
        let coast = Decay(from: 0.0, initialVelocity: -2_000.0)
        let duration = coast.duration(untilSpeedBelow: 1)
        #expect(Approximately.equal(duration, 3.79665, absolute: 1e-5))
        #expect(Approximately.equal(abs(coast.velocity(at: duration)), 1, absolute: 1e-9))
        #expect(coast.duration(untilSpeedBelow: 5_000) == 0)
        #expect(coast.duration(untilSpeedBelow: .infinity) == 0)
        #expect(coast.duration(untilSpeedBelow: .nan).isFinite)
        #expect(coast.duration(untilSpeedBelow: -1).isFinite)
    }

    @Test func startAndBadTimes() {
        let coast = Decay(from: 3.0, initialVelocity: 100.0)
        #expect(coast.value(at: 0) == 3 && coast.value(at: -1) == 3 && coast.value(at: .nan) == 3)
        #expect(coast.velocity(at: .nan) == 100 && coast.velocity(at: .infinity) == 0)
        let stuck = Decay(from: Double.nan, initialVelocity: .infinity)
        #expect(stuck.from == 0 && stuck.initialVelocity == 0 && stuck.value(at: 1) == 0)
    }

    @Test func codableRoundTripsAndSanitizes() throws {
        let coast = Decay(from: Point(x: 1, y: 2), initialVelocity: Point(x: -30, y: 40), rate: .fast)
        let decoded = try JSONDecoder().decode(Decay<Point>.self, from: JSONEncoder().encode(coast))
        #expect(decoded == coast)
        let rate = try JSONDecoder().decode(DecelerationRate.self, from: Data("1.5".utf8))
        #expect(rate.rawValue == DecelerationRate.validRange.upperBound)
    }

    @Test func hostileInputsNeverProduceNaN() {
        var rng = SeededRandom(seed: 0xDECA_7001)
        for _ in 0..<3_000 {
            let coast = Decay(from: rng.hostile(in: -1e4...1e4), initialVelocity: rng.hostile(in: -1e5...1e5),
                              rate: DecelerationRate(rawValue: rng.hostile(in: 0.9...0.9999)))
            let t = rng.hostile(in: 0...10)
            #expect(coast.value(at: t).isFinite && coast.velocity(at: t).isFinite)
            #expect(coast.destination.isFinite && coast.projectedValue.isFinite)
            #expect(!coast.duration(untilSpeedBelow: rng.hostile(in: 0...10)).isNaN)
        }
    }
}

/// Storm findings (issue 9): every output finite whatever the input.
@Suite struct DecayHardeningTests {
    @Test func anEnormousVelocityIsScaledSoTheCoastStaysFiniteAndHeadsToItsDestination() {
        let decay = Decay(from: -150.96, initialVelocity: .greatestFiniteMagnitude,
                          rate: DecelerationRate(rawValue: .greatestFiniteMagnitude))
        #expect(decay.initialVelocity == Decay<Double>.magnitudeLimit)
        #expect(decay.destination.isFinite && decay.destination > 0)
        let early = abs(decay.destination - decay.value(at: 0.02)), late = abs(decay.destination - decay.value(at: 0.07))
        #expect(late < early)
        let point = Decay(from: Point(x: 1e308, y: -1e308), initialVelocity: Point(x: 3, y: 4))
        #expect(point.from.isFinite && abs(point.from.magnitude - 1e100) < 1e88)
        #expect(point.from.x > 0 && point.from.y < 0, "direction kept")
    }
}
