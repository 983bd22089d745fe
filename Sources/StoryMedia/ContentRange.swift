/// A response's `Content-Range: bytes first-last/complete` (RFC 9110 §14.4), parsed.
struct ContentRange: Sendable, Hashable {
    /// The first byte's offset.
    var first: Int
    /// The last byte's offset (inclusive).
    var last: Int
    /// The full length, if given (`*` is unknown).
    var complete: Int?

    /// The header parsed; nil unless it is a satisfied byte range with `first ≤ last` (and
    /// `last < complete` when the length is given).
    init?(_ header: String) {
        let text = header.trimmingSpaces
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = text.dropFirst(6).trimmingSpaces
        let halves = spec.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]), first >= 0, first <= last else {
            return nil
        }
        if halves[1] == "*" {
            complete = nil
        } else {
            guard let complete = Int(halves[1]), last < complete else { return nil }
            self.complete = complete
        }
        self.first = first
        self.last = last
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
