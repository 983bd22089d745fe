#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - AtomicFile + staged files

/// Moving a finished temporary file into place, for writers that stage whole outputs (the command
/// line writes every file of a render under a temporary name, then moves them all at the end).
extension AtomicFile {
    /// Moves the finished file at `temporary` to `path`, replacing what is there in one step:
    /// syncs the file to storage, renames it with rename(2), then syncs the folder of `path`, as
    /// ``replace(_:with:stage:)`` does for bytes in memory.
    ///
    /// - Parameters:
    ///   - temporary: A finished file on the same file system as `path` (beside it, or in a
    ///     folder beside it).
    ///   - path: Where it goes.
    /// - Throws: ``FileSystemError`` when the file cannot be synced or renamed; `temporary` is
    ///   then left where it is.
    package static func moveIntoPlace(_ temporary: String, replacing path: String) throws {
        let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError.current("opening", temporary) }
        do {
            try sync(descriptor, path: temporary)
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw FileSystemError.current("replacing", path) }
        syncFolder(split(path).folder)
    }
}
