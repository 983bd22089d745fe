import Foundation

/// Why a ``DiskCache`` call failed; every case names the problem in one line (``description``).
///
/// A cache is an optimisation, so the usual answer to any of these is to carry on without it
/// (fetch from the network). None of them leaves a wrong entry behind: a failed store keeps the
/// entry that was there, and a damaged entry is never an error but a miss (`nil`).
public enum DiskCacheError: Error, Equatable, Sendable {
    /// The key is empty or longer than ``DiskCache/maximumKeyLength`` bytes of UTF-8.
    case invalidKey(String)
    /// The cache's folder cannot be used: a file is where it should be, it cannot be created or
    /// listed. `reason` is the system's.
    case unusableFolder(path: String, reason: String)
    /// Reading an entry failed for a reason other than damage (permissions); it was dropped from
    /// the index, so the next lookup is a miss.
    case unreadable(path: String, reason: String)
    /// Writing or removing an entry failed (a read-only folder, a full disk); the entry that was
    /// there before is intact.
    case unwritable(path: String, reason: String)
}

// MARK: - DiskCacheError + CustomStringConvertible

extension DiskCacheError: CustomStringConvertible, LocalizedError {
    /// One line that names the problem.
    public var description: String {
        switch self {
        case let .invalidKey(reason):
            "disk cache keys are 1…\(DiskCache.maximumKeyLength) bytes of UTF-8, got \(reason)"
        case let .unusableFolder(path, reason):
            "cannot use \(path) as the disk cache's folder: \(reason)"
        case let .unreadable(path, reason):
            "cannot read the disk cache entry \(path): \(reason)"
        case let .unwritable(path, reason):
            "cannot write to the disk cache at \(path): \(reason); the cache is as it was"
        }
    }

    /// The same as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
