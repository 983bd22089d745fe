import Foundation
import StoryKit

/// A ``GestureScript`` played into a ``CubePager`` frame by frame, as a display link would: the
/// one replay loop behind the demo reel's cube clip and `storykit render cube`.
///
/// Each ``step(to:)`` feeds the script's touches up to the frame time to the pager (in time
/// order, each at its own time), then advances the settle to the frame time, and returns the
/// page events with the time they happened: a touch's events at the touch's time, a settle's
/// completion at the settle's end (``CubePager/settleEndTime``), not at the frame that noticed it,
/// so the times do not depend on the frame rate.
///
/// What a frame shows is ``shownPager``: the pager with the finger where it is at the frame time,
/// on the straight line between the samples around it. Touches and frames rarely share a clock
/// (60 Hz touches at 24, 25 or 50 frames/s; times written rounded), and a frame that showed only
/// the last sample would step 2, 3, 2, 3 samples at a time. The model itself (its events, its
/// release velocity) sees only the script's own touches.
///
/// ```swift
/// var replay = CubeReplay(script: script, pager: CubePager(pageCount: 3, pageSize: page))
/// for frame in 0..<frameCount {
///     let events = replay.step(to: Double(frame) / 30)
///     draw(replay.shownPager.scene { contents($0) })
/// }
/// ```
struct CubeReplay: Sendable {
    /// A page event and when it happened, in seconds on the script's clock.
    struct TimedEvent: Sendable, Hashable, CustomStringConvertible {
        /// When it happened, in seconds.
        var time: Double
        /// What happened.
        var event: CubePager.Event

        /// One line for the command line, e.g. ` 0.442 s  willChangePage(from: 0, to: 1)`.
        var description: String {
            let name: String
            switch event {
            case let .willChangePage(from, to): name = "willChangePage(from: \(from), to: \(to))"
            case let .didChangePage(index): name = "didChangePage(\(index))"
            case let .didCancelPageChange(from, to): name = "didCancelPageChange(from: \(from), to: \(to))"
            case .pastEnd: name = "pastEnd"
            }
            return String(format: "%7.3f s  ", time) + name
        }
    }

    /// The script's touches fed into the pager: the loop every replay shares.
    private var touches: TouchReplay<CubePager>
    /// The pager, as it stands after the last ``step(to:)``: the script's touches up to that
    /// time, and the settle advanced to it.
    var pager: CubePager { touches.model }
    /// The pager as the frame of the last ``step(to:)`` shows it: ``pager`` with the finger moved
    /// on to where it is at the frame time (``finger(at:)``); ``pager`` itself when the finger is
    /// up or resting.
    private(set) var shownPager: CubePager
    /// The touches being replayed, in time order.
    var script: GestureScript { touches.script }

    /// Prepares to replay `script` into `pager` from its current state.
    init(script: GestureScript, pager: CubePager) {
        touches = TouchReplay(script: script, model: pager)
        shownPager = pager
    }

    /// The longest pause between two samples of a moving finger, in seconds (see
    /// ``TouchReplay/longestMovingGap``).
    static var longestMovingGap: Double { TouchReplay<CubePager>.longestMovingGap }

    /// Feeds every touch with `time ≤ time` not yet fed, then advances the pager to `time`, and
    /// sets ``shownPager``.
    ///
    /// - Parameter time: The frame time, in seconds on the script's clock; call with increasing
    ///   times.
    /// - Returns: The page events of this step, in order, with the times they happened.
    mutating func step(to time: Double) -> [TimedEvent] {
        var timed: [TimedEvent] = []
        while true {
            let settleEnd = pager.settleEndTime
            guard let (touch, events) = touches.feedNextTouch(through: time) else { break }
            // A touch-down after the settle ended reports that settle's completion, at its end.
            let completion = touch.phase == .began ? settleEnd.flatMap { $0 <= touch.time ? $0 : nil } : nil
            timed += events.map { TimedEvent(time: completion ?? touch.time, event: $0) }
        }
        let settleEnd = pager.settleEndTime
        timed += touches.step(to: time).map { TimedEvent(time: min(settleEnd ?? time, time), event: $0.event) }
        shownPager = pager
        if let finger = finger(at: time) { shownPager.touchMoved(to: finger, time: time) }
        return timed
    }

    /// Where the finger is at `time` (``TouchReplay/finger(at:)``).
    func finger(at time: Double) -> Point? { touches.finger(at: time) }

    /// When the replay comes to rest: the end of the settle the script's last touch leaves
    /// running, or the last touch's time when nothing is settling then, in seconds.
    ///
    /// Computed on a copy; this replay is not changed. The pager has no hidden clock, so stepping
    /// straight to the last touch gives the same state as stepping there frame by frame.
    func restTime() -> Double {
        var copy = self
        let last = script.duration
        _ = copy.step(to: last)
        return max(last, copy.pager.settleEndTime ?? last)
    }
}

// MARK: - CubeReplay + Reel script

extension CubeReplay {
    /// The demo reel's touches on a page of `pageSize` points: a 40 % drag released slowly (the
    /// cube turns back), two flicks forward, and a drag past the last page that rubber-bands.
    ///
    /// The finger works at 80 % of the page width, mid-height; the default script of
    /// `storykit render cube` (about 4.6 s).
    static func reelScript(pageSize page: Size) -> GestureScript {
        let x = page.width * 0.8, y = page.height / 2
        func drag(_ dx: Double, at start: Double, over duration: Double, hold: Double = 0) -> GestureScript {
            .drag(from: Point(x: x, y: y), to: Point(x: x + dx, y: y + 3), start: start, duration: duration,
                  holdBeforeRelease: hold)
        }
        return GestureScript(events:
            drag(-0.4 * page.width, at: 0.3, over: 0.45, hold: 0.15).events      // 40 %, slow, released: back
            + drag(-70, at: 1.8, over: 0.08).events                               // flick: next page
            + drag(-70, at: 3.0, over: 0.08).events                               // flick: last page
            + drag(-0.55 * page.width, at: 4.2, over: 0.4).events)                // past the end: rubber band
    }
}
