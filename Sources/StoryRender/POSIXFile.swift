#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and writes through the C library, so failures carry the system's own reason
/// ("No such file or directory", "Permission denied") for one-line error messages.
enum POSIXFile {
    /// Files larger than this are refused before reading (1 GiB): no image we decode is that big.
    static let maximumReadSize = 1 << 30

    /// The whole contents of the file at `path`.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - prefixLength: How many leading bytes `checkPrefix` wants to see.
    ///   - checkPrefix: Called with the first `prefixLength` bytes (fewer when the file is
    ///     shorter) before the rest is read, so that a file that is not what the caller reads
    ///     (`/dev/zero`, `/dev/urandom`, a video) is refused after a few bytes, not a gigabyte.
    /// - Throws: ``CodecError/unreadableFile(path:reason:)``, or what `checkPrefix` throws.
    static func contents(ofFile path: String, prefixLength: Int = 0,
                         checkPrefix: ([UInt8]) throws -> Void = { _ in }) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw CodecError.unreadableFile(path: path, reason: lastError()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw CodecError.unreadableFile(path: path, reason: lastError()) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            throw CodecError.unreadableFile(path: path, reason: "Is a directory")
        }
        guard Int(info.st_size) <= maximumReadSize else {
            throw CodecError.unreadableFile(path: path, reason: "larger than 1 GiB")
        }
        var bytes = [UInt8](repeating: 0, count: Swift.max(Int(info.st_size), prefixLength, 0))
        var filled = 0
        var checked = prefixLength == 0
        while true {
            if filled == bytes.count {
                // The file may have grown since fstat, or be a pipe that reports size 0.
                guard bytes.count < maximumReadSize else {
                    throw CodecError.unreadableFile(path: path, reason: "larger than 1 GiB")
                }
                bytes.append(contentsOf: repeatElement(0, count: Swift.max(bytes.count, 65536)))
            }
            let wanted = !checked ? Swift.min(bytes.count - filled, Swift.max(prefixLength - filled, 1)) : bytes.count - filled
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress! + filled, wanted)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw CodecError.unreadableFile(path: path, reason: lastError())
            }
            if count == 0 { break }
            filled += count
            if !checked, filled >= prefixLength {
                checked = true
                try checkPrefix(Array(bytes[..<filled]))
            }
        }
        if !checked { try checkPrefix(Array(bytes[..<filled])) }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Replaces the file at `path` with `bytes` (created with mode 0644 when new).
    ///
    /// - Throws: ``CodecError/unwritableFile(path:reason:)``.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CodecError.unwritableFile(path: path, reason: lastError()) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = lastError()
                close(fd)
                throw CodecError.unwritableFile(path: path, reason: reason)
            }
            written += count
        }
        guard close(fd) == 0 else { throw CodecError.unwritableFile(path: path, reason: lastError()) }
    }

    /// The C library's message for the current `errno`.
    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
