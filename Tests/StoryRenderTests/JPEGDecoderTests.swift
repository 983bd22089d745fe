import StoryKitTestSupport
@testable import StoryRender
import Testing

@Suite struct JPEGDecoderTests {
    /// Whether two colours differ by at most `tolerance` in every channel.
    static func close(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (Int, Int, Int), within tolerance: Int) -> Bool {
        abs(Int(a.r) - b.0) <= tolerance && abs(Int(a.g) - b.1) <= tolerance && abs(Int(a.b) - b.2) <= tolerance
    }

    /// The message for data cut before its end-of-image marker: libjpeg's own warning on Linux;
    /// on Apple platforms, where ImageIO reports no warnings, the end-of-image check's.
    #if canImport(ImageIO)
    static let cutOffMessage = "truncated JPEG data"
    #else
    static let cutOffMessage = "JPEG: Premature end of JPEG file"
    #endif

    /// The fixtures by name, so test arguments print short.
    static let fixtures = ["baseline": CodecFixtures.jpegRedBlue, "progressive": CodecFixtures.jpegProgressive,
                           "grey": CodecFixtures.jpegGrey, "cmyk": CodecFixtures.jpegCMYK]

    @Test(arguments: ["baseline", "progressive"])
    func colourFileDecodesToItsSizeAndColours(fixture: String) throws {
        let image = try RGBAImage(jpegData: Self.fixtures[fixture]!)
        #expect(image.width == 16 && image.height == 8)
        #expect(Self.close(image[3, 4], (255, 0, 0), within: 12))
        #expect(Self.close(image[12, 4], (0, 0, 255), within: 12))
        #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }

    @Test func greyscaleFileDecodesToGrey() throws {
        let image = try RGBAImage(jpegData: CodecFixtures.jpegGrey)
        #expect(image.width == 8 && image.height == 8)
        #expect(Self.close(image[4, 4], (200, 200, 200), within: 2))
        #expect(image[4, 4].a == 255)
    }

    @Test func adobeCMYKFileDecodesToRGB() throws {
        let image = try RGBAImage(jpegData: CodecFixtures.jpegCMYK)
        #expect(image.width == 8 && image.height == 8)
        #expect(Self.close(image[4, 4], (255, 0, 0), within: 4))
    }

    @Test func signatureSniffingPicksTheDecoder() throws {
        #expect(try RGBAImage(imageData: CodecFixtures.jpegRedBlue).width == 16)
        #expect(try RGBAImage(imageData: CodecFixtures.grey8).width == 4)
        let error = #expect(throws: CodecError.unknownFormat(prefix: [0x47, 0x49, 0x46, 0x38])) {
            try RGBAImage(imageData: Array("GIF89a".utf8))
        }
        #expect(error?.description == "not a PNG or JPEG image (starts with 47 49 46 38)")
        #expect(throws: CodecError.emptyData) { try RGBAImage(imageData: []) }
    }

    @Test func emptyAndForeignDataAreRefused() {
        #expect(throws: CodecError.emptyData) { try RGBAImage(jpegData: []) }
        #expect(throws: CodecError.notJPEG) { try RGBAImage(jpegData: CodecFixtures.grey8) }
        #expect(throws: CodecError.truncated(format: "JPEG")) { try RGBAImage(jpegData: [0xFF, 0xD8]) }
        #expect(CodecError.notJPEG.description == "not a JPEG: bad signature")
    }

    @Test(arguments: ["baseline", "progressive", "grey", "cmyk"])
    func everyTruncationIsAnError(fixture: String) {
        let jpeg = Self.fixtures[fixture]!
        for length in 0..<jpeg.count {
            #expect(throws: CodecError.self, "prefix of \(length) bytes") { try RGBAImage(jpegData: jpeg.prefix(length)) }
        }
        let error = #expect(throws: CodecError.self) { try RGBAImage(jpegData: jpeg.dropLast(2)) }
        #expect(error?.description == Self.cutOffMessage)
    }

    @Test(arguments: [31 as UInt64, 32, 33, 34, 35, 36, 37, 38])
    func corruptedBytesGiveAnErrorOrAnImageNeverACrash(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let fixtures = Self.fixtures.keys.sorted()
        for _ in 0..<200 {
            var bytes = Self.fixtures[fixtures.randomElement(using: &random)!]!
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 3..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
            do {
                let image = try RGBAImage(jpegData: bytes)
                #expect(image.pixels.count == image.width * image.height * 4)
            } catch {
                #expect(error is CodecError)
            }
        }
    }

    @Test func strayBytesBetweenSegmentsAreTolerated() throws {
        // Three bytes before the EOI marker: libjpeg warns, yet no pixel is lost.
        let jpeg = CodecFixtures.jpegRedBlue.dropLast(2) + [0x00, 0x11, 0x22, 0xFF, 0xD9]
        let image = try RGBAImage(jpegData: jpeg)
        #expect(Self.close(image[12, 4], (0, 0, 255), within: 12))
    }

    @Test func aWarningAfterStrayBytesIsStillAnError() throws {
        // Stray bytes before the first DHT (tolerated on their own), and the end-of-image marker
        // cut off: the image loses nothing to the first, but the second is still an error.
        // (TurboJPEG kept only the first warning's text, so it let this file through.)
        var bytes = CodecFixtures.jpegRedBlue
        let dht = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC4 })
        bytes.insert(contentsOf: [0x00, 0x11, 0x22], at: dht)
        #expect(try RGBAImage(jpegData: bytes).width == 16)
        let error = #expect(throws: CodecError.self) { try RGBAImage(jpegData: bytes.dropLast(2)) }
        #expect(error?.description == Self.cutOffMessage)
    }

    #if !canImport(ImageIO)  // libjpeg's limit; ImageIO has its own
    @Test func aProgressiveFileWithMoreThan500ScansIsRefused() throws {
        let jpeg = try CodecFixtures.jpegManyScans()
        let error = #expect(throws: CodecError.self) { try RGBAImage(jpegData: jpeg) }
        #expect(error?.description == "JPEG: Progressive JPEG image has more than 500 scans")
    }
    #endif

    /// Seeded mutations (1–4 flipped bytes, and a cut in a quarter of them) of every fixture:
    /// each gives an error or a whole image, never a crash, an exit or a hang.
    @Test(arguments: [101 as UInt64, 102, 103, 104])
    func fuzzedFilesGiveAnErrorOrAnImage(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let sources = Self.fixtures.keys.sorted().map { Self.fixtures[$0]! } + [try CodecFixtures.jpegManyScans()]
        var decoded = 0, refused = 0
        for _ in 0..<1_000 {
            var bytes = sources.randomElement(using: &random)!
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 3..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
            if Int.random(in: 0..<4, using: &random) == 0 { bytes.removeSubrange(Int.random(in: 3..<bytes.count, using: &random)...) }
            do {
                let image = try RGBAImage(jpegData: bytes)
                #expect(image.pixels.count == image.width * image.height * 4)
                decoded += 1
            } catch {
                #expect(error is CodecError)
                refused += 1
            }
        }
        #expect(decoded + refused == 1_000)
        #expect(decoded > 0 && refused > 0, "the mutations reach both outcomes")
    }

    @Test func hugeDeclaredDimensionsAreRefusedBeforeAllocating() throws {
        var bytes = CodecFixtures.jpegRedBlue
        // The baseline frame header: FF C0, length (2 bytes), precision, height, width.
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange(sof + 5..<sof + 9, with: [0xEA, 0x60, 0xEA, 0x60])  // 60000 × 60000
        #expect(throws: CodecError.tooLarge(width: 60_000, height: 60_000)) { try RGBAImage(jpegData: bytes) }
    }
}

/// The end-of-image check that stands in for libjpeg's "Premature end" warning where ImageIO
/// decodes (Apple platforms); plain Swift, so it is checked here too.
@Suite struct JPEGEndOfImageTests {
    @Test(arguments: ["baseline", "progressive", "grey", "cmyk"])
    func wholeFilesHaveTheirEndAndEveryCutLosesIt(fixture: String) throws {
        let jpeg = try #require(JPEGDecoderTests.fixtures[fixture])
        #expect(RGBAImage.jpegHasEndOfImage(jpeg))
        for length in 0..<jpeg.count - 1 {
            #expect(!RGBAImage.jpegHasEndOfImage(Array(jpeg.prefix(length))), "prefix of \(length) bytes")
        }
    }

    @Test func aThumbnailsEndBeforeTheMainScanDoesNotCount() throws {
        // An APP1 segment holding a whole JPEG (as an EXIF thumbnail does), then a main image cut
        // before its end: the thumbnail's FF DA … FF D9 is skipped by the segment's length.
        let thumbnail = CodecFixtures.jpegGrey
        let app1 = [0xFF, 0xE1, UInt8((thumbnail.count + 2) >> 8), UInt8((thumbnail.count + 2) & 0xFF)] + thumbnail
        let main = CodecFixtures.jpegRedBlue
        let withThumbnail = Array(main.prefix(2)) + app1 + main.dropFirst(2)
        #expect(RGBAImage.jpegHasEndOfImage(withThumbnail))
        #expect(!RGBAImage.jpegHasEndOfImage(Array(withThumbnail.dropLast(2))))
    }
}
