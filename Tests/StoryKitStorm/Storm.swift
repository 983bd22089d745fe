/// Seeded storms of hostile input sequences against a model, with invariants checked after every
/// step and a failing sequence shrunk to a minimal reproducer printed as Swift code.
///
/// A ``StormSubject`` says how to make a random setup and random steps, how to run them while
/// checking its invariants, how to simplify a step, and how to write a sequence as Swift. The
/// storm runs sequences from consecutive seeds; the first one that breaks an invariant is
/// shrunk (steps after the violation dropped, then steps removed one chunk at a time, then
/// values simplified) until no smaller sequence still fails.
public protocol StormSubject: StormSubjectMetatype {
    /// The model's starting state, as values.
    associatedtype Setup: Sendable
    /// One input.
    associatedtype Step: Sendable

    /// The model's name, for reports.
    static var name: String { get }
    /// A random starting state.
    static func makeSetup(_ random: inout StormRandom) -> Setup
    /// A random step; `clock` is the sequence's running time, for inputs that take a time.
    static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step
    /// Runs `steps` from `setup`, checking every invariant after each step.
    ///
    /// - Returns: The first violation, or nil.
    static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation?
    /// Simpler versions of `step` (rounder numbers, finite values, smaller counts), tried when
    /// shrinking.
    static func simplifications(of step: Step) -> [Step]
    /// Swift code that sets the model up and feeds it `steps`.
    static func code(_ setup: Setup, _ steps: [Step]) -> String
    /// Whether ``run(_:_:)`` must be called on the main thread (``Storm`` then runs it on one
    /// thread); false by default.
    static var runsOnMainThread: Bool { get }
}

/// An invariant broken after a step.
public struct StormViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The index of the step after which it was found (−1: right after setup).
    public var step: Int
    /// What broke, e.g. `position is nan`.
    public var message: String

    public init(step: Int, message: String) {
        self.step = step
        self.message = message
    }

    public var description: String { "after step \(step): \(message)" }
}

/// What a storm found.
public struct StormReport: Sendable, CustomStringConvertible {
    /// The subject's name.
    public var name: String
    /// Sequences run.
    public var sequences: Int
    /// Steps run, over all sequences.
    public var steps: Int
    /// The shrunk reproducer of the first failing sequence, if any.
    public var failure: (violation: StormViolation, code: String, seed: UInt64)?

    public var description: String {
        var line = "\(name): \(sequences) sequences, \(steps) steps, \(failure == nil ? 0 : 1) violations"
        if let failure {
            line += "\nseed \(failure.seed): \(failure.violation)\nshrunk reproducer:\n\(failure.code)"
        }
        return line
    }
}

/// Runs storms.
public enum Storm {
    /// Runs `sequences` random sequences of `subject` (seeds `firstSeed…`), each of 1…`maximumSteps`
    /// steps, stopping at the first violation, which is shrunk.
    public static func run<Subject: StormSubject>(_ subject: Subject.Type, sequences: Int, maximumSteps: Int = 32,
                                                 firstSeed: UInt64 = 1) -> StormReport {
        var report = StormReport(name: Subject.name, sequences: 0, steps: 0, failure: nil)
        runSeeds(Subject.self, 0..<max(0, sequences), maximumSteps: maximumSteps, firstSeed: firstSeed, into: &report)
        return report
    }

    /// Runs the sequences of seeds `firstSeed + i` for `i` in `indices`, in order, adding them to
    /// `report` and stopping at the first violation, which is shrunk: one serial stretch of
    /// ``run(_:sequences:maximumSteps:firstSeed:)``, and one chunk of its run on several cores.
    static func runSeeds<Subject: StormSubject>(_ subject: Subject.Type, _ indices: Range<Int>, maximumSteps: Int,
                                               firstSeed: UInt64, into report: inout StormReport) {
        for index in indices {
            let seed = firstSeed &+ UInt64(index)
            var random = StormRandom(seed: seed)
            let setup = Subject.makeSetup(&random)
            var clock = 0.0
            let count = random.int(in: 1...maximumSteps)
            var steps: [Subject.Step] = []
            steps.reserveCapacity(count)
            for _ in 0..<count { steps.append(Subject.makeStep(&random, clock: &clock)) }
            report.sequences += 1
            report.steps += count
            if let violation = Subject.run(setup, steps) {
                let shrunk = shrink(Subject.self, setup, steps, violation)
                report.failure = (shrunk.violation, Subject.code(setup, shrunk.steps), seed)
                return
            }
        }
    }

    /// The smallest failing sequence found from `steps` by dropping and simplifying steps.
    public static func shrink<Subject: StormSubject>(_ subject: Subject.Type, _ setup: Subject.Setup,
                                                    _ steps: [Subject.Step], _ violation: StormViolation)
        -> (steps: [Subject.Step], violation: StormViolation)
    {
        var best = Array(steps.prefix(max(0, violation.step + 1)))
        var bestViolation = Subject.run(setup, best) ?? violation
        if Subject.run(setup, best) == nil { best = steps; bestViolation = violation }
        var progress = true
        while progress {
            progress = false
            // Remove chunks, halving their size down to single steps.
            var chunk = max(1, best.count / 2)
            while chunk >= 1 {
                var start = 0
                while start < best.count {
                    var candidate = best
                    candidate.removeSubrange(start..<min(best.count, start + chunk))
                    if let found = Subject.run(setup, candidate) {
                        best = Array(candidate.prefix(found.step + 1))
                        bestViolation = found
                        progress = true
                    } else {
                        start += chunk
                    }
                }
                chunk /= 2
            }
            // Simplify each step's values.
            var index = 0
            while index < best.count {
                for simpler in Subject.simplifications(of: best[index]) {
                    var candidate = best
                    candidate[index] = simpler
                    if let found = Subject.run(setup, candidate) {
                        best = Array(candidate.prefix(found.step + 1))
                        bestViolation = found
                        progress = true
                        break
                    }
                }
                index += 1
            }
        }
        return (best, bestViolation)
    }
}

/// A deterministic random number generator (SplitMix64) with the hostile values storms use.
public struct StormRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// A uniform double in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// One of `values`.
    public mutating func pick<T>(_ values: [T]) -> T { values[int(in: 0...(values.count - 1))] }

    /// The values that break careless arithmetic.
    public static let hostileDoubles: [Double] = [
        .nan, .infinity, -.infinity, 0, -0.0, 1e300, -1e300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, 1e-12, -1e-12, 1, -1, 1e9, -1e9,
    ]

    /// Usually a value in `typical`, sometimes a hostile one (`hostility` of the time).
    public mutating func double(_ typical: ClosedRange<Double>, hostility: Double = 0.1) -> Double {
        chance(hostility) ? pick(Self.hostileDoubles) : double(in: typical)
    }

    /// The integers that break careless arithmetic.
    public static let hostileInts: [Int] = [0, 1, 2, -1, Int.max, Int.min, Int.max - 1, Int.min + 1, 1 << 62, 1 << 53, 1000]

    /// Usually an integer in `typical`, sometimes a hostile one.
    public mutating func int(_ typical: ClosedRange<Int>, hostility: Double = 0.1) -> Int {
        chance(hostility) ? pick(Self.hostileInts) : int(in: typical)
    }

    /// A time for the next input: usually a little after `clock` (advancing it), sometimes the
    /// same, earlier, far later, or not finite.
    public mutating func time(after clock: inout Double) -> Double {
        switch int(in: 0...19) {
        case 0: return pick([.nan, .infinity, -.infinity])
        case 1: return clock - double(in: 0...0.5)           // backwards
        case 2: return clock                                  // duplicate
        case 3:
            clock += double(in: 1...30)                       // a long pause
            return clock
        default:
            clock += double(in: 0.001...0.05)
            return clock
        }
    }
}

/// Swift source for numbers: `.nan`, `.infinity`, `-.infinity`, or the shortest literal.
public func swiftLiteral(_ value: Double) -> String {
    if value.isNaN { return ".nan" }
    if value == .infinity { return ".infinity" }
    if value == -.infinity { return "-.infinity" }
    if value == .greatestFiniteMagnitude { return ".greatestFiniteMagnitude" }
    if value == -.greatestFiniteMagnitude { return "-.greatestFiniteMagnitude" }
    return "\(value)"
}

/// Swift source for integers: `Int.max`, `Int.min`, or the literal.
public func swiftLiteral(_ value: Int) -> String {
    if value == .max { return "Int.max" }
    if value == .min { return "Int.min" }
    return "\(value)"
}

/// Simpler versions of a double for shrinking: 0, its rounding, finite stand-ins.
public func simpler(_ value: Double) -> [Double] {
    var out: [Double] = []
    if value != 0 { out.append(0) }
    if !value.isFinite { out.append(1) }
    if value.isFinite, value.rounded() != value { out.append(value.rounded()) }
    if value.isFinite, abs(value) > 1e6 { out.append(value > 0 ? 1000 : -1000) }
    return out
}

#if compiler(>=6.2)
/// Lets the suite capture a subject's type in its `@Sendable` runners (Swift 6.2's
/// `SendableMetatype`); earlier compilers do not know it and do not need it.
public protocol StormSubjectMetatype: SendableMetatype {}
#else
/// Empty before Swift 6.2, where metatypes are sendable without saying so.
public protocol StormSubjectMetatype {}
#endif

/// Swift source for one touch input of a storm's reproducer: `receiver.touchBegan(at: Point(x: …,
/// y: …), time: …)` and its siblings, the same for every subject that takes touches.
public enum TouchCode {
    /// A touch phase with a point.
    public enum Phase: String { case began = "touchBegan(at:", moved = "touchMoved(to:", ended = "touchEnded(at:" }

    /// The line for `phase` at (`x`, `y`) and `time`, sent to `receiver`.
    public static func line(_ receiver: String, _ phase: Phase, x: Double, y: Double, time: Double) -> String {
        "\(receiver).\(phase.rawValue) Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))), time: \(swiftLiteral(time)))"
    }

    /// Simpler points for shrinking: each coordinate simplified in turn (``simpler(_:)``).
    public static func simplerPoints(x: Double, y: Double) -> [(x: Double, y: Double)] {
        simpler(x).map { ($0, y) } + simpler(y).map { (x, $0) }
    }
}
