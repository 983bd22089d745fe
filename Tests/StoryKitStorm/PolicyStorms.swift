import MotionCore
import RealModule
import StoryKit

/// The retry policy under storms: hostile base delays (subnormal ones included), multipliers,
/// caps, jitter and attempt counts (`Int.max`, negative).
///
/// Invariants after every step: the delay returns (it is computed in closed form), is finite and
/// within `[(1 − jitter) · capped, capped]` where `capped = min(maximumDelay, baseDelay ·
/// multiplier^(attempt − 1))` is computed here independently in log space; an attempt below 1
/// counts as 1 for the delay and for the decision alike; the decision retries exactly a transient
/// failure with attempts left, after the delay the policy gives for that attempt.
public enum RetryPolicyStorm: StormSubject {
    public struct Setup: Sendable {
        var base: Double, multiplier: Double, maximum: Double, jitter: Double, attempts: Int
    }

    public enum Step: Sendable {
        case delay(attempt: Int, random: Double)
        case decision(status: Int, attempt: Int, random: Double)
    }

    public static let name = "RetryPolicy"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(base: random.double(0...5, hostility: 0.3), multiplier: random.double(1...4, hostility: 0.3),
              maximum: random.double(0...60, hostility: 0.3), jitter: random.double(0...1, hostility: 0.3),
              attempts: random.int(1...10, hostility: 0.3))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let attempt = random.int(-2...40, hostility: 0.3)
        let unit = random.double(0...1, hostility: 0.2)
        if random.chance(0.5) { return .delay(attempt: attempt, random: unit) }
        return .decision(status: random.pick([404, 500, 503, 429, 200, 0]), attempt: attempt, random: unit)
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let policy = RetryPolicy(baseDelay: setup.base, multiplier: setup.multiplier, maximumDelay: setup.maximum,
                                 jitter: setup.jitter, maximumAttempts: setup.attempts)
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            switch step {
            case let .delay(attempt, unit):
                let delay = policy.delay(afterAttempt: attempt, random: unit)
                if let problem = check(delay, policy: policy, attempt: attempt, random: unit) { return fail(problem) }
                if attempt < 1, delay != policy.delay(afterAttempt: 1, random: unit) {
                    return fail("attempt \(attempt) is not counted as 1: \(delay)")
                }
            case let .decision(status, attempt, unit):
                let failure = RetryPolicy.Failure.status(status)
                let decision = policy.decision(after: failure, attempt: attempt, random: unit)
                let retries = failure.isTransient && Swift.max(attempt, 1) < policy.maximumAttempts
                switch decision {
                case .giveUp where retries: return fail("gave up on \(status) at attempt \(attempt) of \(policy.maximumAttempts)")
                case .retry where !retries: return fail("retried \(status) at attempt \(attempt) of \(policy.maximumAttempts)")
                case .retry(let delay) where delay != policy.delay(afterAttempt: attempt, random: unit):
                    return fail("retry after \(delay), but the delay for attempt \(attempt) is \(policy.delay(afterAttempt: attempt, random: unit))")
                default: break
                }
            }
        }
        return nil
    }

    /// Whether `delay` is what the documented formula allows.
    static func check(_ delay: Double, policy: RetryPolicy, attempt: Int, random: Double) -> String? {
        guard delay.isFinite, delay >= 0, delay <= policy.maximumDelay else { return "delay \(delay) outside 0…\(policy.maximumDelay)" }
        // capped = min(maximum, base · multiplier^(n − 1)), in logarithms so that nothing overflows.
        let exponent = Double(Swift.max(attempt, 1) - 1)
        let capped: Double
        if policy.baseDelay == 0 {
            capped = 0
        } else {
            let log = Double.log(policy.baseDelay) + exponent * Double.log(policy.multiplier)
            capped = log >= Double.log(policy.maximumDelay) ? policy.maximumDelay : Double.exp(log)
        }
        let unit = random.isFinite ? Swift.min(Swift.max(random, 0), 1) : 0
        let expected = capped * (1 - policy.jitter * unit)
        let tolerance = 1e-9 * Swift.max(expected, Double.leastNormalMagnitude) + 1e-300
        if abs(delay - expected) > tolerance {
            return "delay \(delay) after attempt \(attempt), the formula gives \(expected)"
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .delay(attempt, unit): attempt > 3 ? [.delay(attempt: 3, random: unit)] : []
        case let .decision(status, attempt, unit): attempt > 3 ? [.decision(status: status, attempt: 3, random: unit)] : []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["let policy = RetryPolicy(baseDelay: \(swiftLiteral(setup.base)), multiplier: \(swiftLiteral(setup.multiplier)), "
            + "maximumDelay: \(swiftLiteral(setup.maximum)), jitter: \(swiftLiteral(setup.jitter)), maximumAttempts: \(swiftLiteral(setup.attempts)))"]
        for step in steps {
            switch step {
            case let .delay(attempt, unit):
                lines.append("policy.delay(afterAttempt: \(swiftLiteral(attempt)), random: \(swiftLiteral(unit)))")
            case let .decision(status, attempt, unit):
                lines.append("policy.decision(after: .status(\(status)), attempt: \(swiftLiteral(attempt)), random: \(swiftLiteral(unit)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Scroll keyframes under storms: tracks of hostile keyframes (subnormal spacing, equal offsets,
/// huge and non-finite offsets) that extend or clamp, looked up at hostile offsets.
///
/// Invariants after every step: the value is finite; a clamped track stays within its keyframes'
/// values; an extended one equals the clamped one between its first and last offsets.
public enum ScrollKeyframesStorm: StormSubject {
    public struct Setup: Sendable {
        var keyframes: [(offset: Double, value: Double)]
    }

    public enum Step: Sendable { case value(at: Double) }

    public static let name = "ScrollKeyframes"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        var offset = random.double(-500...500, hostility: 0.2)
        var keyframes: [(Double, Double)] = []
        for _ in 0..<random.int(in: 0...5) {
            keyframes.append((offset, random.double(-1_000...1_000, hostility: 0)))   // values finite: a track passes non-finite values through (generic)
            // The next offset: a normal step, the same offset, or a subnormal step away.
            switch random.int(in: 0...5) {
            case 0: break
            case 1: offset = offset.nextUp
            case 2: offset += Double.leastNonzeroMagnitude * Double(random.int(in: 1...1_000))
            default: offset += random.double(0...300, hostility: 0.1)
            }
        }
        return Setup(keyframes: keyframes)
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        .value(at: random.chance(0.2) ? random.pick(StormRandom.hostileDoubles) : random.double(in: -2_000...2_000))
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let frames = setup.keyframes.map { ScrollKeyframes<Double>.Keyframe(offset: $0.offset, value: $0.value) }
        let extended = ScrollKeyframes<Double>(frames, before: .extend, after: .extend, fallback: 0)
        let clamped = ScrollKeyframes<Double>(frames, fallback: 0)
        let values = clamped.keyframes.map(\.value)
        for (index, step) in steps.enumerated() {
            guard case let .value(offset) = step else { continue }
            let e = extended.value(at: offset), c = clamped.value(at: offset)
            if !e.isFinite || !c.isFinite { return StormViolation(step: index, message: "value at \(offset): extend \(e), clamp \(c)") }
            // (Within rounding: a + (b − a)·t can land an ulp past b.)
            if let low = values.min(), let high = values.max(),
               case let slack = 1e-12 * Swift.max(abs(low), abs(high), 1), !((low - slack)...(high + slack)).contains(c) {
                return StormViolation(step: index, message: "clamped value \(c) at \(offset) outside \(low)…\(high)")
            }
            // Offsets beyond the limit count as the limit (the track's documentation).
            let limit = ScrollKeyframes<Double>.offsetLimit
            let looked = Swift.min(Swift.max(offset, -limit), limit)
            if let first = clamped.keyframes.first?.offset, let last = clamped.keyframes.last?.offset,
               looked >= first, looked < last, e != c {
                return StormViolation(step: index, message: "extend \(e) and clamp \(c) differ inside the keyframes at \(offset)")
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        guard case let .value(offset) = step else { return [] }
        return simpler(offset).map { .value(at: $0) }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        let frames = setup.keyframes.map { ".init(offset: \(swiftLiteral($0.offset)), value: \(swiftLiteral($0.value)))" }
        var lines = ["let track = ScrollKeyframes<Double>([\(frames.joined(separator: ", "))], before: .extend, after: .extend, fallback: 0)"]
        for step in steps {
            if case let .value(offset) = step { lines.append("track.value(at: \(swiftLiteral(offset)))") }
        }
        return lines.joined(separator: "\n")
    }
}
