#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - AtomicFile + checked reads

/// Reading a whole file that a caller checks as it arrives (StoryRender's image decoders: a file
/// that is not an image is refused after its first bytes).
extension AtomicFile {
    /// Files larger than this are refused before reading (1 GiB): no image StoryRender decodes is
    /// that big.
    package static let maximumCheckedReadSize = 1 << 30

    /// The whole contents of the file at `path` (a regular file, or a pipe or device that ends).
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - prefixLength: How many leading bytes `checkPrefix` wants to see.
    ///   - checkPrefix: Called with the first `prefixLength` bytes (fewer when the file is
    ///     shorter) before the rest is read, so that a file that is not what the caller reads
    ///     (`/dev/zero`, `/dev/urandom`, a video) is refused after a few bytes, not a gigabyte.
    /// - Throws: ``FileSystemError`` (its reason the system's own, "Is a directory" or "larger
    ///   than 1 GiB"), or what `checkPrefix` throws.
    package static func checkedContents(ofFile path: String, prefixLength: Int = 0,
                                        checkPrefix: ([UInt8]) throws -> Void = { _ in }) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError.current("reading", path) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileSystemError.current("reading", path) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            throw FileSystemError(operation: "reading", path: path, reason: "Is a directory")
        }
        guard Int(info.st_size) <= maximumCheckedReadSize else {
            throw FileSystemError(operation: "reading", path: path, reason: "larger than 1 GiB")
        }
        var bytes = [UInt8](repeating: 0, count: Swift.max(Int(info.st_size), prefixLength, 0))
        var filled = 0
        var checked = prefixLength == 0
        while true {
            if filled == bytes.count {
                // The file may have grown since fstat, or be a pipe that reports size 0.
                guard bytes.count < maximumCheckedReadSize else {
                    throw FileSystemError(operation: "reading", path: path, reason: "larger than 1 GiB")
                }
                bytes.append(contentsOf: repeatElement(0, count: Swift.max(bytes.count, 65536)))
            }
            let wanted = !checked ? Swift.min(bytes.count - filled, Swift.max(prefixLength - filled, 1)) : bytes.count - filled
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(fd, buffer.baseAddress.map { $0 + filled }, wanted)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.current("reading", path)
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
}
