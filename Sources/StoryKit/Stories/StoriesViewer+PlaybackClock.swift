import MotionCore

// MARK: - StoriesViewer.PlaybackClock

extension StoriesViewer {
    /// The current item's clock as a model of its own: the seconds shown so far and the bar's
    /// fill, which never goes backwards within an item, even when a video's length changes.
    ///
    /// The viewer holds one for the item that plays and forwards to it: it runs the clock while
    /// nothing holds playback (``run(for:duration:)``), follows the video's playhead and end,
    /// tells it when the length changes, and restarts it for every item shown. Lengths come from
    /// ``length(of:imageDuration:reported:)``. Seconds throughout.
    ///
    /// ```swift
    /// var clock = StoriesViewer.PlaybackClock()
    /// clock.run(for: 2.5, duration: 5)       // nil: still playing
    /// clock.progress(duration: 5)            // 0.5
    /// clock.run(for: 4, duration: 5)         // 2.5: the item ended 2.5 s in
    /// ```
    struct PlaybackClock: Sendable, Hashable {
        /// Seconds of the current item shown so far, never more than its length once known.
        private(set) var elapsed = 0.0
        /// Where the bar stood when the item's length last changed; `nil` while it has not since
        /// the item started.
        private(set) var anchor: ProgressAnchor?

        /// The length of `item`, in seconds, if known: its own duration, else `imageDuration` for
        /// an image and the media's `reported` length for a video; clamped to 0.1 s…1 day.
        /// `reported` is read only for a video without its own duration (it is a lookup).
        static func length(of item: StoryItem, imageDuration: Double, reported: @autoclosure () -> Double?) -> Double? {
            let raw: Double?
            if let own = item.duration, own.isFinite, own > 0 {
                raw = own
            } else if item.kind == .image {
                raw = imageDuration
            } else {
                raw = reported()
            }
            return raw.map { Swift.min(Swift.max($0, 0.1), 86_400) }
        }

        /// The bar's fill for an item `duration` seconds long, 0…1 (0 while the length is not
        /// known): `elapsed / duration`, or, after a length change, the rest filled from where
        /// the bar stood at the pace that reaches the end with the item's new end.
        func progress(duration: Double?) -> Double {
            guard let duration else { return 0 }
            let fraction: Double
            if let anchor, duration > anchor.elapsed {
                fraction = anchor.fraction + (1 - anchor.fraction) * (elapsed - anchor.elapsed) / (duration - anchor.elapsed)
            } else if anchor != nil {
                fraction = 1
            } else {
                fraction = elapsed / duration
            }
            return Swift.min(Swift.max(fraction.finite(or: 0), 0), 1)
        }

        /// Whether the item has been shown long enough to count as seen: `seenAfter` seconds, or
        /// its whole `duration` if that is shorter.
        func isSeen(duration: Double, seenAfter: Double) -> Bool {
            elapsed >= Swift.min(seenAfter, duration)
        }

        /// A new item starts: nothing shown, the bar empty.
        mutating func restart() {
            elapsed = 0
            anchor = nil
        }

        /// Plays for up to `available` seconds of an item `duration` seconds long.
        ///
        /// - Returns: `nil` when the item plays through all of `available`; else the seconds it
        ///   took to reach the item's end (at least 0), where the clock now stands.
        mutating func run(for available: Double, duration: Double) -> Double? {
            let remaining = duration - elapsed
            if remaining > available {
                elapsed += available
                return nil
            }
            elapsed = duration
            return Swift.max(remaining, 0)
        }

        /// The video's playhead reported `seconds` on an item `duration` seconds long: the clock
        /// catches up with it (never back, never past the end).
        ///
        /// - Returns: Whether the item has reached its end.
        mutating func follow(playhead seconds: Double, duration: Double) -> Bool {
            elapsed = Swift.max(elapsed, Swift.min(seconds, duration))
            return elapsed >= duration
        }

        /// The video reported its end on an item `duration` seconds long: the clock stands at
        /// the end (or past it, if it already was).
        mutating func reachEnd(duration: Double) {
            elapsed = Swift.max(elapsed, duration)
        }

        /// The item's length changed from `before` to `after` seconds: the bar goes on from
        /// where it stands rather than jumping. A change from or to an unknown length, or to the
        /// same one, changes nothing.
        mutating func lengthChanged(from before: Double?, to after: Double?) {
            guard let before, let after, after != before else { return }
            anchor = ProgressAnchor(elapsed: elapsed, fraction: progress(duration: before))
        }
    }

    /// The bar's place when the current item's length changed: from there it fills the rest.
    struct ProgressAnchor: Sendable, Hashable {
        /// Seconds of the item shown when the length changed.
        var elapsed: Double
        /// The bar's fill then, 0…1.
        var fraction: Double
    }
}
