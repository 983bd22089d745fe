import Foundation
import StoryMedia
import Testing
@testable import storykit

/// The live session's clock on a virtual wall clock: a session that keeps up runs the clip in
/// real time; one that falls behind holds the clip's clock instead of skipping ahead; results
/// land between the frame that missed them and the frame that applies them, never past the end.
@Suite struct LiveClockTests {
    /// A clock whose clip starts at wall time 100 s, at 10 frames a second.
    private func clock() -> LiveClock { LiveClock(origin: 100, framesPerSecond: 10) }

    @Test func aSessionThatKeepsUpRunsTheClipInRealTime() {
        var clock = clock()
        #expect(clock.delay(until: 0, now: 100) == 0)
        clock.reach(0, now: 100)
        #expect(abs(clock.delay(until: 0.1, now: 100.03) - 0.07) < 1e-9)
        clock.reach(0.1, now: 100.1)
        #expect(clock.held == 0 && clock.lateFrames == 0 && clock.stallLine == nil)
        #expect(clock.clipTime(atWall: 100.15) == 100.15 - 100)
        // A result received between two frames is placed when it was received.
        clock.reach(0.2, now: 100.2)
        #expect(abs(clock.place(received: 100.137) - 0.137) < 1e-9)
    }

    @Test func aStarvedSessionHoldsTheClipsClockInsteadOfSkippingAhead() {
        var clock = clock()
        clock.reach(0, now: 100)
        clock.reach(0.1, now: 100.1)
        // Descheduled for 3 s: the next frame is reached at wall 103.2, 3 s late.
        #expect(clock.delay(until: 0.2, now: 103.2) == 0)
        clock.reach(0.2, now: 103.2)
        #expect(abs(clock.held - 3) < 1e-9)
        #expect(clock.lateFrames == 1)
        // The clip resumes where it stopped: the next frame is due 0.1 s later, not at once.
        #expect(abs(clock.delay(until: 0.3, now: 103.2) - 0.1) < 1e-9)
        #expect(abs(clock.clipTime(atWall: 103.25) - 0.25) < 1e-9)
        #expect(clock.stallLine == "the machine was too busy to keep up: the clip's clock held 3.000 s over 1 late frame "
                                   + "(times are the clip's)")
    }

    @Test func resultsReceivedWhileStarvedLandOnTheFrameThatAppliesThemInOrder() {
        var clock = clock()
        clock.reach(0, now: 100)
        clock.reach(5.3, now: 105.3)
        // Frame 5.4 is reached at wall 109.9, 4.5 s late. Received 0.01 s after frame 5.3: at
        // 5.31, as the clock stood. Received 4 s into the stall: at 5.4, the frame that applies
        // it, not at 9.3 s, past a 5.5 s clip.
        clock.reach(5.4, now: 109.9)
        #expect(abs(clock.place(received: 105.31) - 5.31) < 1e-9)
        #expect(clock.place(received: 109.3) == 5.4)
        #expect(clock.place(received: 109.85) == 5.4)
        #expect(clock.place(received: .infinity) == 5.4)
        #expect(clock.place(received: .nan) == 5.4)
        // After the stall the clock runs on from 5.4: a result 0.05 s later lands at 5.45.
        clock.reach(5.5, now: 110)
        #expect(abs(clock.place(received: 109.95) - 5.45) < 1e-9)
        // One received (by a listener's stamp) before the frame that missed it: at that frame.
        #expect(clock.place(received: 109.8) == 5.4)
    }

    @Test func lateSleepsAreAbsorbedWithoutCountingAsStalls() {
        var clock = clock()
        for frame in 0..<50 {
            let time = Double(frame) / 10
            // Each wake-up 2 ms late, as a timer under a light load.
            let now = 100 + time + clock.held + 0.002
            clock.reach(time, now: now)
        }
        #expect(abs(clock.held - 0.1) < 1e-9)
        #expect(clock.lateFrames == 0 && clock.stallLine == nil)
    }

    @Test func timeGoingBackwardsOrFramesOutOfOrderMoveNothingBack() {
        var clock = clock()
        clock.reach(1, now: 104)
        let held = clock.held
        clock.reach(0.5, now: 104.5)
        #expect(clock.lastFrame == 1 && clock.held == held)
        clock.reach(1.1, now: 90)
        #expect(clock.lastFrame == 1.1 && clock.held == held)
        #expect(clock.delay(until: 1.2, now: 90) > 0)
        clock.reach(.nan, now: 200)
        clock.reach(1.2, now: .nan)
        #expect(clock.lastFrame == 1.2 && clock.held == held)
        #expect(LiveClock(origin: .nan, framesPerSecond: 0).delay(until: .infinity, now: 1) == 0)
    }

    @Test func anyWallClockKeepsTheClipsClockAndItsPlacementsInOrder() {
        var random = SplitMix64(state: 35)
        for _ in 0..<500 {
            var clock = LiveClock(origin: random.next(in: -1e3...1e3), framesPerSecond: random.next(in: 0...120))
            var wall = clock.origin
            var held = 0.0
            for frame in 0..<60 {
                let time = Double(frame) / clock.framesPerSecond
                // Wake-ups early, on time, late, very late, and a clock that steps back.
                wall += [0, 0.001, 0.03, 2.5, -0.5, .nan][Int(random.next(in: 0..<6))]
                let now = wall.isNaN ? Double.nan : wall + random.next(in: 0...0.01)
                if wall.isNaN { wall = clock.origin + time }
                #expect(clock.delay(until: time, now: now) >= 0)
                clock.reach(time, now: now)
                #expect(clock.held >= held && clock.held.isFinite)
                held = clock.held
                let placed = clock.place(received: now - random.next(in: -1...3))
                #expect(placed <= time && placed >= (frame == 0 ? 0 : Double(frame - 1) / clock.framesPerSecond) - 1e-9)
            }
        }
    }
}

/// Seeded doubles for the invariant test.
private extension SplitMix64 {
    mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    mutating func next(in range: Range<Double>) -> Double {
        min(next(in: range.lowerBound...range.upperBound), range.upperBound.nextDown)
    }
}
