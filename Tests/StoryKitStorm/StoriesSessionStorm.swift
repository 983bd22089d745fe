import StoryKit
import StoryKitUI

/// The Stories controller's bookkeeping (``StoriesSession``) under storms, driven as the
/// controller drives it: touch phases of up to four fingers (several at once, unknown ones,
/// hostile places and times), recogniser resets, the host's pause and resume, audio
/// interruptions with and without `.shouldResume`, VoiceOver actions (offered or not), focus and
/// status, the app's activity, appearance and disappearance (covered, removed, orphaned) and
/// frames; every change it answers is applied to a ``StoriesViewer`` and a `.closed` event is
/// handled as the controller's `finishClose` does.
///
/// Invariants after every step, against a record kept here: the model sees one finger's
/// touches in order (a touch-down only with none down, moves and lifts only of the finger down),
/// and nothing once closed; the close is handled once, dismissing only when the controller
/// dismisses on close, is presented and is not being dismissed, animated unless swiped down,
/// with the finger let go; the host hears of the first item once, on the first appearance; an
/// unreported close is said exactly while the model is closed and the close unhandled; an
/// interruption never resumes what the host or VoiceOver paused, and resumes only what it
/// paused; while open, the model holds for the background exactly when the app is inactive or
/// the controller off screen (after any step that brings that up to date), and for VoiceOver
/// exactly while its focus is on the page; an action is answered exactly when it is offered.
public enum StoriesSessionStorm: StormSubject {
    public struct Setup: Sendable {
        var viewer: StoriesViewerStorm.Setup
        var dismissesOnClose: Bool, isPresented: Bool, isBeingDismissed: Bool
    }

    public struct Touch: Sendable { var id: Int, x: Double, y: Double }

    /// ``StoriesTouchPhase``, as the storm's public steps spell it.
    public enum Phase: Sendable {
        case began, moved, ended, cancelled
        var value: StoriesTouchPhase {
            switch self {
            case .began: .began
            case .moved: .moved
            case .ended: .ended
            case .cancelled: .cancelled
            }
        }
    }

    public enum Step: Sendable {
        case touch(Phase, [Touch], timestamp: Double, now: Double)
        case touchesReset(now: Double)
        case setPaused(Bool, now: Double)
        case interruption(began: Bool, shouldResume: Bool, now: Double)
        /// The `action`th of ``StoriesAccessibilityAction/allCases``.
        case perform(action: Int, now: Double)
        case voiceOverFocus(Bool, now: Double)
        case voiceOverStatus(running: Bool, now: Double)
        case appear
        case disappear(removed: Bool, inPresentation: Bool, now: Double)
        case appActive(Bool, now: Double)
        case frame(time: Double, avatar: Bool)
        /// The controller hears of the model's close again (a `.closed` event dispatched twice:
        /// the model's and the unreported one).
        case closedAgain
    }

    public static let name = "StoriesSession"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(viewer: StoriesViewerStorm.makeSetup(&random), dismissesOnClose: random.chance(0.7),
              isPresented: random.chance(0.7), isBeingDismissed: random.chance(0.2))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        // The frame clock's time: finite (the model takes no input at other times), but it may
        // repeat, go back or jump; touch timestamps may be anything.
        var now = random.time(after: &clock)
        if !now.isFinite { now = clock }
        switch random.int(in: 0...99) {
        case 0..<40:
            let touches = (0..<random.pick([1, 1, 1, 2, 3, 0])).map { _ in
                Touch(id: random.int(in: 0...3), x: random.double(-50...450, hostility: 0.05), y: random.double(-50...900, hostility: 0.05))
            }
            let phase: Phase = random.pick([.began, .moved, .moved, .moved, .ended, .cancelled])
            let timestamp = random.chance(0.8) ? now : random.time(after: &clock)
            return .touch(phase, touches, timestamp: timestamp, now: now)
        case 40..<43: return .touchesReset(now: now)
        case 43..<47: return .setPaused(random.chance(0.5), now: now)
        case 47..<55: return .interruption(began: random.chance(0.5), shouldResume: random.chance(0.5), now: now)
        case 55..<63: return .perform(action: random.int(in: 0...(StoriesAccessibilityAction.allCases.count - 1)), now: now)
        case 63..<67: return .voiceOverFocus(random.chance(0.5), now: now)
        case 67..<70: return .voiceOverStatus(running: random.chance(0.5), now: now)
        case 70..<74: return .appear
        case 74..<77: return .disappear(removed: random.chance(0.3), inPresentation: random.chance(0.8), now: now)
        case 77..<82: return .appActive(random.chance(0.5), now: now)
        case 82..<84: return .closedAgain
        default: return .frame(time: now, avatar: random.chance(0.5))
        }
    }

    /// The storm's record of what the session should have done.
    struct Record {
        var followed: Int?
        var closes = 0
        var shown = 0
        var appeared = false
        var active = true, onScreen = false, focused = false
        /// Whether the host or VoiceOver paused last (not resumed since), and whether an
        /// interruption's pause is still in force.
        var hostPaused = false, interruptionPaused = false
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var viewer = StoriesViewerStorm.make(setup.viewer)
        var session = StoriesSession<Int>()
        var record = Record()
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            var problem: String?
            let wasClosed = viewer.isClosed
            /// Applies `changes` as the controller's `run` does; the first broken rule, if any.
            func apply(_ changes: [StoriesSession<Int>.Change]?) {
                for change in changes ?? [] {
                    if case .touch = change, viewer.isClosed {
                        // An earlier change of the same input closed the model: the touch is dropped.
                        let before = viewer
                        _ = change.apply(to: &viewer)
                        if viewer != before, problem == nil { problem = "a touch changed the closed model" }
                        continue
                    }
                    if case let .touch(input, _) = change {
                        switch input {
                        case .began:
                            if record.followed != nil, problem == nil { problem = "a second touch-down reached the model" }
                        case .moved, .ended, .cancelled:
                            if record.followed == nil, problem == nil { problem = "\(input) reached the model with no finger down" }
                        }
                        if viewer.isClosed, problem == nil { problem = "a touch reached the closed model" }
                    }
                    for event in change.apply(to: &viewer) {
                        if case let .closed(reason) = event { finishClose(reason) }
                    }
                }
            }
            func finishClose(_ reason: StoriesViewer.CloseReason) {
                let closeStep = session.closed(reason, dismissesOnClose: setup.dismissesOnClose, isPresented: setup.isPresented,
                                               isBeingDismissed: setup.isBeingDismissed)
                guard closeStep != .none else { return }
                record.closes += 1
                record.followed = nil
                let dismisses = setup.dismissesOnClose && setup.isPresented && !setup.isBeingDismissed
                let expected: StoriesSession<Int>.CloseStep = dismisses ? .stopAndDismiss(animated: reason != .dismissed) : .stop
                if closeStep != expected, problem == nil { problem = "the close gave \(closeStep), expected \(expected)" }
                if record.closes > 1, problem == nil { problem = "the close was handled twice" }
                if session.touches.tracked != nil, problem == nil { problem = "the finger is still followed after the close" }
            }
            func interruptionChange(_ changes: [StoriesSession<Int>.Change]) {
                for case let .action(action, _) in changes {
                    if action == .resume, !viewer.isClosed {
                        if record.hostPaused, problem == nil { problem = "an interruption resumed what the host or VoiceOver paused" }
                        if !record.interruptionPaused, problem == nil { problem = "an interruption resumed what it did not pause" }
                        record.interruptionPaused = false
                    }
                    if action == .pause { record.interruptionPaused = true }
                }
            }
            /// Whether the step brought the model's background hold up to date (at a finite time:
            /// the model takes no input at other times).
            var refreshesActivity = false
            switch step {
            case let .touch(phase, touches, timestamp, now):
                let changes = session.touch(phase.value, touches.map { (id: $0.id, location: Point(x: $0.x, y: $0.y)) },
                                            timestamp: timestamp, now: now, in: viewer)
                if wasClosed, !changes.isEmpty { return fail("touches answered after the close: \(changes)") }
                interruptionChange(changes.filter { if case .action = $0 { true } else { false } })
                apply(changes)
                if !wasClosed, !viewer.isClosed {
                    switch phase {
                    case .began: if record.followed == nil { record.followed = touches.first?.id }
                    case .ended: if let id = record.followed, touches.contains(where: { $0.id == id }) { record.followed = nil }
                    case .cancelled: if let id = record.followed, touches.contains(where: { $0.id == id }) { record.followed = nil }
                    case .moved: break
                    }
                }
            case let .touchesReset(now):
                let changes = session.touchesReset(now: now)
                if changes.count != (record.followed == nil ? 0 : 1) { return fail("a reset with finger \(String(describing: record.followed)) gave \(changes)") }
                apply(changes)
                record.followed = nil
            case let .setPaused(paused, now):
                record.interruptionPaused = false
                apply(session.setPaused(paused, now: now))
                record.hostPaused = paused && viewer.pauseReasons.contains(.user)
            case let .interruption(began, shouldResume, now):
                let changes = session.audioInterruption(.init(began: began, shouldResume: shouldResume), in: viewer, now: now)
                interruptionChange(changes)
                apply(changes)
            case let .perform(number, now):
                let action = StoriesAccessibilityAction.allCases[number]
                let offered = StoriesAccessibilityAction.available(in: viewer).contains(action)
                let changes = session.perform(action, in: viewer, now: now)
                if (changes != nil) != offered { return fail("\(action) answered \(String(describing: changes)), offered: \(offered)") }
                if offered, action == .pause || action == .resume { record.interruptionPaused = false }
                apply(changes)
                if offered, action == .pause || action == .resume { record.hostPaused = action == .pause && viewer.pauseReasons.contains(.user) }
            case let .voiceOverFocus(focused, now):
                record.focused = focused
                apply(session.voiceOverFocus(focused, now: now))
            case let .voiceOverStatus(running, now):
                if !running { record.focused = false }
                apply(session.voiceOverStatusChanged(running: running, now: now))
            case .appear:
                record.onScreen = true
                let shown = session.appear(in: viewer)
                if shown != nil {
                    record.shown += 1
                    if record.appeared { return fail("the first item was reported on a later appearance") }
                }
                if record.shown > 1 { return fail("the first item was reported twice") }
                record.appeared = true
                let changes = session.activityChange(in: viewer, now: viewer.time)
                if changes?.isEmpty == true { return fail("an empty activity change") }
                apply(changes)
                let unreported = session.unreportedClose(in: viewer)
                if (unreported != nil) != (viewer.isClosed && record.closes == 0) {
                    return fail("unreported close \(String(describing: unreported)) with the model closed \(viewer.isClosed), handled \(record.closes)")
                }
                if case let .closed(reason) = unreported { finishClose(reason) }
                refreshesActivity = viewer.time.isFinite
            case let .disappear(removed, inPresentation, now):
                record.onScreen = false
                let changes = session.disappear(removed: removed, inPresentation: inPresentation, in: viewer, now: now)
                if wasClosed, removed || !inPresentation, changes?.isEmpty == false { return fail("a closed model was changed on disappearing: \(String(describing: changes))") }
                apply(changes)
                if !wasClosed, removed || !inPresentation, !viewer.isClosed, now.isFinite {
                    return fail("the controller left and the model is still open")
                }
                refreshesActivity = now.isFinite
            case let .appActive(active, now):
                record.active = active
                let changes = session.appActivityChanged(active, in: viewer, now: now)
                if changes?.isEmpty == true { return fail("an empty activity change") }
                apply(changes)
                refreshesActivity = now.isFinite
            case .closedAgain:
                if let reason = viewer.closeReason { finishClose(reason) }
            case let .frame(time, avatar):
                apply([.frame(time: time, avatar: avatar ? Rect(x: 20, y: 40, width: 56, height: 56) : nil)])
            }
            if let problem { return fail(problem) }
            if viewer.isClosed, record.closes == 0, !wasClosed {
                return fail("the model closed and the close was not handled")
            }
            if session.isOnScreen != record.onScreen || session.appIsActive != record.active { return fail("the session's activity is not the record's") }
            if session.isVoiceOverFocused != record.focused { return fail("focus \(session.isVoiceOverFocused), expected \(record.focused)") }
            if session.touches.tracked != record.followed { return fail("following \(String(describing: session.touches.tracked)), expected \(String(describing: record.followed))") }
            if session.closeHandled != (record.closes == 1) { return fail("close handled \(session.closeHandled), handled \(record.closes) times") }
            if !viewer.isClosed {
                if refreshesActivity, viewer.pauseReasons.contains(.background) == (record.active && record.onScreen) {
                    return fail("background hold \(viewer.pauseReasons.contains(.background)) with the app active \(record.active), on screen \(record.onScreen)")
                }
                if viewer.pauseReasons.contains(.voiceOver) != record.focused {
                    return fail("VoiceOver hold \(viewer.pauseReasons.contains(.voiceOver)) with the focus \(record.focused)")
                }
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .touch(phase, touches, timestamp, now):
            var out: [Step] = []
            if touches.count > 1 { out.append(.touch(phase, [touches[0]], timestamp: timestamp, now: now)) }
            if timestamp != now { out.append(.touch(phase, touches, timestamp: now, now: now)) }
            for (i, t) in touches.enumerated() {
                for p in TouchCode.simplerPoints(x: t.x, y: t.y) {
                    var simpler = touches
                    simpler[i] = Touch(id: t.id, x: p.x, y: p.y)
                    out.append(.touch(phase, simpler, timestamp: timestamp, now: now))
                }
            }
            return out
        default: return []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        func l(_ v: Double) -> String { swiftLiteral(v) }
        var lines = StoriesViewerStorm.code(setup.viewer, []).split(separator: "\n").map(String.init)
        lines.append("var session = StoriesSession<Int>()   // changes applied to viewer; a .closed event calls "
            + "session.closed(reason, dismissesOnClose: \(setup.dismissesOnClose), isPresented: \(setup.isPresented), "
            + "isBeingDismissed: \(setup.isBeingDismissed))")
        for step in steps {
            switch step {
            case let .touch(phase, touches, timestamp, now):
                let list = touches.map { "(\($0.id), Point(x: \(l($0.x)), y: \(l($0.y))))" }.joined(separator: ", ")
                lines.append("session.touch(.\(phase), [\(list)], timestamp: \(l(timestamp)), now: \(l(now)), in: viewer)")
            case let .touchesReset(now): lines.append("session.touchesReset(now: \(l(now)))")
            case let .setPaused(paused, now): lines.append("session.setPaused(\(paused), now: \(l(now)))")
            case let .interruption(began, resume, now):
                lines.append("session.audioInterruption(.init(began: \(began), shouldResume: \(resume)), in: viewer, now: \(l(now)))")
            case let .perform(number, now):
                lines.append("session.perform(.\(StoriesAccessibilityAction.allCases[number]), in: viewer, now: \(l(now)))")
            case let .voiceOverFocus(focused, now): lines.append("session.voiceOverFocus(\(focused), now: \(l(now)))")
            case let .voiceOverStatus(running, now): lines.append("session.voiceOverStatusChanged(running: \(running), now: \(l(now)))")
            case .appear: lines.append("session.appear(in: viewer); session.activityChange(in: viewer, now: viewer.time); session.unreportedClose(in: viewer)")
            case let .disappear(removed, inPresentation, now):
                lines.append("session.disappear(removed: \(removed), inPresentation: \(inPresentation), in: viewer, now: \(l(now)))")
            case let .appActive(active, now): lines.append("session.appActivityChanged(\(active), in: viewer, now: \(l(now)))")
            case .closedAgain: lines.append("if let reason = viewer.closeReason { session.closed(reason, …) }   // heard again")
            case let .frame(time, avatar):
                lines.append("StoriesSession<Int>.Change.frame(time: \(l(time)), avatar: \(avatar ? "Rect(x: 20, y: 40, width: 56, height: 56)" : "nil")).apply(to: &viewer)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
