import MotionCore
import StoryKitTestSupport
import Testing

private func time(_ timing: MediaTiming, _ parentTime: Double) -> Double? {
    timing.localTime(forParentTime: parentTime)?.time
}

private func near(_ value: Double?, _ expected: Double) -> Bool {
    guard let value else { return false }
    return Approximately.equal(value, expected, absolute: 1e-9)
}

@Suite struct MediaTimingTests {
    @Test func speedScalesLocalTimeAndShortensTheActivePeriod() {
        let timing = MediaTiming(beginTime: 1, duration: 1, speed: 2, fillMode: .forwards)
        #expect(near(time(timing, 1.25), 0.5))
        #expect(timing.endTime == 1.5)
        let end = timing.localTime(forParentTime: 1.6)
        #expect(end == MediaTiming.LocalTime(time: 1, progress: 1, phase: .after))
    }

    @Test func timeOffsetShiftsThePlayheadAndWrapsButNotTheActivePeriod() {
        // Lockwood: a 1 s animation with timeOffset 0.25 starts a quarter in, wraps to the start,
        // and still plays for 1 s from its begin time.
        let timing = MediaTiming(duration: 1, timeOffset: 0.25, fillMode: .both)
        #expect(near(time(timing, 0), 0.25))
        #expect(near(time(timing, 0.5), 0.75))
        #expect(near(time(timing, 0.8), 0.05))
        #expect(timing.endTime == 1)
        #expect(near(time(timing, 1.5), 0.25))   // holds where it stopped
        #expect(near(time(timing, -1), 0.25))    // and shows where it starts
        #expect(MediaTiming(duration: 1, timeOffset: 0.25).localTime(forParentTime: -0.1) == nil)
    }

    @Test func fractionalRepeatCountStopsPartWayThroughTheLastIteration() {
        let timing = MediaTiming(duration: 2, repeatCount: 2.5, fillMode: .forwards)
        #expect(timing.activeDuration == 5)
        #expect(near(time(timing, 1.5), 1.5))
        #expect(near(time(timing, 2), 0))        // the next iteration starts at the boundary
        #expect(near(time(timing, 4.5), 0.5))
        let end = timing.localTime(forParentTime: 6)
        #expect(end == MediaTiming.LocalTime(time: 1, progress: 0.5, phase: .after))
    }

    @Test func autoreversePlaysForwardThenBackwardAndEndsAtTheStart() {
        let timing = MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards)
        #expect(timing.activeDuration == 2)
        #expect(near(time(timing, 0.25), 0.25))
        #expect(near(time(timing, 1), 1))
        #expect(near(time(timing, 1.25), 0.75))
        #expect(near(time(timing, 1.9), 0.1))
        #expect(timing.localTime(forParentTime: 3) == MediaTiming.LocalTime(time: 0, progress: 0, phase: .after))
        let twice = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true)
        #expect(twice.activeDuration == 4)
        #expect(near(time(twice, 2.5), 0.5))
        #expect(near(time(twice, 3.25), 0.75))
    }

    @Test func repeatDurationIsTheActiveDuration() {
        let timing = MediaTiming(duration: 1, repeatDuration: 1.5, fillMode: .forwards)
        #expect(timing.activeDuration == 1.5)
        #expect(near(time(timing, 1.25), 0.25))
        #expect(near(time(timing, 9), 0.5))
        // repeatCount wins when both are set.
        #expect(MediaTiming(duration: 1, repeatCount: 3, repeatDuration: 1.5).activeDuration == 3)
    }

    @Test(arguments: MediaTiming.FillMode.allCases)
    func fillModesDecideWhatShowsBeforeAndAfter(mode: MediaTiming.FillMode) {
        let timing = MediaTiming(beginTime: 1, duration: 2, fillMode: mode)
        let before = timing.localTime(forParentTime: 0.5)
        let after = timing.localTime(forParentTime: 3.5)
        #expect(timing.localTime(forParentTime: 2) == MediaTiming.LocalTime(time: 1, progress: 0.5, phase: .active))
        switch mode {
        case .removed:
            #expect(before == nil && after == nil)
        case .forwards:
            #expect(before == nil)
            #expect(after == MediaTiming.LocalTime(time: 2, progress: 1, phase: .after))
        case .backwards:
            #expect(before == MediaTiming.LocalTime(time: 0, progress: 0, phase: .before))
            #expect(after == nil)
        case .both:
            #expect(before == MediaTiming.LocalTime(time: 0, progress: 0, phase: .before))
            #expect(after == MediaTiming.LocalTime(time: 2, progress: 1, phase: .after))
        }
        #expect(before?.isFilled ?? true)
        #expect(after?.isFilled ?? true)
    }

    @Test func speedZeroPausesAtTheTimeOffsetWhateverTheParentTime() {
        let paused = MediaTiming(beginTime: 5, duration: 1, speed: 0, timeOffset: 0.3)
        for parentTime in [-100, 0, 5, 7.5, 1e9, .nan, .infinity] {
            #expect(paused.localTime(forParentTime: parentTime)
                == MediaTiming.LocalTime(time: 0.3, progress: 0.3, phase: .active))
        }
        // Scrubbing to the very end shows the end, not the start; beyond it wraps.
        #expect(near(time(MediaTiming(duration: 1, speed: 0, timeOffset: 1), 0), 1))
        #expect(near(time(MediaTiming(duration: 1, speed: 0, timeOffset: 1.5), 0), 0.5))
        #expect(paused.endTime == .infinity)
    }

    @Test func pausedLayerScrubsItsAnimationsByTimeOffset() {
        // The cube pattern: layer.speed = 0, layer.timeOffset = drag fraction, one 1 s animation.
        let animation = MediaTiming(duration: 1)
        for fraction in [0.0, 0.25, 0.6, 0.999] {
            let layer = MediaTiming(duration: .infinity, speed: 0, timeOffset: fraction)
            let local = MediaTiming.localTime(forRootTime: 12_345.6, through: [layer, animation])
            #expect(near(local?.time, fraction))
        }
        // Exactly at the end a removed-on-completion animation is gone, as in Core Animation.
        let atEnd = MediaTiming(duration: .infinity, speed: 0, timeOffset: 1)
        #expect(MediaTiming.localTime(forRootTime: 0, through: [atEnd, animation]) == nil)
        let held = MediaTiming(duration: 1, fillMode: .forwards)
        #expect(near(MediaTiming.localTime(forRootTime: 0, through: [atEnd, held])?.time, 1))
    }

    @Test func negativeSpeedPlaysTheActivePeriodBackwards() {
        let timing = MediaTiming(beginTime: 1, duration: 1, speed: -1, fillMode: .both)
        #expect(near(time(timing, 1), 1))
        #expect(near(time(timing, 1.25), 0.75))
        #expect(timing.endTime == 2)
        #expect(timing.localTime(forParentTime: 0) == MediaTiming.LocalTime(time: 1, progress: 1, phase: .before))
        #expect(timing.localTime(forParentTime: 3) == MediaTiming.LocalTime(time: 0, progress: 0, phase: .after))
        // Twice as fast over two iterations: parent 0.25 is local 1.5 (0.5 back from 2) → 0.5.
        let fast = MediaTiming(duration: 1, speed: -2, repeatCount: 2)
        #expect(near(time(fast, 0.25), 0.5))
        #expect(near(time(fast, 0.75), 0.5))
        // An open-ended time base run backwards from an offset reaches 0 and stops there.
        let rewinding = MediaTiming(beginTime: 10, duration: .infinity, speed: -1, timeOffset: 0.6,
                                    fillMode: .forwards)
        #expect(near(time(rewinding, 10.2), 0.4))
        #expect(rewinding.localTime(forParentTime: 11)?.phase == .after)
        #expect(near(time(rewinding, 11), 0))
    }

    @Test func infiniteRepeatRepeatsForever() {
        let timing = MediaTiming(duration: 1, repeatCount: .infinity)
        #expect(timing.activeDuration == .infinity)
        #expect(timing.endTime == .infinity)
        #expect(near(time(timing, 1_000_000.25), 0.25))
        #expect(time(timing, 1e300).map { $0 >= 0 && $0 <= 1 } == true)
        #expect(time(timing, .infinity).map { $0 >= 0 && $0 <= 1 } == true)
    }

    @Test func zeroDurationIsInstant() {
        let instant = MediaTiming(beginTime: 2, duration: 0, fillMode: .both)
        #expect(instant.activeDuration == 0 && instant.endTime == 2)
        #expect(instant.localTime(forParentTime: 1)?.progress == 0)
        #expect(instant.localTime(forParentTime: 2) == MediaTiming.LocalTime(time: 0, progress: 1, phase: .after))
        #expect(MediaTiming(duration: 0, autoreverses: true, fillMode: .forwards).progress(forParentTime: 1) == 0)
        #expect(MediaTiming(duration: 0, repeatCount: .infinity).activeDuration == 0)
        #expect(MediaTiming(duration: 0).localTime(forParentTime: 0) == nil)
        #expect(MediaTiming.defaultAnimationDuration == 0.25)
    }

    @Test func progressDrivesATimingCurve() {
        let timing = MediaTiming(beginTime: 0.5, duration: 2)
        #expect(timing.progress(forParentTime: 1) == 0.25)
        #expect(timing.progress(forParentTime: 3) == nil)
        let eased = TimingCurve.easeInEaseOut.value(at: timing.progress(forParentTime: 1.5) ?? 0)
        #expect(Approximately.equal(eased, 0.5, absolute: 1e-7))
    }
}

// MARK: - Nesting and sequencing

extension MediaTimingTests {
    @Test func childTimeIsTheGroupsLocalTimeAndTheGroupClipsIt() {
        let group = MediaTiming(beginTime: 1, duration: 3)
        let child = MediaTiming(beginTime: 0.5, duration: 1)
        #expect(near(group.convert(parentTime: 2), 1))
        #expect(near(MediaTiming.localTime(forRootTime: 2, through: [group, child])?.time, 0.5))
        #expect(MediaTiming.localTime(forRootTime: 1.2, through: [group, child]) == nil)  // not begun
        var waiting = child
        waiting.fillMode = .backwards
        #expect(MediaTiming.localTime(forRootTime: 1.2, through: [group, waiting])
            == MediaTiming.LocalTime(time: 0, progress: 0, phase: .before))

        // A child longer than its group is cut off where the group ends…
        let long = MediaTiming(beginTime: 0.5, duration: 5)
        #expect(near(MediaTiming.localTime(forRootTime: 3.9, through: [group, long])?.time, 2.4))
        #expect(MediaTiming.localTime(forRootTime: 4.5, through: [group, long]) == nil)
        // …or frozen there when the group fills forwards.
        var holding = group
        holding.fillMode = .forwards
        let frozen = MediaTiming.localTime(forRootTime: 4.5, through: [holding, long])
        #expect(near(frozen?.time, 2.5))
        #expect(frozen?.phase == .after)
    }

    @Test func groupSpeedAndRepeatCarryThroughToChildren() {
        let fast = MediaTiming(beginTime: 1, duration: 3, speed: 2)
        let child = MediaTiming(beginTime: 0.5, duration: 1)
        #expect(near(MediaTiming.localTime(forRootTime: 1.5, through: [fast, child])?.time, 0.5))
        let looping = MediaTiming(duration: 2, repeatCount: .infinity)
        #expect(near(MediaTiming.localTime(forRootTime: 4.75, through: [looping, child])?.time, 0.25))
        #expect(MediaTiming.localTime(forRootTime: 4.25, through: [looping, child]) == nil)
        let bouncing = MediaTiming(duration: 2, autoreverses: true)
        // Root 2.6 is group local 2 − 0.6 = 1.4 on the way back: the child plays backwards at 0.9,
        // then 0.6 at root 2.9. Group time 1.5 is the child's end instant: removed.
        #expect(near(MediaTiming.localTime(forRootTime: 2.6, through: [bouncing, child])?.time, 0.9))
        #expect(near(MediaTiming.localTime(forRootTime: 2.9, through: [bouncing, child])?.time, 0.6))
        #expect(MediaTiming.localTime(forRootTime: 2.5, through: [bouncing, child]) == nil)
    }

    @Test func emptyChainIsTheIdentity() {
        let chain: [MediaTiming] = []
        #expect(MediaTiming.localTime(forRootTime: 3.5, through: chain)
            == MediaTiming.LocalTime(time: 3.5, progress: 0, phase: .active))
    }

    @Test func sequencePlacesTimingsBackToBack() {
        let steps = MediaTiming.sequence([
            MediaTiming(duration: 0.3),
            MediaTiming(duration: 0.5, speed: 2),
            MediaTiming(duration: 1, repeatCount: 2),
        ], beginningAt: 1)
        #expect(steps.map(\.beginTime) == [1, 1.3, 1.55])
        #expect(steps[2].endTime == 3.55)
        // At every instant exactly one step plays (the first is removed when the second begins).
        #expect(steps.map { $0.localTime(forParentTime: 1.3)?.time } == [nil, 0, nil])
        #expect(near(time(steps[1], 1.4), 0.2))
        #expect(near(time(steps[2], 2.8), 0.25))
        var rng = SeededRandom(seed: 0x5E0)
        for _ in 0..<500 {
            let t = rng.double(in: 1...3.549)
            #expect(steps.filter { $0.localTime(forParentTime: t)?.phase == .active }.count == 1, "\(t)")
        }
        #expect(MediaTiming(beginTime: 2, duration: 1, speed: 0.5).followed(by: MediaTiming(duration: 1)).beginTime == 4)
        // The documentation's example.
        let documented = MediaTiming.sequence([MediaTiming(duration: 0.3), MediaTiming(duration: 0.5, speed: 2),
                                               MediaTiming(duration: 1)]).map(\.beginTime)
        #expect(zip(documented, [0, 0.3, 0.55]).allSatisfy { Approximately.equal($0, $1) })
    }

    @Test func stepsAfterANeverEndingTimingNeverBegin() {
        let steps = MediaTiming.sequence([
            MediaTiming(duration: 1, repeatCount: .infinity),
            MediaTiming(duration: 1, fillMode: .backwards),
        ])
        #expect(steps[1].beginTime == .infinity)
        #expect(steps[1].localTime(forParentTime: 1e12)?.phase == .before)
        #expect(steps[1].localTime(forParentTime: .infinity)?.time == 0)
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func hostileTimingsNeverProduceNaN(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<3_000 {
            let timing = MediaTiming(
                beginTime: rng.hostile(in: -10...10), duration: rng.hostile(in: 0...5),
                speed: rng.hostile(in: -3...3), timeOffset: rng.hostile(in: -5...5),
                repeatCount: rng.hostile(in: 0...4), repeatDuration: rng.hostile(in: 0...8),
                autoreverses: Bool.random(using: &rng),
                fillMode: MediaTiming.FillMode.allCases.randomElement(using: &rng)!)
            #expect(!timing.activeDuration.isNaN && !timing.endTime.isNaN)
            let parentTime = rng.hostile(in: -20...20)
            guard let local = timing.localTime(forParentTime: parentTime) else { continue }
            #expect(local.time.isFinite && local.time >= 0, "\(timing) at \(parentTime)")
            if timing.duration.isFinite {
                #expect(local.time <= max(timing.duration, 0) + 1e-9, "\(timing) at \(parentTime)")
            }
            #expect(local.progress >= 0 && local.progress <= 1, "\(timing) at \(parentTime)")
            let nested = MediaTiming.localTime(forRootTime: parentTime, through: [timing, timing])
            #expect(nested.map { $0.time.isFinite && $0.progress.isFinite } ?? true)
        }
    }
}
