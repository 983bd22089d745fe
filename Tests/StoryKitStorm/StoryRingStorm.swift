import MotionCore
import StoryKit

/// The story ring under storms: taps, readiness, cancels and frames at hostile times (NaN,
/// infinities, going backwards, an hour later), with hostile configurations.
///
/// Invariants after every step: the events make sense (loading starts only from rest, a launch
/// only after readiness and once per tap, a cancel only while busy); every frame is finite, its
/// openness and opacity in 0…1, its scale positive and at most 1; the dash pattern's period is
/// the circumference over the segments and its phase within one period; a resolution ends by
/// its duration.
public enum StoryRingStorm: StormSubject {
    public struct Setup: Sendable {
        var status: StoryRing.Status
        var press: Double, scale: Double, turn: Double, resolve: Double, segments: Int, reduceMotion: Bool
    }

    public enum Step: Sendable {
        case tap(time: Double)
        case ready(time: Double)
        case cancel(time: Double)
        case advance(time: Double)
        case frame(time: Double)
    }

    public static let name = "StoryRing"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(status: random.pick(StoryRing.Status.allCases), press: random.double(0.01...0.5, hostility: 0.2),
              scale: random.double(0.5...1, hostility: 0.2), turn: random.double(0.2...3, hostility: 0.2),
              resolve: random.double(0.05...1, hostility: 0.2), segments: random.int(3...30, hostility: 0.2),
              reduceMotion: random.int(in: 0...3) == 0)
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let time = random.time(after: &clock)
        switch random.int(in: 0...9) {
        case 0, 1: return .tap(time: time)
        case 2: return .ready(time: time)
        case 3: return .cancel(time: time)
        case 4, 5: return .advance(time: time)
        default: return .frame(time: random.int(in: 0...9) == 0 ? time + 3_600 : time)
        }
    }

    static func configuration(_ setup: Setup) -> StoryRing.Configuration {
        StoryRing.Configuration(segments: setup.segments, turnDuration: setup.turn, pressDuration: setup.press,
                                pressScale: setup.scale, resolveDuration: setup.resolve, reduceMotion: setup.reduceMotion)
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var ring = StoryRing(status: setup.status, configuration: configuration(setup))
        var launchesOwed = 0
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            // Busy when the input arrives: a resolution over by then has ended first.
            var settled = ring
            switch step {
            case let .tap(t), let .ready(t), let .cancel(t), let .advance(t): settled.advance(to: t)
            case .frame: break
            }
            let wasBusy = settled.isBusy, before = settled.phase
            var events: [StoryRing.Event] = []
            var sampled: Double?
            switch step {
            case let .tap(time): events = ring.tap(time: time)
            case let .ready(time): events = ring.ready(time: time)
            case let .cancel(time): events = ring.cancel(time: time)
            case let .advance(time): events = ring.advance(to: time)
            case let .frame(time): sampled = time
            }
            for event in events {
                switch event {
                case .loadingStarted:
                    if wasBusy { return fail("loading started while \(before)") }
                case .launch:
                    launchesOwed += 1
                    if launchesOwed > 1 { return fail("two launches") }
                case .cancelled:
                    if !wasBusy { return fail("cancelled at rest") }
                    launchesOwed = 1   // no launch may follow
                }
            }
            if events.contains(.loadingStarted) { launchesOwed = 0 }
            if case .resolving(_, let from, _) = ring.phase, ring.time >= from + ring.configuration.resolveDuration {
                return fail("still resolving at \(ring.time), past \(from) + \(ring.configuration.resolveDuration)")
            }
            for time in [ring.time, sampled ?? ring.time, ring.time - 0.37, ring.time + 0.61] {
                let frame = ring.frame(at: time)
                let values = [frame.lineWidth, frame.openness, frame.rotation, frame.avatarScale, frame.ringOpacity]
                if values.contains(where: { !$0.isFinite }) { return fail("frame at \(time): \(frame)") }
                if !(0...1).contains(frame.openness) || !(0...1).contains(frame.ringOpacity) {
                    return fail("openness \(frame.openness), opacity \(frame.ringOpacity) at \(time)")
                }
                if frame.avatarScale <= 0 || frame.avatarScale > 1 + 1e-9 { return fail("scale \(frame.avatarScale) at \(time)") }
                let radius = frame.ringRadius(avatarDiameter: 56, gap: ring.configuration.gap)
                let pattern = frame.dashPattern(radius: radius)
                let period = 2 * Double.pi * radius / Double(frame.segments)
                if !pattern.isEmpty {
                    if pattern.count != 2 || pattern.contains(where: { !$0.isFinite || $0 < 0 }) { return fail("pattern \(pattern)") }
                    if abs(pattern[0] + pattern[1] - period) > 1e-9 * max(1, period) { return fail("period \(pattern) vs \(period)") }
                }
                let phase = frame.dashPhase(radius: radius)
                if !(phase >= 0 && phase < period + 1e-12) { return fail("dash phase \(phase), period \(period)") }
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .tap(t): simpler(t).map { .tap(time: $0) }
        case let .ready(t): simpler(t).map { .ready(time: $0) }
        case let .cancel(t): simpler(t).map { .cancel(time: $0) }
        case let .advance(t): simpler(t).map { .advance(time: $0) }
        case let .frame(t): simpler(t).map { .frame(time: $0) }
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["var ring = StoryRing(status: .\(setup.status.rawValue), configuration: StoryRing.Configuration("
            + "segments: \(setup.segments), turnDuration: \(swiftLiteral(setup.turn)), pressDuration: \(swiftLiteral(setup.press)), "
            + "pressScale: \(swiftLiteral(setup.scale)), resolveDuration: \(swiftLiteral(setup.resolve)), reduceMotion: \(setup.reduceMotion)))"]
        for step in steps {
            switch step {
            case let .tap(t): lines.append("ring.tap(time: \(swiftLiteral(t)))")
            case let .ready(t): lines.append("ring.ready(time: \(swiftLiteral(t)))")
            case let .cancel(t): lines.append("ring.cancel(time: \(swiftLiteral(t)))")
            case let .advance(t): lines.append("ring.advance(to: \(swiftLiteral(t)))")
            case let .frame(t): lines.append("ring.frame(at: \(swiftLiteral(t)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
