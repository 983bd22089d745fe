import Foundation

/// The clip's clock as a live session's media pipeline reads it (its request timeouts and retry
/// delays), so that the network gets the same clip time whatever the machine's load: a hold of
/// the clip's clock (``LiveClock``) holds the network's timeouts and backoffs too.
///
/// The pipeline's time is the wall time minus the seconds the clip's clock held, and never
/// passes the wall time (on that scale) of the session's next frame until the session reaches
/// it: while the process is starved, the clip's clock stands still at that frame, and the
/// pipeline's with it, however late the frame loop runs. Outside the clip (the avatars before
/// it, the summary after it) the pipeline's time runs with the wall clock, less what was held.
/// It never goes backwards.
///
/// All times are in seconds, on the session's monotonic wall clock's scale. A value type with no
/// clock of its own: the session passes the time in.
package struct PipelineClipTime: Sendable, Hashable {
    /// The wall seconds the clip's clock has held so far (``LiveClock/held``).
    package private(set) var held = 0.0
    /// The latest pipeline time before the session reaches its next frame: the wall time of
    /// that frame's clip time with nothing more held; infinity outside the clip.
    package private(set) var ceiling = Double.infinity
    /// The last time read (the time never goes back below it).
    package private(set) var lastRead = -Double.infinity
    /// A clock that has held nothing and runs with the wall clock (before the clip).
    package init() {}
    /// The least wall time to wait again while the clock stands at its ceiling (the session is
    /// late reaching its next frame), in seconds: a waiting pipeline looks again this often.
    package static let standingWait = 0.01
    /// The longest wall time one wait asks for, in seconds (a day, as the clip clock's sleep caps it).
    package static let longestWait = 86_400.0

    /// Follows the session's clock: its hold, and its next frame (the frame after the last one
    /// reached, or the first frame, 0 s, before any), at which the pipeline's clock stops until
    /// the session reaches it.
    package mutating func follow(_ timeline: LiveClock) {
        held = timeline.held
        ceiling = timeline.origin + (timeline.lastFrame.map { $0 + 1 / timeline.framesPerSecond } ?? 0)
    }

    /// The clip is over (or interrupted): the pipeline's clock runs with the wall clock again,
    /// less what was held.
    package mutating func end() {
        ceiling = .infinity
    }

    /// The pipeline's time at wall time `now`: `now − held`, at most ``ceiling``, never below a
    /// time read before (`now` going backwards or not finite reads the last time again; a first
    /// read at a time that is not finite reads 0 s, or the next frame's time if that is earlier).
    package mutating func read(atWall now: Double) -> Double {
        let time = Swift.min(now - held, ceiling)
        guard time.isFinite || lastRead == -.infinity else { return lastRead }
        lastRead = Swift.max(lastRead, time.isFinite ? time : Swift.min(0, ceiling))
        return lastRead
    }

    /// The wall seconds to sleep at wall time `now` before the pipeline's time reaches
    /// `target`, or `nil` when it has: the time still missing (wall time goes at least as fast
    /// as the pipeline's), at least ``standingWait`` while the clock stands at its ceiling. A
    /// target that is not finite is reached at once. A wait is at most ``longestWait`` (a gap
    /// too wide for a `Double`, such as from the most negative time to a far target, would
    /// otherwise be infinite, and a clock's sleep returns at once on an infinite wait).
    package mutating func wait(until target: Double, atWall now: Double) -> Double? {
        guard target.isFinite else { return nil }
        let time = read(atWall: now)
        guard time < target else { return nil }
        return Swift.min(Swift.max(target - time, time >= ceiling ? Self.standingWait : 0), Self.longestWait)
    }
}

extension MediaPipeline.Clock {
    /// A media pipeline's clock on a live session's clip: its `now` is `cell`'s pipeline time
    /// at `wall`'s time, its `sleep(d)` returns once that time has advanced by `d` (sleeping on
    /// `wall` again while the clip's clock holds), and its `date` is `wall`'s. The session's
    /// frame loop updates `cell` as it reaches each frame.
    package static func clip(of cell: Locked<PipelineClipTime>, wall: MediaPipeline.Clock) -> MediaPipeline.Clock {
        MediaPipeline.Clock(now: { cell.withLock { $0.read(atWall: wall.now()) } }, sleep: { seconds in
            guard seconds.isFinite, seconds > 0 else { return try Task.checkCancellation() }
            let target = cell.withLock { $0.read(atWall: wall.now()) } + Swift.min(seconds, 86_400)
            while let wait = cell.withLock({ $0.wait(until: target, atWall: wall.now()) }) {
                try await wall.sleep(wait)
            }
            try Task.checkCancellation()
        }, date: wall.date)
    }
}
