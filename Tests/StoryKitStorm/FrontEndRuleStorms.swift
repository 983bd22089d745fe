import StoryKitUI

/// The resource loader's request table under storms: requests begun, answered, finished,
/// cancelled, finished all at once and forgotten, in any order, for a few keys reused.
///
/// Invariants after every step, against a reference record kept here: a request's handle comes
/// back at most once per beginning (from `finish`, `cancel` or `finishAll`); a cancelled request
/// is never answerable again until it begins anew; only a pending request is answerable; the
/// pending count is the record's.
public enum ResourceRequestTableStorm: StormSubject {
    public struct Setup: Sendable {}

    public enum Step: Sendable {
        case begin(Int), finish(Int), cancel(Int), finishAll, forget(Int), answer(Int)
    }

    public static let name = "StoryResourceRequestTable"

    public static func makeSetup(_ random: inout StormRandom) -> Setup { Setup() }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let key = random.int(in: 0...4)
        switch random.int(in: 0...9) {
        case 0, 1: return .begin(key)
        case 2, 3: return .finish(key)
        case 4, 5: return .cancel(key)
        case 6: return .finishAll
        case 7: return .forget(key)
        default: return .answer(key)
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var table = StoryResourceRequestTable<Int, Int>()
        // The reference: the serial of each key's current beginning, and whether its handle came back.
        var serial = 0
        var current: [Int: (serial: Int, returned: Bool, cancelled: Bool)] = [:]
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            func took(_ key: Int, _ handle: Int?, cancelling: Bool) -> String? {
                guard let handle else { return nil }
                guard let entry = current[key], entry.serial == handle else { return "key \(key) gave handle \(handle), not its own" }
                if entry.returned { return "key \(key)'s handle came back twice" }
                current[key] = (entry.serial, true, cancelling)
                return nil
            }
            switch step {
            case .begin(let key):
                serial += 1
                table.begin(key, handle: serial)
                current[key] = (serial, false, false)
            case .finish(let key):
                if let problem = took(key, table.finish(key), cancelling: false) { return fail(problem) }
            case .cancel(let key):
                if let problem = took(key, table.cancel(key), cancelling: true) { return fail(problem) }
            case .finishAll:
                for (key, handle) in table.finishAll() {
                    if let problem = took(key, handle, cancelling: false) { return fail(problem) }
                }
            case .forget(let key):
                table.forget(key)
            case .answer(let key):
                let expected = current[key].map { !$0.returned } ?? false
                if table.mayAnswer(key) != expected { return fail("key \(key) answerable \(table.mayAnswer(key)), expected \(expected)") }
                if let entry = current[key], entry.cancelled, table.pending(key) != nil { return fail("a cancelled request answered") }
            }
            let pending = current.values.filter { !$0.returned }.count
            if table.pendingCount != pending { return fail("pending \(table.pendingCount), expected \(pending)") }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] { [] }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var serial = 0
        let lines = steps.map { step -> String in
            switch step {
            case .begin(let key): serial += 1; return "table.begin(\(key), handle: \(serial))"
            case .finish(let key): return "table.finish(\(key))"
            case .cancel(let key): return "table.cancel(\(key))"
            case .finishAll: return "table.finishAll()"
            case .forget(let key): return "table.forget(\(key))"
            case .answer(let key): return "table.mayAnswer(\(key))"
            }
        }
        return (["var table = StoryResourceRequestTable<Int, Int>()"] + lines).joined(separator: "\n")
    }
}

/// When the SwiftUI zoom's cell hides and comes back, under storms of detail events for a few
/// sources, late and out of order.
///
/// Invariants after every step: at most the source most recently opened (or moved to) is hidden;
/// after its detail's close, dismissal or disappearance nothing is hidden; an event about another
/// source changes nothing.
public enum ZoomSourceVisibilityStorm: StormSubject {
    public struct Setup: Sendable {}

    public enum Step: Sendable {
        case opened(Int), closeFinished(Int), dismissed(Int), disappeared(Int), changed(old: Int, new: Int?)
    }

    public static let name = "ZoomSourceVisibility"

    public static func makeSetup(_ random: inout StormRandom) -> Setup { Setup() }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let id = random.int(in: 0...3)
        switch random.int(in: 0...5) {
        case 0: return .opened(id)
        case 1: return .closeFinished(id)
        case 2: return .dismissed(id)
        case 3: return .disappeared(id)
        default: return .changed(old: id, new: random.chance(0.3) ? nil : random.int(in: 0...3))
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var visibility = ZoomSourceVisibility()
        var expected: Int?
        for (index, step) in steps.enumerated() {
            let event: ZoomSourceVisibility.Event
            switch step {
            case .opened(let id): event = .opened(id); expected = id
            case .closeFinished(let id): event = .closeFinished(id); if expected == id { expected = nil }
            case .dismissed(let id): event = .dismissed(id); if expected == id { expected = nil }
            case .disappeared(let id): event = .disappeared(id); if expected == id { expected = nil }
            case let .changed(old, new):
                event = .sourceChanged(old: old, new: new.map { AnyHashable($0) })
                if expected == old { expected = new }
            }
            visibility.handle(event)
            if visibility.hidden != expected.map({ AnyHashable($0) }) {
                return StormViolation(step: index, message: "hidden \(String(describing: visibility.hidden)), expected \(String(describing: expected))")
            }
            for id in 0...3 where visibility.isHidden(id) != (expected == id) {
                return StormViolation(step: index, message: "source \(id) hidden \(visibility.isHidden(id))")
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] { [] }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        (["var visibility = ZoomSourceVisibility()"] + steps.map { "visibility.handle(\($0))" }).joined(separator: "\n")
    }
}
