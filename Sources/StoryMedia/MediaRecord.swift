/// What the pipeline knows of one media file: the bytes it has from the start (all of them, or a
/// prefix of a video) and what the server said about the whole, stored as one ``DiskCache``
/// entry (whose length and CRC-32 checks cover it all).
///
/// Format of the stored bytes (little-endian): `SKM1`, the full length + 1 as UInt64 (0:
/// unknown), a flag byte (1: the server accepts ranges), then four strings each as a UInt16
/// byte count and UTF-8 (ETag, Last-Modified, content type, and the time until which the bytes
/// are fresh as decimal seconds since 1970 — empty in records written before revalidation,
/// which are stale), then the bytes.
struct MediaRecord: Sendable, Hashable {
    /// The bytes from offset 0: the whole media or a prefix of it.
    var bytes: [UInt8] = []
    /// The full length, if a response said it.
    var length: Int?
    /// The server's `ETag`, if any.
    var etag: String?
    /// The server's `Last-Modified`, if any.
    var lastModified: String?
    /// The server's `Content-Type`, if any.
    var contentType: String?
    /// Whether the server said `Accept-Ranges: bytes` (or answered a range with 206).
    var acceptsRanges = false
    /// Until when (seconds since 1970) the bytes may be used without asking the server
    /// (``HTTPFreshness``); nil: stale, ask first.
    var freshUntil: Double?

    /// Whether the bytes may be used at `date` (seconds since 1970) without asking the server.
    func isFresh(at date: Double) -> Bool { freshUntil.map { date < $0 } ?? false }

    /// Whether the server gave a validator to ask with (`ETag` or `Last-Modified`).
    var hasValidator: Bool { etag != nil || lastModified != nil }

    /// Whether every byte is here.
    var isComplete: Bool { length.map { bytes.count >= $0 } ?? false }

    /// Whether the first `count` bytes (`nil`: all) are here.
    func covers(_ count: Int?) -> Bool {
        if let length, bytes.count >= length { return true }
        guard let count else { return false }
        return bytes.count >= count
    }

    /// The stored form.
    func encoded() -> [UInt8] {
        var out: [UInt8] = Array("SKM1".utf8)
        out.reserveCapacity(64 + bytes.count)
        let stored = UInt64(length.map { $0 + 1 } ?? 0)
        for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: stored >> UInt64(shift))) }
        out.append(acceptsRanges ? 1 : 0)
        let fresh = freshUntil.flatMap { $0.isFinite ? String($0) : nil }
        for text in [etag, lastModified, contentType, fresh] {
            let utf8 = Array((text ?? "").utf8.prefix(Int(UInt16.max)))
            out.append(UInt8(utf8.count & 0xFF))
            out.append(UInt8(utf8.count >> 8))
            out += utf8
        }
        out += bytes
        return out
    }

    /// A record read back from ``encoded()``; nil for bytes not in the format.
    init?(decoding stored: [UInt8]) {
        guard stored.count >= 13, stored.starts(with: "SKM1".utf8) else { return nil }
        var stamp: UInt64 = 0
        for index in 0..<8 { stamp |= UInt64(stored[4 + index]) << UInt64(8 * index) }
        guard stamp <= UInt64(Int.max) else { return nil }
        length = stamp == 0 ? nil : Int(stamp - 1)
        acceptsRanges = stored[12] == 1
        var offset = 13
        var texts: [String?] = []
        for _ in 0..<4 {
            guard offset + 2 <= stored.count else { return nil }
            let count = Int(stored[offset]) | Int(stored[offset + 1]) << 8
            offset += 2
            guard offset + count <= stored.count else { return nil }
            texts.append(count == 0 ? nil : String(decoding: stored[offset..<offset + count], as: UTF8.self))
            offset += count
        }
        etag = texts[0]
        lastModified = texts[1]
        contentType = texts[2]
        freshUntil = texts[3].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil }
        bytes = Array(stored[offset...])
        if let length, bytes.count > length { return nil }
    }

    /// An empty record.
    init() {}
}
