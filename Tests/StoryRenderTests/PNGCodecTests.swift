import Foundation
import StoryKitTestSupport
import StoryRender
import Testing

@Suite struct PNGCodecTests {
    // MARK: Files from an independent encoder

    @Test func greyscaleFileDecodesToOpaqueGrey() throws {
        let image = try RGBAImage(pngData: CodecFixtures.grey8)
        #expect(image.width == 4 && image.height == 2)
        let greys = (0..<2).flatMap { y in (0..<4).map { x in image[x, y] } }
        #expect(greys.map(\.r) == [0, 50, 128, 255, 1, 2, 254, 77])
        #expect(greys.allSatisfy { $0.r == $0.g && $0.g == $0.b && $0.a == 255 })
    }

    @Test func paletteFileWithTransparencyDecodesPremultiplied() throws {
        let image = try RGBAImage(pngData: CodecFixtures.palette)
        #expect(image.width == 3 && image.height == 2)
        #expect(image[0, 0] == (255, 0, 0, 255))
        #expect(image[1, 0] == (0, 128, 0, 128))  // 255 · 128 / 255
        #expect(image[2, 0] == (0, 0, 0, 0))  // fully transparent blue loses its colour
        #expect(image[0, 1] == (10, 20, 30, 255))
        #expect(image[1, 1] == (255, 0, 0, 255))
    }

    @Test func sixteenBitGreyMapsToEightBitsAsSRGB() throws {
        let image = try RGBAImage(pngData: CodecFixtures.grey16)
        #expect(image.width == 3 && image.height == 1)
        #expect(image[0, 0] == (0, 0, 0, 255))
        #expect(image[1, 0] == (200, 200, 200, 255))
        #expect(image[2, 0] == (255, 255, 255, 255))
    }

    @Test func sixteenBitRGBADecodes() throws {
        let image = try RGBAImage(pngData: CodecFixtures.rgba16)
        #expect(image[0, 0] == (10, 20, 30, 255))
        #expect(image[1, 0] == (255, 128, 0, 255))
    }

    @Test func straightAlphaIsPremultipliedWithRounding() throws {
        let image = try RGBAImage(pngData: CodecFixtures.rgba8)
        #expect(image[0, 0] == (255, 0, 0, 255))
        #expect(image[1, 0] == (0, 128, 0, 128))
        #expect(image[0, 1] == (0, 0, 0, 0))
        // (200, 100, 50) · 64 / 255 = (50.2, 25.1, 12.55) → (50, 25, 13).
        #expect(image[1, 1] == (50, 25, 13, 64))
        let greyAlpha = try RGBAImage(pngData: CodecFixtures.greyAlpha)
        #expect(greyAlpha[0, 0] == (100, 100, 100, 255))
        #expect(greyAlpha[1, 0] == (40, 40, 40, 51))  // 200 · 51 / 255 = 40
    }

    // MARK: Round trips

    @Test(arguments: [1 as UInt64, 2, 3])
    func opaqueAndBinaryAlphaImagesRoundTripExactly(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let width = Int.random(in: 1...40, using: &random), height = Int.random(in: 1...40, using: &random)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let transparent = Int.random(in: 0..<4, using: &random) == 0
                image[x, y] = transparent ? (0, 0, 0, 0)
                    : (UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                       UInt8.random(in: 0...255, using: &random), 255)
            }
        }
        let png = try image.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(try RGBAImage(pngData: png) == image)
    }

    @Test(arguments: [11 as UInt64, 12, 13, 14])
    func premultipliedImagesRoundTripExactly(seed: UInt64) throws {
        // Un-premultiplying and premultiplying again each round to nearest, and the error of
        // both together stays below half a unit, so every valid premultiplied pixel comes back.
        var random = SeededRandom(seed: seed)
        var image = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let a = UInt8.random(in: 0...255, using: &random)
                image[x, y] = (UInt8.random(in: 0...a, using: &random), UInt8.random(in: 0...a, using: &random),
                               UInt8.random(in: 0...a, using: &random), a)
            }
        }
        #expect(try RGBAImage(pngData: image.pngData()) == image)
    }

    @Test func channelsAboveAlphaAreClampedToAlpha() throws {
        var image = RGBAImage(width: 1, height: 1)
        image[0, 0] = (200, 10, 0, 100)  // not a valid premultiplied pixel
        #expect(try RGBAImage(pngData: image.pngData())[0, 0] == (100, 10, 0, 100))
    }

    @Test func filesRoundTripAndNameThemselvesInErrors() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("PNGCodecTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let image = RGBAImage(width: 3, height: 2, fill: (10, 20, 30, 255))
        try image.write(toPNGFile: directory + "/a.png")
        #expect(try RGBAImage(contentsOfFile: directory + "/a.png") == image)

        let missing = directory + "/missing.png"
        #expect(throws: CodecError.unreadableFile(path: missing, reason: "No such file or directory")) {
            try RGBAImage(contentsOfFile: missing)
        }
        #expect(throws: CodecError.unwritableFile(path: missing + "/x.png", reason: "No such file or directory")) {
            try image.write(toPNGFile: missing + "/x.png")
        }
        let truncated = directory + "/truncated.png"
        try Data(image.pngData().dropLast(20)).write(to: URL(fileURLWithPath: truncated))
        let error = #expect(throws: CodecError.self) { try RGBAImage(contentsOfFile: truncated) }
        #expect(error?.description == "\(truncated): truncated PNG data")
    }

    // MARK: Bad input

    @Test func emptyAndForeignDataAreRefused() {
        #expect(throws: CodecError.emptyData) { try RGBAImage(pngData: []) }
        #expect(throws: CodecError.notPNG) { try RGBAImage(pngData: CodecFixtures.jpegRedBlue) }
        #expect(throws: CodecError.notPNG) { try RGBAImage(pngData: Array("GIF89a".utf8)) }
        #expect(CodecError.notPNG.description == "not a PNG: bad signature")
        #expect(throws: CodecError.invalidSize(format: "PNG", width: 0, height: 3, maximum: 1 << 24)) {
            try RGBAImage(width: 0, height: 3).pngData()
        }
    }

    @Test func everyTruncationIsAnError() throws {
        for fixture in [CodecFixtures.rgba8, CodecFixtures.palette, try RGBAImage(width: 9, height: 7).pngData()] {
            for length in 0..<fixture.count {
                #expect(throws: CodecError.self, "prefix of \(length) bytes") {
                    try RGBAImage(pngData: fixture.prefix(length))
                }
            }
        }
        #expect(throws: CodecError.truncated(format: "PNG")) { try RGBAImage(pngData: CodecFixtures.grey8.prefix(40)) }
    }

    @Test(arguments: [21 as UInt64, 22, 23, 24, 25, 26, 27, 28])
    func corruptedBytesGiveAnErrorOrAnImageNeverACrash(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let fixtures = [CodecFixtures.rgba8, CodecFixtures.palette, CodecFixtures.grey16, CodecFixtures.rgba16]
        for _ in 0..<200 {
            var bytes = fixtures.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 8..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
            do {
                let image = try RGBAImage(pngData: bytes)
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {
                #expect(error is CodecError)
            }
        }
    }

    @Test func hugeDeclaredDimensionsAreRefusedBeforeAllocating() {
        var header = Array(CodecFixtures.grey8.prefix(33))  // signature + IHDR
        header.replaceSubrange(16..<24, with: [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0])  // 100000²
        let crc = CRC32.checksum(header[12..<29])
        header.replaceSubrange(29..<33, with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) })
        let bomb = header + CodecFixtures.grey8.dropFirst(33)
        let error = #expect(throws: CodecError.tooLarge(width: 100_000, height: 100_000)) {
            try RGBAImage(pngData: bomb)
        }
        #expect(error?.description == "image too large: 100000×100000 (limit 16384 per side and 134217728 pixels)")
    }
}

/// The CRC-32 of PNG chunks (ISO 3309, polynomial 0xEDB88320), for hand-made test chunks.
enum CRC32 {
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
