import Foundation

/// How a live (http) `storykit play` session maps the wall clock onto its clip's timeline.
///
/// The clip's timeline is virtual: frame `k` is at `k / fps` seconds, and the session steps the
/// viewer to each frame's time in turn, after waiting on the wall clock until that time has come
/// (so a slow server shows as it would to a user: the items wait for their bytes). The rules a
/// user can trust when the machine is too busy to keep up:
///
/// - The clip's clock never runs ahead of the session. A frame the session reaches late (the
///   process was starved: it waited, decoded or was descheduled past the frame's time) holds
///   the clock by the lateness: that wall time is not on the clip, exactly as a paused video.
///   So a starved process does not skip touches past loads it was still waiting for.
/// - The network's request timeouts and retry delays run on this clock too
///   (``PipelineClipTime``): the media pipeline's clock stands still with the clip's during a
///   hold, so a server that hangs or fails is given up on and retried at the same clip times as
///   on an idle machine. The bytes themselves still come in wall time: a load that ends during a
///   hold lands at the frame that ends it (earlier on the clip than on an idle machine), and a
///   hold longer than the transport's far wall-clock backstop
///   (``LiveFeedSession/backstopTimeout(for:)``, at least a minute) can still time a request out.
/// - A load's result is placed at the clip time at which it was received, as the clock then
///   stood, but never before the last frame already stepped (which did not see it) and never
///   after the frame that applies it: results are applied in order and at the times printed,
///   and nothing is printed with a time past the end of the clip.
///
/// All times are in seconds: `now` and `received` on a monotonic wall clock, the rest on the
/// clip's timeline. A value type with no clock of its own: the session passes the time in.
package struct LiveClock: Sendable, Hashable {
    /// The wall time of the clip's 0 s.
    package let origin: Double
    /// The clip's frame rate, in frames per second (at least 1).
    package let framesPerSecond: Double
    /// The wall seconds the clock held because the session reached a frame late.
    package private(set) var held = 0.0
    /// ``held`` as it stood before the last frame was reached (the clock between the two frames).
    private var heldBeforeLastFrame = 0.0
    /// How many frames the session reached more than a frame interval late (it was starved).
    package private(set) var lateFrames = 0
    /// The clip time of the last frame reached (the viewer was stepped to it), or `nil` before
    /// the first.
    package private(set) var lastFrame: Double?
    /// The clip time of the frame reached before ``lastFrame``, or `nil`.
    package private(set) var frameBefore: Double?

    /// A clock whose clip starts at wall time `origin`, for frames at `framesPerSecond`.
    package init(origin: Double, framesPerSecond: Double) {
        self.origin = origin.isFinite ? origin : 0
        self.framesPerSecond = framesPerSecond.isFinite ? max(framesPerSecond, 1) : 1
    }

    /// The clip time at wall time `now`, as the clock stands (it may be behind or ahead of the
    /// next frame's time).
    package func clipTime(atWall now: Double) -> Double {
        guard now.isFinite else { return lastFrame ?? 0 }
        return now - origin - held
    }

    /// How long to wait on the wall clock, at wall time `now`, before the frame at clip time
    /// `time` is due: 0 when it is due or late, and never longer than from the last frame reached
    /// (or the clip's start) to `time`, so a wall clock gone backwards or wild cannot make the
    /// session wait for ever.
    package func delay(until time: Double, now: Double) -> Double {
        guard time.isFinite else { return 0 }
        let wait = time - clipTime(atWall: now), gap = time - max(lastFrame ?? 0, 0)
        return max(0, min(wait.isNaN ? 0 : wait, gap))
    }

    /// The session reached the frame at clip time `time` at wall time `now` (after its wait):
    /// the clock holds by any lateness, so that the clip time at `now` is `time`. Frames reached
    /// out of order, or a `now` going backwards, move nothing back; a lateness too large for a
    /// `Double` (a wall clock gone wild) holds nothing.
    package mutating func reach(_ time: Double, now: Double) {
        guard time.isFinite, time >= (lastFrame ?? -.infinity) else { return }
        let late = clipTime(atWall: now) - time
        heldBeforeLastFrame = held
        if late > 0, (held + late).isFinite {
            held += late
            if late > 1 / framesPerSecond { lateFrames += 1 }
        }
        frameBefore = lastFrame
        lastFrame = time
    }

    /// The clip time of a load's result received at wall time `received`, applied at the last
    /// frame reached (``lastFrame``): the clip time at `received` as the clock stood then (it
    /// only holds when a frame is reached), kept between the frame before, which did not see the
    /// result, and the frame that applies it. So results received during a stall all land on
    /// the frame that ends it, in the order they came.
    package func place(received: Double) -> Double {
        let frame = lastFrame ?? 0
        let earliest = min(max(frameBefore ?? 0, 0), frame)
        guard received.isFinite else { return frame }
        return min(max(received - origin - heldBeforeLastFrame, earliest), frame)
    }

    /// A line for the end of the run when the session fell behind, else `nil`: the clip's
    /// times are the clip's, not the wall clock's.
    package var stallLine: String? {
        guard lateFrames > 0 else { return nil }
        return "the machine was too busy to keep up: the clip's clock held " + String(format: "%.3f s", held)
            + " over \(lateFrames) late frame\(lateFrames == 1 ? "" : "s") (times are the clip's)"
    }
}
