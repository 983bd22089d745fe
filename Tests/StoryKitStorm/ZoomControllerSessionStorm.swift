import MotionCore
import StoryKit
import StoryKitUI

/// The UIKit zoom controller's session under storms: UIKit's delegate answers (the system's,
/// pushes, pops, interactive or not, with and without an edge swipe), dismiss-pan grabs and
/// drops, transitions begun as UIKit begins them (only after the delegate answered with the
/// zoom, interactive exactly when it said so, while none runs), pan moves, releases and
/// cancels at any moment, re-grabs (only while the session allows one, as the recogniser does),
/// display frames while the session runs them and late ones after, with hostile points, times,
/// geometry and sources.
///
/// Invariants after every step (its author's, against a record of the run kept here): exactly
/// one `.complete` per begin, and a run left alone (its finger cancelled, its frames running)
/// completes; `.finishInteractive` or `.cancelInteractive` only in an interactive run, once,
/// before its `.complete` and agreeing with its success; no reaction starts frames or adds a pan
/// once the run has completed, and an input outside a run does nothing; no pending grab after a
/// begin or a system answer; a grab refused exactly while a run runs; the interactive fraction
/// finite, within 0…1 and only for an interactive run; the layouts drawn finite.
public enum ZoomControllerSessionStorm: StormSubject {
    public typealias Setup = ZoomTransitionStorm.Setup

    public enum Step: Sendable {
        case answer(direction: Int, interactive: Bool, edge: Bool, time: Double)
        /// UIKit's question through the rule: operation 0 push, 1 pop, 2 other; screens 0 grid,
        /// 1 the detail, 2 another screen.
        case ask(operation: Int, from: Int, to: Int, edgeActive: Bool, edge: Bool, time: Double)
        case grab(x: Double, y: Double, time: Double)
        case dropGrab
        case begin(source: Int, time: Double)
        case moved(x: Double, y: Double, time: Double)
        case ended(x: Double, y: Double, time: Double, source: Int)
        case cancelled(time: Double)
        case regrab(x: Double, y: Double, time: Double)
        case frame(time: Double)
        case lateFrame(time: Double)
        /// A pan's callback through ``ZoomControllerSession/panned(_:phase:at:time:hasDetail:source:)``:
        /// role 0 dismiss, 1 edge, 2 re-grab; `rawState` UIKit's raw gesture state (0…6).
        case panned(role: Int, rawState: Int, x: Double, y: Double, time: Double, hasDetail: Bool, source: Int)
    }

    public static let name = "ZoomControllerSession"

    public static func makeSetup(_ random: inout StormRandom) -> Setup { ZoomTransitionStorm.makeSetup(&random) }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let time = random.time(after: &clock)
        let x = random.double(-50...500, hostility: 0.05), y = random.double(-50...900, hostility: 0.05)
        switch random.int(in: 0...99) {
        case 0..<4: return .answer(direction: random.int(in: 0...2), interactive: random.chance(0.5), edge: random.chance(0.4), time: time)
        case 4..<8: return .ask(operation: random.int(in: 0...2), from: random.int(in: 0...2), to: random.int(in: 0...2),
                                edgeActive: random.chance(0.3), edge: random.chance(0.4), time: time)
        case 8..<14: return .grab(x: x, y: y, time: time)
        case 14..<17: return .dropGrab
        case 17..<27: return .begin(source: random.int(in: 0...3), time: time)
        case 27..<39: return .moved(x: x, y: y, time: time)
        case 39..<45: return .panned(role: random.int(in: 0...2), rawState: random.int(in: 0...6), x: x, y: y, time: time,
                                     hasDetail: random.chance(0.8), source: random.int(in: 0...3))
        case 45..<52: return .ended(x: x, y: y, time: time, source: random.int(in: 0...3))
        case 52..<55: return .cancelled(time: time)
        case 55..<60: return .regrab(x: x, y: y, time: time)
        case 60..<97: return .frame(time: time)
        default: return .lateFrame(time: time)
        }
    }

    static func configuration(_ setup: Setup) -> ZoomTransition.Configuration {
        ZoomTransition.Configuration(spring: SpringParameters(response: 0.45, dampingRatio: setup.damping), downwardDismiss: setup.downward,
                                     reduceMotion: setup.reduceMotion, scaleCurve: setup.knee.map { .rubberBand(knee: $0) } ?? .linear)
    }

    /// The screens UIKit asks about: the grid, the detail the zoom is installed for, another.
    private enum Grid {}
    private enum Detail {}
    private enum Other {}

    /// The reference: the run as UIKit's context sees it.
    struct Record {
        /// The running transition's interactivity, nil between transitions.
        var interactive: Bool?
        /// The finish or cancel said in this run (true: finish).
        var finished: Bool?
        /// Whether the display link runs.
        var framesRun = false
        /// Whether the delegate last answered with the zoom, not yet begun (UIKit may begin it).
        var answered = false
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let geometry = ZoomTransitionStorm.geometry(setup)
        let configuration = configuration(setup)
        var session = ZoomControllerSession()
        var record = Record()
        let toContainer: (Point) -> Point = { Point(x: $0.x, y: $0.y - 10) }
        /// Checks one reaction against the record and applies it to it.
        func take(_ reaction: ZoomControllerSession.Reaction, wasRunning: Bool, beginning: Bool) -> String? {
            if !wasRunning, !beginning, reaction != ZoomControllerSession.Reaction() { return "a reaction outside a run: \(reaction)" }
            if reaction.stopFrames { record.framesRun = false }
            if let percent = reaction.percentComplete {
                if record.interactive != true { return "a fraction \(percent) for a run not interactive" }
                if !(0...1).contains(percent) { return "fraction \(percent)" }
            }
            if let layout = reaction.draw {
                let clip = layout.clipFrame
                if ![clip.origin.x, clip.origin.y, clip.size.width, clip.size.height].allSatisfy(\.isFinite) { return "drew clip \(clip)" }
            }
            var completed = false
            for step in reaction.steps {
                guard let interactive = record.interactive, !completed else { return "\(step) with no run open" }
                switch step {
                case .finishInteractive, .cancelInteractive:
                    if !interactive { return "\(step) in a run not interactive" }
                    if record.finished != nil { return "\(step) said twice" }
                    record.finished = step == .finishInteractive
                case .complete(let success):
                    if interactive, record.finished != success { return "complete(\(success)) after \(String(describing: record.finished))" }
                    completed = true
                    record = Record()
                }
            }
            if completed {
                if reaction.startFrames || reaction.addRegrabPan { return "the completing reaction starts frames or adds a pan" }
                if session.isRunning { return "still running after its completion" }
            } else if reaction.startFrames {
                record.framesRun = true
            }
            if record.interactive != nil, !session.isRunning { return "the run ended without a completion" }
            return nil
        }
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            let wasRunning = session.isRunning
            var reaction: ZoomControllerSession.Reaction?
            switch step {
            case let .answer(direction, interactive, edge, time):
                var decision = ZoomNavigationRule.Decision.system
                decision.direction = [nil, .presenting, .dismissing][direction]
                decision.interactive = interactive && direction == 2  // ZoomNavigationRule: only a pop follows a finger
                let answered = session.answer(decision, edgeGrab: edge ? .init(point: Point(x: 4, y: 300), time: time) : nil)
                if answered != (direction != 0) { return fail("answered \(answered) to \(decision)") }
                record.answered = answered
                if direction == 0, session.pendingGrab != nil { return fail("a grab pending after the system's answer") }
            case let .ask(operation, from, to, edgeActive, edge, time):
                let screens = [ObjectIdentifier(Grid.self), ObjectIdentifier(Detail.self), ObjectIdentifier(Other.self)]
                let pending = session.pendingGrab != nil
                let answered = session.answer(ZoomNavigationRule(detail: screens[1]), operation: [.push, .pop, .other][operation],
                                              from: screens[from], to: screens[to], edgeActive: edgeActive,
                                              edgeGrab: edge ? .init(point: Point(x: 4, y: 300), time: time) : nil)
                let zooms = (operation == 0 && to == 1 && from != 1) || (operation == 1 && from == 1 && to != 1)
                if answered != zooms { return fail("answered \(answered) to \(step)") }
                let follows = operation == 1 && zooms && (pending || edgeActive)
                if answered, session.upcomingInteractive != follows { return fail("interactive \(session.upcomingInteractive) to \(step)") }
                if !answered, session.pendingGrab != nil || session.upcomingInteractive { return fail("a system answer kept a grab") }
                record.answered = answered
            case let .grab(x, y, time):
                let popped = session.grab(.init(point: Point(x: x, y: y), time: time))
                if popped == wasRunning { return fail("grab answered \(popped) while running \(wasRunning)") }
            case .dropGrab:
                session.dropGrab()
            case let .begin(source, time):
                guard !wasRunning, record.answered else { continue }  // UIKit starts one transition at a time, the one answered
                let interactive = session.upcomingInteractive  // UIKit asked for the interaction controller
                record = Record(interactive: interactive)
                reaction = session.begin(geometry: geometry, configuration: configuration, interactive: interactive,
                                         source: ZoomTransitionStorm.source(source, setup), time: time, toContainer: toContainer)
                if session.pendingGrab != nil { return fail("a grab pending after a begin") }
            case let .moved(x, y, time): reaction = session.pan(.moved(Point(x: x, y: y)), time: time) { nil }
            case let .ended(x, y, time, source):
                reaction = session.pan(.ended(Point(x: x, y: y)), time: time) { ZoomTransitionStorm.source(source, setup) }
            case let .cancelled(time): reaction = session.pan(.cancelled, time: time) { nil }
            case let .regrab(x, y, time):
                guard session.mayRegrab else { continue }  // the regrab pan's shouldBegin
                reaction = session.regrab(at: Point(x: x, y: y), time: time)
            case let .frame(time):
                guard record.framesRun else { continue }
                reaction = session.advance(to: time)
            case let .lateFrame(time): reaction = session.advance(to: time)
            case let .panned(role, rawState, x, y, time, hasDetail, source):
                let phase = GesturePhase(rawState: rawState), roles: [ZoomControllerSession.PanRole] = [.dismiss, .edge, .regrab]
                if role == 2, phase == .began, !session.mayRegrab { continue }  // the re-grab pan's shouldBegin
                let outcome = session.panned(roles[role], phase: phase, at: Point(x: x, y: y), time: time, hasDetail: hasDetail) {
                    ZoomTransitionStorm.source(source, setup)
                }
                let pops = role == 0 && phase == .began && hasDetail && !wasRunning
                if outcome.closesDetail != pops { return fail("closesDetail \(outcome.closesDetail) for \(step) (running \(wasRunning))") }
                if pops, session.pendingGrab == nil { return fail("a pop asked for without its grab pending") }
                reaction = outcome.reaction
            }
            if let reaction, let problem = take(reaction, wasRunning: wasRunning, beginning: { if case .begin = step { true } else { false } }()) {
                return fail(problem)
            }
        }
        // A run left alone completes: its finger lifts (cancelled), then its frames run.
        guard session.isRunning else { return nil }
        let last = steps.count - 1
        var time = session.model?.time ?? 0
        if !time.isFinite { time = 0 }
        if let problem = take(session.pan(.cancelled, time: time) { nil }, wasRunning: true, beginning: false) {
            return StormViolation(step: last, message: "cancelling the finger: \(problem)")
        }
        for frame in 1...200 where session.isRunning && record.framesRun {  // 10 s at 20 Hz: the settle is a function of time
            if let problem = take(session.advance(to: time + Double(frame) / 20), wasRunning: true, beginning: false) {
                return StormViolation(step: last, message: "settling: \(problem)")
            }
        }
        if session.isRunning { return StormViolation(step: last, message: "a run left alone never completes (frames run: \(record.framesRun), "
            + "\(String(describing: session.model?.phase)))") }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .moved(x, y, t): simpler(x).map { .moved(x: $0, y: y, time: t) } + simpler(y).map { .moved(x: x, y: $0, time: t) }
        case let .ended(x, y, t, s): simpler(x).map { .ended(x: $0, y: y, time: t, source: s) } + (s != 0 ? [.ended(x: x, y: y, time: t, source: 0)] : [])
        case let .grab(x, y, t): simpler(x).map { .grab(x: $0, y: y, time: t) }
        case let .begin(s, t): s != 0 ? [.begin(source: 0, time: t)] : []
        case .lateFrame(let t): [.frame(time: t)]
        default: []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = [ZoomTransitionStorm.code(setup, []), "var session = ZoomControllerSession()  // geometry and sources as ZoomTransitionStorm's"]
        func point(_ x: Double, _ y: Double) -> String { "Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y)))" }
        for step in steps {
            switch step {
            case let .answer(d, i, e, t):
                lines.append("session.answer(.init(direction: \(["nil", ".presenting", ".dismissing"][d]), interactive: \(i && d == 2)), edgeGrab: "
                    + (e ? ".init(point: Point(x: 4, y: 300), time: \(swiftLiteral(t))))" : "nil)"))
            case let .ask(o, f, t2, a, e, t):
                let screens = ["grid", "detail", "other"]
                lines.append("session.answer(ZoomNavigationRule(detail: detail), operation: \([".push", ".pop", ".other"][o]), "
                    + "from: \(screens[f]), to: \(screens[t2]), edgeActive: \(a), edgeGrab: "
                    + (e ? ".init(point: Point(x: 4, y: 300), time: \(swiftLiteral(t))))" : "nil)"))
            case let .grab(x, y, t): lines.append("session.grab(.init(point: \(point(x, y)), time: \(swiftLiteral(t))))")
            case .dropGrab: lines.append("session.dropGrab()")
            case let .begin(s, t):
                lines.append("if !session.isRunning, <answered> { session.begin(geometry: geometry, configuration: configuration, interactive: session.upcomingInteractive, "
                    + "source: source\(s), time: \(swiftLiteral(t))) { Point(x: $0.x, y: $0.y - 10) } }")
            case let .moved(x, y, t): lines.append("session.pan(.moved(\(point(x, y))), time: \(swiftLiteral(t))) { nil }")
            case let .ended(x, y, t, s): lines.append("session.pan(.ended(\(point(x, y))), time: \(swiftLiteral(t))) { source\(s) }")
            case let .cancelled(t): lines.append("session.pan(.cancelled, time: \(swiftLiteral(t))) { nil }")
            case let .regrab(x, y, t): lines.append("if session.mayRegrab { session.regrab(at: \(point(x, y)), time: \(swiftLiteral(t))) }")
            case let .frame(t): lines.append("if <frames run> { session.advance(to: \(swiftLiteral(t))) }")
            case let .lateFrame(t): lines.append("session.advance(to: \(swiftLiteral(t)))")
            case let .panned(r, st, x, y, t, d, s):
                lines.append("session.panned(\([".dismiss", ".edge", ".regrab"][r]), phase: GesturePhase(rawState: \(st)), at: \(point(x, y)), "
                    + "time: \(swiftLiteral(t)), hasDetail: \(d)) { source\(s) }")
            }
        }
        lines.append("// then: session.pan(.cancelled, …) and frames until complete")
        return lines.joined(separator: "\n")
    }
}
