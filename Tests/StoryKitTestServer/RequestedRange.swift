/// A request's `Range` header resolved against a body's length, after RFC 9110 §14.2.
///
/// Only single ranges of unit `bytes` are served: `bytes=a-`, `bytes=a-b` and `bytes=-n`. A header
/// the server does not understand (another unit, several ranges, bad syntax, `b < a`) is ignored
/// and the whole body served, as the RFC allows.
enum RequestedRange: Hashable {
    /// No range applies: serve the whole body with `200`.
    case whole
    /// Serve these offsets with `206` (never empty, always inside the body).
    case part(Range<Int>)
    /// The range starts at or past the end of the body: answer `416`.
    case unsatisfiable

    /// Resolves a raw `Range` header value against a body of `length` bytes (≥ 0).
    init(header: String, length: Int) {
        let trimmed = header.trimmingSpaces
        let unit = "bytes="
        guard trimmed.lowercased().hasPrefix(unit) else { self = .whole; return }
        let spec = String(trimmed.dropFirst(unit.count)).trimmingSpaces
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard !spec.contains(","), parts.count == 2 else { self = .whole; return }
        let first = String(parts[0]).trimmingSpaces
        let last = String(parts[1]).trimmingSpaces

        if first.isEmpty {
            // bytes=-n: the last n bytes.
            guard let suffix = Self.number(last) else { self = .whole; return }
            guard suffix > 0, length > 0 else { self = .unsatisfiable; return }
            self = .part(Swift.max(0, length - suffix)..<length)
            return
        }
        guard let start = Self.number(first) else { self = .whole; return }
        let end: Int
        if last.isEmpty {
            end = Int.max
        } else {
            guard let given = Self.number(last), given >= start else { self = .whole; return }
            end = given
        }
        guard start < length else { self = .unsatisfiable; return }
        self = .part(start..<(Swift.min(end, length - 1) + 1))
    }

    /// A decimal number of ASCII digits; too many digits saturate at `Int.max`.
    private static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(text) ?? Int.max
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }),
              let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
