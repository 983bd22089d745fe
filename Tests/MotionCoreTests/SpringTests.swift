import Foundation
import MotionCore
import StoryKitTestSupport
import Testing

/// An independent reference for the spring: classical Runge–Kutta on `m·x″ + c·x′ + k·x = 0`
/// with a tiny step. Only the tests integrate; the library solves in closed form.
private enum Reference {
    static func integrate(_ spring: SpringParameters, x0: Double, v0: Double, until time: Double) -> (x: Double, v: Double) {
        let steps = max(1, Int((time / 2e-5).rounded(.up)))
        let h = time / Double(steps)
        let (m, c, k) = (spring.mass, spring.damping, spring.stiffness)
        func accel(_ x: Double, _ v: Double) -> Double { -(c * v + k * x) / m }
        var x = x0, v = v0
        for _ in 0..<steps {
            let (k1x, k1v) = (v, accel(x, v))
            let (k2x, k2v) = (v + h / 2 * k1v, accel(x + h / 2 * k1x, v + h / 2 * k1v))
            let (k3x, k3v) = (v + h / 2 * k2v, accel(x + h / 2 * k2x, v + h / 2 * k2v))
            let (k4x, k4v) = (v + h * k3v, accel(x + h * k3x, v + h * k3v))
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }
}

private let ratios: [Double] = [0, 0.2, 0.5, 0.825, 1 - 1e-7, 1, 1 + 1e-12, 1 + 1e-7, 1.3, 3, 12]

@Suite struct SpringTests {
    // MARK: Parameters

    @Test func responseAndDampingRatioConvertToStiffnessAndDamping() {
        // WWDC18 803: k = (2π / 0.55)² = 11.42397…² = 130.5072…, c = 4π · 0.825 / 0.55 = 6π = 18.8496…
        let spring = SpringParameters(response: 0.55, dampingRatio: 0.825)
        #expect(spring.mass == 1)
        #expect(Approximately.equal(spring.stiffness, 130.50718, absolute: 1e-4))
        #expect(Approximately.equal(spring.damping, 6 * Double.pi, absolute: 1e-12))
        #expect(Approximately.equal(spring.response, 0.55, absolute: 1e-12))
        #expect(Approximately.equal(spring.dampingRatio, 0.825, absolute: 1e-12))
    }

    @Test(arguments: [0.1, 0.35, 0.55, 1.0, 2.5], ratios)
    func responseAndDampingRatioRoundTrip(response: Double, ratio: Double) {
        let spring = SpringParameters(response: response, dampingRatio: ratio)
        #expect(Approximately.equal(spring.response, response, absolute: 1e-12))
        #expect(Approximately.equal(spring.dampingRatio, ratio, absolute: 1e-9))
        let rebuilt = SpringParameters(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        #expect(rebuilt == spring)
    }

    @Test func coreAnimationDefaultsAreHalfCriticallyDamped() {
        // m = 1, k = 100, c = 10: ω₀ = 10 rad/s, ζ = 10 / (2·√100) = 0.5, response = 2π/10 s.
        let spring = SpringParameters(mass: 1, stiffness: 100, damping: 10)
        #expect(spring.undampedAngularFrequency == 10)
        #expect(spring.dampingRatio == 0.5)
        #expect(Approximately.equal(spring.response, 0.2 * Double.pi, absolute: 1e-15))
    }

    @Test func presetsFollowSwiftUI() {
        #expect(Approximately.equal(SpringParameters.default.response, 0.55, absolute: 1e-12))
        #expect(Approximately.equal(SpringParameters.default.dampingRatio, 1, absolute: 1e-12))
        #expect(Approximately.equal(SpringParameters.smooth.dampingRatio, 1, absolute: 1e-12))
        #expect(Approximately.equal(SpringParameters.snappy.dampingRatio, 0.85, absolute: 1e-12))
        #expect(Approximately.equal(SpringParameters.bouncy.dampingRatio, 0.7, absolute: 1e-12))
        #expect(Approximately.equal(SpringParameters.bouncy.response, 0.5, absolute: 1e-12))
        #expect(Approximately.equal(SpringParameters.classic.dampingRatio, 0.825, absolute: 1e-12))
        #expect(Approximately.equal(SpringParameters.interactive.response, 0.15, absolute: 1e-12))
        // A negative bounce over-damps: −0.5 → ζ = 1 / (1 − 0.5) = 2.
        #expect(Approximately.equal(SpringParameters(duration: 0.5, bounce: -0.5).dampingRatio, 2, absolute: 1e-12))
    }

    @Test func badParametersFallBackToCoreAnimationDefaults() {
        let spring = SpringParameters(mass: .nan, stiffness: -3, damping: -.infinity)
        #expect(spring == SpringParameters(mass: 1, stiffness: 100, damping: 10))
        #expect(SpringParameters(mass: 0, stiffness: 0, damping: .nan) == SpringParameters(mass: 1, stiffness: 100, damping: 10))
        let huge = SpringParameters(mass: .infinity, stiffness: .infinity, damping: .infinity)
        #expect(huge.mass == SpringParameters.massRange.upperBound)
        #expect(huge.stiffness == SpringParameters.stiffnessRange.upperBound)
        #expect(SpringParameters(response: .nan, dampingRatio: .nan) == SpringParameters(response: 0.55, dampingRatio: 1))
        #expect(SpringParameters(response: 0, dampingRatio: -1).response == SpringParameters.responseRange.lowerBound)
        #expect(SpringParameters(response: -1, dampingRatio: -1).damping == 0)
    }

    @Test func decodingSanitizesLikeTheInitializer() throws {
        let json = Data(#"{"mass": -1, "stiffness": 400, "damping": 20}"#.utf8)
        let spring = try JSONDecoder().decode(SpringParameters.self, from: json)
        #expect(spring == SpringParameters(mass: 1, stiffness: 400, damping: 20))
        let motion = SpringMotion(spring: .bouncy, from: Point(x: 1, y: 2), to: .zero, initialVelocity: Point(x: 3, y: 4))
        let decoded = try JSONDecoder().decode(SpringMotion<Point>.self, from: JSONEncoder().encode(motion))
        #expect(decoded == motion)
    }

    // MARK: Closed form

    @Test func handComputedValuesForEachDampingRegime() {
        // Critical, response 0.55: ω₀ = 11.423973…; x(0.1) = e^(−1.1423973)·(1 + 1.1423973) = 0.68353879.
        #expect(Approximately.equal(SpringParameters.default.displacement(at: 0.1, initial: 1.0, velocity: 0.0), 0.68353879, absolute: 1e-8))
        // Under, m 1 k 100 c 10: α = 5, ω_d = √75; x(0.2) = e^(−1)·(cos √3 + (5/√75)·sin √3) = 0.15057437.
        let under = SpringParameters(mass: 1, stiffness: 100, damping: 10)
        #expect(Approximately.equal(under.displacement(at: 0.2, initial: 1.0, velocity: 0.0), 0.15057437, absolute: 1e-8))
        // Over, m 1 k 100 c 50: roots −2.0871215, −47.912878; x(0.3) = C₁e^(r₁t) + C₂e^(r₂t) = 0.55900409.
        let over = SpringParameters(mass: 1, stiffness: 100, damping: 50)
        #expect(Approximately.equal(over.displacement(at: 0.3, initial: 1.0, velocity: 0.0), 0.55900409, absolute: 1e-8))
    }

    @Test(arguments: ratios)
    func positionAndVelocityMatchAnIndependentIntegration(ratio: Double) {
        let spring = SpringParameters(response: 0.4, dampingRatio: ratio)
        for (x0, v0) in [(1.0, 0.0), (-3.0, 25.0), (0.0, -40.0), (250.0, 900.0)] {
            for t in [0.013, 0.1, 0.37, 0.9] {
                let reference = Reference.integrate(spring, x0: x0, v0: v0, until: t)
                let scale = max(1, abs(x0), abs(v0))
                #expect(Approximately.equal(spring.displacement(at: t, initial: x0, velocity: v0), reference.x, absolute: 1e-9 * scale),
                        "x at t=\(t), ζ=\(ratio), x0=\(x0), v0=\(v0)")
                #expect(Approximately.equal(spring.velocity(at: t, initial: x0, velocity: v0), reference.v, absolute: 1e-8 * scale),
                        "v at t=\(t), ζ=\(ratio), x0=\(x0), v0=\(v0)")
            }
        }
    }

    @Test(arguments: ratios)
    func velocityIsTheTimeDerivativeOfPosition(ratio: Double) {
        let motion = SpringMotion(spring: SpringParameters(response: 0.3, dampingRatio: ratio), from: 120.0, to: -40.0, initialVelocity: 800.0)
        let h = 1e-6
        for t in stride(from: 0.01, through: 1.5, by: 0.07) {
            let slope = (motion.value(at: t + h) - motion.value(at: t - h)) / (2 * h)
            #expect(Approximately.equal(motion.velocity(at: t), slope, absolute: 1e-4), "t=\(t)")
        }
    }

    @Test func nearCriticalRatiosAgreeWithCriticalDamping() {
        // Either side of ζ = 1 the solution must be continuous in ζ, not blow up.
        let critical = SpringParameters(response: 0.5, dampingRatio: 1)
        for ratio in [1 - 1e-6, 1 - 1e-10, 1 + 1e-10, 1 + 1e-6] {
            let near = SpringParameters(response: 0.5, dampingRatio: ratio)
            for t in [0.05, 0.3, 1.0] {
                #expect(Approximately.equal(near.displacement(at: t, initial: 1.0, velocity: -3.0),
                                            critical.displacement(at: t, initial: 1.0, velocity: -3.0), absolute: 1e-5))
            }
        }
    }

    // MARK: Laws

    @Test(arguments: [0.1, 0.3, 0.55, 1.2])
    func criticallyDampedFromRestNeverOvershoots(response: Double) {
        let motion = SpringMotion(spring: SpringParameters(response: response, dampingRatio: 1), from: 0.0, to: 100.0)
        var previous = 0.0
        for step in 1...2_000 {
            let value = motion.value(at: Double(step) * 0.002)
            #expect(value <= 100 && value >= previous)
            previous = value
        }
    }

    @Test(arguments: [1.0, 1.7, 6.0])
    func criticalAndOverDampedCrossTheTargetAtMostOnce(ratio: Double) {
        var rng = SeededRandom(seed: 0xC217_1CA1 &+ UInt64(ratio * 10))
        let spring = SpringParameters(response: 0.4, dampingRatio: ratio)
        for _ in 0..<40 {
            let x0 = rng.double(in: -500...500), v0 = rng.double(in: -20_000...20_000)
            var crossings = 0
            var sign = x0 >= 0
            for step in 1...3_000 {
                let x = spring.displacement(at: Double(step) * 0.001, initial: x0, velocity: v0)
                if x != 0, (x > 0) != sign { crossings += 1; sign = x > 0 }
            }
            #expect(crossings <= 1, "x0=\(x0) v0=\(v0)")
        }
    }

    @Test func underDampedOvershoots() {
        let motion = SpringMotion(spring: .bouncy, from: 0.0, to: 1.0)
        let peak = stride(from: 0.0, through: 1.0, by: 0.001).map { motion.value(at: $0) }.max()!
        // Overshoot of a released spring is e^(−πζ/√(1−ζ²)); ζ = 0.7 → e^(−3.0788) = 4.6 %.
        #expect(Approximately.equal(peak, 1.046, absolute: 1e-3))
    }

    // MARK: Settling

    @Test(arguments: ratios.filter { $0 > 0 })
    func motionStaysWithinToleranceAfterSettlingDuration(ratio: Double) {
        let spring = SpringParameters(response: 0.45, dampingRatio: ratio)
        for (x0, v0) in [(1.0, 0.0), (-300.0, 4_000.0), (0.0, 2.0), (20.0, -20.0)] {
            let tolerance = 0.01
            let settle = spring.settlingDuration(displacement: x0, velocity: v0, tolerance: tolerance)
            #expect(settle.isFinite && settle > 0)
            for step in 0...4_000 {
                let t = settle + Double(step) * settle / 1_000
                #expect(abs(spring.displacement(at: t, initial: x0, velocity: v0)) <= tolerance * (1 + 1e-9))
                #expect(abs(spring.velocity(at: t, initial: x0, velocity: v0)) <= tolerance * (1 + 1e-9))
            }
            // And the bound is not wildly pessimistic: the motion was still out of tolerance in
            // the last fifth before it (or in the last tenth of a second for slow creeping springs).
            let window = max(settle * 0.2, 0.1)
            let stillMoving = stride(from: max(0, settle - window), to: settle, by: window / 2_000).contains {
                abs(spring.displacement(at: $0, initial: x0, velocity: v0)) > tolerance
                    || abs(spring.velocity(at: $0, initial: x0, velocity: v0)) > tolerance
            }
            #expect(stillMoving, "ζ=\(ratio) x0=\(x0) v0=\(v0) settle=\(settle)")
        }
    }

    @Test func settlingDurationOfTheDefaults() {
        // Critical, response 0.55, x0 = 1, tolerance 0.001: the speed ω₀²·t·e^(−ω₀t) is the last to
        // fall under 0.001; ω₀ = 11.424 gives ω₀t = 11.8126, t = 1.03402 s (position alone:
        // (1 + ω₀t)·e^(−ω₀t) = 0.001 at ω₀t = 9.2334, 0.8082 s).
        #expect(Approximately.equal(SpringParameters.default.settlingDuration, 1.03402, absolute: 1e-5))
        // m 1 k 100 c 10: velocity envelope e^(−5t)·(100/√75) = 0.001 → t = ln(11547.0)/5 = 1.87084 s.
        #expect(Approximately.equal(SpringParameters(mass: 1, stiffness: 100, damping: 10).settlingDuration, 1.87084, absolute: 1e-5))
        #expect(SpringParameters(mass: 1, stiffness: 100, damping: 0).settlingDuration == .infinity)
        #expect(SpringParameters.default.settlingDuration(displacement: 0.0, velocity: 0.0) == 0)
    }

    @Test func isSettledAgreesWithSettlingDuration() {
        let motion = SpringMotion(spring: .snappy, from: Point(x: 0, y: 0), to: Point(x: 300, y: -120), initialVelocity: Point(x: 50, y: 900))
        let settle = motion.settlingDuration(tolerance: 0.5)
        #expect(!motion.isSettled(at: settle * 0.99, tolerance: 0.5))
        #expect(motion.isSettled(at: settle, tolerance: 0.5))
        #expect(!motion.isSettled(at: .nan, tolerance: 0.5))
    }

    // MARK: SpringMotion

    @Test func startsAtFromAndEndsAtTo() {
        let motion = SpringMotion(spring: .bouncy, from: 0.1, to: 0.3, initialVelocity: 5)
        #expect(motion.value(at: 0) == 0.1)
        #expect(motion.value(at: -2) == 0.1)
        #expect(motion.value(at: .nan) == 0.1)
        #expect(motion.velocity(at: -1) == 5)
        #expect(motion.value(at: .infinity) == 0.3)
        #expect(motion.velocity(at: .infinity) == 0)
        #expect(Approximately.equal(motion.value(at: 10), 0.3, absolute: 1e-12))
    }

    @Test func pointMotionMovesEachCoordinateLikeAScalarMotion() {
        let point = SpringMotion(spring: .snappy, from: Point(x: 10, y: -20), to: Point(x: 200, y: 40), initialVelocity: Point(x: -300, y: 1_000))
        let x = SpringMotion(spring: .snappy, from: 10.0, to: 200.0, initialVelocity: -300.0)
        let y = SpringMotion(spring: .snappy, from: -20.0, to: 40.0, initialVelocity: 1_000.0)
        for t in [0.0, 0.05, 0.2, 0.6] {
            #expect(Approximately.equal(point.value(at: t), Point(x: x.value(at: t), y: y.value(at: t)), absolute: 1e-12))
            let sample = point.sample(at: t)
            #expect(sample.value == point.value(at: t) && sample.velocity == point.velocity(at: t))
        }
    }

    @Test(arguments: [SpringParameters.bouncy, .default, SpringParameters(response: 0.3, dampingRatio: 2.5)])
    func retargetingMidFlightKeepsValueAndVelocity(spring: SpringParameters) {
        let motion = SpringMotion(spring: spring, from: 0.0, to: 300.0, initialVelocity: -500.0)
        let handOver = 0.137
        let next = motion.retargeted(to: -80, at: handOver, spring: .snappy)
        #expect(next.value(at: 0) == motion.value(at: handOver))
        #expect(next.velocity(at: 0) == motion.velocity(at: handOver))
        // Continuous just after the hand-over: one millisecond moves both by the same ~v·dt.
        let dt = 1e-4
        #expect(Approximately.equal(next.value(at: dt), motion.value(at: handOver + dt), absolute: 1e-3))
    }

    @Test(arguments: [30.0, 60.0, 120.0, 97.3])
    func steppingFrameByFrameMatchesSamplingDirectly(framesPerSecond: Double) {
        // Re-starting the motion from its own state every frame must land where one evaluation
        // lands: the closed form does not depend on the frame rate.
        let direct = SpringMotion(spring: .bouncy, from: Point(x: 0, y: 0), to: Point(x: 100, y: 50), initialVelocity: Point(x: 0, y: -400))
        var stepped = direct
        let frame = 1 / framesPerSecond
        var elapsed = 0.0
        while elapsed + frame <= 0.8 {
            stepped = stepped.retargeted(to: direct.to, at: frame)
            elapsed += frame
        }
        #expect(Approximately.equal(stepped.value(at: 0), direct.value(at: elapsed), absolute: 1e-9))
        #expect(Approximately.equal(stepped.velocity(at: 0), direct.velocity(at: elapsed), absolute: 1e-7))
    }

    @Test func hostileInputsNeverProduceNaN() {
        var rng = SeededRandom(seed: 0x5F41_0C0D)
        for _ in 0..<3_000 {
            let spring = Bool.random(using: &rng)
                ? SpringParameters(mass: rng.hostile(in: 0...10), stiffness: rng.hostile(in: 0...1_000), damping: rng.hostile(in: 0...100))
                : SpringParameters(response: rng.hostile(in: 0...3), dampingRatio: rng.hostile(in: 0...3))
            let motion = SpringMotion(spring: spring, from: rng.hostile(in: -1e4...1e4), to: rng.hostile(in: -1e4...1e4),
                                      initialVelocity: rng.hostile(in: -1e5...1e5))
            let t = rng.hostile(in: 0...5)
            #expect(motion.value(at: t).isFinite)
            #expect(motion.velocity(at: t).isFinite)
            #expect(!motion.settlingDuration(tolerance: rng.hostile(in: 0...1)).isNaN)
            #expect(spring.undampedAngularFrequency.isFinite && spring.dampingRatio.isFinite && spring.response.isFinite)
        }
    }
}
