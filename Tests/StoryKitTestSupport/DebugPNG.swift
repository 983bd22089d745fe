import Foundation

/// A dependency-free PNG writer for tests: stores RGBA8 rows uncompressed (deflate "stored"
/// blocks) so any viewer can open a render while the real codecs are not involved.
///
/// Files are large (no compression); use it for looking at test renders, not for fixtures.
public enum DebugPNG {
    /// PNG bytes of a `width × height` image whose `rgba` bytes are straight-alpha RGBA8.
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        precondition(rgba.count == width * height * 4, "need width × height × 4 bytes")
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 4 + 1) * height)
        for y in 0..<height {
            raw.append(0)  // filter: none
            raw.append(contentsOf: rgba[(y * width * 4)..<((y + 1) * width * 4)])
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            zlib.append(final)
            zlib += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib.append(contentsOf: raw[offset..<(offset + count)])
            offset += count
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        zlib += bigEndian((b << 16) | a)

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return png
    }

    /// The environment variable naming the folder where tests write their renders for a person to
    /// look at; unset (the default, and in CI), no test writes any.
    public static let lookVariable = "STORYKIT_DEBUG_RENDERS"

    /// Writes premultiplied RGBA8 `pixels` to `$STORYKIT_DEBUG_RENDERS/<topic>/<name>.png` for a
    /// person to look at, when the variable is set; otherwise does nothing. Failures are ignored:
    /// the file is only for looking.
    ///
    /// - Parameters:
    ///   - topic: The folder inside the debug folder, e.g. `cube`.
    ///   - name: The file name without `.png`.
    public static func writeForLooking(width: Int, height: Int, premultiplied pixels: [UInt8], topic: String,
                                       name: String) {
        guard let root = ProcessInfo.processInfo.environment[lookVariable], !root.isEmpty else { return }
        let path = URL(fileURLWithPath: root).appendingPathComponent(topic).appendingPathComponent(name + ".png").path
        try? write(width: width, height: height, premultiplied: pixels, to: path)
    }

    /// Writes premultiplied RGBA8 `pixels` (as the compositor produces) to `path` as a PNG,
    /// un-premultiplying first; creates the folder if needed.
    public static func write(width: Int, height: Int, premultiplied pixels: [UInt8], to path: String) throws {
        var straight = pixels
        for i in stride(from: 0, to: straight.count, by: 4) {
            let alpha = Int(straight[i + 3])
            guard alpha > 0 && alpha < 255 else { continue }
            for c in 0..<3 { straight[i + c] = UInt8(min(255, (Int(straight[i + c]) * 255 + alpha / 2) / alpha)) }
        }
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(encode(width: width, height: height, rgba: straight)).write(to: url)
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
    }
}
