import Foundation

/// Why a ``SeenStateStore`` could not read or save the seen state; every case says which file and
/// why in one line (``description``).
///
/// What to do about each:
/// - ``corrupt(path:_:)``: start with nothing seen. The store has already done so; the next
///   ``SeenStateStore/markSeen(_:)`` or ``SeenStateStore/save(_:)`` replaces the file.
/// - ``newerVersion(path:version:supported:)``: a newer release of the app wrote the file. Start
///   with nothing seen; the store does not overwrite the file until you call
///   ``SeenStateStore/save(_:)``, which replaces it.
/// - ``unreadable(path:reason:)`` and ``unwritable(path:reason:)``: the file system refused
///   (permissions, a folder where the file should be, a full disk). Nothing on disk changed.
/// - ``invalidID(_:)``: an id broke the rules of ``SeenStateStore/maximumIDLength``; nothing was
///   recorded from that call.
public enum SeenStateError: Error, Equatable, Sendable {
    /// The file is there but does not hold a seen state this store can trust.
    case corrupt(path: String, SeenStateCorruption)
    /// The file was written in a later format version than this store reads.
    case newerVersion(path: String, version: Int, supported: Int)
    /// Reading the file failed; `reason` is the system's (`Permission denied`, `Is a directory`).
    case unreadable(path: String, reason: String)
    /// Saving failed; the file that was there before is intact. `reason` names the step and the
    /// system's reason.
    case unwritable(path: String, reason: String)
    /// An id given to the store is empty, longer than 1 KiB of UTF-8 or holds a control character.
    case invalidID(String)
}

/// How a seen-state file is damaged.
public enum SeenStateCorruption: Equatable, Sendable {
    /// The file does not end with its checksum: it was cut short (a torn write by some other
    /// program, a full disk), is empty, or is not a seen-state file at all.
    case truncated
    /// The checksum at the end does not match the bytes before it: a bit flipped or the file was
    /// edited. Both values are CRC-32s.
    case checksumMismatch(stored: UInt32, computed: UInt32)
    /// The checksum matches but the content is not a valid document (malformed JSON, a missing
    /// key, a duplicate or invalid id); `reason` says which.
    case invalidDocument(String)
    /// The file is larger than any seen state this store writes (`limit` in bytes).
    case tooLarge(limit: Int)
}

// MARK: - SeenStateError + CustomStringConvertible

extension SeenStateError: CustomStringConvertible, LocalizedError {
    /// One line that names the file and the problem.
    public var description: String {
        switch self {
        case let .corrupt(path, corruption):
            "seen state at \(path) is corrupt: \(corruption); starting with nothing seen"
        case let .newerVersion(path, version, supported):
            "seen state at \(path) was written in format version \(version) by a newer release; "
                + "this one reads version \(supported) at most"
        case let .unreadable(path, reason):
            "cannot read the seen state at \(path): \(reason)"
        case let .unwritable(path, reason):
            "cannot save the seen state to \(path): \(reason); the file is as it was"
        case let .invalidID(reason):
            "seen ids are 1…\(SeenStateStore.maximumIDLength) bytes of UTF-8 without control characters, "
                + "got \(reason)"
        }
    }

    /// The same as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}

// MARK: - SeenStateCorruption + CustomStringConvertible

extension SeenStateCorruption: CustomStringConvertible {
    /// What is wrong, in a few words.
    public var description: String {
        switch self {
        case .truncated:
            "it does not end with its checksum (cut short, or not a seen-state file)"
        case let .checksumMismatch(stored, computed):
            "its checksum does not match (stored \(Self.hex(stored)), computed \(Self.hex(computed)))"
        case let .invalidDocument(reason):
            reason
        case let .tooLarge(limit):
            "it is larger than \(limit) bytes, more than any seen state this store writes"
        }
    }

    /// `value` as 8 lowercase hexadecimal digits after `0x`.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
