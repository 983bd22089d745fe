/// A coding key for any string or integer, so a decoder can list every key an object holds and
/// an error can name one that no type declares.
package struct AnyCodingKey: CodingKey, Hashable, Sendable {
    package var stringValue: String
    package var intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    package init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Refuses an object that holds a key `Keys` does not declare, so that a misspelt key in an
    /// input file (a scene, a gesture script) is an error instead of a silently ignored default.
    ///
    /// The error is `DecodingError.dataCorrupted` at the unknown key's path (the first one in
    /// alphabetical order), saying `unknown key; did you mean cornerRadius?` when a declared key
    /// is within a few edits, or listing the declared keys otherwise. A value that is not an
    /// object is left for the type's own decoding to report.
    ///
    /// - Parameter keys: The keys the type reads.
    package func rejectUnknownKeys<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) throws {
        guard let container = try? container(keyedBy: AnyCodingKey.self) else { return }
        let known = Keys.allCases.map(\.stringValue)
        guard let unknown = container.allKeys.map(\.stringValue).filter({ !known.contains($0) }).min() else { return }
        let message: String
        if known.isEmpty {
            message = "unknown key; expected an empty object"
        } else if let nearest = StrictDecoding.nearest(to: unknown, among: known) {
            message = "unknown key; did you mean \(nearest)?"
        } else {
            message = "unknown key; expected " + (known.count > 1 ? "one of " : "")
                + StrictDecoding.list(known.sorted(), conjunction: "or")
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: codingPath + [AnyCodingKey(stringValue: unknown)], debugDescription: message))
    }
}

/// A string enumeration that input files name by its raw value, and whose decoding error lists the
/// valid names ("phase must be began, moved, ended or cancelled, not \"move\"") instead of Swift's
/// "Cannot initialize Phase from invalid String value move".
public protocol DecodableByName: RawRepresentable, CaseIterable, Decodable where RawValue == String {}

extension DecodableByName {
    /// Decodes one of the cases' raw values.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the valid values when the string is none of
    ///   them, `DecodingError.typeMismatch` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let value = Self(rawValue: name) else {
            let what = decoder.codingPath.last.flatMap { $0.intValue == nil ? $0.stringValue : nil } ?? "value"
            let names = StrictDecoding.list(Self.allCases.map(\.rawValue), conjunction: "or")
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(what) must be \(names), not \"\(name)\"")
        }
        self = value
    }
}

/// The wording shared by strict decoders.
package enum StrictDecoding {
    /// `["a", "b", "c"]` as "a, b or c".
    package static func list(_ words: [String], conjunction: String) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + words[words.count - 1]
    }

    /// The candidate closest to `word` by edit distance (case-insensitive), if it is close enough
    /// to be a misspelling: at most a third of the word's length in edits (at least one), and not
    /// every character of either word (`t` is not a misspelt `x`).
    package static func nearest(to word: String, among candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            guard distance <= limit, distance < min(word.count, candidate.count) else { continue }
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The Levenshtein distance between two strings, in characters.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
