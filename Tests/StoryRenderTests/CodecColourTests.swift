import Foundation
@testable import StoryRender
import Testing

/// Issue 24, point 4: 16-bit interlaced PNGs, damaged chunks and embedded ICC profiles, checked
/// against files from `Fixtures/make-png-fixtures.py` and `Fixtures/make-jpeg-fixtures.c`.
@Suite struct PNGInterlaceTests {
    /// The grey value the generator stores at (x, y), before the 16 → 8-bit narrowing.
    static func grey16(_ x: Int, _ y: Int) -> Int { (x * 2047 + y * 1013 + x * y * 37) % 65536 }
    /// The RGB values the generator stores at (x, y).
    static func rgb16(_ x: Int, _ y: Int) -> [Int] {
        [(x * 2039 + y * 17) % 65536, (y * 2029 + x * 31) % 65536, ((x + y) * 1021 + 255) % 65536]
    }
    /// 16 bits to 8 as the decoder documents: `round(v / 257)`.
    static func narrow(_ v: Int) -> UInt8 { UInt8((Double(v) / 257).rounded()) }

    @Test(arguments: ["grey16", "rgb16"])
    func adam7SixteenBitFilesDecodeLikeTheirNonInterlacedTwin(kind: String) throws {
        let interlaced = try RGBAImage(pngData: CodecFixtures.file("interlaced-\(kind).png"))
        let plain = try RGBAImage(pngData: CodecFixtures.file("plain-\(kind).png"))
        #expect(interlaced.width == 32 && interlaced.height == 32)
        var wrongRows = Set<Int>()
        for y in 0..<32 {
            for x in 0..<32 {
                let expected = kind == "grey16" ? Array(repeating: Self.grey16(x, y), count: 3) : Self.rgb16(x, y)
                let pixel = interlaced[x, y]
                if [pixel.r, pixel.g, pixel.b, pixel.a] != expected.map(Self.narrow) + [255] { wrongRows.insert(y) }
            }
        }
        #expect(wrongRows.sorted() == [], "rows decoded wrong")
        #expect(interlaced == plain)
    }
}

@Suite struct PNGChecksumTests {
    @Test func aFlippedIDATCRCIsReportedAsCorruptData() throws {
        let error = #expect(throws: CodecError.self) { try RGBAImage(pngData: CodecFixtures.file("bad-crc.png")) }
        #expect(error == .corrupt(format: "PNG", detail: "the IDAT chunk fails its CRC check (the file is damaged)"))
        #expect(error?.description == "corrupt PNG data: the IDAT chunk fails its CRC check (the file is damaged)")
    }

    @Test func aFlippedIENDCRCIsCorruptNotTruncated() throws {
        var bytes = try CodecFixtures.file("plain-grey16.png")
        bytes[bytes.count - 1] ^= 0x01  // the last byte of IEND's CRC
        let error = #expect(throws: CodecError.self) { try RGBAImage(pngData: bytes) }
        #expect(error == .corrupt(format: "PNG", detail: "the IEND chunk fails its CRC check (the file is damaged)"))
    }

    @Test func aDamagedAncillaryChunkIsSkippedAsLibpngDoes() throws {
        var bytes = try CodecFixtures.file("exif-orientation-6.png")
        let exif = try #require(bytes.indices.first { bytes[$0..<$0 + 4].elementsEqual("eXIf".utf8) })
        bytes[exif + 4] ^= 0x10  // a byte of its data, so the orientation can no longer be trusted
        let image = try RGBAImage(pngData: bytes)
        #expect(image.width == 3 && image.height == 2)  // shown as stored
    }

    @Test func theChecksumIsPNGs() {
        #expect(PNGCRC.checksum(Array("IEND".utf8)[...]) == 0xAE42_6082)
    }
}

@Suite struct ICCProfileTests {
    /// Adobe RGB (1998) to sRGB by hand: the Adobe gamma 563/256, Adobe RGB's RGB → XYZ (D65)
    /// matrix, sRGB's XYZ → RGB matrix (IEC 61966-2-1), clipped, then the sRGB curve.
    static func adobeToSRGB(_ rgb: [Double]) -> [Int] {
        let linear = rgb.map { pow($0 / 255, 563.0 / 256) }
        let toXYZ = [[0.57667, 0.18556, 0.18823], [0.29734, 0.62736, 0.07529], [0.02703, 0.07069, 0.99134]]
        let toSRGB = [[3.24097, -1.53738, -0.49861], [-0.96924, 1.87597, 0.04156], [0.05563, -0.20398, 1.05697]]
        let xyz = toXYZ.map { row in zip(row, linear).map(*).reduce(0, +) }
        return toSRGB.map { row in
            let v = min(1, max(0, zip(row, xyz).map(*).reduce(0, +)))
            let encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
            return Int((encoded * 255).rounded())
        }
    }

    static func close(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ expected: [Int], within: Int) -> Bool {
        zip([pixel.r, pixel.g, pixel.b].map(Int.init), expected).allSatisfy { abs($0 - $1) <= within } && pixel.a == 255
    }

    @Test func anAdobeRGBJPEGIsConvertedToSRGB() throws {
        let image = try RGBAImage(jpegData: CodecFixtures.file("adobe-rgb.jpg"))
        let left = Self.adobeToSRGB([200, 60, 40]), right = Self.adobeToSRGB([40, 160, 90])
        #expect(left == [232, 57, 34] && right == [0, 161, 85])  // 32 and 40 levels from the stored values
        // Flat 8×8 blocks at quality 95: JPEG itself moves them by at most a level.
        #expect(Self.close(image[3, 4], left, within: 2), "\(image[3, 4])")
        #expect(Self.close(image[12, 4], right, within: 2), "\(image[12, 4])")
    }

    @Test func anAdobeRGBPNGIsConvertedToSRGB() throws {
        let image = try RGBAImage(pngData: CodecFixtures.file("adobe-rgb.png"))
        #expect(Self.close(image[0, 0], Self.adobeToSRGB([200, 60, 40]), within: 1), "\(image[0, 0])")
        #expect(Self.close(image[1, 0], Self.adobeToSRGB([40, 160, 90]), within: 1), "\(image[1, 0])")
    }

    @Test func aProfileThatDoesNotFitThePixelsIsIgnored() throws {
        // The RGB profile pasted into a greyscale PNG: ignored, as ImageIO and browsers do.
        let profile = try CodecFixtures.file("adobe-rgb.icc")
        var pixels: [UInt8] = [200, 200, 200, 255]
        #expect(!ColorManagement.convertToSRGB(&pixels, profile: profile, content: .grey))
        #expect(pixels == [200, 200, 200, 255])
        #expect(!ColorManagement.convertToSRGB(&pixels, profile: [1, 2, 3], content: .rgb))
    }
}
