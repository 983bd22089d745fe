import Foundation

/// The seen-state file: one line of JSON whose last member is a CRC-32 of every byte before it.
///
/// ```json
/// {"version":1,"seen":["story-17","story-4"],"crc32":"e546211e"}
/// ```
///
/// - `version`: the format version, 1. A file with a larger number is refused, not guessed at.
/// - `seen`: the ids, oldest first (the order they were first seen, which the bound needs).
/// - `crc32`: 8 lowercase hexadecimal digits, the CRC-32 (zlib's) of the file's bytes from the
///   opening `{` up to and including the `]` that closes `seen`.
///
/// The file ends with exactly `"}` and a newline. Every version keeps this envelope (a JSON object
/// whose last member is `crc32`, the checksum of the bytes before it), so any file is checked
/// before its version is read: a flipped bit anywhere, the version digit included, is a checksum
/// mismatch rather than a misread version, and a file cut anywhere has no trailer. Pure
/// functions, no I/O.
enum SeenStateFormat {
    /// The version this code writes and the latest it reads.
    static let version = 1

    /// Why bytes are not a seen state this code reads.
    enum Failure: Error, Equatable {
        /// Damaged or not a seen-state file.
        case corrupt(SeenStateCorruption)
        /// A later format version.
        case newerVersion(Int)
    }

    /// `,"crc32":"`, which starts the trailer.
    private static let trailerStart = Array(#","crc32":""#.utf8)
    /// `"}` and a newline, which end the file.
    private static let trailerEnd = Array("\"}\n".utf8)
    /// The trailer's length in bytes: its start, 8 hexadecimal digits and its end.
    private static let trailerLength = trailerStart.count + 8 + trailerEnd.count

    /// The largest file a store of `capacity` ids writes, in bytes: every id at the longest,
    /// every byte escaped (`"` or `\`), plus quotes, commas and the envelope.
    static func maximumSize(capacity: Int) -> Int {
        64 + trailerLength + capacity * (2 * SeenStateStore.maximumIDLength + 3)
    }

    /// The file's bytes for `ids`, oldest first. The ids must be valid (``SeenIDs/problem(with:)``).
    static func encode(_ ids: [String]) -> [UInt8] {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var bytes = Array(#"{"version":1,"seen":["#.utf8)
        bytes.reserveCapacity(bytes.count + ids.reduce(0) { $0 + $1.utf8.count + 3 } + trailerLength + 1)
        for (index, id) in ids.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(quote)
            for byte in id.utf8 {
                // Valid ids hold no control characters, so these are the only escapes JSON needs.
                if byte == quote || byte == backslash { bytes.append(backslash) }
                bytes.append(byte)
            }
            bytes.append(quote)
        }
        bytes.append(UInt8(ascii: "]"))
        let digits = Array(String(CRC32.checksum(bytes), radix: 16).utf8)
        bytes += trailerStart + Array(repeating: UInt8(ascii: "0"), count: 8 - digits.count) + digits + trailerEnd
        return bytes
    }

    /// The ids in `bytes`, oldest first.
    ///
    /// The checksum is checked first, then the version, then the document: valid ids, none twice.
    ///
    /// - Throws: ``Failure``. Not as typed `throws(Failure)`: against the iPhoneOS 17.4 SDK used
    ///   for the iOS build, whose standard library predates typed throws (`_willThrowTyped`), the
    ///   compiler crashes on them; the same holds in StoryFiles' `AtomicFile`.
    static func decode(_ bytes: [UInt8]) throws -> [String] {
        let contentEnd = bytes.count - trailerLength
        guard contentEnd > 0,
              bytes[contentEnd..<contentEnd + trailerStart.count].elementsEqual(trailerStart),
              bytes[(bytes.count - trailerEnd.count)...].elementsEqual(trailerEnd),
              let stored = hexadecimal(bytes[(contentEnd + trailerStart.count)...].prefix(8))
        else { throw Failure.corrupt(.truncated) }
        let computed = CRC32.checksum(bytes[..<contentEnd])
        guard stored == computed else { throw Failure.corrupt(.checksumMismatch(stored: stored, computed: computed)) }

        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch {
            // A later version may change `seen`; its `version` still says which it is.
            if let header = try? JSONDecoder().decode(Header.self, from: Data(bytes)), header.version > version {
                throw Failure.newerVersion(header.version)
            }
            throw Failure.corrupt(.invalidDocument("not a seen-state document (\(Self.summary(of: error)))"))
        }
        guard document.version <= version else { throw Failure.newerVersion(document.version) }
        guard document.version == version else {
            throw Failure.corrupt(.invalidDocument("version \(document.version) is not a format version"))
        }
        var unique = Set<String>()
        for (index, id) in document.seen.enumerated() {
            if let problem = SeenIDs.problem(with: id) {
                throw Failure.corrupt(.invalidDocument("seen[\(index)] is \(problem)"))
            }
            guard unique.insert(id).inserted else {
                throw Failure.corrupt(.invalidDocument("seen[\(index)] repeats an earlier id"))
            }
        }
        return document.seen
    }

    /// The value of exactly 8 lowercase hexadecimal digits, or nil.
    private static func hexadecimal(_ digits: ArraySlice<UInt8>) -> UInt32? {
        guard digits.count == 8 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(digit - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

    /// A short reason from a decoding error: the missing or mistyped key, or "malformed JSON".
    private static func summary(of error: any Error) -> String {
        switch error as? DecodingError {
        case let .keyNotFound(key, _)?: "no \"\(key.stringValue)\""
        case let .typeMismatch(_, context)?, let .valueNotFound(_, context)?:
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        default: "malformed JSON"
        }
    }

    /// Version 1's document.
    private struct Document: Decodable {
        let version: Int
        let seen: [String]
        let crc32: String
    }

    /// What every version has.
    private struct Header: Decodable {
        let version: Int
    }
}
