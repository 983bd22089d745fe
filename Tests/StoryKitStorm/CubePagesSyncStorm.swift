import StoryKit
import StoryKitUI

/// `CubePages`' binding and its pager kept in step under storms: the app writing the binding
/// (out of range too), SwiftUI updates (with and without animation, changing the page count,
/// hostile counts), and the pager's own page changes (a finger) between updates. The pager is a
/// reference kept here: it jumps to a turn's page clamped to its pages and reports a change only
/// when its page changes, as `CubePagerRepresentable` drives `CubePager`.
///
/// Invariants after every step: a write is immediate outside an update and deferred inside one;
/// a turn only toward a binding value not already known, animated exactly when the transaction
/// animates and does not disable animations; the pager's own change is never turned back (the
/// stale binding of the update that deferred its write, and the update after, move no page, while
/// the app's own new page in that update turns the cube and wins over the deferred write); a
/// reload only for a real change of the count; a turn goes to the binding clamped into the pages,
/// and writes that page back exactly when the binding named no page; and at rest (an update
/// over, no app write since) the binding and the pager agree wherever the binding names an
/// existing page, and the binding names one whenever there are pages.
///
/// It found (seed 4) a binding set out of range (page 1 of one page): the pager clamped its turn
/// without moving, so nothing wrote the binding back, and once the pages grew the binding named
/// page 1 while the pager showed page 0. The clamped page is now written back.
public enum CubePagesSyncStorm: StormSubject {
    public struct Setup: Sendable {
        var page: Int, pageCount: Int
    }

    public enum Step: Sendable {
        case appWrites(Int)
        case update(pageCount: Int, animation: Bool, disablesAnimations: Bool)
        case finger(Int)
    }

    public static let name = "CubePagesSync"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        let count = random.int(in: 0...5)
        return Setup(page: count == 0 ? 0 : random.int(in: 0...(count - 1)), pageCount: count)
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...9) {
        case 0, 1, 2: return .appWrites(random.int(-1...6, hostility: 0.1))
        case 3, 4, 5, 6: return .update(pageCount: random.chance(0.2) ? random.int(0...6, hostility: 0.1) : -2,
                                        animation: random.chance(0.5), disablesAnimations: random.chance(0.2))
        default: return .finger(random.int(in: 0...5))
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var sync = CubePagesSync(page: setup.page, pageCount: setup.pageCount)
        var binding = setup.page
        var count = setup.pageCount
        var pager = setup.page
        var appWrote = false
        /// The pager's page after a turn or reload: clamped to its pages (0 without any).
        func clamped(_ page: Int) -> Int { count == 0 ? 0 : min(max(page, 0), count - 1) }
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            var deferred: Int?
            /// The pager's page moved to `page`: it reports, the binding is written now or after.
            func pagerMoved(to page: Int) -> String? {
                guard page != pager else { return nil }
                pager = page
                switch sync.pagerDidChangePage(to: page) {
                case .unchanged: break
                case .now:
                    if sync.isUpdating { return "a write now during an update" }
                    binding = page
                case .afterUpdate:
                    if !sync.isUpdating { return "a write deferred outside an update" }
                    deferred = page
                }
                return nil
            }
            switch step {
            case .appWrites(let page):
                binding = page
                appWrote = true
            case let .update(newCount, animation, disables):
                sync.isUpdating = true
                // The count as the pager loads it: 0…maximumPageCount.
                let target = newCount == -2 ? count : min(max(newCount, 0), CubePager.maximumPageCount)
                let reloads = sync.pageCountChanged(to: newCount == -2 ? count : newCount)
                if reloads != (target != count) { return fail("reload \(reloads) for \(count) → \(target) pages") }
                if reloads {
                    count = target
                    if let problem = pagerMoved(to: clamped(pager)) { return fail(problem) }
                }
                let before = sync.knownPage
                let turn = sync.bindingChanged(to: binding, hasAnimation: animation, disablesAnimations: disables)
                if let turn {
                    if binding == before { return fail("turned to \(turn.page), the page already known") }
                    // Within the update that deferred the pager's own write the binding is stale: its
                    // turn may come but must leave the pager where it went.
                    if let deferred, !appWrote, clamped(turn.page) != deferred { return fail("the pager's own change to \(deferred) turned back to \(turn.page)") }
                    if turn.page != clamped(binding) || turn.animated != (animation && !disables) { return fail("turn \(turn) for binding \(binding)") }
                    if (turn.writeBack != nil) != (turn.page != binding) || turn.writeBack.map({ $0 != turn.page }) == true {
                        return fail("turn \(turn) writes back \(String(describing: turn.writeBack)) for binding \(binding)")
                    }
                    if let problem = pagerMoved(to: clamped(turn.page)) { return fail(problem) }
                }
                sync.isUpdating = false
                if let page = sync.takeDeferredWrite() { binding = page }
                appWrote = false
            case .finger(let page):
                if count > 0, let problem = pagerMoved(to: min(page, count - 1)) { return fail(problem) }
            }
            if !appWrote, case .update = step {
                // The next update with nothing new turns nothing: no echo, no ping-pong.
                var probe = sync
                probe.isUpdating = true
                if let echo = probe.bindingChanged(to: binding, hasAnimation: false, disablesAnimations: false), clamped(echo.page) != pager {
                    return fail("an update with nothing new turns the pager from \(pager) to \(echo.page)")
                }
                if (0..<count).contains(binding), pager != binding { return fail("binding \(binding), pager on \(pager)") }
                if count > 0, !(0..<count).contains(binding) { return fail("binding \(binding) names none of \(count) pages") }
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case let .update(n, a, d) where d || n != -2: [.update(pageCount: -2, animation: a, disablesAnimations: false)]
        default: []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["var sync = CubePagesSync(page: \(setup.page), pageCount: \(setup.pageCount))  // binding \(setup.page), pager on \(setup.page)"]
        for step in steps {
            switch step {
            case .appWrites(let page): lines.append("binding = \(swiftLiteral(page))")
            case let .update(n, a, d):
                lines.append("sync.isUpdating = true" + (n == -2 ? "" : "; sync.pageCountChanged(to: \(swiftLiteral(n)))")
                    + "; sync.bindingChanged(to: binding, hasAnimation: \(a), disablesAnimations: \(d)); sync.isUpdating = false  // pager reports")
            case .finger(let page): lines.append("sync.pagerDidChangePage(to: \(page))  // a finger, clamped to the pages")
            }
        }
        return lines.joined(separator: "\n")
    }
}
