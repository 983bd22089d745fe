import StoryKit
import StoryKitStorm
import Testing

@Suite struct RetryPolicyTests {
    typealias Failure = RetryPolicy.Failure

    @Test func delaysGrowExponentiallyUpToTheCap() {
        let policy = RetryPolicy(baseDelay: 0.5, multiplier: 2, maximumDelay: 8, jitter: 0)
        #expect((1...7).map { policy.delay(afterAttempt: $0, random: 0.7) } == [0.5, 1, 2, 4, 8, 8, 8])
        #expect(policy.delay(afterAttempt: .max, random: 0.7) == 8)
        #expect(policy.delay(afterAttempt: .min, random: 0.7) == 0.5)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 40])
    func jitterStaysWithinItsShareOfTheDelay(attempt: Int) {
        let policy = RetryPolicy(jitter: 0.5)
        let capped = RetryPolicy(jitter: 0).delay(afterAttempt: attempt, random: 0)
        var generator = StormRandom(seed: UInt64(attempt))
        let delays = (0..<1_000).map { _ in policy.delay(afterAttempt: attempt, using: &generator) }
        #expect(delays.allSatisfy { $0 >= capped * 0.5 && $0 <= capped })
        #expect(Set(delays).count > 900)  // spread, not one value
        // The same seed gives the same delays.
        var again = StormRandom(seed: UInt64(attempt))
        #expect(delays == (0..<1_000).map { _ in policy.delay(afterAttempt: attempt, using: &again) })
        // Hostile random inputs stay in bounds.
        for random in [-1, 2, .nan, .infinity] as [Double] {
            let delay = policy.delay(afterAttempt: attempt, random: random)
            #expect(delay >= capped * 0.5 && delay <= capped)
        }
    }

    @Test(arguments: [Failure.status(500), .status(502), .status(503), .status(599), .status(408), .status(429),
                      .timedOut, .connectionRefused, .connectionReset, .truncatedBody(received: 10, expected: 100)])
    func transientFailuresAreRetriedUntilTheAttemptsRunOut(failure: Failure) {
        let policy = RetryPolicy(maximumAttempts: 3)
        #expect(failure.isTransient)
        #expect(policy.decision(after: failure, attempt: 1, random: 0) == .retry(after: 0.5))
        #expect(policy.decision(after: failure, attempt: 2, random: 1) == .retry(after: 0.5))  // 1 s, half jittered away
        #expect(policy.decision(after: failure, attempt: 3, random: 0) == .giveUp)
    }

    @Test(arguments: [Failure.status(404), .status(403), .status(410), .status(400), .status(401), .status(451),
                      .status(304), .status(200), .undecodable, .invalidURL])
    func terminalFailuresAreNeverRetried(failure: Failure) {
        #expect(!failure.isTransient)
        var generator = StormRandom(seed: 7)
        #expect(RetryPolicy(maximumAttempts: 100).decision(after: failure, attempt: 1, using: &generator) == .giveUp)
    }

    @Test func valuesAreClampedToTheirRanges() {
        let policy = RetryPolicy(baseDelay: .nan, multiplier: 0, maximumDelay: -1, jitter: 3, maximumAttempts: 0)
        #expect(policy == RetryPolicy(baseDelay: 0.5, multiplier: 1, maximumDelay: 0.5, jitter: 1, maximumAttempts: 1))
        #expect(policy.decision(after: .timedOut, attempt: 1, random: 0) == .giveUp)
    }

    @Test func aDownloadResumesOnlyWithRangesAndAStrongValidator() {
        typealias Interruption = RetryPolicy.Interruption
        let cut = Interruption(received: 4_000, expected: 10_000, etag: "\"v1\"", acceptRanges: "bytes")
        #expect(RetryPolicy.resumption(cut) == .resume(offset: 4_000, ifRange: "\"v1\""))
        // Last-Modified serves when there is no ETag.
        let dated = Interruption(received: 4_000, lastModified: "Wed, 21 Oct 2015 07:28:00 GMT", acceptRanges: " Bytes ")
        #expect(RetryPolicy.resumption(dated) == .resume(offset: 4_000, ifRange: "Wed, 21 Oct 2015 07:28:00 GMT"))
        // A weak ETag falls back to Last-Modified, else a restart.
        var weak = cut
        weak.etag = "W/\"v1\""
        #expect(RetryPolicy.resumption(weak) == .restart)
        weak.lastModified = "Wed, 21 Oct 2015 07:28:00 GMT"
        #expect(RetryPolicy.resumption(weak) == .resume(offset: 4_000, ifRange: "Wed, 21 Oct 2015 07:28:00 GMT"))
        // No ranges, no validator, nothing kept, or everything kept: start again.
        #expect(RetryPolicy.resumption(Interruption(received: 4_000, etag: "\"v1\"", acceptRanges: "none")) == .restart)
        #expect(RetryPolicy.resumption(Interruption(received: 4_000, etag: "\"v1\"")) == .restart)
        #expect(RetryPolicy.resumption(Interruption(received: 4_000, acceptRanges: "bytes")) == .restart)
        #expect(RetryPolicy.resumption(Interruption(received: 0, etag: "\"v1\"", acceptRanges: "bytes")) == .restart)
        #expect(RetryPolicy.resumption(Interruption(received: 10_000, expected: 10_000, etag: "\"v1\"", acceptRanges: "bytes")) == .restart)
    }
}
