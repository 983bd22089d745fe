@testable import StoryKitUI
import Testing

/// A page's media views: the new item's on top, the old ones kept under it until it shows.
@Suite struct StoriesMediaStackTests {
    final class View {
        let name: String
        init(_ name: String) { self.name = name }
    }

    @Test func theNewItemGoesOnTopAndTheOldStaysUnderItUntilItShows() {
        var stack = StoriesMediaStack<View>()
        let first = View("a1"), second = View("a2")
        let added = stack.push(first)
        #expect(added && stack.top === first)
        let again = stack.push(first)
        #expect(!again, "on top already: the view is not added again")
        let secondAdded = stack.push(second)
        #expect(secondAdded)
        #expect(stack.elements.map(\.name) == ["a1", "a2"], "the old picture stays under the new item")
        let dropped = stack.dropBelowTop()
        #expect(dropped.map(\.name) == ["a1"] && stack.elements.map(\.name) == ["a2"])
        #expect(stack.dropBelowTop().isEmpty, "nothing under the top: nothing goes")
    }

    @Test func goingBackPutsTheEarlierViewOnTopOnce() {
        var stack = StoriesMediaStack<View>()
        let first = View("a1"), second = View("a2")
        _ = stack.push(first)
        _ = stack.push(second)
        let back = stack.push(first)
        #expect(back)
        #expect(stack.elements.map(\.name) == ["a2", "a1"], "moved, not duplicated")
    }

    @Test func aReusedPageForgetsEveryView() {
        var stack = StoriesMediaStack<View>()
        _ = stack.push(View("a1"))
        _ = stack.push(View("a2"))
        let removed = stack.removeAll()
        #expect(removed.map(\.name) == ["a1", "a2"])
        let none = stack.removeAll()
        #expect(stack.elements.isEmpty && stack.top == nil && none.isEmpty)
    }
}
