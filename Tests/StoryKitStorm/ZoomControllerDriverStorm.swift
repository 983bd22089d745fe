import MotionCore
import StoryKit
import StoryKitUI

/// The UIKit zoom's driver under storms, on a frame driver stepped by hand and a host that
/// records what UIKit would be told: UIKit's questions (pushes, pops, other screens, with and
/// without an edge swipe), transitions begun as UIKit begins them (only after the zoom answered,
/// one at a time, sometimes without a detail), the three pans' callbacks in every state at any
/// moment (the re-grab pan's begin only while the session allows it, as its recogniser does),
/// display frames and clocks moving at hostile times, with hostile points and sources.
///
/// Invariants after every step, against a record kept here: UIKit hears `completeTransition`
/// exactly once per begin, and a run left alone (its finger cancelled, its frames running)
/// completes; finish or cancel only in an interactive run, once, before the completion and
/// agreeing with it; nothing reaches the host outside a run; the display link never runs
/// between runs nor under a finger, and always runs while the model moves by itself; fractions
/// within 0…1 and only for an interactive run; drawn frames finite.
public enum ZoomControllerDriverStorm: StormSubject {
    public typealias Setup = ZoomTransitionStorm.Setup

    public enum Step: Sendable {
        /// UIKit's question: operation 0 push, 1 pop, 2 other; screens 0 grid, 1 the detail, 2
        /// another screen; the navigation stack's edge swipe active or not, present or not.
        case ask(operation: Int, from: Int, to: Int, edgeActive: Bool, edge: Bool)
        /// UIKit begins the transition answered (interactive when the zoom said so), with the
        /// cell `source` (see ``ZoomTransitionStorm``) or with no detail.
        case begin(source: Int, hasDetail: Bool)
        /// A pan's callback: role 0 dismiss, 1 edge, 2 re-grab; UIKit's raw state 0…6.
        case panned(role: Int, rawState: Int, x: Double, y: Double, hasDetail: Bool, source: Int)
        /// The clock moves to `time`, with a display frame if the link runs.
        case frame(time: Double)
    }

    public static let name = "ZoomControllerDriver"

    public static func makeSetup(_ random: inout StormRandom) -> Setup { ZoomTransitionStorm.makeSetup(&random) }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...99) {
        case 0..<10:
            return .ask(operation: random.int(in: 0...2), from: random.int(in: 0...2), to: random.int(in: 0...2),
                        edgeActive: random.chance(0.3), edge: random.chance(0.4))
        case 10..<20: return .begin(source: random.int(in: 0...3), hasDetail: random.chance(0.9))
        case 20..<55:
            return .panned(role: random.pick([0, 0, 1, 2]), rawState: random.pick([1, 2, 2, 2, 3, 4, 5, 0, 6]),
                           x: random.double(-50...500, hostility: 0.05), y: random.double(-50...900, hostility: 0.05),
                           hasDetail: random.chance(0.8), source: random.int(in: 0...3))
        default: return .frame(time: random.time(after: &clock))
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        ZoomDetailDriverStorm.onMain { runOnMain(setup, steps) }
    }

    /// The driver is main-actor (see ``ZoomDetailDriverStorm/runsOnMainThread``).
    public static var runsOnMainThread: Bool { true }

    /// The screens UIKit asks about: the grid, the detail the zoom is installed for, another.
    private enum Grid {}
    private enum Detail {}
    private enum Other {}

    @MainActor
    static func runOnMain(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let frames = StormFrameDriver(time: 10)
        let host = StormZoomHost()
        let zoom = ZoomControllerDriver(frames: frames)
        zoom.host = host
        let screens = [ObjectIdentifier(Grid.self), ObjectIdentifier(Detail.self), ObjectIdentifier(Other.self)]
        var answered = false
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            let wasRunning = zoom.session.isRunning
            host.problem = nil
            switch step {
            case let .ask(operation, from, to, edgeActive, edge):
                answered = zoom.answer(ZoomNavigationRule(detail: screens[1]), operation: [.push, .pop, .other][operation],
                                       from: screens[from], to: screens[to], edgeActive: edgeActive,
                                       edgePoint: edge ? Point(x: 4, y: 300) : nil)
            case let .begin(source, hasDetail):
                guard !wasRunning, answered else { continue }  // UIKit starts the transition answered, one at a time
                answered = false
                guard hasDetail else {
                    zoom.beganWithoutDetail()
                    if zoom.session.pendingGrab != nil { return fail("a grab pending after a begin without a detail") }
                    continue
                }
                host.open(interactive: zoom.session.upcomingInteractive)
                zoom.begin(geometry: ZoomTransitionStorm.geometry(setup), configuration: ZoomControllerSessionStorm.configuration(setup),
                           interactive: zoom.session.upcomingInteractive, source: ZoomTransitionStorm.source(source, setup)) {
                    Point(x: $0.x, y: $0.y - 10)
                }
                if zoom.session.pendingGrab != nil { return fail("a grab pending after a begin") }
            case let .panned(role, rawState, x, y, hasDetail, source):
                let phase = GesturePhase(rawState: rawState), roles: [ZoomControllerSession.PanRole] = [.dismiss, .edge, .regrab]
                if role == 2, phase == .began, !zoom.session.mayRegrab { continue }  // the re-grab pan's shouldBegin
                if role == 0, phase == .began, wasRunning { continue }               // the dismiss pan's shouldBegin
                zoom.panned(roles[role], phase: phase, at: Point(x: x, y: y), hasDetail: hasDetail) { ZoomTransitionStorm.source(source, setup) }
            case let .frame(time):
                frames.step(to: time)
            }
            if let problem = host.problem ?? check(zoom, frames, host) { return fail(problem) }
        }
        // A run left alone completes: its finger lifts (cancelled), then its frames run.
        guard zoom.session.isRunning else { return nil }
        let last = steps.count - 1
        zoom.panned(.dismiss, phase: .cancelled, at: .zero, hasDetail: true) { nil }
        var time = zoom.session.model?.time ?? 0
        if !time.isFinite { time = 0 }
        for frame in 1...200 where zoom.session.isRunning { frames.step(to: time + Double(frame) / 20) }  // 10 s at 20 Hz
        if let problem = host.problem ?? check(zoom, frames, host) { return StormViolation(step: last, message: "left alone: \(problem)") }
        if zoom.session.isRunning || host.isOpen { return StormViolation(step: last, message: "a run left alone never completes") }
        return nil
    }

    /// The display link against the run: never between runs or under a finger, always while
    /// the model moves by itself; the host's record agrees with the session.
    @MainActor
    static func check(_ zoom: ZoomControllerDriver, _ frames: StormFrameDriver, _ host: StormZoomHost) -> String? {
        guard let model = zoom.session.model else {
            if frames.isRunning { return "the display link runs between runs" }
            return host.isOpen ? "the run ended without a completion" : nil
        }
        if !host.isOpen { return "a run UIKit did not begin" }
        switch model.phase {
        case .dragging: return frames.isRunning ? "the display link runs under the finger" : nil
        case .settling, .fading, .crossFading: return frames.isRunning ? nil : "the model moves but the display link is stopped"
        case .rest: return "a run at rest that did not complete"
        }
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .panned(r, s, x, y, d, src):
            simpler(x).map { .panned(role: r, rawState: s, x: $0, y: y, hasDetail: d, source: src) }
                + (src != 0 ? [.panned(role: r, rawState: s, x: x, y: y, hasDetail: d, source: 0)] : [])
        case let .begin(s, d): s != 0 ? [.begin(source: 0, hasDetail: d)] : []
        default: []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = [ZoomTransitionStorm.code(setup, []),
                     "let frames = ManualFrameDriver(time: 10); let zoom = ZoomControllerDriver(frames: frames); zoom.host = host"]
        for step in steps {
            switch step {
            case let .ask(o, f, t, a, e):
                let screens = ["grid", "detail", "other"]
                lines.append("zoom.answer(ZoomNavigationRule(detail: detail), operation: \([".push", ".pop", ".other"][o]), "
                    + "from: \(screens[f]), to: \(screens[t]), edgeActive: \(a), edgePoint: \(e ? "Point(x: 4, y: 300)" : "nil"))")
            case let .begin(s, d):
                lines.append(d ? "if !zoom.session.isRunning, <answered> { zoom.begin(geometry: geometry, configuration: configuration, "
                    + "interactive: zoom.session.upcomingInteractive, source: source\(s)) { Point(x: $0.x, y: $0.y - 10) } }"
                    : "if !zoom.session.isRunning, <answered> { zoom.beganWithoutDetail() }")
            case let .panned(r, st, x, y, d, s):
                lines.append("zoom.panned(\([".dismiss", ".edge", ".regrab"][r]), phase: GesturePhase(rawState: \(st)), "
                    + "at: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))), hasDetail: \(d)) { source\(s) }")
            case let .frame(t): lines.append("frames.step(to: \(swiftLiteral(t)))")
            }
        }
        lines.append("// then: zoom.panned(.dismiss, phase: .cancelled, …) and frames until complete")
        return lines.joined(separator: "\n")
    }
}

/// The storm's UIKit side of a zoom run: checks each call against the run it belongs to.
@MainActor
final class StormZoomHost: ZoomTransitionHost {
    /// The open run's interactivity, nil between runs.
    private var interactive: Bool?
    /// The finish (true) or cancel said in the open run.
    private var finished: Bool?
    /// The first broken rule since it was last cleared.
    var problem: String?

    /// Whether a run is open (begun, not completed).
    var isOpen: Bool { interactive != nil }

    /// UIKit begins a run.
    func open(interactive: Bool) {
        if isOpen { note("a run begun while one is open") }
        self.interactive = interactive
        finished = nil
    }

    private func note(_ message: String) {
        if problem == nil { problem = message }
    }

    func addRegrabPan() {
        if interactive != true { note("a re-grab pan for a run not interactive") }
    }

    func draw(_ layout: ZoomTransitionLayout) {
        if !isOpen { note("drawn outside a run") }
        let clip = layout.clipFrame
        if ![clip.origin.x, clip.origin.y, clip.size.width, clip.size.height, layout.dimmingAlpha].allSatisfy(\.isFinite) {
            note("drew \(clip), dimming \(layout.dimmingAlpha)")
        }
    }

    func updateInteractiveTransition(_ percentComplete: Double) {
        if interactive != true { note("a fraction \(percentComplete) for a run not interactive") }
        if !(0...1).contains(percentComplete) { note("fraction \(percentComplete)") }
    }

    func finishInteractiveTransition() { said(true) }

    func cancelInteractiveTransition() { said(false) }

    private func said(_ finish: Bool) {
        if interactive != true { note("finish \(finish) in a run not interactive") }
        if finished != nil { note("finish or cancel said twice") }
        finished = finish
    }

    func completeTransition(_ success: Bool) {
        guard let interactive else { return note("completed with no run open") }
        if interactive, finished != success { note("complete(\(success)) after \(String(describing: finished))") }
        self.interactive = nil
        finished = nil
    }
}
