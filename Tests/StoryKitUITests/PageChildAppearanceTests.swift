@testable import StoryKitUI
import Testing

/// `CubePagerViewController`'s containment: the calls each child gets as pages and the
/// container come and go.
@Suite struct PageChildAppearanceTests {
    typealias Ledger = PageChildAppearance<String, String>

    /// A ledger with `child` provided for the page view `key` and displayed.
    static func displayed(_ pairs: [(key: String, child: String)], visible: Bool) -> Ledger {
        var ledger = Ledger()
        if visible {
            _ = ledger.containerWillTransition(appearing: true, animated: false)
            _ = ledger.containerDidTransition()
        }
        for (key, child) in pairs {
            ledger.provided(child, key: key)
            _ = ledger.pageWillDisplay(key: key)
        }
        return ledger
    }

    @Test func aPageComingOnScreenInAVisibleContainerAppearsAtOnce() {
        var ledger = Self.displayed([], visible: true)
        ledger.provided("A", key: "a")
        #expect(ledger.pageWillDisplay(key: "a") == [.didMove("A"), .begin("A", appearing: true, animated: true), .end("A")])
        #expect(ledger.child(for: "a") == "A")
    }

    @Test func aPageComingOnScreenInAHiddenContainerOnlyMovesIn() {
        var ledger = Ledger()
        ledger.provided("A", key: "a")
        #expect(ledger.pageWillDisplay(key: "a") == [.didMove("A")])
        #expect(ledger.pageWillDisplay(key: "unknown").isEmpty)
    }

    @Test func theContainersAppearanceIsForwardedToEveryChildOnScreen() {
        var ledger = Self.displayed([("a", "A"), ("b", "B")], visible: false)
        #expect(ledger.containerWillTransition(appearing: true, animated: true)
                == [.begin("A", appearing: true, animated: true), .begin("B", appearing: true, animated: true)])
        #expect(ledger.containerDidTransition() == [.end("A"), .end("B")])
        #expect(ledger.containerDidTransition().isEmpty)
    }

    @Test func anInterruptedTransitionEndsBeforeTheNextBegins() {
        // Given a container appearing, when it starts to disappear before it appeared, then the
        // open appearance ends first.
        var ledger = Self.displayed([("a", "A")], visible: false)
        _ = ledger.containerWillTransition(appearing: true, animated: true)
        #expect(ledger.containerWillTransition(appearing: false, animated: true)
                == [.end("A"), .begin("A", appearing: false, animated: true)])
    }

    @Test func aPageLeavingMidTransitionEndsItsTransitionThenDisappearsAndIsRemoved() {
        var ledger = Self.displayed([("a", "A"), ("b", "B")], visible: true)
        _ = ledger.containerWillTransition(appearing: true, animated: true)  // visible, A and B open
        #expect(ledger.pageDidEndDisplaying(key: "a")
                == [.end("A"), .begin("A", appearing: false, animated: true), .end("A"), .remove("A")])
        // The container's end of transition no longer reaches the removed child.
        #expect(ledger.containerDidTransition() == [.end("B")])
        #expect(ledger.child(for: "a") == nil)
    }

    @Test func aPageLeavingAHiddenContainerIsOnlyRemoved() {
        var ledger = Self.displayed([("a", "A")], visible: false)
        #expect(ledger.pageDidEndDisplaying(key: "a") == [.remove("A")])
        #expect(ledger.pageDidEndDisplaying(key: "a").isEmpty)
    }

    @Test func aChildProvidedAgainForTheSameViewReplacesTheOldEntry() {
        var ledger = Ledger()
        ledger.provided("A", key: "a")
        ledger.provided("A2", key: "a")
        #expect(ledger.child(for: "a") == "A2")
        #expect(ledger.pageDidEndDisplaying(key: "a") == [.remove("A2")])
    }
}
