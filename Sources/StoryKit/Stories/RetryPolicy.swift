import MotionCore
import RealModule

// MARK: - RetryPolicy

/// When the media pipeline tries a failed download again, and when it may resume one: the retry
/// *policy* as a value, with no clock and no random source of its own.
///
/// Failures are ``Failure`` values the transport reports; each is **transient** (worth another
/// attempt: HTTP 5xx, 408, 429, a timeout, a refused or reset connection, a body shorter than
/// its `Content-Length`) or **terminal** (404, 403, 410 and the other 4xx, undecodable data, an
/// invalid URL): a terminal failure is never retried and surfaces to the viewer at once.
///
/// A transient failure is retried after an exponential backoff with jitter, capped
/// ("Exponential Backoff And Jitter", AWS Architecture Blog, 2015):
/// `delay = min(maximumDelay, baseDelay · multiplier^(attempt − 1)) · (1 − jitter · random)`,
/// where `random` in 0…1 is an input (seed it for tests) — so each delay lies in
/// `[(1 − jitter) · capped, capped]`. After ``maximumAttempts`` attempts the transport gives up.
///
/// ```swift
/// let policy = RetryPolicy()                           // 0.5 s, 1 s, 2 s … capped at 8 s
/// var generator = SystemRandomNumberGenerator()         // or a seeded one in tests
/// switch policy.decision(after: .status(503), attempt: 1, using: &generator) {
/// case .retry(let seconds): print("again in \(seconds) s")
/// case .giveUp: print("tell the viewer")
/// }
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// The delay before the second attempt (before jitter), in seconds, 0…3600; 0.5 by default.
    public var baseDelay: Double
    /// The growth of the delay per attempt, 1…10; 2 by default.
    public var multiplier: Double
    /// The longest delay, in seconds, at least ``baseDelay``; 8 by default.
    public var maximumDelay: Double
    /// The share of the delay that jitter may take away, 0…1 (0: no jitter; 1: "full jitter",
    /// anywhere in 0…capped); 0.5 by default.
    public var jitter: Double
    /// The most attempts in all (the first one included), 1…100; 4 by default.
    public var maximumAttempts: Int

    /// A policy; each value is clamped to its range (a non-finite value gives the default), as
    /// ``Rules`` says; ``maximumDelay`` is at least ``baseDelay``.
    public init(baseDelay: Double = Rules.baseDelay.defaultValue, multiplier: Double = Rules.multiplier.defaultValue,
                maximumDelay: Double = Rules.maximumDelay.defaultValue, jitter: Double = Rules.jitter.defaultValue,
                maximumAttempts: Int = Rules.maximumAttempts.defaultValue) {
        self.baseDelay = Rules.baseDelay.sanitize(baseDelay)
        self.multiplier = Rules.multiplier.sanitize(multiplier)
        self.maximumDelay = Swift.max(Rules.maximumDelay.sanitize(maximumDelay), self.baseDelay)
        self.jitter = Rules.jitter.sanitize(jitter)
        self.maximumAttempts = Rules.maximumAttempts.sanitize(maximumAttempts)
    }

    /// Each setting's default and range, the one place they are written (``ValueRule``): a
    /// non-finite value gives the default, others are clamped into the range.
    public enum Rules {
        /// ``RetryPolicy/baseDelay``: seconds, 0…3 600, 0.5 by default.
        public static let baseDelay = ValueRule<Double>(0...3_600, default: 0.5)
        /// ``RetryPolicy/multiplier``: a factor per attempt, 1…10, 2 by default.
        public static let multiplier = ValueRule<Double>(1...10, default: 2)
        /// ``RetryPolicy/maximumDelay``: seconds, 0…86 400 (and at least the base delay), 8 by
        /// default.
        public static let maximumDelay = ValueRule<Double>(0...86_400, default: 8)
        /// ``RetryPolicy/jitter``: a share of the delay, 0…1, 0.5 by default.
        public static let jitter = ValueRule<Double>(0...1, default: 0.5)
        /// ``RetryPolicy/maximumAttempts``: attempts, 1…100, 4 by default.
        public static let maximumAttempts = ValueRule<Int>(1...100, default: 4)
    }

    /// The seconds to wait after failed attempt number `attempt` before the next one.
    ///
    /// - Parameters:
    ///   - attempt: The attempt that failed, from 1 (values below 1 count as 1).
    ///   - random: A uniform random number in 0…1 (clamped; a non-finite value counts as 0).
    /// - Returns: A finite delay in `[(1 − jitter) · capped, capped]`, where
    ///   `capped = min(maximumDelay, baseDelay · multiplier^(attempt − 1))`.
    public func delay(afterAttempt attempt: Int, random: Double) -> Double {
        // Closed form, not a loop per attempt: `attempt` may be `Int.max`, and a subnormal delay
        // times the multiplier can round back to itself, so a loop would never end.
        let exponent = Double(Self.effectiveAttempt(attempt) - 1)
        let growth = multiplier > 1 ? Double.pow(multiplier, exponent) : 1
        var grown = baseDelay > 0 ? baseDelay * growth : 0
        if baseDelay > 0, !grown.isFinite || grown == 0 {
            // The power overflowed (or the product underflowed) where the delay itself need not:
            // a subnormal base times a huge power. The same formula in logarithms.
            let log = Double.log(baseDelay) + exponent * Double.log(multiplier)
            grown = log >= Double.log(maximumDelay) ? maximumDelay : Double.exp(log)
        }
        let capped = Swift.min(grown.isNaN ? maximumDelay : grown, maximumDelay)
        let unit = random.isFinite ? Swift.min(Swift.max(random, 0), 1) : 0
        return capped * (1 - jitter * unit)
    }

    /// An attempt number as both rules count it: values below 1 count as 1.
    static func effectiveAttempt(_ attempt: Int) -> Int { Swift.max(attempt, 1) }

    /// ``delay(afterAttempt:random:)`` with the random number drawn from `generator`.
    public func delay(afterAttempt attempt: Int, using generator: inout some RandomNumberGenerator) -> Double {
        delay(afterAttempt: attempt, random: Double.random(in: 0...1, using: &generator))
    }

    /// What to do after attempt number `attempt` failed with `failure`: retry after a delay if
    /// the failure is transient and attempts remain, else give up.
    ///
    /// - Parameters:
    ///   - failure: What went wrong.
    ///   - attempt: The attempt that failed, from 1 (values below 1 count as 1, as in
    ///     ``delay(afterAttempt:random:)``).
    ///   - random: A uniform random number in 0…1, for the jitter.
    public func decision(after failure: Failure, attempt: Int, random: Double) -> Decision {
        guard failure.isTransient, Self.effectiveAttempt(attempt) < maximumAttempts else { return .giveUp }
        return .retry(after: delay(afterAttempt: attempt, random: random))
    }

    /// ``decision(after:attempt:random:)`` with the random number drawn from `generator`.
    public func decision(after failure: Failure, attempt: Int, using generator: inout some RandomNumberGenerator) -> Decision {
        decision(after: failure, attempt: attempt, random: Double.random(in: 0...1, using: &generator))
    }
}

// MARK: - RetryPolicy + Values

extension RetryPolicy {
    /// What went wrong with a download, as the transport reports it.
    public enum Failure: Sendable, Hashable {
        /// The server answered with an HTTP status that is not a success (e.g. 404, 503).
        case status(Int)
        /// No answer within the transport's timeout.
        case timedOut
        /// No connection could be made: nothing listens on the port (refused), the host is
        /// down or unreachable. The server is not there; nothing was sent or received.
        case connectionRefused
        /// An open connection was reset or lost mid-way (a TCP RST, a dropped link).
        case connectionReset
        /// The body ended after `received` bytes, before the `expected` bytes its
        /// `Content-Length` announced.
        case truncatedBody(received: Int, expected: Int)
        /// The bytes arrived but are not an image or video the decoder accepts.
        case undecodable
        /// The URL cannot be requested at all.
        case invalidURL

        /// Whether another attempt may succeed: HTTP 408, 429 and 5xx, timeouts, refused and
        /// reset connections (a server restarting refuses, then answers) and short bodies.
        /// Everything else (404, 403, 410, the other 4xx, an unexpected 1xx–3xx,
        /// undecodable data, an invalid URL) is terminal.
        public var isTransient: Bool {
            switch self {
            case .status(let code): code == 408 || code == 429 || (500...599).contains(code)
            case .timedOut, .connectionRefused, .connectionReset, .truncatedBody: true
            case .undecodable, .invalidURL: false
            }
        }
    }

    /// What to do after a failed attempt.
    public enum Decision: Sendable, Hashable {
        /// Try again after this many seconds.
        case retry(after: Double)
        /// Stop and report the failure to the viewer.
        case giveUp
    }

    /// What a server said about a download that broke off: the data for the resume rule.
    public struct Interruption: Sendable, Hashable {
        /// The bytes kept, from the start of the body.
        public var received: Int
        /// The body's full length, if the server announced it.
        public var expected: Int?
        /// The response's `ETag` header, if any.
        public var etag: String?
        /// The response's `Last-Modified` header, if any.
        public var lastModified: String?
        /// The response's `Accept-Ranges` header, if any.
        public var acceptRanges: String?

        /// An interruption.
        public init(received: Int, expected: Int? = nil, etag: String? = nil, lastModified: String? = nil, acceptRanges: String? = nil) {
            self.received = received
            self.expected = expected
            self.etag = etag
            self.lastModified = lastModified
            self.acceptRanges = acceptRanges
        }
    }

    /// How to ask for the rest of a download.
    public enum Resumption: Sendable, Hashable {
        /// Ask for the bytes from `offset` on, with `Range: bytes=<offset>-` and
        /// `If-Range: <ifRange>` (so a changed file comes back whole, with 200, not spliced).
        case resume(offset: Int, ifRange: String)
        /// Drop the bytes kept and ask for the whole body again.
        case restart
    }

    /// Whether an interrupted download may resume where it stopped (RFC 9110 §14 and §13.1.5):
    /// the server said `Accept-Ranges: bytes`, gave a validator for `If-Range` — a strong
    /// `ETag` (not `W/…`), else a `Last-Modified` date — and some but not all of the body
    /// arrived.
    ///
    /// - Parameter interruption: What the server said and what arrived.
    /// - Returns: ``Resumption/resume(offset:ifRange:)`` with the validator to send, or
    ///   ``Resumption/restart``.
    public static func resumption(_ interruption: Interruption) -> Resumption {
        let ranges = (interruption.acceptRanges ?? "").lowercased().split(separator: ",")
            .map { Self.trimmed($0) }
        guard ranges.contains("bytes"), interruption.received > 0,
              interruption.expected.map({ interruption.received < $0 }) ?? true else { return .restart }
        if let etag = interruption.etag.map(Self.trimmed), !etag.isEmpty, !etag.hasPrefix("W/") {
            return .resume(offset: interruption.received, ifRange: etag)
        }
        if let date = interruption.lastModified.map(Self.trimmed), !date.isEmpty {
            return .resume(offset: interruption.received, ifRange: date)
        }
        return .restart
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: some StringProtocol) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
