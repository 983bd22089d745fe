import Foundation

// MARK: - MediaPipeline + Silence

extension MediaPipeline {
    /// Gives up on one exchange that goes ``Configuration/requestTimeout`` seconds of the
    /// pipeline's ``Clock`` without a response head or body bytes: it cancels the exchange and
    /// says it ``fired``, so the pipeline reports ``StoryKit/RetryPolicy/Failure/timedOut``
    /// instead of a cancellation. Each ``heard()`` starts the count again, as a transport's
    /// "seconds of silence" timeout does.
    final class SilenceWatch: Sendable {
        /// When the exchange last said something (``Clock/now``), and whether the watch fired.
        private let state: Locked<(lastHeard: Double, fired: Bool)>
        /// The task that sleeps on the clock until the silence is too long.
        private let task: Locked<Task<Void, Never>?>

        /// Watches `exchange` on `clock`, or does nothing when `timeout` is `nil` (the transport
        /// times out on its own).
        init(_ exchange: TransportExchange, timeout: Double?, clock: Clock) {
            state = Locked((clock.now(), false))
            task = Locked(nil)
            guard let timeout else { return }
            let state = self.state
            task.withLock {
                $0 = Task.detached {
                    while !Task.isCancelled {
                        let wait = Self.wait(lastHeard: state.value.lastHeard, timeout: timeout, now: clock.now())
                        if wait <= 0 {
                            state.withLock { $0.fired = true }
                            exchange.cancel()
                            return
                        }
                        do { try await clock.sleep(wait) } catch { return }
                    }
                }
            }
        }

        deinit { stop() }

        /// The exchange said something (its head, body bytes): the silence starts again.
        func heard(at now: Double) {
            state.withLock { $0.lastHeard = Swift.max($0.lastHeard, now.isFinite ? now : $0.lastHeard) }
        }

        /// Whether the watch gave up on the exchange (it cancelled it).
        var fired: Bool { state.value.fired }

        /// Ends the watch (the exchange ended).
        func stop() {
            task.withLock { $0?.cancel() }
        }

        /// The seconds of the clock still to wait at `now` before an exchange last heard from at
        /// `lastHeard` has been silent for `timeout`: 0 or less when it has. A clock going
        /// backwards waits longer, never less; a non-finite time or timeout never fires (the
        /// transport's own timeout is the backstop).
        static func wait(lastHeard: Double, timeout: Double, now: Double) -> Double {
            guard lastHeard.isFinite, timeout.isFinite, now.isFinite else { return 3_600 }
            return lastHeard + timeout - now
        }
    }
}
