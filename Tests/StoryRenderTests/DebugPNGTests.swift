import Foundation
import StoryKitTestSupport
import Testing

@Suite struct DebugPNGTests {
    @Test func writesAPNGThatStartsWithTheSignatureAndEndsWithIEND() {
        let png = DebugPNG.encode(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 128])
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png.suffix(8).prefix(4)) == Array("IEND".utf8))
    }
}

extension DebugPNGTests {
    @Test func writesFilesFromPremultipliedPixels() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("storykit-debugpng-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("half.png").path   // the folder is created by write
        try DebugPNG.write(width: 1, height: 1, premultiplied: [64, 0, 0, 128], to: path)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // The stored (uncompressed) row holds the un-premultiplied pixel: 64 · 255 / 128 → 128.
        let row: [UInt8] = [0, 128, 0, 0, 128]
        #expect(bytes.firstRange(of: row) != nil)
    }
}
