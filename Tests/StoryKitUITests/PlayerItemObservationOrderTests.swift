@testable import StoryKitUI
import Testing

@Suite struct PlayerItemObservationOrderTests {
    typealias Order = PlayerItemObservationOrder

    @Test(arguments: 0...4)
    func theItemsObserverHearsReadyToPlayWheneverItComes(readyAt: Int) {
        #expect(Order.itemObserverHearsReady(Order.steps, readyAt: readyAt))
    }

    @Test func aCachedItemIsMissedByAnObserverAddedAfterTheReplaceWithoutInitial() {
        let old: [Order.Step] = [.replaceItem, .observeItem(initial: false)]
        #expect(!Order.itemObserverHearsReady(old, readyAt: 0))
        #expect(!Order.itemObserverHearsReady(old, readyAt: 1), "ready as the player took it")
        #expect(Order.itemObserverHearsReady(old, readyAt: 2), "only a slow item was heard")
    }

    @Test func everyObserverIsAddedWithInitialAndTheItemsBeforeTheReplace() throws {
        for step in Order.steps {
            switch step {
            case let .observeItem(initial), let .observePlayer(initial), let .observeLayer(initial): #expect(initial)
            case .replaceItem: break
            }
        }
        let item = try #require(Order.steps.firstIndex(of: .observeItem(initial: true)))
        let replace = try #require(Order.steps.firstIndex(of: .replaceItem))
        #expect(item < replace)
    }
}
