import Foundation
@testable import StoryRender
import Testing

/// A photo-sized texture's texels are advised for transparent huge pages on Linux (the cube frame
/// reads them along slanted lines and measured 4–6 % faster with them), and the advice changes no
/// texel.
@Suite struct TextureHugePagesTests {
    /// The kernel's transparent-huge-page mode (`always`, `madvise` or `never`), `nil` off Linux.
    static var mode: String? {
        guard let text = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
              let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]") else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// The `THPeligible` value of the mapping in `/proc/self/smaps` that holds `address`.
    static func eligible(_ address: UInt) -> Int? {
        // Read to the end: a /proc file has no size to read up to.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile(),
              let smaps = String(data: data, encoding: .utf8) else { return nil }
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside, fields.first == "THPeligible:", fields.count > 1 {
                return Int(fields[1])
            }
        }
        return nil
    }

    @Test(.enabled(if: mode == "madvise" || mode == "always"))
    func aPhotoTexturesTexelsMayUseHugePages() throws {
        let image = RGBAImage(width: 1080, height: 1920)
        let texture = Texture(image)
        let address = texture.texels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        // 1080 × 1920 × 4 bytes hold several whole 2 MiB pages: the middle one lies in an advised range.
        let middle = (address + UInt(texture.texels.count * 2) + (2 << 20) - 1) & ~UInt((2 << 20) - 1)
        #expect(Self.eligible(middle) == 1, "THP mode \(Self.mode ?? "?")")
    }

    @Test func theAdviceChangesNoTexel() {
        var image = RGBAImage(width: 1100, height: 1000)
        for i in image.pixels.indices { image.pixels[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) | 0x80 }
        for i in Swift.stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = 255 }
        let texture = Texture(image)
        let level = texture.levels[0]
        var same = true
        image.pixels.withUnsafeBytes { raw in
            for y in Swift.stride(from: 0, to: level.height, by: 7) {
                for x in Swift.stride(from: 0, to: level.width, by: 5) {
                    let p = raw.loadUnaligned(fromByteOffset: (y * level.width + x) * 4, as: UInt32.self)
                    if texture.texels[level.offset + y * level.stride + x] != p { same = false }
                }
            }
        }
        #expect(same)
    }
}
