/// What a ``LoopbackServer`` answers for one path: the body, its validators (a conditional
/// request whose `If-None-Match` matches the `ETag`, or whose `If-Modified-Since` is the
/// `Last-Modified` date, gets `304 Not Modified` without a body), its `Cache-Control`, whether it
/// serves byte ranges, scripted faults and an optional latency of its own.
///
/// ```swift
/// server.setRoute("a.jpg", .bytes(jpeg, contentType: "image/jpeg", etag: "\"v1\""))
/// server.setRoute("clip.mp4", .generated(length: 2_000_000, seed: 7, latency: .milliseconds(80)))
/// ```
public struct Route: Sendable, Hashable {
    /// Where a route's body bytes come from.
    public enum Body: Sendable, Hashable {
        /// These bytes, held in memory.
        case bytes([UInt8])
        /// `length` (≥ 0) deterministic pseudo-random bytes derived from `seed`, computed per
        /// chunk from their offset and never held whole, so a benchmark can serve thousands of
        /// megabyte bodies. The same length and seed always give the same bytes.
        case generated(length: Int, seed: UInt64)
    }

    /// The body served for `GET` (its length is announced for `HEAD` too).
    public var body: Body
    /// The `Content-Type` header value.
    public var contentType: String = "application/octet-stream"
    /// The entity tag sent as `ETag` when set, quotes included (`"v1"`); `If-Range` is compared
    /// to it strongly (a weak `W/` tag never matches).
    public var etag: String?
    /// The date sent as `Last-Modified` when set (`Wed, 21 Oct 2015 07:28:00 GMT`); `If-Range`
    /// matches it only when exactly equal.
    public var lastModified: String?
    /// The `Cache-Control` header value sent with every response of this route when set
    /// (`max-age=600`, `no-cache`, `no-store`).
    public var cacheControl: String?
    /// Whether `Range` is honoured and `Accept-Ranges: bytes` sent; when `false`, every `GET`
    /// gets the whole body with `200` and no `Accept-Ranges` header.
    public var acceptsRanges: Bool = true
    /// Faults for the next requests to this path, consumed one per request in order; when used
    /// up, requests are served normally.
    public var faults: [Fault] = []
    /// The delay before the response head, overriding the server's latency when set.
    public var latency: Duration?

    /// A route with every property given.
    public init(body: Body, contentType: String = "application/octet-stream", etag: String? = nil,
                lastModified: String? = nil, acceptsRanges: Bool = true, faults: [Fault] = [],
                latency: Duration? = nil) {
        self.body = body
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.acceptsRanges = acceptsRanges
        self.faults = faults
        self.latency = latency
    }

    /// A route serving `bytes` from memory.
    public static func bytes(_ bytes: [UInt8], contentType: String = "application/octet-stream",
                             etag: String? = nil, lastModified: String? = nil,
                             acceptsRanges: Bool = true, faults: [Fault] = [],
                             latency: Duration? = nil) -> Route {
        Route(body: .bytes(bytes), contentType: contentType, etag: etag, lastModified: lastModified,
              acceptsRanges: acceptsRanges, faults: faults, latency: latency)
    }

    /// A route serving `length` (≥ 0) deterministic bytes derived from `seed`, computed as they
    /// are sent (see ``Body/generated(length:seed:)``).
    public static func generated(length: Int, seed: UInt64,
                                 contentType: String = "application/octet-stream",
                                 etag: String? = nil, lastModified: String? = nil,
                                 acceptsRanges: Bool = true, faults: [Fault] = [],
                                 latency: Duration? = nil) -> Route {
        Route(body: .generated(length: Swift.max(length, 0), seed: seed), contentType: contentType,
              etag: etag, lastModified: lastModified, acceptsRanges: acceptsRanges, faults: faults,
              latency: latency)
    }

    /// The body's length in bytes (≥ 0).
    public var length: Int {
        switch body {
        case .bytes(let bytes): bytes.count
        case .generated(let length, _): Swift.max(length, 0)
        }
    }

    /// The body's bytes at the offsets in `range`, for a test to compare with what it received;
    /// for a generated body these are computed, exactly as the server computes them.
    ///
    /// - Parameter range: Byte offsets from the start of the body; clipped to ``length``.
    /// - Returns: The bytes, `range.count` of them unless the body ends first.
    public func bodyBytes(in range: Range<Int>) -> [UInt8] {
        let clipped = range.clamped(to: 0..<length)
        return [UInt8](unsafeUninitializedCapacity: clipped.count) { buffer, count in
            body.copy(from: clipped.lowerBound, into: UnsafeMutableRawBufferPointer(buffer))
            count = clipped.count
        }
    }
}
