import MotionCore

// MARK: - StoriesViewer.MediaReports

extension StoriesViewer {
    /// What the media sources said, per item id, as a model of its own: loading, ready, on
    /// screen, stalled since when, failed and why, the reported length, and the load attempt
    /// that a retry raises.
    ///
    /// The viewer holds one and forwards every ``MediaEvent`` to it; it answers what the front-end
    /// shows for an item (loading, playing, failed), whether a stall holds playback, whether an
    /// item's media has arrived, and which attempt its player loads. Times are seconds on the
    /// viewer's clock.
    ///
    /// ```swift
    /// var reports = StoriesViewer.MediaReports()
    /// reports.record(.displaying, for: "a1", at: 0)
    /// reports.record(.stalled, for: "a1", at: 2)
    /// reports.state(of: "a1", at: 2.6, stallGrace: 0.5, pauses: .stalled)   // .loading
    /// ```
    struct MediaReports: Sendable, Hashable {
        /// The reports per item id.
        private(set) var statuses: [String: MediaStatus] = [:]
        /// Retries per item id (0 when absent).
        private(set) var attempts: [String: Int] = [:]

        /// How many items have reports: past ``pruneLimit`` the viewer forgets those no visible
        /// page shows.
        static let pruneLimit = 16

        /// Whether there are more reports than ``pruneLimit``.
        var needsPruning: Bool { statuses.count > Self.pruneLimit }

        /// Records `event` for item `id` at `now` seconds.
        ///
        /// The first frame on screen (``MediaEvent/displaying``) ends a stall; a stall counts
        /// only on screen and from its first report; ``MediaEvent/ready`` moves only a loading
        /// item on; a length that is not finite and positive is ignored; a failure ends a stall.
        /// Every report, even one that changes nothing, leaves an entry for `id`.
        mutating func record(_ event: MediaEvent, for id: String, at now: Double) {
            var status = statuses[id] ?? MediaStatus()
            switch event {
            case .ready:
                if status.phase == .loading { status.phase = .ready }
            case .displaying:
                status.phase = .displaying
                status.stalledSince = nil
            case .stalled:
                if status.phase == .displaying, status.stalledSince == nil { status.stalledSince = now }
            case .resumed:
                status.stalledSince = nil
            case .duration(let seconds):
                if seconds.isFinite, seconds > 0 { status.duration = seconds }
            case .playhead, .ended:
                break
            case .failed(let reason):
                status.phase = .failed(reason)
                status.stalledSince = nil
            }
            statuses[id] = status
        }

        /// Loads item `id` again if its media failed: it is loading again, its reported length
        /// kept (so its bar keeps its place), its attempt one more.
        ///
        /// - Returns: Whether it had failed (and is now reloading).
        @discardableResult
        mutating func retry(_ id: String) -> Bool {
            guard case .failed? = statuses[id]?.phase else { return false }
            statuses[id] = MediaStatus(duration: statuses[id]?.duration)
            attempts[id, default: 0] &+= 1
            return true
        }

        /// Forgets the reports of items not in `keep` (their attempts stay).
        mutating func prune(keeping keep: Set<String>) {
            statuses = statuses.filter { keep.contains($0.key) }
        }

        /// The length item `id`'s media reported, in seconds.
        func reportedDuration(of id: String) -> Double? { statuses[id]?.duration }

        /// The load attempt of item `id`: 0 at first, one more after each retry.
        func attempt(of id: String) -> Int { attempts[id] ?? 0 }

        /// Whether item `id`'s media is on screen (its first frame displayed).
        func isDisplaying(_ id: String) -> Bool { statuses[id]?.phase == .displaying }

        /// Whether item `id`'s media has arrived: its source reported it ready or displaying.
        func hasArrived(_ id: String) -> Bool {
            switch statuses[id]?.phase {
            case .ready?, .displaying?: true
            case .loading?, .failed?, nil: false
            }
        }

        /// Why item `id`'s media failed, or `nil` while it has not.
        func failureReason(of id: String) -> String? {
            guard case .failed(let reason)? = statuses[id]?.phase else { return nil }
            return reason
        }

        /// Whether item `id` is stalled (it holds playback with ``PauseReasons/stalled``).
        func isStalled(_ id: String) -> Bool { statuses[id]?.stalledSince != nil }

        /// Whether item `id` is stalled for less than `grace` seconds at `time`: the viewer keeps
        /// drawing frames until the loading state may show.
        func isStallInGrace(_ id: String, at time: Double, grace: Double) -> Bool {
            guard let since = statuses[id]?.stalledSince else { return false }
            return time - since < grace
        }

        /// What the front-end shows for item `id` at `time` seconds: failed; loading until its
        /// first frame is on screen or once a stall has lasted `stallGrace` seconds; else playing,
        /// or paused for `pauses` (every reason holding playback, a stall included).
        func state(of id: String, at time: Double, stallGrace: Double, pauses: @autoclosure () -> PauseReasons) -> PlaybackState {
            let status = statuses[id] ?? MediaStatus()
            if case .failed(let reason) = status.phase { return .failed(reason: reason) }
            if status.phase != .displaying { return .loading }
            if let since = status.stalledSince, time - since >= stallGrace { return .loading }
            let reasons = pauses()
            return reasons.isEmpty ? .playing : .paused(reasons)
        }
    }

    /// What a media source said about one item.
    struct MediaStatus: Sendable, Hashable {
        /// Where the item's media is: loading, ready to play, on screen, or failed with a reason.
        enum Phase: Sendable, Hashable {
            /// Nothing reported yet, or loading again after a retry.
            case loading
            /// The media can play; no picture is on screen yet.
            case ready
            /// The first frame is on screen.
            case displaying
            /// Loading or playing failed for good, with the reason shown.
            case failed(String)
        }
        /// Where the media is now.
        var phase: Phase = .loading
        /// When the media stalled on screen, in seconds; `nil` while it is not stalled.
        var stalledSince: Double?
        /// The media's reported length, in seconds.
        var duration: Double?
    }
}
