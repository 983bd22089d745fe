import Foundation

// MARK: - MediaResponseHead

/// What a media response's head says, read once by one set of rules: the only place the pipeline
/// parses response headers, for its table's downloads and for its direct reads alike (Nuke keeps
/// its HTTP rules in one type the same way).
///
/// The rules, each from RFC 9110 (semantics) or RFC 9111 (caching):
/// - `Content-Length` is `1*DIGIT` (§8.6): a sign, spaces inside or other text make it unknown.
/// - `Content-Encoding` (§8.4) lists the codings applied to the content; `Content-Length` then
///   counts the *coded* bytes, while a transport such as `URLSession` hands over the decoded ones.
///   So a coded body's length is unknown (its end is where the body ends). `identity` is not a
///   coding (§8.4.1), so `identity` alone, or an empty value, is not coded.
/// - `Accept-Ranges` (§14.3) is a list of range units, matched as whole, case-insensitive tokens
///   (§14.1): `bytes` means byte ranges are served, `none` (or any list without `bytes`) that
///   they are not. A `206` answer shows that they are, whatever the field says.
/// - `Content-Range` (§14.4): ``ContentRange``.
/// - `ETag`, `Last-Modified` and `Content-Type` are kept as sent, without surrounding spaces.
/// - Freshness and `no-store` (RFC 9111 §4.2, §5.2): ``HTTPFreshness``.
struct MediaResponseHead: Sendable, Hashable {
    /// The HTTP status code.
    var status: Int
    /// `Content-Length` in bytes, or nil when absent or not `1*DIGIT`.
    var contentLength: Int?
    /// Whether the content is coded (`Content-Encoding` names a coding other than `identity`).
    var isEncoded: Bool
    /// `Content-Range`, when valid.
    var contentRange: ContentRange?
    /// What `Accept-Ranges` says: true when it lists `bytes`, false when it does not, nil when
    /// the field is absent.
    var acceptRangesField: Bool?
    /// `ETag`, trimmed.
    var etag: String?
    /// `Last-Modified`, trimmed.
    var lastModified: String?
    /// `Content-Type`, trimmed.
    var contentType: String?
    /// How long the response stays fresh, and whether it may be stored.
    var freshness: HTTPFreshness

    /// The head of `response`, parsed.
    init(_ response: TransportResponse) {
        status = response.status
        contentLength = response[header: "content-length"].flatMap(Self.digits)
        isEncoded = response[header: "content-encoding"].map(Self.namesACoding) ?? false
        contentRange = response[header: "content-range"].flatMap(ContentRange.init)
        acceptRangesField = response[header: "accept-ranges"].map(Self.listsBytes)
        etag = response[header: "etag"]?.trimmingSpaces
        lastModified = response[header: "last-modified"]?.trimmingSpaces
        contentType = response[header: "content-type"]?.trimmingSpaces
        freshness = HTTPFreshness(headers: response.headers)
    }

    /// The bytes of media this body brings, when known: `Content-Length`, unless the content is
    /// coded.
    var bodyLength: Int? { isEncoded ? nil : contentLength }

    /// Whether the server serves byte ranges, as far as this response shows: a `206` does;
    /// otherwise `Accept-Ranges` says (nil: it does not say).
    var servesRanges: Bool? { status == 206 ? true : acceptRangesField }

    /// Until when (seconds since 1970) a response received at `received` may be used without
    /// asking the server; nil: ask first.
    func freshUntil(receivedAt received: Double) -> Double? {
        freshness.lifetime > 0 ? received + freshness.lifetime : nil
    }

    /// A decimal number of bytes: digits only (RFC 9110 §8.6), spaces around it allowed.
    static func digits(_ text: String) -> Int? {
        let text = text.trimmingSpaces
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    /// Whether a `Content-Encoding` value names a coding other than `identity`.
    static func namesACoding(_ value: String) -> Bool {
        value.split(separator: ",").contains { coding in
            let name = coding.trimmingSpaces.lowercased()
            return !name.isEmpty && name != "identity"
        }
    }

    /// Whether an `Accept-Ranges` value lists the `bytes` unit (whole token, any case).
    static func listsBytes(_ value: String) -> Bool {
        value.split(separator: ",").contains { $0.trimmingSpaces.lowercased() == "bytes" }
    }
}

// MARK: - MediaRecord + MediaResponseHead

extension MediaRecord {
    /// Takes what a `304 Not Modified` to a revalidation says: the new validators, where it sends
    /// them, and the new lifetime; the stored bytes stay.
    mutating func confirm(by head: MediaResponseHead, receivedAt received: Double) {
        if let etag = head.etag { self.etag = etag }
        if let lastModified = head.lastModified { self.lastModified = lastModified }
        freshUntil = head.freshUntil(receivedAt: received)
    }

    /// Takes what a response bringing new bytes says about the media: its validators and
    /// lifetime (a `206` continuing a body keeps those of its start when it names none), its type,
    /// and whether ranges are served (kept when the response does not say).
    mutating func describe(by head: MediaResponseHead, receivedAt received: Double, continuing: Bool) {
        etag = head.etag ?? (continuing ? etag : nil)
        lastModified = head.lastModified ?? (continuing ? lastModified : nil)
        freshUntil = head.freshUntil(receivedAt: received)
        if let contentType = head.contentType { self.contentType = contentType }
        if let servesRanges = head.servesRanges { acceptsRanges = servesRanges }
    }
}
