import Foundation
import StoryKit

// MARK: - MediaPipeline + Values

extension MediaPipeline {
    /// Where a load's bytes came from.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// Downloaded now.
        case network
        /// Read from the ``DiskCache`` (checked: length and CRC-32).
        case disk
        /// Already in memory (the download's bytes, or the pipeline's recent records).
        case memory
    }

    /// What the pipeline tells its viewer, in order.
    public enum Event: Sendable, Hashable {
        /// The bytes `url`'s items need are here: the whole image or video, or a prefetched
        /// video's prefix. `items` are the items of the latest plan that wanted them (the current
        /// item first); `seconds` is the time from the load's start to now.
        case loaded(url: String, items: [String], source: Source, bytes: Int, seconds: Double)
        /// `url` failed for good: a terminal failure, or a transient one the retries did not
        /// overcome. The items show their retry state; ``MediaPipeline/retry(url:)`` tries again.
        case failed(url: String, items: [String], failure: RetryPolicy.Failure)
        /// An attempt at `url` failed and another follows after `delay` seconds.
        case retrying(url: String, attempt: Int, failure: RetryPolicy.Failure, delay: Double)
    }

    /// How the pipeline loads.
    public struct Configuration: Sendable, Hashable {
        /// The most downloads at once, 1…64 (4 by default; see ``StoryKit/RequestTable``).
        public var maximumConcurrent: Int
        /// When failed attempts are retried.
        public var retry: RetryPolicy
        /// The bytes of recent media kept in memory after their items left the plan (so a turn
        /// back or a player's late read does not go to disk), 0…4 GiB; 32 MiB by default.
        public var memoryCapacity: Int
        /// The seed of the retry jitter's random numbers (fixed, so runs repeat).
        public var seed: UInt64
        /// Seconds of the pipeline's ``Clock`` a request may go without a response head or body
        /// bytes before the pipeline gives up on it as ``StoryKit/RetryPolicy/Failure/timedOut``
        /// (each answer or piece of body starts the count again), 0.001…86 400; or `nil` (the
        /// default) to leave timeouts to the transport's own wall clock
        /// (``URLSessionTransport``'s `timeout`). Set it when the pipeline's clock is not the wall
        /// clock's (a recording's clock that stops while the process is starved), so timeouts and
        /// retries keep the same time.
        public var requestTimeout: Double?

        /// A configuration; values are clamped to their ranges (a NaN `requestTimeout`: `nil`).
        public init(maximumConcurrent: Int = 4, retry: RetryPolicy = RetryPolicy(), memoryCapacity: Int = 32 << 20,
                    seed: UInt64 = 0x5EED, requestTimeout: Double? = nil) {
            self.maximumConcurrent = Swift.min(Swift.max(maximumConcurrent, 1), 64)
            self.retry = retry
            self.memoryCapacity = Swift.min(Swift.max(memoryCapacity, 0), 4 << 30)
            self.seed = seed
            self.requestTimeout = requestTimeout.flatMap { $0.isNaN ? nil : Swift.min(Swift.max($0, 0.001), 86_400) }
        }
    }

    /// What the pipeline has done so far.
    public struct Statistics: Sendable, Hashable {
        /// HTTP requests made (each attempt and each range read counts).
        public var requests = 0
        /// Body bytes received from the network.
        public var bytesReceived = 0
        /// Loads finished, by where their bytes came from.
        public var loads: [Source: Int] = [:]
        /// Attempts that failed and were retried.
        public var retries = 0
        /// Loads that failed for good.
        public var failures = 0
        /// Downloads stopped before their end (suspended, cancelled, or past their byte limit).
        public var cancellations = 0
        /// Conditional requests sent to revalidate a stale disk-cache copy
        /// (`If-None-Match` / `If-Modified-Since`).
        public var revalidations = 0
        /// Revalidations the server answered `304 Not Modified`: the stored bytes were used, no
        /// body was sent.
        public var notModified = 0
    }

    /// A failure a ``MediaByteSource`` read throws.
    public enum ReadError: Error, Sendable, Hashable {
        /// The media failed for good.
        case failed(RetryPolicy.Failure)
        /// The media's load was cancelled (its item left the plan) or the read was cancelled.
        case cancelled
    }

    /// Where the pipeline gets its time and waits: seconds on a monotonic clock, and a
    /// cancellable wait. Inject one to run retries on a test's schedule; retry delays, and
    /// request timeouts when ``Configuration/requestTimeout`` is set, run on it.
    public struct Clock: Sendable {
        /// Seconds on a monotonic clock.
        public var now: @Sendable () -> Double
        /// Waits `seconds`; throws `CancellationError` when the task is cancelled.
        public var sleep: @Sendable (_ seconds: Double) async throws -> Void
        /// Seconds since 1970 (the wall clock): when a response was received and until when it
        /// is fresh, kept across launches in the disk cache (``HTTPFreshness``).
        public var date: @Sendable () -> Double

        /// A clock.
        public init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (Double) async throws -> Void,
                    date: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
            self.now = now
            self.sleep = sleep
            self.date = date
        }

        /// The system's monotonic clock (`DispatchTime`), `Task.sleep` and `Date()`.
        public static let system = Clock(
            now: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
            sleep: { seconds in
                guard seconds.isFinite, seconds > 0 else { return try Task.checkCancellation() }
                try await Task.sleep(nanoseconds: UInt64(Swift.min(seconds, 86_400) * 1e9))
            })
    }
}

/// SplitMix64 (Steele, Lea and Flood 2014): the retry jitter's seeded random numbers.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    package var state: UInt64

    package init(state: UInt64) { self.state = state }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
