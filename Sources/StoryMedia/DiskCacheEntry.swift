/// The bytes of one disk-cache entry file, free of I/O: a 28-byte header, the key, the body.
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 4 | magic `SKDC` |
/// | 4 | 2 | format version, 1 (little-endian, as every number here) |
/// | 6 | 2 | reserved, 0 |
/// | 8 | 4 | key length in bytes |
/// | 12 | 8 | body length in bytes |
/// | 20 | 4 | CRC-32 of the body |
/// | 24 | 4 | CRC-32 of bytes 0…23 followed by the key |
/// | 28 | key length | the key, UTF-8 |
/// | 28 + key length | body length | the body |
///
/// The header's own checksum lets the cache rebuild its index from headers alone; the file's size
/// must be exactly 28 + key length + body length, so a file cut anywhere is refused before any
/// checksum is computed.
enum DiskCacheEntry {
    /// `SKDC`.
    static let magic: [UInt8] = Array("SKDC".utf8)
    /// The format version this release writes and reads.
    static let version: UInt16 = 1
    /// The size of the fixed header in bytes.
    static let headerSize = 28

    /// What a valid header says.
    struct Header: Equatable {
        /// The entry's key.
        var key: String
        /// The body's length in bytes.
        var bodyLength: Int
        /// The body's CRC-32.
        var bodyChecksum: UInt32
        /// The whole file's expected size.
        var fileSize: Int { DiskCacheEntry.headerSize + key.utf8.count + bodyLength }
    }

    /// The file for `body` under `key`.
    static func encode(key: String, body: [UInt8]) -> [UInt8] {
        let keyBytes = Array(key.utf8)
        var bytes = magic
        bytes.reserveCapacity(headerSize + keyBytes.count + body.count)
        append(UInt64(version), size: 2, to: &bytes)
        append(0, size: 2, to: &bytes)
        append(UInt64(keyBytes.count), size: 4, to: &bytes)
        append(UInt64(body.count), size: 8, to: &bytes)
        append(UInt64(CRC32.checksum(body)), size: 4, to: &bytes)
        append(UInt64(CRC32.checksum(bytes + keyBytes)), size: 4, to: &bytes)
        return bytes + keyBytes + body
    }

    /// The header at the start of `prefix` (at least the fixed header and the key), or nil when
    /// it is not a valid version-1 header (wrong magic, version or reserved field, a checksum
    /// mismatch, a key that is not UTF-8, or fewer bytes than it names).
    static func header(_ prefix: some RandomAccessCollection<UInt8>) -> Header? {
        let bytes = Array(prefix)
        guard bytes.count >= headerSize, Array(bytes[0..<4]) == magic,
              number(bytes, at: 4, size: 2) == UInt64(version), number(bytes, at: 6, size: 2) == 0
        else { return nil }
        let keyLength = Int(number(bytes, at: 8, size: 4))
        let bodyLength = number(bytes, at: 12, size: 8)
        guard keyLength <= bytes.count - headerSize, bodyLength <= UInt64(Int.max / 2) else { return nil }
        let keyBytes = Array(bytes[headerSize..<(headerSize + keyLength)])
        guard CRC32.checksum(bytes[0..<24] + keyBytes) == UInt32(number(bytes, at: 24, size: 4)),
              case let key = String(decoding: keyBytes, as: UTF8.self), Array(key.utf8) == keyBytes
        else { return nil }
        return Header(key: key, bodyLength: Int(bodyLength), bodyChecksum: UInt32(number(bytes, at: 20, size: 4)))
    }

    /// The body of the complete entry file `bytes` if it is a valid entry for `key`: a valid
    /// header naming `key`, exactly the size it says, and a body with the right checksum.
    static func body(of bytes: [UInt8], key: String) -> [UInt8]? {
        guard let header = header(bytes), header.key == key, bytes.count == header.fileSize else { return nil }
        let body = Array(bytes[(bytes.count - header.bodyLength)...])
        guard CRC32.checksum(body) == header.bodyChecksum else { return nil }
        return body
    }

    /// Appends the `size` low bytes of `value`, least significant first.
    private static func append(_ value: UInt64, size: Int, to bytes: inout [UInt8]) {
        for index in 0..<size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }

    /// The little-endian number of `size` bytes at `offset`.
    private static func number(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }
}
