#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The steps of an atomic replacement, in order; a test can stop the process after any of them
/// (see ``SeenStateStore/init(fileURL:capacity:afterEachStage:)``).
package enum AtomicWriteStage: String, Sendable, CaseIterable {
    /// The first half of the bytes is in the temporary file.
    case halfWritten
    /// All bytes are in the temporary file, not yet synced.
    case written
    /// The temporary file is synced to storage, not yet renamed.
    case synced
    /// The temporary file has replaced the target; the folder is not yet synced.
    case renamed
}

/// A failed file-system call: what was attempted, on which path, and the system's reason.
package struct FileSystemError: Error, Equatable, CustomStringConvertible {
    /// What was attempted, e.g. "creating a temporary file in".
    package let operation: String
    /// The path it was attempted on.
    package let path: String
    /// The system's message for the error (`strerror`), or our own.
    package let reason: String

    /// An error: `operation` on `path` failed for `reason`.
    package init(operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// `operation path: reason`.
    package var description: String { "\(operation) \(path): \(reason)" }

    /// The error for the current `errno`.
    package static func current(_ operation: String, _ path: String) -> FileSystemError {
        FileSystemError(operation: operation, path: path, reason: String(cString: strerror(errno)))
    }
}

/// Whole-file reads and atomic replacement through POSIX calls: the one file layer of the package
/// (Glibc on Linux, Darwin on Apple platforms). StoryMedia's disk cache and seen state, StoryRender's
/// PNG and GIF files and the command line's staged outputs all write through it, so no file is
/// ever overwritten in place.
///
/// A replacement writes a temporary file next to the target (same folder, so same file system),
/// syncs it, renames it over the target with rename(2), which replaces the name in one step, and
/// syncs the folder so the new name is on storage too. A reader sees the old file or the new one,
/// never a mix; a process killed at any step leaves the old file intact until the rename and the
/// new one after it. On Apple platforms the sync is `F_FULLFSYNC`, which also flushes the drive's
/// cache (plain `fsync` where the file system does not support it). Failures are thrown as
/// ``FileSystemError``.
package enum AtomicFile {
    /// The contents of the regular file at `path`, at most `limit` + 1 bytes (more means too
    /// large), or nil when nothing is at `path`.
    package static func contents(ofFile path: String, limit: Int) throws -> [UInt8]? {
        guard let (descriptor, info) = try openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 0), limit) + 1)
        var filled = 0
        while true {
            filled = try fill(&bytes, from: filled, descriptor: descriptor, path: path)
            // Short of the buffer: the file ended. Full: it may have grown since fstat; read on
            // until it ends or passes the limit.
            guard filled == bytes.count, bytes.count <= limit else { break }
            bytes += repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count))
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Opens the regular file at `path` for reading: its descriptor (close it) and attributes, or
    /// nil when nothing is at `path`.
    ///
    /// - Throws: ``FileSystemError`` when it cannot be opened or is not a regular file (a folder,
    ///   a device, a FIFO — opened without blocking, so a FIFO cannot hang the call).
    package static func openRegularFile(_ path: String) throws -> (descriptor: Int32, info: stat)? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileSystemError.current("opening", path)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = FileSystemError.current("reading the attributes of", path)
            close(descriptor)
            throw error
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (descriptor, info)
        case S_IFDIR:
            close(descriptor)
            throw FileSystemError(operation: "reading", path: path, reason: "Is a directory")
        default:
            close(descriptor)
            throw FileSystemError(operation: "reading", path: path, reason: "not a regular file")
        }
    }

    /// Reads from `descriptor` into `bytes` from index `filled` until `bytes` is full or the file
    /// ends, retrying interrupted reads.
    ///
    /// - Returns: How many bytes of `bytes` are filled now.
    package static func fill(_ bytes: inout [UInt8], from filled: Int, descriptor: Int32, path: String) throws -> Int {
        var filled = filled
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.current("reading", path)
            }
            if got == 0 { break }
            filled += got
        }
        return filled
    }

    /// Replaces the file at `path` with `bytes`, creating its folder when missing (unless told not to).
    ///
    /// Temporary files left by an earlier replacement of the same file that died before renaming
    /// are removed first. On any failure the temporary file is removed and the old file is intact:
    /// every step that can fail comes before the rename.
    ///
    /// - Parameters:
    ///   - createFolder: Whether a missing folder (and its parents) is created; when false, a
    ///     missing folder fails the write ("No such file or directory").
    ///   - stage: Called after each step; tests use it to kill the process there.
    package static func replace(_ path: String, with bytes: [UInt8], createFolder: Bool = true,
                                stage: (AtomicWriteStage) -> Void = { _ in }) throws {
        let (folder, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw FileSystemError(operation: "writing", path: path, reason: "not a file name")
        }
        if createFolder { try makeFolder(folder) }
        let prefix = temporaryPrefix(for: name)
        removeFiles(in: folder, prefixedWith: prefix)
        let (temporaryPath, descriptor) = try createTemporaryFile(in: folder, prefix: prefix)
        var renamed = false
        defer { if !renamed { unlink(temporaryPath) } }
        do {
            let half = bytes.count / 2
            try write(bytes[..<half], to: descriptor, path: temporaryPath)
            stage(.halfWritten)
            try write(bytes[half...], to: descriptor, path: temporaryPath)
            stage(.written)
            try sync(descriptor, path: temporaryPath)
            stage(.synced)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw FileSystemError.current("closing", temporaryPath) }
        guard rename(temporaryPath, path) == 0 else { throw FileSystemError.current("replacing", path) }
        renamed = true
        stage(.renamed)
        syncFolder(folder)
    }

    /// The folder and the file name of `path`.
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }

    /// The start of the names of the temporary files for `name`: a dot (hidden), at most 200 bytes
    /// of the name (so that the suffix fits the 255-byte limit of a file name), `.tmp-`.
    package static func temporaryPrefix(for name: String) -> String {
        var kept = ""
        for character in name {
            guard kept.utf8.count + character.utf8.count <= 200 else { break }
            kept.append(character)
        }
        return "." + kept + ".tmp-"
    }

    /// Creates `folder` and its missing parents (mode 0755 before the umask).
    package static func makeFolder(_ folder: String) throws {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw FileSystemError(operation: "creating the folder", path: folder, reason: "Not a directory")
            }
            return
        }
        guard errno == ENOENT else { throw FileSystemError.current("looking up the folder", folder) }
        let parent = split(folder).folder
        if parent != folder { try makeFolder(parent) }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
            throw FileSystemError.current("creating the folder", folder)
        }
    }

    /// Removes the files in `folder` whose names start with `prefix` (best effort).
    private static func removeFiles(in folder: String, prefixedWith prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink(folder + "/" + name)
        }
    }

    /// A new, empty temporary file in `folder` (mode 0644 before the umask): its path and an open
    /// descriptor for writing. The name ends in 16 random hexadecimal digits.
    private static func createTemporaryFile(in folder: String,
                                            prefix: String) throws -> (String, Int32) {
        for _ in 0..<16 {
            let digits = String(UInt64.random(in: .min ... .max), radix: 16)
            let path = folder + "/" + prefix + String(repeating: "0", count: 16 - digits.count) + digits
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (path, descriptor) }
            guard errno == EEXIST else { throw FileSystemError.current("creating a temporary file in", folder) }
        }
        throw FileSystemError(operation: "creating a temporary file in", path: folder,
                              reason: "every name tried exists")
    }

    /// Writes all of `bytes`, retrying short and interrupted writes.
    private static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32,
                              path: String) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Self.systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.current("writing", path)
            }
            written += count
        }
    }

    /// write(2), named apart from ``write(_:to:path:)``.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// Flushes the file's data to storage: `F_FULLFSYNC` on Apple platforms (through the drive's
    /// cache), falling back to `fsync`, which is all there is elsewhere.
    package static func sync(_ descriptor: Int32, path: String) throws {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else { throw FileSystemError.current("syncing", path) }
    }

    /// Syncs `folder`, so that a rename in it is on storage, as far as the file system allows.
    ///
    /// Best effort: the rename is done and every reader sees the new file, so a failure here
    /// (some file systems refuse to sync a folder with `EINVAL`) only means the new name may not
    /// survive a power loss (the old file would then come back whole, not a mix).
    package static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
