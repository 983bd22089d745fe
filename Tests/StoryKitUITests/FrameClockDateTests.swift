@testable import StoryKitUI
import StoryKit
import Testing

/// Posts' ages come from the frame clock, tied once to the wall clock.
@Suite struct FrameClockDateTests {
    @Test func datesAdvanceWithTheFrameClock() {
        let clock = FrameClockDate(secondsSince1970: 1_700_000_000, frameTime: 5_000)
        #expect(clock.secondsSince1970(atFrameTime: 5_000) == 1_700_000_000)
        #expect(clock.secondsSince1970(atFrameTime: 5_000 + 7_200) == 1_700_007_200)
    }

    @Test func anAgeIsReadAtTheFrameTime() {
        // A post made at 1_700_000_000 is "2h" old two hours later on the frame clock.
        let clock = FrameClockDate(secondsSince1970: 1_700_000_000, frameTime: 100)
        let now = clock.secondsSince1970(atFrameTime: 100 + 2 * 3_600)
        #expect(StoriesViewer.relativeTime(since: 1_700_000_000, now: now) == "2h")
    }

    @Test func aNonFiniteReadingFallsBackToTheFrameClock() {
        let clock = FrameClockDate(secondsSince1970: .nan, frameTime: 3)
        #expect(clock.secondsSince1970(atFrameTime: 10) == 10)
    }
}
