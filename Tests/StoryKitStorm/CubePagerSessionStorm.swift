import StoryKit
import StoryKitUI

/// `CubePagerView`'s session under storms: reloads with hostile counts, resizes (zero, NaN),
/// configuration and Reduce Motion changes, pan callbacks in any order, frames (delivered only
/// while the session says they run), the pager leaving and coming back on screen, programmatic
/// turns and VoiceOver actions (never while a finger holds the cube: VoiceOver takes the touches),
/// with VoiceOver switched on and off.
///
/// Invariants after every step, against a reference kept here: the cube's invariants
/// (``CubeEventChecker``); `didTurnTo` reported exactly when the position differs from the one
/// last reported, with that position; no face drawn without a data source, and only faces of
/// existing pages with one; frames run exactly while the cube settles in a window; a pan may
/// begin only over pages of a usable size; VoiceOver actions only toward existing pages other
/// than the target; the bridge never pans without the model's touch and the model never holds a
/// touch the bridge let go of; the effective transition is the reduced one exactly while motion
/// is reduced; and announcements balanced: a VoiceOver action says the page the cube then heads
/// to; with VoiceOver on every arrival is heard exactly once (said at arrival unless the action
/// since the last arrival said that page), with it off none is said.
public enum CubePagerSessionStorm: StormSubject {
    public struct Setup: Sendable {
        var pageCount: Int
        var width: Double, height: Double
        var transition: CubePager.Transition
        var voiceOver: Bool
    }

    public enum Step: Sendable {
        case reload(Int)
        case resize(width: Double, height: Double)
        case configure(CubePager.Transition, reducesMotion: Bool)
        case touchDown(x: Double, y: Double)
        case began(x: Double, y: Double)
        case changed(x: Double, y: Double)
        case ended(x: Double, y: Double)
        case cancelled
        case reset
        case shouldBegin(dx: Double, dy: Double)
        case frame(time: Double)
        case window(Bool, time: Double)
        case turn(Int, time: Double, animated: Bool)
        case voiceOverAction(step: Int, time: Double)
        case voiceOver(Bool)
    }

    public static let name = "CubePagerSession"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(pageCount: random.int(0...5, hostility: 0.15), width: random.double(100...800, hostility: 0.1),
              height: random.double(100...900, hostility: 0.05), transition: random.pick(CubePager.Transition.allCases),
              voiceOver: random.chance(0.6))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let x = random.double(-200...1_000, hostility: 0.05), y = random.double(0...900, hostility: 0.05)
        switch random.int(in: 0...99) {
        case 0..<4: return .reload(random.int(0...6, hostility: 0.3))
        case 4..<7:
            return random.chance(0.4) ? .resize(width: 0, height: 0)
                : .resize(width: random.double(100...800, hostility: 0.3), height: random.double(100...900, hostility: 0.2))
        case 7..<10: return .configure(random.pick(CubePager.Transition.allCases), reducesMotion: random.chance(0.5))
        case 10..<20: return .touchDown(x: x, y: y)
        case 20..<28: return .began(x: x, y: y)
        case 28..<44: return .changed(x: x, y: y)
        case 44..<52: return .ended(x: x, y: y)
        case 52..<55: return .cancelled
        case 55..<59: return .reset
        case 59..<63: return .shouldBegin(dx: random.double(-60...60, hostility: 0.1), dy: random.double(-60...60, hostility: 0.1))
        case 63..<80: return .frame(time: random.time(after: &clock))
        case 80..<84: return .window(random.chance(0.6), time: random.time(after: &clock))
        case 84..<89: return .turn(random.int(-1...6, hostility: 0.2), time: random.time(after: &clock), animated: random.chance(0.7))
        case 89..<97:
            // The view turns at the frame clock's time: finite and never going back.
            clock += random.double(in: 0...0.05)
            return .voiceOverAction(step: random.chance(0.5) ? 1 : -1, time: clock)
        default: return .voiceOver(random.chance(0.5))
        }
    }

    /// The reference: what VoiceOver has been told, and what the view reported.
    struct Record {
        var reportedPosition = 0.0
        /// The page a VoiceOver action said, until the next arrival.
        var actionSaid: Int?
        var voiceOver: Bool
        var inWindow = true
        /// Whether the frame driver runs (set after every draw, as the view does).
        var framesRun = false
        var configured: CubePager.Transition
        var reducesMotion = false
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let size = Size(width: setup.width, height: setup.height)
        var session = CubePagerSession(pageSize: size, configuration: CubePager.Configuration(transition: setup.transition))
        var checker = CubeEventChecker()
        var record = Record(voiceOver: setup.voiceOver, configured: setup.transition)
        var time = 0.0
        var touchDown: Point?
        var latest: Point?
        if session.reload(pageCount: setup.pageCount).turnedTo != nil { return StormViolation(step: -1, message: "didTurnTo at the first load") }
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            var reports: [CubePagerSession.Report] = []
            var countChanged = false
            var problem: String?
            /// Pages whose arrival was announced during this step.
            var arrivalsSaid: [Int] = []
            /// Draws a report as the view does: runs or stops its frames, reports the position,
            /// then the events (announcing arrivals); checks them.
            func draw(_ report: CubePagerSession.Report) {
                reports.append(report)
                guard problem == nil else { return }
                record.framesRun = session.runsFrames(inWindow: record.inWindow)
                if let turned = report.turnedTo {
                    if turned == record.reportedPosition { problem = "didTurnTo(\(turned)) reported again"; return }
                    record.reportedPosition = turned
                }
                for event in report.events {
                    switch event {
                    case let .didChangePage(page):
                        let said = session.announcesArrival(at: page, voiceOverRunning: record.voiceOver)
                        let expected = record.voiceOver && record.actionSaid != page
                        if said != expected {
                            problem = "arrival at \(page) announced \(said), expected \(expected) (action said \(String(describing: record.actionSaid)))"
                            return
                        }
                        if said { arrivalsSaid.append(page) }
                        record.actionSaid = nil
                    default: break
                    }
                }
                problem = checker.check(session.model, events: report.events, pageCountChanged: countChanged)
            }
            /// Applies the bridge's inputs as the view does: one `perform` each, at `time`.
            func apply(_ inputs: [CubePanBridge.Input]) {
                for input in inputs { draw(session.perform { input.apply(to: &$0, time: time) }) }
            }
            time += 0.004
            switch step {
            case let .reload(count):
                countChanged = true
                draw(session.reload(pageCount: count))
                touchDown = nil
                latest = nil
            case let .resize(width, height):
                let before = session.model.pageSize
                let changed = session.resize(to: Size(width: width, height: height))
                if changed != (before != Size(width: width, height: height)) { return fail("resize said \(changed) from \(before)") }
            case let .configure(transition, reduces):
                record.configured = transition
                record.reducesMotion = reduces
                _ = session.configure(CubePager.Configuration(transition: transition), reducedMotionTransition: .crossFade, reducesMotion: reduces)
            case let .touchDown(x, y):
                touchDown = Point(x: x, y: y)
                latest = touchDown
                apply(session.bridge.touchDown(at: touchDown))
            case let .began(x, y):
                latest = Point(x: x, y: y)
                apply(session.bridge.panBegan(at: Point(x: x, y: y), touchDown: touchDown))
            case let .changed(x, y):
                latest = Point(x: x, y: y)
                apply(session.bridge.panChanged(to: Point(x: x, y: y)))
            case let .ended(x, y): apply(session.bridge.panEnded(at: Point(x: x, y: y)))
            case .cancelled: apply(session.bridge.panCancelled())
            case .reset: apply(session.bridge.panDidReset(latest: latest, touchDown: touchDown))
            case let .shouldBegin(dx, dy):
                if !session.panMayBegin(dx: dx, dy: dy) { apply(session.bridge.panRefused(touchDown: touchDown, latest: latest)) }
            case let .frame(t):
                if record.framesRun { draw(session.perform { $0.advance(to: t) }) }
            case let .window(inWindow, t):
                record.inWindow = inWindow
                if inWindow, session.isSettling { draw(session.perform { $0.advance(to: t) }) }
            case let .turn(target, t, animated):
                draw(session.perform { $0.turn(to: target, time: t, animated: animated) })
            case let .voiceOverAction(stepBy, t):
                // VoiceOver takes the touches: its actions do not come while a finger holds the cube.
                guard !session.model.isTouchDown else { continue }
                let offered = session.accessibilityTurnActions(next: "Next", previous: "Previous").map(\.step)
                if let destination = session.accessibilityDestination(step: stepBy) {
                    if !offered.contains(stepBy) { return fail("a turn of \(stepBy) is possible but not offered") }
                    // The action's own announcement is marked before the turn, which may arrive at once
                    // (no usable size): the arrival is then not said again.
                    session.accessibilityDidAnnounce(destination)
                    record.actionSaid = destination
                    draw(session.perform { $0.turn(to: destination, time: t, animated: true) })
                    if arrivalsSaid.contains(destination) { return fail("arrival at \(destination) announced twice, by the turn and by the action") }
                    if session.model.targetIndex != destination {
                        return fail("VoiceOver was told page \(destination) but the cube heads to \(session.model.targetIndex)")
                    }
                } else if offered.contains(stepBy) {
                    return fail("a turn of \(stepBy) is offered toward no page")
                }
            case let .voiceOver(on): record.voiceOver = on
            }
            if let problem { return fail(problem) }
            if reports.isEmpty, let problem = checker.check(session.model, events: []) { return fail(problem) }
            if let problem = check(session, record) { return fail(problem) }
        }
        return nil
    }

    /// The session's invariants against the record, after a step.
    static func check(_ session: CubePagerSession, _ record: Record) -> String? {
        let model = session.model
        if model.position != record.reportedPosition {
            return "at \(model.position) but \(record.reportedPosition) was the last position reported"
        }
        if !session.drawnFaces(hasDataSource: false).isEmpty { return "faces drawn without a data source" }
        for face in session.drawnFaces(hasDataSource: true) where !(0..<model.pageCount).contains(face.index) {
            return "face \(face.index) drawn for \(model.pageCount) pages"
        }
        if session.runsFrames(inWindow: false) { return "frames run off screen" }
        if session.runsFrames(inWindow: true) != (model.phase == .settling) || session.isSettling != (model.phase == .settling) {
            return "frames run \(session.runsFrames(inWindow: true)) while \(model.phase)"
        }
        if session.panMayBegin(dx: -30, dy: 0), model.pageCount == 0 || !model.hasUsableSize { return "a pan may begin over no usable page" }
        for action in session.accessibilityTurnActions(next: "Next", previous: "Previous") {
            guard let destination = session.accessibilityDestination(step: action.step), (0..<model.pageCount).contains(destination),
                  destination != model.targetIndex else { return "VoiceOver action \(action.name) toward no other page" }
        }
        if session.bridge.isPanning && !session.bridge.modelHasTouch { return "panning without the model's touch" }
        if !session.bridge.modelHasTouch && model.isTouchDown { return "the model holds a touch the bridge let go of" }
        if session.needsReload { return "a reload is still needed after one" }
        let expected: CubePager.Transition = record.reducesMotion ? .crossFade : record.configured
        if model.configuration.transition != expected { return "transition \(model.configuration.transition), expected \(expected)" }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .touchDown(x, y): return TouchCode.simplerPoints(x: x, y: y).map { .touchDown(x: $0.x, y: $0.y) }
        case let .began(x, y): return TouchCode.simplerPoints(x: x, y: y).map { .began(x: $0.x, y: $0.y) }
        case let .changed(x, y): return TouchCode.simplerPoints(x: x, y: y).map { .changed(x: $0.x, y: $0.y) }
        case let .ended(x, y): return TouchCode.simplerPoints(x: x, y: y).map { .ended(x: $0.x, y: $0.y) }
        case let .reload(n): return n > 3 || n < 0 ? [.reload(3)] : []
        case let .resize(w, h): return simpler(w).map { .resize(width: $0, height: h) }
        case let .turn(i, t, animated): return (i != 0 ? [.turn(0, time: t, animated: animated)] : []) + (animated ? [.turn(i, time: t, animated: false)] : [])
        default: return []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = [
            "var session = CubePagerSession(pageSize: Size(width: \(swiftLiteral(setup.width)), height: \(swiftLiteral(setup.height))), "
                + "configuration: CubePager.Configuration(transition: .\(setup.transition.rawValue)))",
            "session.reload(pageCount: \(swiftLiteral(setup.pageCount)))  // VoiceOver \(setup.voiceOver ? "on" : "off"); bridge inputs applied with `perform` at +4 ms per step",
        ]
        func point(_ x: Double, _ y: Double) -> String { "Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y)))" }
        for step in steps {
            switch step {
            case let .reload(n): lines.append("session.reload(pageCount: \(swiftLiteral(n)))")
            case let .resize(w, h): lines.append("session.resize(to: Size(width: \(swiftLiteral(w)), height: \(swiftLiteral(h))))")
            case let .configure(t, r):
                lines.append("session.configure(CubePager.Configuration(transition: .\(t.rawValue)), reducedMotionTransition: .crossFade, reducesMotion: \(r))")
            case let .touchDown(x, y): lines.append("session.bridge.touchDown(at: \(point(x, y)))")
            case let .began(x, y): lines.append("session.bridge.panBegan(at: \(point(x, y)), touchDown: <last touch-down>)")
            case let .changed(x, y): lines.append("session.bridge.panChanged(to: \(point(x, y)))")
            case let .ended(x, y): lines.append("session.bridge.panEnded(at: \(point(x, y)))")
            case .cancelled: lines.append("session.bridge.panCancelled()")
            case .reset: lines.append("session.bridge.panDidReset(latest: <last point>, touchDown: <last touch-down>)")
            case let .shouldBegin(dx, dy):
                lines.append("if !session.panMayBegin(dx: \(swiftLiteral(dx)), dy: \(swiftLiteral(dy))) { session.bridge.panRefused(touchDown: <last touch-down>, latest: <last point>) }")
            case let .frame(t): lines.append("if <frames run> { session.perform { $0.advance(to: \(swiftLiteral(t))) } }")
            case let .window(w, t): lines.append("// in window: \(w)" + (w ? "; if session.isSettling { session.perform { $0.advance(to: \(swiftLiteral(t))) } }" : ""))
            case let .turn(i, t, a): lines.append("session.perform { $0.turn(to: \(swiftLiteral(i)), time: \(swiftLiteral(t)), animated: \(a)) }")
            case let .voiceOverAction(s, t):
                lines.append("if !session.model.isTouchDown, let page = session.accessibilityDestination(step: \(s)) { session.accessibilityDidAnnounce(page); "
                    + "session.perform { $0.turn(to: page, time: \(swiftLiteral(t)), animated: true) } }")
            case let .voiceOver(on): lines.append("// VoiceOver \(on ? "on" : "off")")
            }
        }
        return lines.joined(separator: "\n")
    }
}
