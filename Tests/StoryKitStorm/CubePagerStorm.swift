import StoryKit

/// The Stories cube under storms: touches, frames, programmatic turns, resizes and page-count
/// changes with hostile values and times in any order.
///
/// Invariants after every step: position and velocity finite; the current and target pages in
/// range; the position within one page of the ends; a settle never passes its target;
/// a dragging cube has a finger down; page events balanced (every `willChangePage` ends in exactly
/// one `didChangePage` of its page or one `didCancelPageChange` of the same pages, every
/// `didChangePage` but one after a page-count change comes after its `willChangePage`, never two
/// outstanding, and none left outstanding by a cube at rest); the layout's faces in range and
/// finite.
public enum CubePagerStorm: StormSubject {
    public struct Setup: Sendable {
        var pageCount: Int
        var width: Double, height: Double
        var currentIndex: Int
        var perspective: Double, snap: Double, shading: Double, rubberBand: Double, slop: Double, pastEnd: Double
        var response: Double, damping: Double
        var transition: CubePager.Transition
        var direction: StoryLayoutDirection = .leftToRight
    }

    public enum Step: Sendable {
        case began(x: Double, y: Double, time: Double)
        case moved(x: Double, y: Double, time: Double)
        case ended(x: Double, y: Double, time: Double)
        case cancelled(time: Double)
        case advance(time: Double)
        case turn(index: Int, time: Double, animated: Bool)
        case pageCount(Int)
        case pageSize(width: Double, height: Double)
    }

    public static let name = "CubePager"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        let hostile = random.chance(0.2)
        return Setup(
            pageCount: random.int(0...6, hostility: 0.15), width: random.double(100...1_000, hostility: 0.1),
            height: random.double(100...1_000, hostility: 0.05), currentIndex: random.int(0...6, hostility: 0.1),
            perspective: hostile ? random.double(1...5_000, hostility: 0.5) : 1_000,
            snap: hostile ? random.double(0...1, hostility: 0.5) : 0.5,
            shading: hostile ? random.double(0...1, hostility: 0.5) : 0.5,
            rubberBand: hostile ? random.double(0...2, hostility: 0.5) : 0.55,
            slop: hostile ? random.double(0...50, hostility: 0.5) : 10,
            pastEnd: hostile ? random.double(0...1, hostility: 0.5) : 0.15,
            response: hostile ? random.double(0.01...2, hostility: 0.5) : 0.35,
            damping: hostile ? random.double(0...2, hostility: 0.5) : 1,
            transition: random.pick(CubePager.Transition.allCases),
            direction: random.pick(StoryLayoutDirection.allCases))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        func point() -> (Double, Double) { (random.double(-200...1_200, hostility: 0.05), random.double(0...1_000, hostility: 0.05)) }
        switch random.int(in: 0...99) {
        case 0..<14:
            let (x, y) = point()
            return .began(x: x, y: y, time: random.time(after: &clock))
        case 14..<50:
            let (x, y) = point()
            return .moved(x: x, y: y, time: random.time(after: &clock))
        case 50..<64:
            let (x, y) = point()
            return .ended(x: x, y: y, time: random.time(after: &clock))
        case 64..<68:
            return .cancelled(time: random.time(after: &clock))
        case 68..<88:
            return .advance(time: random.time(after: &clock))
        case 88..<94:
            return .turn(index: random.int(-1...7, hostility: 0.2), time: random.time(after: &clock), animated: random.chance(0.7))
        case 94..<97:
            return .pageCount(random.int(0...8, hostility: 0.3))
        default:
            return random.chance(0.5) ? .pageSize(width: 0, height: 0)
                : .pageSize(width: random.double(100...1_000, hostility: 0.3), height: random.double(100...1_000, hostility: 0.3))
        }
    }

    static func make(_ setup: Setup) -> CubePager {
        var configuration = CubePager.Configuration(
            perspectiveDistance: setup.perspective, snapThreshold: setup.snap,
            spring: SpringParameters(response: setup.response, dampingRatio: setup.damping), shadingStrength: setup.shading,
            rubberBandConstant: setup.rubberBand, directionLockSlop: setup.slop, pastEndThreshold: setup.pastEnd,
            transition: setup.transition)
        configuration.layoutDirection = setup.direction
        return CubePager(pageCount: setup.pageCount, pageSize: Size(width: setup.width, height: setup.height),
                         currentIndex: setup.currentIndex, configuration: configuration)
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var pager = make(setup)
        var checker = CubeEventChecker()
        if let problem = checker.check(pager, events: []) { return StormViolation(step: -1, message: problem) }
        for (index, step) in steps.enumerated() {
            let events = apply(step, to: &pager)
            var countChanged = false
            if case .pageCount = step { countChanged = true }
            if let problem = checker.check(pager, events: events, pageCountChanged: countChanged) {
                return StormViolation(step: index, message: problem)
            }
        }
        return nil
    }

    /// Gives `step` to `pager`.
    ///
    /// - Returns: The pager's events.
    static func apply(_ step: Step, to pager: inout CubePager) -> [CubePager.Event] {
        switch step {
        case let .began(x, y, time): return pager.touchBegan(at: Point(x: x, y: y), time: time)
        case let .moved(x, y, time): return pager.touchMoved(to: Point(x: x, y: y), time: time)
        case let .ended(x, y, time): return pager.touchEnded(at: Point(x: x, y: y), time: time)
        case let .cancelled(time): return pager.touchCancelled(time: time)
        case let .advance(time): return pager.advance(to: time)
        case let .turn(target, time, animated): return pager.turn(to: target, time: time, animated: animated)
        case let .pageCount(count): return pager.setPageCount(count)
        case let .pageSize(width, height):
            pager.pageSize = Size(width: width, height: height)
            return []
        }
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .began(x, y, t): return TouchCode.simplerPoints(x: x, y: y).map { .began(x: $0.x, y: $0.y, time: t) }
        case let .moved(x, y, t): return TouchCode.simplerPoints(x: x, y: y).map { .moved(x: $0.x, y: $0.y, time: t) }
        case let .ended(x, y, t): return TouchCode.simplerPoints(x: x, y: y).map { .ended(x: $0.x, y: $0.y, time: t) }
        case .cancelled, .advance: return []
        case let .turn(index, t, animated):
            return (index != 0 ? [.turn(index: 0, time: t, animated: animated)] : []) + (animated ? [.turn(index: index, time: t, animated: false)] : [])
        case let .pageCount(n): return n > 3 || n < 0 ? [.pageCount(3)] : []
        case let .pageSize(w, h): return simpler(w).map { .pageSize(width: $0, height: h) }
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = [
            "var pager = CubePager(pageCount: \(swiftLiteral(setup.pageCount)), pageSize: Size(width: \(swiftLiteral(setup.width)), "
                + "height: \(swiftLiteral(setup.height))), currentIndex: \(swiftLiteral(setup.currentIndex)),",
            "    configuration: CubePager.Configuration(perspectiveDistance: \(swiftLiteral(setup.perspective)), "
                + "snapThreshold: \(swiftLiteral(setup.snap)), spring: SpringParameters(response: \(swiftLiteral(setup.response)), "
                + "dampingRatio: \(swiftLiteral(setup.damping))), shadingStrength: \(swiftLiteral(setup.shading)), "
                + "rubberBandConstant: \(swiftLiteral(setup.rubberBand)), directionLockSlop: \(swiftLiteral(setup.slop)), "
                + "pastEndThreshold: \(swiftLiteral(setup.pastEnd)), transition: .\(setup.transition.rawValue)))",
        ]
        if setup.direction != .leftToRight { lines.append("pager.layoutDirection = .\(setup.direction.rawValue)") }
        for step in steps {
            switch step {
            case let .began(x, y, t): lines.append(TouchCode.line("pager", .began, x: x, y: y, time: t))
            case let .moved(x, y, t): lines.append(TouchCode.line("pager", .moved, x: x, y: y, time: t))
            case let .ended(x, y, t): lines.append(TouchCode.line("pager", .ended, x: x, y: y, time: t))
            case let .cancelled(t): lines.append("pager.touchCancelled(time: \(swiftLiteral(t)))")
            case let .advance(t): lines.append("pager.advance(to: \(swiftLiteral(t)))")
            case let .turn(i, t, a): lines.append("pager.turn(to: \(swiftLiteral(i)), time: \(swiftLiteral(t)), animated: \(a))")
            case let .pageCount(n): lines.append("pager.setPageCount(\(swiftLiteral(n)))")
            case let .pageSize(w, h): lines.append("pager.pageSize = Size(width: \(swiftLiteral(w)), height: \(swiftLiteral(h)))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The cube's invariants, with the page-event bookkeeping carried from step to step.
public struct CubeEventChecker {
    /// The announcement outstanding: `willChangePage(from:to:)` not yet answered.
    var outstanding: (from: Int, to: Int)?

    /// A checker with nothing outstanding.
    public init() {}

    /// Takes the events of one input and checks every invariant of the pager after it.
    ///
    /// - Parameters:
    ///   - pageCountChanged: Whether the input changed the page count: the one input after which
    ///     a `didChangePage` may come unannounced (the page the cube was on is gone).
    /// - Returns: What broke, or nil.
    public mutating func check(_ pager: CubePager, events: [CubePager.Event], pageCountChanged: Bool = false) -> String? {
        for event in events {
            switch event {
            case let .willChangePage(from, to):
                if let outstanding { return "willChangePage(from: \(from), to: \(to)) while \(outstanding) is outstanding" }
                if from == to { return "willChangePage(from: \(from), to: \(to)) to the same page" }
                outstanding = (from, to)
            case let .didChangePage(index):
                if let outstanding, outstanding.to != index {
                    return "didChangePage(\(index)) answers willChangePage(from: \(outstanding.from), to: \(outstanding.to))"
                }
                if outstanding == nil, !pageCountChanged { return "didChangePage(\(index)) without its willChangePage" }
                outstanding = nil
            case let .didCancelPageChange(from, to):
                guard let outstanding, outstanding.from == from, outstanding.to == to else {
                    return "didCancelPageChange(from: \(from), to: \(to)) without that announcement outstanding"
                }
                self.outstanding = nil
            case .pastEnd:
                break
            }
        }
        let last = max(pager.pageCount - 1, 0)
        if !pager.position.isFinite { return "position is \(pager.position)" }
        if !pager.velocity.isFinite { return "velocity is \(pager.velocity)" }
        if pager.pageCount < 0 { return "pageCount is \(pager.pageCount)" }
        if !(0...last).contains(pager.currentIndex) { return "currentIndex \(pager.currentIndex) outside 0...\(last)" }
        if !(0...last).contains(pager.targetIndex) { return "targetIndex \(pager.targetIndex) outside 0...\(last)" }
        if pager.position < -1 || pager.position > Double(last) + 1 {
            return "position \(pager.position) more than one page past the ends 0...\(last)"
        }
        if pager.phase == .dragging && !pager.isTouchDown { return "dragging with no finger down" }
        if pager.phase == .settling {
            guard let origin = pager.settleOrigin else { return "settling without a settle" }
            let target = Double(pager.targetIndex)
            let tolerance = 1e-9 * max(1, abs(target))
            if (origin - target) * (pager.position - target) < -tolerance {
                return "settle from \(origin) to \(target) passed its target: at \(pager.position)"
            }
        }
        if pager.outstandingAnnouncement != outstanding?.to {
            return "the pager's announcement \(String(describing: pager.outstandingAnnouncement)) is not the one reported "
                + "(\(String(describing: outstanding)))"
        }
        if let outstanding, pager.phase == .idle, !pager.isTouchDown {
            return "at rest on \(pager.currentIndex) with willChangePage(from: \(outstanding.from), to: \(outstanding.to)) never answered"
        }
        let layout = pager.layout
        if !layout.sublayerTransform.isFinite { return "sublayerTransform is not finite" }
        for face in [layout.leading, layout.trailing].compactMap({ $0 }) {
            if !(0..<max(pager.pageCount, 1)).contains(face.index) || pager.pageCount == 0 {
                return "face index \(face.index) outside the \(pager.pageCount) pages"
            }
            if !face.transform.isFinite || !face.offset.isFinite { return "face \(face.index) not finite" }
            if !(0...1).contains(face.opacity) || !(0...1).contains(face.shadingOpacity) {
                return "face \(face.index) opacity \(face.opacity) / shading \(face.shadingOpacity) outside 0…1"
            }
        }
        return nil
    }
}
