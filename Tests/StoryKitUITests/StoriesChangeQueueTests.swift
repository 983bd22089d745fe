@testable import StoryKitUI
import Testing

/// The controller's model changes: one at a time, a change asked for mid-draw after the one being
/// applied and its events, a change asked for from an event's callback at once.
@Suite struct StoriesChangeQueueTests {
    /// Replays the controller's `perform` over a log: each change may ask for more while it is
    /// applied (`during`) or while its events are reported (`fromEvents`).
    struct Controller {
        var queue = StoriesChangeQueue<String>()
        var log: [String] = []
        var during: [String: [String]] = [:]
        var fromEvents: [String: [String]] = [:]

        mutating func perform(_ change: String) {
            guard queue.start(change) else { return }
            log.append("apply \(change)")
            for more in during[change] ?? [] { perform(more) }
            queue.applied()
            log.append("report \(change)")
            for more in fromEvents[change] ?? [] { perform(more) }
            if let next = queue.next() { perform(next) }
        }
    }

    @Test func aChangeAskedForWhileAnotherIsAppliedRunsAfterItsEvents() {
        var controller = Controller()
        controller.during = ["frame": ["report 1", "report 2"]]
        controller.perform("frame")
        #expect(controller.log == ["apply frame", "report frame", "apply report 1", "report report 1",
                                   "apply report 2", "report report 2"])
        #expect(!controller.queue.isApplying && controller.queue.pending.isEmpty)
    }

    @Test func aChangeAskedForFromAnEventRunsAtOnce() {
        var controller = Controller()
        controller.during = ["tap": ["report"]]
        controller.fromEvents = ["tap": ["pause"]]
        controller.perform("tap")
        #expect(controller.log == ["apply tap", "report tap", "apply pause", "report pause", "apply report", "report report"],
                "the delegate's pause before the waiting media report")
    }

    @Test func nothingWaitsWhenNothingIsApplied() {
        var queue = StoriesChangeQueue<Int>()
        let now = queue.start(1)
        #expect(now && queue.isApplying)
        let waits = queue.start(2)
        #expect(!waits && queue.pending == [2])
        queue.applied()
        let next = queue.next(), after = queue.next()
        #expect(next == 2 && after == nil)
    }
}
