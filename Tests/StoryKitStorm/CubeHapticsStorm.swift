import StoryKit

/// The cube's haptics rule under the cube's own storms: `CubePagerStorm`'s setups and steps
/// (touches, frames, programmatic turns, resizes, page-count changes, hostile values), with
/// `CubePager.Haptics` shown the pager after every step, and the app's switch flipped at random.
///
/// Invariants after every step: at most one haptic of each kind; none while disabled; a page
/// turn only where a finger's drag ended (the phase left `dragging`) on a target other than the
/// page the drag started from, and never twice toward one target before the cube rests or is
/// let go back on its page; the past-end tap only while dragging beyond the threshold past the
/// last page, and never twice without the finger coming back under it (or lifting) between.
public enum CubeHapticsStorm: StormSubject {
    public struct Setup: Sendable {
        var cube: CubePagerStorm.Setup
        var isEnabled: Bool
    }

    public enum Step: Sendable {
        case cube(CubePagerStorm.Step)
        case setEnabled(Bool)
    }

    public static let name = "CubeHaptics"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(cube: CubePagerStorm.makeSetup(&random), isEnabled: random.chance(0.8))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        random.chance(0.03) ? .setEnabled(random.chance(0.7)) : .cube(CubePagerStorm.makeStep(&random, clock: &clock))
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var pager = CubePagerStorm.make(setup.cube)
        var haptics = CubePager.Haptics(isEnabled: setup.isEnabled)
        _ = haptics.observe(pager)
        var felt: Int?              // the target a turn was felt toward, until rest or a let-go back
        var wasPast = false         // the finger was beyond the threshold at the last step
        for (index, step) in steps.enumerated() {
            let before = (phase: pager.phase, current: pager.currentIndex)
            switch step {
            case let .cube(cubeStep): _ = CubePagerStorm.apply(cubeStep, to: &pager)
            case let .setEnabled(on): haptics.isEnabled = on
            }
            let played = haptics.observe(pager)
            let fail = { (message: String) in StormViolation(step: index, message: message) }
            let released = before.phase == .dragging && pager.phase != .dragging
            let beyond = pager.position - Double(max(pager.pageCount - 1, 0))
            let isPast = pager.phase == .dragging && pager.pageCount > 0 && beyond > pager.configuration.pastEndThreshold
            defer {
                wasPast = isPast
                if pager.phase == .idle || (released && pager.targetIndex == before.current) { felt = nil }
            }
            if Set(played).count != played.count { return fail("a haptic twice in one step: \(played)") }
            if !haptics.isEnabled, !played.isEmpty { return fail("\(played) while disabled") }
            if played.contains(.pageTurn) {
                if !released { return fail("a page turn felt without a release (phase \(before.phase) → \(pager.phase))") }
                if pager.targetIndex == before.current { return fail("a page turn felt for a release back on page \(before.current)") }
                if felt == pager.targetIndex { return fail("a second page turn toward page \(pager.targetIndex)") }
                felt = pager.targetIndex
            }
            if played.contains(.pastEnd) {
                if !isPast { return fail("past-end felt at \(pager.position) (\(pager.phase)), threshold \(pager.configuration.pastEndThreshold)") }
                if wasPast { return fail("past-end felt twice in one crossing") }
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .cube(cubeStep): return CubePagerStorm.simplifications(of: cubeStep).map { .cube($0) }
        case .setEnabled(false): return [.setEnabled(true)]
        case .setEnabled(true): return []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = CubePagerStorm.code(setup.cube, []).split(separator: "\n").map(String.init)
        lines.append("var haptics = CubePager.Haptics(isEnabled: \(setup.isEnabled))")
        lines.append("_ = haptics.observe(pager)")
        for step in steps {
            switch step {
            case let .cube(cubeStep):
                lines += CubePagerStorm.code(setup.cube, [cubeStep]).split(separator: "\n").dropFirst(2).map(String.init)
                lines.append("print(haptics.observe(pager))")
            case let .setEnabled(on): lines.append("haptics.isEnabled = \(on)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
