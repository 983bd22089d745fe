import StoryKitUI

/// `CubePagerViewController`'s containment bookkeeping under storms: pages mounted (their child
/// provided, then displayed, in one layout pass as `CubePagerView.applyLayout` does), children
/// provided again while on screen (a reload), pages going off screen (repeated, and for pages
/// never mounted), and the container's own appearance callbacks in any order (interrupted,
/// repeated, a did without a will). A child's key is its own identity, as the container keys
/// children by their view.
///
/// Invariants, against a record of each child's appearance as UIKit keeps it, checked on every
/// call and after every step: every begin has its end (no begin while a transition is open, no
/// end without one, none left open once the container's transition ended); no child both
/// appearing and disappearing; calls only to children in the container (provided, not removed);
/// a child removed with no transition open and, if it had appeared, after disappearing; and at
/// rest (no transition open) every child whose page is on screen has appeared exactly when the
/// container is visible.
public enum PageChildAppearanceStorm: StormSubject {
    public struct Setup: Sendable {}

    public enum Step: Sendable {
        case mounted(Int), provided(Int), didEndDisplaying(Int)
        case containerWill(appearing: Bool, animated: Bool), containerDid
    }

    public static let name = "PageChildAppearance"

    public static func makeSetup(_ random: inout StormRandom) -> Setup { Setup() }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        let child = random.int(in: 0...4)
        switch random.int(in: 0...9) {
        case 0, 1, 2: return .mounted(child)
        case 3, 4: return .provided(child)
        case 5, 6: return .didEndDisplaying(child)
        case 7, 8: return .containerWill(appearing: random.chance(0.5), animated: random.chance(0.5))
        default: return .containerDid
        }
    }

    /// A child as UIKit sees it.
    struct ChildState {
        /// Whether its last finished transition was an appearance.
        var appeared = false
        /// The transition begun and not ended: appearing (true) or disappearing (false).
        var open: Bool?
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var ledger = PageChildAppearance<Int, Int>()
        var inContainer: [Int: ChildState] = [:]
        var onScreen: Set<Int> = []
        var visible = false
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            let calls: [PageChildAppearance<Int, Int>.Call]
            switch step {
            case .mounted(let child):
                guard !onScreen.contains(child) else { continue }  // a mounted page is not mounted again
                ledger.provided(child, key: child)
                if inContainer[child] == nil { inContainer[child] = ChildState() }  // addChild unless already its parent
                calls = ledger.pageWillDisplay(key: child)
                onScreen.insert(child)
            case .provided(let child):
                guard onScreen.contains(child) else { continue }  // asked again only for pages on screen
                ledger.provided(child, key: child)
                calls = []
            case .didEndDisplaying(let child):
                calls = ledger.pageDidEndDisplaying(key: child)
                onScreen.remove(child)
                if ledger.child(for: child) != nil { return fail("child \(child) still known after its page went off screen") }
            case let .containerWill(appearing, animated):
                calls = ledger.containerWillTransition(appearing: appearing, animated: animated)
                visible = appearing
            case .containerDid:
                calls = ledger.containerDidTransition()
            }
            for call in calls {
                switch call {
                case let .begin(child, appearing, _):
                    guard var state = inContainer[child] else { return fail("begin(\(child)) for a child not in the container") }
                    if let open = state.open {
                        return fail("begin(\(child), appearing: \(appearing)) while its \(open ? "appearance" : "disappearance") is open")
                    }
                    state.open = appearing
                    inContainer[child] = state
                case let .end(child):
                    guard var state = inContainer[child] else { return fail("end(\(child)) for a child not in the container") }
                    guard let open = state.open else { return fail("end(\(child)) without a begin") }
                    state.appeared = open
                    state.open = nil
                    inContainer[child] = state
                case let .didMove(child):
                    if inContainer[child] == nil { return fail("didMove(\(child)) for a child not in the container") }
                case let .remove(child):
                    guard let state = inContainer[child] else { return fail("remove(\(child)) for a child not in the container") }
                    if state.open != nil { return fail("remove(\(child)) with a transition open") }
                    if visible, state.appeared { return fail("remove(\(child)) while it still appears") }
                    inContainer[child] = nil
                }
            }
            if case .containerDid = step {
                if let open = inContainer.first(where: { $0.value.open != nil }) {
                    return fail("child \(open.key)'s transition left open after the container's ended")
                }
            }
            if case .didEndDisplaying(let child) = step, inContainer[child]?.open != nil {
                return fail("child \(child) left the screen with a transition open")
            }
            if inContainer.values.allSatisfy({ $0.open == nil }) {
                for child in onScreen {
                    guard let state = inContainer[child] else { return fail("child \(child) on screen but not in the container") }
                    if state.appeared != visible { return fail("child \(child) appeared \(state.appeared) in a container visible \(visible)") }
                }
            }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        if case let .containerWill(appearing, true) = step { return [.containerWill(appearing: appearing, animated: false)] }
        return []
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        (["var ledger = PageChildAppearance<Int, Int>()  // a child's key is itself"] + steps.map { step in
            switch step {
            case .mounted(let child): "ledger.provided(\(child), key: \(child)); ledger.pageWillDisplay(key: \(child))  // unless on screen"
            case .provided(let child): "ledger.provided(\(child), key: \(child))  // if on screen"
            case .didEndDisplaying(let child): "ledger.pageDidEndDisplaying(key: \(child))"
            case let .containerWill(appearing, animated): "ledger.containerWillTransition(appearing: \(appearing), animated: \(animated))"
            case .containerDid: "ledger.containerDidTransition()"
            }
        }).joined(separator: "\n")
    }
}
