import Foundation

/// The block structure of a GIF file, read independently of our encoder: the logical screen
/// size and each image's delay, so tests can count frames and check timing.
struct GIFStructure {
    /// Logical screen width and height, in pixels.
    var width = 0, height = 0
    /// The delay of each image, in hundredths of a second (from the graphic control extension
    /// before it; 0 when there is none).
    var delays: [Int] = []

    /// Walks the blocks of the GIF at `path`.
    init(contentsOfFile path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        struct Malformed: Error {}
        guard bytes.count >= 13, bytes.starts(with: Array("GIF89a".utf8)) else { throw Malformed() }
        func word(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        width = word(6)
        height = word(8)
        var i = 13
        if bytes[10] & 0x80 != 0 { i += 3 << (Int(bytes[10] & 7) + 1) }
        func skipSubBlocks() throws {
            while true {
                guard i < bytes.count else { throw Malformed() }
                let length = Int(bytes[i])
                i += 1 + length
                if length == 0 { return }
            }
        }
        var pendingDelay = 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x21:
                guard i + 5 < bytes.count else { throw Malformed() }
                if bytes[i + 1] == 0xF9 { pendingDelay = word(i + 4) }
                i += 2
                try skipSubBlocks()
            case 0x2C:
                guard i + 10 < bytes.count else { throw Malformed() }
                let packed = bytes[i + 9]
                i += 10
                if packed & 0x80 != 0 { i += 3 << (Int(packed & 7) + 1) }
                i += 1  // LZW minimum code size
                try skipSubBlocks()
                delays.append(pendingDelay)
                pendingDelay = 0
            case 0x3B:
                return
            default:
                throw Malformed()
            }
        }
        throw Malformed()  // no trailer
    }

    /// The number of images (frames).
    var frameCount: Int { delays.count }
}
