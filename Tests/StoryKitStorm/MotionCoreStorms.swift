import MotionCore

/// The velocity tracker under storms: samples with duplicate, out-of-order, non-finite and huge
/// times and positions, resets, and queries at any time.
///
/// Invariants: every velocity finite and within the configured speed limit (per axis, and as a
/// vector when the limit is finite); the sample count within the buffer's capacity.
public enum VelocityTrackerStorm: StormSubject {
    public struct Setup: Sendable {
        var horizon: Double, gap: Double, samples: Int, maximumSpeed: Double, fit: VelocityTracker.Fit
    }

    public enum Step: Sendable {
        case add(time: Double, x: Double, y: Double)
        case reset
        case query(time: Double)
    }

    public static let name = "VelocityTracker"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(horizon: random.double(0.01...0.5, hostility: 0.3), gap: random.double(0.01...0.2, hostility: 0.3),
              samples: random.int(2...20, hostility: 0.3), maximumSpeed: random.double(100...20_000, hostility: 0.3),
              fit: random.pick(VelocityTracker.Fit.allCases))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...19) {
        case 0: return .reset
        case 1..<5: return .query(time: random.time(after: &clock))
        default:
            return .add(time: random.time(after: &clock), x: random.double(-2_000...2_000, hostility: 0.08),
                        y: random.double(-2_000...2_000, hostility: 0.08))
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let configuration = VelocityTracker.Configuration(horizon: setup.horizon, assumeStoppedGap: setup.gap,
                                                          maximumSampleCount: setup.samples, fit: setup.fit,
                                                          maximumSpeed: setup.maximumSpeed)
        var tracker = VelocityTracker(configuration: configuration)
        let limit = tracker.configuration.maximumSpeed
        for (index, step) in steps.enumerated() {
            var queried: Double?
            switch step {
            case let .add(time, x, y): tracker.add(time: time, position: Point(x: x, y: y))
            case .reset: tracker.reset()
            case let .query(time): queried = time
            }
            for time in [nil, queried] {
                let v = tracker.velocity(at: time ?? nil)
                if !v.x.isFinite || !v.y.isFinite { return StormViolation(step: index, message: "velocity \(v) at \(String(describing: time))") }
                let big = max(abs(v.x), abs(v.y)), small = min(abs(v.x), abs(v.y))
                let speed = big == 0 ? 0 : big * (1 + (small / big) * (small / big)).squareRoot()
                if limit.isFinite, speed > limit * (1 + 1e-9) {
                    return StormViolation(step: index, message: "speed \(speed) over the limit \(limit)")
                }
            }
            if tracker.sampleCount > VelocityTracker.sampleCapacity {
                return StormViolation(step: index, message: "\(tracker.sampleCount) samples")
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        guard case let .add(t, x, y) = step else { return [] }
        return simpler(x).map { .add(time: t, x: $0, y: y) } + simpler(y).map { .add(time: t, x: x, y: $0) }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["var tracker = VelocityTracker(configuration: VelocityTracker.Configuration(horizon: \(swiftLiteral(setup.horizon)), "
            + "assumeStoppedGap: \(swiftLiteral(setup.gap)), maximumSampleCount: \(swiftLiteral(setup.samples)), fit: .\(setup.fit.rawValue), "
            + "maximumSpeed: \(swiftLiteral(setup.maximumSpeed))))"]
        for step in steps {
            switch step {
            case let .add(t, x, y): lines.append("tracker.add(time: \(swiftLiteral(t)), position: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))))")
            case .reset: lines.append("tracker.reset()")
            case let .query(t): lines.append("tracker.velocity(at: \(swiftLiteral(t)))")
            }
            lines.append("tracker.velocity()")
        }
        return lines.joined(separator: "\n")
    }
}

/// Springs under storms: hostile parameters, starts, targets and velocities, sampled at any
/// time and retargeted mid-flight.
///
/// Invariants: values, velocities and settling durations finite for finite times; a settling
/// duration of at least 0; a spring damped critically or more, starting at rest or moving away
/// from its target, never passes the target.
public enum SpringStorm: StormSubject {
    public struct Setup: Sendable {
        var response: Double, damping: Double, from: Double, to: Double, velocity: Double
    }

    public enum Step: Sendable {
        case sample(time: Double)
        case retarget(to: Double, time: Double)
    }

    public static let name = "SpringParameters"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(response: random.double(0.01...3, hostility: 0.2), damping: random.double(0...2, hostility: 0.2),
              from: random.double(-1_000...1_000, hostility: 0.1), to: random.double(-1_000...1_000, hostility: 0.1),
              velocity: random.chance(0.3) ? 0 : random.double(-5_000...5_000, hostility: 0.1))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        random.chance(0.8) ? .sample(time: random.time(after: &clock))
            : .retarget(to: random.double(-1_000...1_000, hostility: 0.1), time: random.time(after: &clock))
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let spring = SpringParameters(response: setup.response, dampingRatio: setup.damping)
        var motion = SpringMotion(spring: spring, from: setup.from, to: setup.to, initialVelocity: setup.velocity)
        if let problem = check(motion, at: 0) { return StormViolation(step: -1, message: problem) }
        for (index, step) in steps.enumerated() {
            switch step {
            case let .sample(time):
                if let problem = check(motion, at: time) { return StormViolation(step: index, message: problem) }
            case let .retarget(target, time):
                motion = motion.retargeted(to: target, at: time)
                if let problem = check(motion, at: 0) { return StormViolation(step: index, message: problem) }
            }
        }
        return nil
    }

    static func check(_ motion: SpringMotion<Double>, at time: Double) -> String? {
        let duration = motion.settlingDuration()
        if !(duration >= 0) || duration.isNaN { return "settlingDuration \(duration)" }
        // Only an undamped spring (damping 0, a subnormal ratio included) never settles.
        if duration.isInfinite, motion.spring.damping != 0 {
            return "settlingDuration is infinite for damping \(motion.spring.damping) (ratio \(motion.spring.dampingRatio))"
        }
        guard motion.from.isFinite, motion.to.isFinite, motion.initialVelocity.isFinite else {
            return "motion holds non-finite values \(motion.from) → \(motion.to) at \(motion.initialVelocity)"
        }
        guard time.isFinite else { return nil }
        let sample = motion.sample(at: time)
        if !sample.value.isFinite || !sample.velocity.isFinite { return "sample at \(time) is \(sample)" }
        let from = motion.from, to = motion.to, v0 = motion.initialVelocity
        if motion.spring.dampingRatio >= 1, v0 * (to - from) <= 0, from != to, time >= 0 {
            let tolerance = 1e-9 * max(1, abs(from), abs(to))
            if (sample.value - to) * (from - to) < -tolerance {
                return "a spring with damping ratio \(motion.spring.dampingRatio) from \(from) at rest passed its target \(to): "
                    + "\(sample.value) at \(time)"
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        guard case let .retarget(to, t) = step else { return [] }
        return simpler(to).map { .retarget(to: $0, time: t) }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["var motion = SpringMotion(spring: SpringParameters(response: \(swiftLiteral(setup.response)), dampingRatio: "
            + "\(swiftLiteral(setup.damping))), from: \(swiftLiteral(setup.from)), to: \(swiftLiteral(setup.to)), "
            + "initialVelocity: \(swiftLiteral(setup.velocity)))"]
        for step in steps {
            switch step {
            case let .sample(t): lines.append("motion.sample(at: \(swiftLiteral(t)))")
            case let .retarget(to, t): lines.append("motion = motion.retargeted(to: \(swiftLiteral(to)), at: \(swiftLiteral(t)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The interactive-transition driver under storms: grabs, updates, releases, finishes, cancels and
/// frames in any order with hostile values.
///
/// Invariants: progress and velocity finite at any finite time; an update puts the progress
/// exactly where it says, clamped into the interactive range; an outcome reported once per settle,
/// and then at rest on its target.
public enum InteractiveTransitionStorm: StormSubject {
    public struct Setup: Sendable {
        var progress: Double, response: Double, damping: Double, lower: Double, upper: Double
    }

    public enum Step: Sendable {
        case grab(time: Double)
        case update(progress: Double, time: Double)
        case release(time: Double, velocity: Double?)
        case finish(time: Double)
        case cancel(time: Double)
        case advance(time: Double)
    }

    public static let name = "InteractiveTransition"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        let lower = random.chance(0.8) ? 0 : random.double(-1...0.5, hostility: 0.3)
        return Setup(progress: random.double(0...1, hostility: 0.2), response: random.double(0.05...1, hostility: 0.2),
                     damping: random.double(0.2...1.5, hostility: 0.2), lower: lower,
                     upper: random.chance(0.8) ? 1 : random.double(0.5...2, hostility: 0.3))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...19) {
        case 0..<2: return .grab(time: random.time(after: &clock))
        case 2..<9: return .update(progress: random.double(-0.5...1.5, hostility: 0.1), time: random.time(after: &clock))
        case 9..<11:
            return .release(time: random.time(after: &clock),
                            velocity: random.chance(0.5) ? nil : random.double(-20...20, hostility: 0.2))
        case 11: return .finish(time: random.time(after: &clock))
        case 12: return .cancel(time: random.time(after: &clock))
        default: return .advance(time: random.time(after: &clock))
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        // A ClosedRange cannot hold NaN or lower > upper; hostile bounds are put in order.
        let lower = setup.lower.isNaN ? 0 : setup.lower, upper = setup.upper.isNaN ? 1 : setup.upper
        let range = min(lower, upper)...max(lower, upper)
        let configuration = InteractiveTransition.Configuration(
            spring: SpringParameters(response: setup.response, dampingRatio: setup.damping), interactiveRange: range)
        var transition = InteractiveTransition(progress: setup.progress, configuration: configuration)
        var latest = 0.0
        for (index, step) in steps.enumerated() {
            var reported: InteractiveTransition.Outcome?
            switch step {
            case let .grab(t): transition.grab(at: t)
            case let .update(p, t): transition.update(progress: p, at: t)
            case let .release(t, v): transition.release(at: t, velocity: v)
            case let .finish(t): transition.finish(at: t)
            case let .cancel(t): transition.cancel(at: t)
            case let .advance(t):
                let before = transition.phase
                reported = transition.advance(to: t)
                if let reported {
                    guard case .settling(let heading) = before, heading == reported else {
                        return StormViolation(step: index, message: "advance reported \(reported) from \(before)")
                    }
                    guard transition.phase == .completed(reported) else {
                        return StormViolation(step: index, message: "reported \(reported) but the phase is \(transition.phase)")
                    }
                }
            }
            if case let .advance(t) = step, t.isFinite { latest = t }
            for time in [latest, 0, 1e6] {
                let p = transition.progress(at: time), v = transition.velocity(at: time)
                if !p.isFinite || !v.isFinite { return StormViolation(step: index, message: "progress \(p), velocity \(v) at \(time)") }
            }
            if case let .update(p, t) = step, p.isFinite, t.isFinite {
                let r = transition.configuration.interactiveRange
                let expected = min(max(p, r.lowerBound), r.upperBound)
                if transition.phase != .interacting || transition.progress(at: t) != expected {
                    return StormViolation(step: index, message: "update(progress: \(p)) gave \(transition.progress(at: t)) "
                        + "in \(transition.phase), not \(expected) (range \(r))")
                }
            }
            if case .completed(let outcome) = transition.phase, transition.progress(at: latest) != outcome.targetProgress {
                return StormViolation(step: index, message: "completed \(outcome) at \(transition.progress(at: latest))")
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .update(p, t): return simpler(p).map { .update(progress: $0, time: t) }
        case .release(let t, _?): return [.release(time: t, velocity: nil)]
        default: return []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["var transition = InteractiveTransition(progress: \(swiftLiteral(setup.progress)), configuration: "
            + ".init(spring: SpringParameters(response: \(swiftLiteral(setup.response)), dampingRatio: \(swiftLiteral(setup.damping))), "
            + "interactiveRange: \(swiftLiteral(setup.lower))...\(swiftLiteral(setup.upper))))"]
        for step in steps {
            switch step {
            case let .grab(t): lines.append("transition.grab(at: \(swiftLiteral(t)))")
            case let .update(p, t): lines.append("transition.update(progress: \(swiftLiteral(p)), at: \(swiftLiteral(t)))")
            case let .release(t, v): lines.append("transition.release(at: \(swiftLiteral(t)), velocity: \(v.map(swiftLiteral) ?? "nil"))")
            case let .finish(t): lines.append("transition.finish(at: \(swiftLiteral(t)))")
            case let .cancel(t): lines.append("transition.cancel(at: \(swiftLiteral(t)))")
            case let .advance(t): lines.append("transition.advance(to: \(swiftLiteral(t)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Rubber-banding under storms: any overshoot, dimension and constant.
///
/// Invariants: offsets, slopes and inverses finite; the offset monotonic in the overshoot, of the
/// same sign and never more than the dimension; the slope in 0…1 (resistance, never
/// amplification); `clamp` never moves a value further out than it was.
public enum RubberBandStorm: StormSubject {
    public struct Setup: Sendable {
        var dimension: Double, constant: Double
    }

    public enum Step: Sendable {
        case pair(Double, Double)
    }

    public static let name = "RubberBand"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(dimension: random.double(1...2_000, hostility: 0.2), constant: random.double(0.01...2, hostility: 0.2))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        .pair(random.double(-5_000...5_000, hostility: 0.1), random.double(-5_000...5_000, hostility: 0.1))
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let d = setup.dimension, c = setup.constant
        for (index, step) in steps.enumerated() {
            guard case let .pair(a, b) = step else { continue }
            let low = min(a, b), high = max(a, b)
            for x in [a, b] {
                let offset = RubberBand.offset(x, dimension: d, constant: c)
                let slope = RubberBand.slope(atOvershoot: x, dimension: d, constant: c)
                if !offset.isFinite || !slope.isFinite { return StormViolation(step: index, message: "offset \(offset), slope \(slope) at \(x)") }
                if !(0...1).contains(slope) {
                    return StormViolation(step: index, message: "slope \(slope) at \(x) outside 0…1")
                }
                if d.isFinite, d > 0, abs(offset) > d * (1 + 1e-12) { return StormViolation(step: index, message: "offset \(offset) past the dimension \(d)") }
                if x.isFinite, offset * x < 0 { return StormViolation(step: index, message: "offset \(offset) of the other sign than \(x)") }
                let back = RubberBand.overshoot(forOffset: offset, dimension: d, constant: c)
                if !back.isFinite && x.isFinite { return StormViolation(step: index, message: "overshoot(offset(\(x))) = \(back)") }
                let clamped = RubberBand.clamp(x, to: 0...100, dimension: d, constant: c)
                if !clamped.isFinite { return StormViolation(step: index, message: "clamp(\(x)) = \(clamped)") }
                let slack = 1e-9 + 1e-12 * abs(x)   // rounding of `end + offset`
                if x.isFinite, (clamped > max(x, 100) + slack || clamped < min(x, 0) - slack) {
                    return StormViolation(step: index, message: "clamp(\(x)) = \(clamped) moved further out")
                }
            }
            if !low.isNaN, !high.isNaN {
                let lo = RubberBand.offset(low, dimension: d, constant: c), hi = RubberBand.offset(high, dimension: d, constant: c)
                if lo > hi { return StormViolation(step: index, message: "offset(\(low)) = \(lo) > offset(\(high)) = \(hi)") }
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        guard case let .pair(a, b) = step else { return [] }
        return simpler(a).map { .pair($0, b) } + simpler(b).map { .pair(a, $0) }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        steps.map { step in
            guard case let .pair(a, b) = step else { return "" }
            return "RubberBand.offset(\(swiftLiteral(a)), dimension: \(swiftLiteral(setup.dimension)), constant: \(swiftLiteral(setup.constant)))\n"
                + "RubberBand.offset(\(swiftLiteral(b)), dimension: \(swiftLiteral(setup.dimension)), constant: \(swiftLiteral(setup.constant)))"
        }.joined(separator: "\n")
    }
}

/// Decay under storms: hostile starts, velocities and rates, sampled at any time.
///
/// Invariants: values, velocities, destination and durations finite; the value never moves away
/// from the destination as time goes on (for times from 0).
public enum DecayStorm: StormSubject {
    public struct Setup: Sendable {
        var from: Double, velocity: Double, rate: Double
    }

    public enum Step: Sendable {
        case sample(Double, Double)
    }

    public static let name = "Decay"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(from: random.double(-1_000...1_000, hostility: 0.15), velocity: random.double(-10_000...10_000, hostility: 0.15),
              rate: random.chance(0.7) ? random.pick([0.998, 0.99]) : random.double(0...1, hostility: 0.3))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        .sample(random.time(after: &clock), random.time(after: &clock))
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let decay = Decay(from: setup.from, initialVelocity: setup.velocity, rate: DecelerationRate(rawValue: setup.rate))
        let end = decay.destination
        if !end.isFinite { return StormViolation(step: -1, message: "destination \(end)") }
        let duration = decay.duration(untilSpeedBelow: 1)
        if !(duration >= 0) || !duration.isFinite { return StormViolation(step: -1, message: "duration \(duration)") }
        for (index, step) in steps.enumerated() {
            guard case let .sample(a, b) = step else { continue }
            for t in [a, b] where t.isFinite {
                let value = decay.value(at: t), velocity = decay.velocity(at: t)
                if !value.isFinite || !velocity.isFinite { return StormViolation(step: index, message: "value \(value), velocity \(velocity) at \(t)") }
            }
            if a.isFinite, b.isFinite, min(a, b) >= 0 {
                let early = abs(end - decay.value(at: min(a, b))), late = abs(end - decay.value(at: max(a, b)))
                if late > early * (1 + 1e-9) + 1e-9 {
                    return StormViolation(step: index, message: "moved away from \(end): \(early) then \(late)")
                }
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] { [] }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["let decay = Decay(from: \(swiftLiteral(setup.from)), initialVelocity: \(swiftLiteral(setup.velocity)), "
            + "rate: DecelerationRate(rawValue: \(swiftLiteral(setup.rate))))"]
        for step in steps {
            guard case let .sample(a, b) = step else { continue }
            lines.append("decay.value(at: \(swiftLiteral(a))); decay.value(at: \(swiftLiteral(b)))")
        }
        return lines.joined(separator: "\n")
    }
}
