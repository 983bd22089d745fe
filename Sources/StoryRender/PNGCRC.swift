// MARK: - PNGCRC

/// The CRC-32 that guards every PNG chunk (ISO 3309 / ITU-T V.42, polynomial 0xEDB88320,
/// reflected), over the chunk's type and data: the PNG specification, section 5.5.
enum PNGCRC {
    /// The byte-wise lookup table of the reflected polynomial.
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 of `bytes`, e.g. `0xAE426082` for the four bytes `IEND`.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
