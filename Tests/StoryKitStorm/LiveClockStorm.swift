import StoryMedia

/// A live `storykit play` session's clocks under storms: the clip's clock (``LiveClock``) and the
/// media pipeline's clock on it (``PipelineClipTime``), driven by a frame loop that reaches its
/// frames early, on time, late or out of order, on a wall clock that jumps, stalls, goes backwards
/// or becomes NaN, while load results arrive and the pipeline reads its time and waits.
///
/// Invariants after every step: the hold is finite, never negative and never shrinks; the last
/// frame reached never goes back, and a frame reached at a finite wall time is never behind the
/// clip's clock (the clock held by any lateness a `Double` can hold); a stale frame moves nothing; a result is
/// placed between the frame before and the frame that applies it; a frame's delay is finite, never
/// negative and never longer than from the last frame to it; the pipeline's time is finite, never goes backwards, equals the wall time
/// less the hold, capped at the next frame's time, whenever that is ahead of what it read
/// before, and so never passes the next frame before the session reaches it; a wait is nil
/// exactly when the target is reached, else positive, and at least
/// ``PipelineClipTime/standingWait`` while the clock stands at the next frame.
public enum LiveClockStorm: StormSubject {
    public struct Setup: Sendable {
        var origin: Double, framesPerSecond: Double
    }

    public enum Step: Sendable {
        /// The wall clock moves by this many seconds (negative, NaN and infinite included).
        case advance(Double)
        /// The frame loop reaches its next frame.
        case reachNext
        /// The frame loop reaches a frame this many frames before the next one again.
        case reachStale(Int)
        /// A load's result is received now.
        case receive
        /// The pipeline reads its time.
        case read
        /// The pipeline asks how long to wait for its time to advance by this many seconds.
        case wait(Double)
        /// The clip ends (or is interrupted).
        case end
    }

    public static let name = "LiveClock"

    public static func makeSetup(_ random: inout StormRandom) -> Setup {
        Setup(origin: random.double(-1_000...100_000, hostility: 0.1), framesPerSecond: random.double(1...240, hostility: 0.2))
    }

    public static func makeStep(_ random: inout StormRandom, clock: inout Double) -> Step {
        switch random.int(in: 0...11) {
        case 0...3: .advance(random.chance(0.9) ? random.double(in: 0...0.1) : random.double(-2...10, hostility: 0.3))
        case 4...6: .reachNext
        case 7: .reachStale(random.int(in: 1...3))
        case 8: .receive
        case 9: .read
        case 10: .wait(random.double(0...3, hostility: 0.2))
        default: random.chance(0.1) ? .end : .read
        }
    }

    public static func run(_ setup: Setup, _ steps: [Step]) -> StormViolation? {
        var timeline = LiveClock(origin: setup.origin, framesPerSecond: setup.framesPerSecond)
        var pipeline = PipelineClipTime()
        var wall = setup.origin
        var next = 0                     // the index of the next frame
        var ended = false
        for (index, step) in steps.enumerated() {
            func fail(_ message: String) -> StormViolation { StormViolation(step: index, message: message) }
            let before = timeline, readBefore = pipeline.lastRead
            let frameTime = Double(next) / timeline.framesPerSecond
            switch step {
            case .advance(let seconds):
                wall += seconds
            case .reachNext:
                let delay = timeline.delay(until: frameTime, now: wall)
                if !delay.isFinite || delay < 0 || delay > frameTime - Swift.max(timeline.lastFrame ?? 0, 0) {
                    return fail("a delay of \(delay) s before frame \(next) at \(frameTime) s (last frame \(String(describing: timeline.lastFrame)))")
                }
                timeline.reach(frameTime, now: wall)
                if timeline.lastFrame != frameTime { return fail("frame \(next) at \(frameTime) s reached, the last frame is \(String(describing: timeline.lastFrame))") }
                // Within rounding at the size of the numbers subtracted (wall − origin − held).
                let scale = Swift.max(1, abs(wall), abs(timeline.origin), timeline.held)
                if (wall - timeline.origin).isFinite, timeline.clipTime(atWall: wall) > frameTime + 1e-12 * scale {
                    return fail("frame \(frameTime) s reached at a clip time of \(timeline.clipTime(atWall: wall)) s: the clip ran ahead")
                }
                next += 1
                if !ended { pipeline.follow(timeline) }
            case .reachStale(let back):
                let time = Double(next - back) / timeline.framesPerSecond
                guard let last = timeline.lastFrame, time < last else { break }
                timeline.reach(time, now: wall)
                if timeline != before { return fail("a stale frame at \(time) s (last \(last) s) moved the clock") }
            case .receive:
                let placed = timeline.place(received: wall)
                let frame = timeline.lastFrame ?? 0, earliest = Swift.min(Swift.max(timeline.frameBefore ?? 0, 0), frame)
                if !placed.isFinite || placed < earliest || placed > frame {
                    return fail("a result received at \(wall) placed at \(placed) s, outside \(earliest)…\(frame) s")
                }
            case .read:
                let time = pipeline.read(atWall: wall)
                if !time.isFinite { return fail("the pipeline read \(time)") }
                if time < readBefore { return fail("the pipeline's time went back from \(readBefore) to \(time)") }
                let expected = Swift.min(wall - pipeline.held, pipeline.ceiling)
                if expected.isFinite, expected > readBefore, time != expected {
                    return fail("the pipeline read \(time) at wall \(wall), held \(pipeline.held) and ceiling \(pipeline.ceiling): expected \(expected)")
                }
                if time > Swift.max(pipeline.ceiling, readBefore) {
                    return fail("the pipeline's time \(time) passed the next frame's \(pipeline.ceiling) before the session reached it")
                }
            case .wait(let seconds):
                let start = Swift.max(pipeline.lastRead, 0)
                let target = start + seconds
                guard let wait = pipeline.wait(until: target, atWall: wall) else {
                    if target.isFinite, pipeline.lastRead < target { return fail("no wait for \(target), the time is \(pipeline.lastRead)") }
                    break
                }
                if !(wait > 0) || wait > PipelineClipTime.longestWait { return fail("a wait of \(wait) s for \(target)") }
                if pipeline.lastRead >= target { return fail("a wait of \(wait) s for \(target), reached at \(pipeline.lastRead)") }
                if pipeline.lastRead >= pipeline.ceiling, wait < PipelineClipTime.standingWait {
                    return fail("a wait of \(wait) s while the clock stands at the next frame")
                }
            case .end:
                pipeline.end()
                ended = true
            }
            if !timeline.held.isFinite || timeline.held < 0 || timeline.held < before.held {
                return fail("the hold went from \(before.held) to \(timeline.held) s")
            }
            if let last = before.lastFrame, (timeline.lastFrame ?? -.infinity) < last {
                return fail("the last frame went back from \(last) to \(String(describing: timeline.lastFrame))")
            }
            if pipeline.lastRead < readBefore { return fail("the pipeline's last read went back") }
        }
        return nil
    }

    public static func simplifications(of step: Step) -> [Step] {
        switch step {
        case .advance(let seconds) where seconds != seconds.rounded() && seconds.isFinite: [.advance(seconds.rounded())]
        case .wait(let seconds) where seconds != 1: [.wait(1)]
        case .reachStale(let back) where back > 1: [.reachStale(1)]
        default: []
        }
    }

    public static func code(_ setup: Setup, _ steps: [Step]) -> String {
        var lines = ["var timeline = LiveClock(origin: \(swiftLiteral(setup.origin)), framesPerSecond: \(swiftLiteral(setup.framesPerSecond)))",
                     "var pipeline = PipelineClipTime()", "var wall = \(swiftLiteral(setup.origin)), next = 0"]
        for step in steps {
            switch step {
            case .advance(let seconds): lines.append("wall += \(swiftLiteral(seconds))")
            case .reachNext:
                lines.append("timeline.reach(Double(next) / timeline.framesPerSecond, now: wall); next += 1; pipeline.follow(timeline)")
            case .reachStale(let back): lines.append("timeline.reach(Double(next - \(back)) / timeline.framesPerSecond, now: wall)")
            case .receive: lines.append("_ = timeline.place(received: wall)")
            case .read: lines.append("_ = pipeline.read(atWall: wall)")
            case .wait(let seconds): lines.append("_ = pipeline.wait(until: max(pipeline.lastRead, 0) + \(swiftLiteral(seconds)), atWall: wall)")
            case .end: lines.append("pipeline.end()")
            }
        }
        return lines.joined(separator: "\n")
    }
}
