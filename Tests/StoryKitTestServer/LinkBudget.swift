import NIOConcurrencyHelpers
import NIOCore

/// One network link shared by every connection of a ``LoopbackServer``, like a home connection
/// that all downloads share: a token bucket filled at `bytesPerSecond`.
///
/// A sender takes tokens for a chunk *before* it writes, going into debt when the bucket is short;
/// the debt is the time it must wait. Because every taker adds to the same debt, concurrent
/// connections queue behind each other and together never exceed the rate (after the initial
/// burst of at most one chunk).
final class LinkBudget: Sendable {
    /// The link's rate, in bytes per second (> 0).
    let bytesPerSecond: Int
    /// How many bytes may go at once after an idle spell (the bucket's size).
    let burst: Int
    /// The bucket's tokens (bytes; negative while in debt) as of the deadline.
    private let bucket: NIOLockedValueBox<(tokens: Double, at: NIODeadline)>

    /// A full bucket for a link of `bytesPerSecond` (clamped to ≥ 1) holding `burst` bytes (≥ 1).
    init(bytesPerSecond: Int, burst: Int) {
        self.bytesPerSecond = Swift.max(bytesPerSecond, 1)
        self.burst = Swift.max(burst, 1)
        bucket = NIOLockedValueBox((Double(self.burst), .now()))
    }

    /// Takes `bytes` tokens and returns how long the caller must wait before sending them
    /// (zero when the bucket had enough).
    func take(_ bytes: Int, now: NIODeadline = .now()) -> TimeAmount {
        bucket.withLockedValue { bucket in
            let elapsed = Double((now - bucket.at).nanoseconds) / 1e9
            let refilled = Swift.min(Double(burst), bucket.tokens + Swift.max(elapsed, 0) * Double(bytesPerSecond))
            bucket = (refilled - Double(bytes), Swift.max(now, bucket.at))
            guard bucket.tokens < 0 else { return .zero }
            return .nanoseconds(Int64((-bucket.tokens / Double(bytesPerSecond) * 1e9).rounded(.up)))
        }
    }

    /// Gives back tokens taken for bytes that were never sent (their connection closed first).
    func refund(_ bytes: Int) {
        bucket.withLockedValue { bucket in
            bucket.tokens = Swift.min(Double(burst), bucket.tokens + Double(bytes))
        }
    }

    /// The body chunk size for a link: 16 KiB, or less on slow links so that one chunk is at most
    /// about 10 ms of the link's time (never under 512 bytes).
    static func chunkSize(bytesPerSecond: Int?) -> Int {
        let largest = 16 * 1024
        guard let bytesPerSecond else { return largest }
        return Swift.min(largest, Swift.max(512, bytesPerSecond / 100))
    }
}
