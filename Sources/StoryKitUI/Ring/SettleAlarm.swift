// MARK: - SettleAlarm

/// Wakes a front-end at its rules' settle time (a loading ring at rest: the launch, or the end of
/// a cancel's resolution): the tray row at ``TrayLoadingRules/settleTime``, a ring view at
/// ``RingLoadingRules/settleTime``. One alarm at a time, each schedule replacing the last, on the
/// main actor (which runs while a row is being scrolled, as a `.common`-mode timer would).
@MainActor
package final class SettleAlarm {
    private var task: Task<Void, Never>?

    /// No alarm set.
    package init() {}

    deinit { task?.cancel() }

    /// Calls `fire` at `time` seconds (nil: no alarm), `now` seconds being the current time on
    /// the same clock; a time already past fires at the next turn of the main actor.
    package func set(at time: Double?, now: Double, fire: @escaping @MainActor () -> Void) {
        task?.cancel()
        task = nil
        guard let time, time.isFinite, now.isFinite else { return }
        let nanoseconds = UInt64(Swift.min(Swift.max(time - now, 0), 3600) * 1_000_000_000)
        task = Task {
            try? await Task.sleep(nanoseconds: nanoseconds)
            guard !Task.isCancelled else { return }
            fire()
        }
    }
}
