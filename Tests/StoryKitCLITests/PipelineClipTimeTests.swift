import Foundation
import StoryMedia
import Testing
@testable import storykit

/// The media pipeline's clock on a live session's clip, on a virtual wall clock: it runs with
/// the wall less what the clip's clock held, stands at the next frame while the session is late
/// reaching it, never goes backwards, and a pipeline's wait ends only once the clip's time has
/// moved on by the wait.
@Suite struct PipelineClipTimeTests {
    /// A clip starting at wall time 100 s, at 10 frames a second.
    private func timeline() -> LiveClock { LiveClock(origin: 100, framesPerSecond: 10) }

    @Test func beforeTheClipThePipelinesTimeIsTheWallsAndItStandsAtTheFirstFrameUntilTheSessionReachesIt() {
        var time = PipelineClipTime()
        #expect(time.read(atWall: 95) == 95)                  // the avatars, before the clip
        let timeline = timeline()
        time.follow(timeline)
        // The session is 2 s late reaching frame 0 (wall 100): the pipeline's clock stands there.
        #expect(time.read(atWall: 101) == 100)
        #expect(time.read(atWall: 102) == 100)
    }

    @Test func aHoldOfTheClipsClockHoldsThePipelinesClockAtTheNextFrame() {
        var timeline = timeline()
        var time = PipelineClipTime()
        timeline.reach(0, now: 100)
        timeline.reach(0.1, now: 100.1)
        time.follow(timeline)
        #expect(abs(time.read(atWall: 100.15) - 100.15) < 1e-9)   // keeping up: the wall's time
        // Descheduled from wall 100.15 to 103.2: the pipeline's clock stops at frame 0.2 (wall 100.2).
        #expect(abs(time.read(atWall: 101) - 100.2) < 1e-9)
        #expect(abs(time.read(atWall: 103.19) - 100.2) < 1e-9)
        // The session reaches frame 0.2 at 103.2 (held 3 s): the clock goes on from there.
        timeline.reach(0.2, now: 103.2)
        time.follow(timeline)
        #expect(abs(time.held - 3) < 1e-9)
        #expect(abs(time.read(atWall: 103.25) - 100.25) < 1e-9)
        // After the clip it runs with the wall again, less what was held.
        time.end()
        #expect(abs(time.read(atWall: 110) - 107) < 1e-9)
    }

    @Test func itNeverGoesBackwardsWhateverTheWallSays() {
        var time = PipelineClipTime()
        #expect(time.read(atWall: .nan) == 0)
        #expect(time.read(atWall: 50) == 50)
        #expect(time.read(atWall: 40) == 50)                   // the wall went back
        #expect(time.read(atWall: .nan) == 50)
        #expect(time.read(atWall: .infinity) == 50)
        #expect(time.read(atWall: -.infinity) == 50)
        // Following a clip that starts before the last reading (its origin was read just before).
        time.follow(LiveClock(origin: 49, framesPerSecond: 10))
        #expect(time.read(atWall: 51) == 50)
    }

    @Test func aWaitSleepsTheClipTimeStillMissingAndLooksAgainWhileTheClockStands() {
        var timeline = timeline()
        var time = PipelineClipTime()
        timeline.reach(0, now: 100)
        time.follow(timeline)
        // Keeping up: 0.05 s of wall time is 0.05 s of clip time.
        #expect(abs((time.wait(until: 100.08, atWall: 100.03) ?? 0) - 0.05) < 1e-9)
        #expect(time.wait(until: 100.08, atWall: 100.08) == nil)
        // A target past the next frame (wall 100.1), while the session is late reaching it: the
        // clock stands, so the wait is what is missing from there, never below the standing wait.
        #expect(abs((time.wait(until: 101, atWall: 102) ?? 0) - 0.9) < 1e-9)
        #expect(time.wait(until: 100.1 + 1e-6, atWall: 102) == PipelineClipTime.standingWait)
        // Targets that are not finite end the wait at once.
        #expect(time.wait(until: .nan, atWall: 102) == nil)
        #expect(time.wait(until: .infinity, atWall: 102) == nil)
    }

    @Test func aPipelineSleepEndsOnlyOnceTheClipsClockHasMovedOnByItsLength() async throws {
        // A virtual wall clock: the pipeline's first wall sleep returns 3 s late, the process
        // descheduled, before the frame loop could reach its next frame; after it, the frame loop
        // first reaches that frame (3 s late: the clip's clock holds), then each frame when due.
        let wall = Locked(100.0)
        let cell = Locked(PipelineClipTime())
        let sleeps = Locked<[Double]>([])
        let timelines = Locked(timeline())
        timelines.withLock { $0.reach(0, now: 100) }
        cell.withLock { $0.follow(timelines.value) }
        @Sendable func reachDueFrames() {
            let now = wall.value
            timelines.withLock { timeline in
                var next = (timeline.lastFrame ?? 0) + 0.1
                while next - 1e-9 <= timeline.clipTime(atWall: now) {
                    timeline.reach(next, now: now)
                    next += 0.1
                }
            }
            cell.withLock { $0.follow(timelines.value) }
        }
        let wallClock = MediaPipeline.Clock(now: { wall.value }, sleep: { seconds in
            let first = sleeps.withLock { $0.append(seconds); return $0.count == 1 }
            if first { return wall.withLock { $0 += 3 } }
            reachDueFrames()
            var left = seconds
            while left > 0 {
                let step = min(left, 0.1)
                wall.withLock { $0 += step }
                left -= step
                reachDueFrames()
            }
        })
        let clock = MediaPipeline.Clock.clip(of: cell, wall: wallClock)
        let start = clock.now()
        try await clock.sleep(1)
        // 1 s of clip time went by, though the wall went 3.9 s: the hold did not count. The
        // wait after the stall found the clock standing at the next frame and slept the rest.
        #expect(abs(clock.now() - start - 1) < 1e-6)
        #expect(abs(wall.value - 103.9) < 1e-6)
        #expect(sleeps.value.first == 1)
        #expect(sleeps.value.count >= 2 && abs(sleeps.value[1] - 0.9) < 1e-6, "\(sleeps.value)")
        // A wait of nothing, or of NaN, returns at once.
        let count = sleeps.value.count
        try await clock.sleep(.nan)
        try await clock.sleep(0)
        #expect(sleeps.value.count == count)
    }

    /// Seeded random runs (a storm in small: the type lives in the command line's target, which
    /// the storm suite cannot import): a frame loop that reaches its frames on time, late or
    /// after a long stall, walls that go back, repeat or are not finite, waits and reads in
    /// between. The pipeline's time never goes back, never passes the next frame before the
    /// session reaches it, is the frame's time when the session reaches it, and a wait is
    /// positive exactly while its target is ahead.
    @Test func randomRunsKeepTheClockMonotonicBoundedByTheNextFrameAndTheWaitsConsistent() {
        var random = SeededRandom(state: 0xC10C)
        for run in 0..<2_000 {
            let origin = random.double(in: -1_000...1_000)
            var timeline = LiveClock(origin: origin, framesPerSecond: [1, 10, 30, 60][random.int(4)])
            var time = PipelineClipTime()
            var wall = origin - random.double(in: 0...5)
            var last = -Double.infinity
            func check(_ reading: Double, _ what: String) -> Bool {
                defer { last = Swift.max(last, reading) }
                guard reading.isFinite, reading >= last else {
                    Issue.record("run \(run), \(what): \(reading) after \(last)")
                    return false
                }
                return true
            }
            guard check(time.read(atWall: wall), "before the clip") else { return }
            time.follow(timeline)
            for step in 0..<60 {
                let frame = Double(step) / timeline.framesPerSecond
                // The wall moves on to the frame's time, or late (a stall), or says something odd.
                switch random.int(6) {
                case 0: wall += random.double(in: 0...8)
                case 1: wall -= random.double(in: 0...1)
                case 2: _ = time.read(atWall: [.nan, .infinity, -.infinity][random.int(3)])
                default: wall = Swift.max(wall, timeline.origin + timeline.held + frame)
                }
                let before = time.read(atWall: wall)
                guard check(before, "step \(step) before reaching \(frame)") else { return }
                guard before <= time.ceiling + 1e-9 else {
                    Issue.record("run \(run) step \(step): \(before) past the next frame's \(time.ceiling)")
                    return
                }
                let late = wall - timeline.origin - timeline.held - frame
                timeline.reach(frame, now: wall)
                time.follow(timeline)
                let reached = time.read(atWall: wall)
                guard check(reached, "step \(step) at \(frame)") else { return }
                if late >= 0 {
                    // Reached on time or late: the pipeline's time is the frame's.
                    #expect(abs(reached - (origin + frame)) < 1e-6, "run \(run) step \(step): \(reached) at frame \(frame)")
                }
                // A wait for a target a little ahead or behind: positive exactly while it is ahead.
                let target = reached + random.double(in: -0.5...2)
                var probe = time
                if let wait = probe.wait(until: target, atWall: wall) {
                    #expect(wait > 0 && wait.isFinite && target > reached, "run \(run) step \(step)")
                } else {
                    #expect(target <= reached, "run \(run) step \(step)")
                }
            }
        }
    }
}

/// A small seeded generator for the random runs (xorshift64*).
private struct SeededRandom {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A uniform integer in 0..<count.
    mutating func int(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    /// A uniform double in `range`.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
