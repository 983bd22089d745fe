#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// MARK: - AtomicFile + cache entries

/// The few more POSIX calls the disk cache needs: a file's first bytes with its size and
/// modification time, setting that time, removing a file, listing a folder.
extension AtomicFile {
    /// What ``prefix(ofFile:count:)`` read.
    package struct Prefix {
        /// The first bytes of the file, at most the count asked for.
        package var bytes: [UInt8]
        /// The file's size in bytes.
        package var size: Int
        /// The file's modification time in nanoseconds since 1970.
        package var modified: Int64
    }

    /// The first `count` bytes of the regular file at `path`, its size and modification time, or
    /// nil when nothing is at `path`.
    package static func prefix(ofFile path: String, count: Int) throws -> Prefix? {
        guard let (descriptor, info) = try openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: max(0, min(count, Int(info.st_size))))
        let filled = try fill(&bytes, from: 0, descriptor: descriptor, path: path)
        bytes.removeSubrange(filled...)
        return Prefix(bytes: bytes, size: Int(info.st_size), modified: modificationTime(info))
    }

    /// Sets the access and modification times of the file at `path` to `nanoseconds` since 1970
    /// (best effort: a failure only makes the least-recently-used order after a restart coarser).
    package static func setModificationTime(_ path: String, nanoseconds: Int64) {
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        let times = [time, time]
        _ = times.withUnsafeBufferPointer { utimensat(AT_FDCWD, path, $0.baseAddress, 0) }
    }

    /// Removes the file at `path`; nothing there is not an error.
    package static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw FileSystemError.current("removing", path) }
    }

    /// The names in `folder`, creating it when missing.
    package static func names(inFolder folder: String) throws -> [String] {
        try makeFolder(folder)
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw FileSystemError(operation: "listing", path: folder, reason: "\((error as NSError).localizedDescription)")
        }
    }

    /// Now, in nanoseconds since 1970.
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The modification time in `info`, in nanoseconds since 1970.
    private static func modificationTime(_ info: stat) -> Int64 {
        #if canImport(Darwin)
        Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }
}
