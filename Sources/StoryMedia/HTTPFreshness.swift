import Foundation

// MARK: - HTTPFreshness

/// How long a response may be served from the disk cache without asking the server again, read
/// from its headers as a private cache reads them (RFC 9111 §4.2, §5.2).
///
/// - `Cache-Control: no-store`: the response is not stored at all.
/// - `Cache-Control: no-cache`: stored, but confirmed with the server before every use.
/// - `Cache-Control: max-age=N` (N seconds), else `Expires` minus `Date` (an `Expires` that is
///   not a valid date counts as already expired): fresh for that long after it was received,
///   less its `Age`.
/// - Nothing of the above: stale at once. HTTP allows a cache to guess a lifetime from
///   `Last-Modified` (§4.2.2), but a guess would keep serving a file the server has changed (a
///   day-old file could be served unchanged for 2.4 hours); StoryKit asks instead, which costs
///   one conditional request per file per session and no body when it has not changed.
///
/// A stale response is revalidated before use: the request carries `If-None-Match` (its `ETag`)
/// and `If-Modified-Since` (its `Last-Modified`), a `304 Not Modified` confirms the stored bytes
/// and a `200` replaces them; without a validator it is downloaded again.
///
/// ```swift
/// let freshness = HTTPFreshness(headers: ["cache-control": "public, max-age=600"])
/// freshness.lifetime    // 600
/// ```
public struct HTTPFreshness: Sendable, Hashable {
    /// Whether the response must not be stored (`no-store`).
    public var noStore: Bool
    /// Seconds the response stays fresh after it was received (0: revalidate before every use);
    /// at most ``maximumLifetime``.
    public var lifetime: Double

    /// The longest lifetime kept, in seconds (a year, as `immutable` responses usually say).
    public static let maximumLifetime: Double = 31_536_000

    /// The freshness of a response whose headers (names lowercased) are `headers`.
    public init(headers: [String: String]) {
        let directives = Self.directives(headers["cache-control"] ?? "")
        noStore = directives["no-store"] != nil
        var lifetime = 0.0
        if directives["no-cache"] != nil || noStore {
            lifetime = 0
        } else if let maxAge = directives["max-age"] ?? nil {
            lifetime = Self.seconds(maxAge) ?? 0
        } else if let expires = headers["expires"] {
            let date = headers["date"].flatMap(Self.date(from:))
            if let expiry = Self.date(from: expires) {
                lifetime = date.map { expiry - $0 } ?? 0
            }
        }
        if let age = headers["age"].flatMap(Self.seconds) { lifetime -= age }
        self.lifetime = Swift.min(Swift.max(lifetime.isFinite ? lifetime : 0, 0), Self.maximumLifetime)
    }

    /// The directives of a `Cache-Control` value, names lowercased, each with its argument
    /// (quotes removed) or nil.
    static func directives(_ value: String) -> [String: String?] {
        var result: [String: String?] = [:]
        for part in value.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard let name = pieces.first?.trimmingSpaces.lowercased(), !name.isEmpty else { continue }
            let argument = pieces.count > 1 ? pieces[1].trimmingSpaces.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
            if result[name] == nil { result[name] = .some(argument) }
        }
        return result
    }

    /// A delta-seconds value (digits only); nil otherwise.
    static func seconds(_ text: String) -> Double? {
        let text = text.trimmingSpaces
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return Double(text).map { Swift.min($0, maximumLifetime * 10) }
    }

    /// Seconds since 1970 of an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7;
    /// the obsolete RFC 850 and asctime forms too), or nil.
    static func date(from text: String) -> Double? {
        let text = text.trimmingSpaces
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
        }
        return nil
    }

    /// `seconds` (since 1970) as an HTTP date, `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
