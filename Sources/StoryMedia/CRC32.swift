/// CRC-32 as zlib, gzip and PNG compute it (IEEE 802.3 polynomial 0x04C11DB7, reflected, initial
/// value and final XOR 0xFFFFFFFF), table-driven, one byte at a time.
///
/// It detects every single-bit error, every odd number of flipped bits and every burst of up to
/// 32 bits in a message, which is what a torn or bit-flipped file needs; it is not a defence
/// against someone who edits the file on purpose. The check value of the ASCII bytes
/// `123456789` is `0xCBF43926` (the catalogue of parametrised CRCs, "CRC-32/ISO-HDLC").
enum CRC32 {
    /// The remainders of every byte value, for the reflected polynomial 0xEDB88320.
    private static let table: [UInt32] = (0..<256).map { byte in
        var remainder = UInt32(byte)
        for _ in 0..<8 {
            remainder = remainder & 1 == 1 ? 0xEDB8_8320 ^ (remainder >> 1) : remainder >> 1
        }
        return remainder
    }

    /// The CRC-32 of `bytes`.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
