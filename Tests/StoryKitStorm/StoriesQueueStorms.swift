import StoryKitUI

/// The Stories controller's change queue (``StoriesChangeQueue``) under storms, used as the
/// controller's `perform` uses it: each change may ask for more while it is applied (a media
/// report mid-draw) and while its events are reported (the delegate pauses or closes), nested a
/// few deep; between them the controller asks for the next change with nothing applied.
///
/// Invariants after every top-level change, from the log of what was applied and reported: one
/// change applied at a time (no apply inside another's); every change asked for is applied once;
/// a change asked for while its events are reported runs at once; the changes that waited run in
/// the order they were asked for; afterwards nothing is applying or waiting, and `next()` with
/// nothing applied gives nothing.
public enum StoriesChangeQueueStorm: StormSubject {
    public struct Setup: Sendable {}

    /// One change: what it asks for while applied and while its events are reported.
    public indirect enum Request: Sendable {
        case change(during: [Request], fromEvents: [Request])
    }

    public enum Step: Sendable {
        case perform(Request)
        /// The controller asks for the next change with nothing applied.
        case next
    }

    public static let name = "StoriesChangeQueue"

    public static func makeSetup(_ random: inout StormRandom) -> Setup { Setup() }

    static func request(_ random: inout StormRandom, depth: Int) -> Request {
        func children() -> [Request] {
            depth >= 2 || random.chance(0.65) ? [] : (0..<random.int(in: 1...2)).map { _ in request(&random, depth: depth + 1) }
        }
        return .change(during: children(), fromEvents: children())
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        random.chance(0.1) ? .next : .perform(request(&random, depth: 0))
    }

    /// The controller's `perform`, logging; numbers changes in the order they are asked for.
    struct Controller {
        var queue = StoriesChangeQueue<Int>()
        var requests: [Int: Request] = [:]
        var serial = 0
        /// The changes asked for in this top-level change, in order, and whether another was being applied.
        var asked: [(id: Int, whileApplying: Bool)] = []
        var log: [(apply: Bool, id: Int)] = []
        var applying: Int?
        var problem: String?

        mutating func ask(_ request: Request) {
            serial += 1
            requests[serial] = request
            asked.append((serial, applying != nil))
            perform(serial)
        }

        mutating func perform(_ id: Int) {
            guard queue.start(id) else {
                if applying == nil, problem == nil { problem = "change \(id) waits with nothing applied" }
                return
            }
            if let other = applying, problem == nil { problem = "change \(id) applied inside change \(other)" }
            applying = id
            log.append((true, id))
            guard case let .change(during, fromEvents) = requests.removeValue(forKey: id) else { return }
            for more in during { ask(more) }
            queue.applied()
            applying = nil
            log.append((false, id))
            for more in fromEvents {
                let count = log.count, id = serial + 1
                ask(more)
                if !(log.count > count && log[count].apply && log[count].id == id), problem == nil {
                    problem = "change \(id), asked for from change \(self.log[count - 1].id)'s events, did not run at once"
                }
            }
            if let next = queue.next() { perform(next) }
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var controller = Controller()
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            switch step {
            case .perform(let request): controller.ask(request)
            case .next:
                if let next = controller.queue.next() { return fail("next() with nothing applied gave \(next)") }
            }
            if let problem = controller.problem { return fail(problem) }
            if controller.queue.isApplying || !controller.queue.pending.isEmpty {
                return fail("after the change: applying \(controller.queue.isApplying), waiting \(controller.queue.pending)")
            }
            let applied = controller.log.filter(\.apply).map(\.id)
            if applied.sorted() != controller.asked.map(\.id) { return fail("applied \(applied) of \(controller.asked.map(\.id)) asked for") }
            let waited = controller.asked.filter(\.whileApplying).map(\.id)
            let waitedSet = Set(waited)
            if applied.filter(waitedSet.contains) != waited { return fail("changes that waited ran as \(applied.filter(waitedSet.contains)), asked as \(waited)") }
            controller.log = []
            controller.asked = []
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        guard case let .perform(request) = step else { return [] }
        return smaller(request).map { .perform($0) }
    }

    /// `request` with one change it asks for left out or made smaller.
    static func smaller(_ request: Request) -> [Request] {
        guard case let .change(during, fromEvents) = request else { return [] }
        var out: [Request] = []
        for index in during.indices {
            out.append(.change(during: during.enumerated().filter { $0.offset != index }.map(\.element), fromEvents: fromEvents))
            for simpler in smaller(during[index]) {
                var list = during
                list[index] = simpler
                out.append(.change(during: list, fromEvents: fromEvents))
            }
        }
        for index in fromEvents.indices {
            out.append(.change(during: during, fromEvents: fromEvents.enumerated().filter { $0.offset != index }.map(\.element)))
            for simpler in smaller(fromEvents[index]) {
                var list = fromEvents
                list[index] = simpler
                out.append(.change(during: during, fromEvents: list))
            }
        }
        return out
    }

    static func code(_ request: Request) -> String {
        guard case let .change(during, fromEvents) = request else { return "" }
        if during.isEmpty, fromEvents.isEmpty { return "leaf" }
        return "change(during: [\(during.map(code).joined(separator: ", "))], fromEvents: [\(fromEvents.map(code).joined(separator: ", "))])"
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["// the controller's perform (StoriesChangeQueueTests.Controller), changes numbered as asked for"]
        lines += steps.map { step in
            switch step {
            case .perform(let request): "controller.perform(\(code(request)))"
            case .next: "controller.queue.next()"
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The media views of a page (``StoriesMediaStack``) under storms: a few views pushed (again,
/// from under the top, on top already), the views under the top dropped, the stack emptied.
///
/// Invariants after every step, against a reference list: no view twice; the stack is the
/// reference list; the top is the view pushed last; a push says it moved a view exactly when
/// that view was not on top; dropping gives back every view under the top, bottom to top, and
/// keeps the top; emptying gives back every view, bottom to top.
public enum StoriesMediaStackStorm: StormSubject {
    public struct Setup: Sendable {}

    public enum Step: Sendable { case push(Int), dropBelowTop, removeAll }

    public static let name = "StoriesMediaStack"

    final class View: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }

    public static func makeSetup(_ random: inout StormRandom) -> Setup { Setup() }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...9) {
        case 0...6: .push(random.int(in: 0...4))
        case 7, 8: .dropBelowTop
        default: .removeAll
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        let views = (0...4).map(View.init)
        var stack = StoriesMediaStack<View>()
        var reference: [Int] = []
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            switch step {
            case .push(let id):
                let moved = stack.push(views[id])
                if moved != (reference.last != id) { return fail("push \(id) said \(moved) with \(reference)") }
                reference.removeAll { $0 == id }
                reference.append(id)
            case .dropBelowTop:
                let dropped = stack.dropBelowTop().map(\.id)
                if dropped != Array(reference.dropLast()) { return fail("dropped \(dropped) from \(reference)") }
                reference = reference.suffix(1)
            case .removeAll:
                let removed = stack.removeAll().map(\.id)
                if removed != reference { return fail("emptying gave \(removed) from \(reference)") }
                reference = []
            }
            let ids = stack.elements.map(\.id)
            if ids != reference { return fail("the stack is \(ids), expected \(reference)") }
            if Set(ids).count != ids.count { return fail("a view twice: \(ids)") }
            if stack.top?.id != reference.last { return fail("top \(String(describing: stack.top?.id)), expected \(String(describing: reference.last))") }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        if case .push(let id) = step, id != 0 { return [.push(0)] }
        return []
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        (["var stack = StoriesMediaStack<View>()   // views[0...4]"] + steps.map { step in
            switch step {
            case .push(let id): "stack.push(views[\(id)])"
            case .dropBelowTop: "stack.dropBelowTop()"
            case .removeAll: "stack.removeAll()"
            }
        }).joined(separator: "\n")
    }
}
