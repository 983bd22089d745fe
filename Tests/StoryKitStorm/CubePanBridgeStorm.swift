import StoryKit
import StoryKitUI

/// The UIKit pan bridge and the cube together under storms: recogniser callbacks in any order
/// (touch-downs, begins, changes, ends, cancels, resets, refusals) with hostile points, and frames.
///
/// Invariants: every cube invariant (``CubeEventChecker``); the bridge never pans without the
/// model's touch; and the model never holds a touch the bridge has let go of (a touch the bridge
/// forgot would freeze the cube under no finger).
public enum CubePanBridgeStorm: StormSubject {
    public typealias Setup = CubePagerStorm.Setup

    public enum Step: Sendable {
        case touchDown(x: Double, y: Double)
        case began(x: Double, y: Double)
        case changed(x: Double, y: Double)
        case ended(x: Double, y: Double)
        case cancelled
        case reset(x: Double, y: Double)
        case refused
        case frame(time: Double)
    }

    public static let name = "CubePanBridge"

    public static func makeSetup(_ random: inout StormRandom) -> Setup { CubePagerStorm.makeSetup(&random) }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let x = random.double(-200...1_200, hostility: 0.05), y = random.double(0...1_000, hostility: 0.05)
        switch random.int(in: 0...99) {
        case 0..<12: return .touchDown(x: x, y: y)
        case 12..<22: return .began(x: x, y: y)
        case 22..<50: return .changed(x: x, y: y)
        case 50..<60: return .ended(x: x, y: y)
        case 60..<64: return .cancelled
        case 64..<72: return .reset(x: x, y: y)
        case 72..<76: return .refused
        default: return .frame(time: random.time(after: &clock))
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var pager = CubePagerStorm.make(setup)
        var bridge = CubePanBridge()
        var checker = CubeEventChecker()
        var time = 0.0
        var touchDown: Point?
        var latest: Point?
        for (index, step) in steps.enumerated() {
            var inputs: [CubePanBridge.Input] = []
            var events: [CubePager.Event] = []
            switch step {
            case let .touchDown(x, y):
                touchDown = Point(x: x, y: y)
                latest = touchDown
                inputs = bridge.touchDown(at: touchDown)
            case let .began(x, y):
                latest = Point(x: x, y: y)
                inputs = bridge.panBegan(at: Point(x: x, y: y), touchDown: touchDown)
            case let .changed(x, y):
                latest = Point(x: x, y: y)
                inputs = bridge.panChanged(to: Point(x: x, y: y))
            case let .ended(x, y): inputs = bridge.panEnded(at: Point(x: x, y: y))
            case .cancelled: inputs = bridge.panCancelled()
            case let .reset(x, y):
                inputs = bridge.panDidReset(latest: latest ?? Point(x: x, y: y), touchDown: touchDown)
            case .refused: inputs = bridge.panRefused(touchDown: touchDown, latest: latest)
            case let .frame(t):
                if t.isFinite { time = max(time, t) }
                events = pager.advance(to: t)
            }
            time += 0.004  // each callback a little later, as touches are
            for input in inputs { events += input.apply(to: &pager, time: time) }
            if let problem = checker.check(pager, events: events) { return StormViolation(step: index, message: problem) }
            if bridge.isPanning && !bridge.modelHasTouch { return StormViolation(step: index, message: "panning without the model's touch") }
            if !bridge.modelHasTouch && pager.isTouchDown {
                return StormViolation(step: index, message: "the model holds a touch the bridge let go of")
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .touchDown(x, y): return simpler(x).map { .touchDown(x: $0, y: y) }
        case let .began(x, y): return simpler(x).map { .began(x: $0, y: y) }
        case let .changed(x, y): return simpler(x).map { .changed(x: $0, y: y) }
        case let .ended(x, y): return simpler(x).map { .ended(x: $0, y: y) }
        default: return []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        let setupLine = CubePagerStorm.code(setup, []) + "\nvar bridge = CubePanBridge()  // inputs applied with increasing times"
        return ([setupLine] + steps.map { step in
            switch step {
            case let .touchDown(x, y): return "bridge.touchDown(at: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))))"
            case let .began(x, y): return "bridge.panBegan(at: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))), touchDown: <last touch-down>)"
            case let .changed(x, y): return "bridge.panChanged(to: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))))"
            case let .ended(x, y): return "bridge.panEnded(at: Point(x: \(swiftLiteral(x)), y: \(swiftLiteral(y))))"
            case .cancelled: return "bridge.panCancelled()"
            case .reset: return "bridge.panDidReset(latest: <last point>, touchDown: <last touch-down>)"
            case .refused: return "bridge.panRefused(touchDown: <last touch-down>, latest: <last point>)"
            case let .frame(t): return "pager.advance(to: \(swiftLiteral(t)))"
            }
        }).joined(separator: "\n")
    }
}
