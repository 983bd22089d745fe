@testable import StoryKitUI
import Testing

@Suite struct StoryResourceRequestTableTests {
    @Test func aCancelledRequestIsNeverAnswered() {
        var table = StoryResourceRequestTable<Int, String>()
        table.begin(1, handle: "task 1")
        #expect(table.mayAnswer(1) && table.pending(1) == "task 1")
        #expect(table.cancel(1) == "task 1")
        #expect(table.pending(1) == nil)
        #expect(!table.mayAnswer(1))
        #expect(table.finish(1) == nil, "its task's late finish is dropped")
        #expect(table.cancel(1) == nil)
        table.forget(1)
        #expect(table.phase(of: 1) == nil)
    }

    @Test func finishingTwiceIsANoOp() {
        var table = StoryResourceRequestTable<Int, String>()
        table.begin(1, handle: "task 1")
        #expect(table.finish(1) == "task 1")
        #expect(table.finish(1) == nil)
        #expect(!table.mayAnswer(1))
        #expect(table.cancel(1) == nil, "a finished request is not cancelled")
    }

    @Test func closingFinishesEveryPendingRequestOnce() {
        var table = StoryResourceRequestTable<Int, String>()
        table.begin(1, handle: "a")
        table.begin(2, handle: "b")
        table.begin(3, handle: "c")
        _ = table.cancel(2)
        let closed = table.finishAll().map(\.key).sorted()
        #expect(closed == [1, 3])
        #expect(table.pendingCount == 0)
        #expect(table.finish(1) == nil && table.finish(3) == nil && !table.mayAnswer(2))
        #expect(table.finishAll().isEmpty)
    }
}
