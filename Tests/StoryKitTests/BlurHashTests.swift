import Foundation
import MotionCore
import StoryKit
import Testing

/// The BlurHash decoder against the specification's example hash: its size, its average colour,
/// its pixels as a port of the reference C decoder gives them, and refusals that say why.
@Suite struct BlurHashTests {
    static let example = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"

    @Test func readsTheComponentCountAndAverageColour() throws {
        let hash = try BlurHash(Self.example)
        #expect(hash.components.x == 4 && hash.components.y == 3)
        // Characters 2…5, "HV6n", are 0x979695: the DC colour in sRGB bytes.
        let average = hash.averageColor
        #expect((average.red * 255).rounded() == 0x97 && (average.green * 255).rounded() == 0x96
                && (average.blue * 255).rounded() == 0x95)
    }

    /// Pixels of the example at 32 × 32, from a line-by-line port of the reference `C/decode.c`
    /// (float maths there, so within 1).
    @Test(arguments: [(0, 0, [135, 164, 177]), (31, 0, [137, 166, 181]), (16, 16, [158, 125, 108]),
                      (0, 31, [136, 144, 147]), (31, 31, [133, 142, 147]), (8, 20, [143, 133, 133])])
    func decodesTheExampleAsTheReferenceDoes(x: Int, y: Int, rgb: [Int]) throws {
        let pixels = try BlurHash(Self.example).pixels(width: 32, height: 32)
        try #require(pixels.count == 32 * 32 * 4)
        let offset = (y * 32 + x) * 4
        for channel in 0..<3 { #expect(abs(Int(pixels[offset + channel]) - rgb[channel]) <= 1, "pixel \(x),\(y) channel \(channel)") }
        #expect(pixels[offset + 3] == 255)
    }

    @Test func theAverageOfThePixelsInLinearLightIsTheDCColour() throws {
        let hash = try BlurHash(Self.example)
        let pixels = hash.pixels(width: 20, height: 30)
        func linear(_ byte: UInt8) -> Double {
            let v = Double(byte) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let dc = [hash.averageColor.red, hash.averageColor.green, hash.averageColor.blue]
            .map { linear(UInt8(($0 * 255).rounded())) }
        for channel in 0..<3 {
            let mean = stride(from: channel, to: pixels.count, by: 4).map { linear(pixels[$0]) }.reduce(0, +) / 600
            #expect(abs(mean - dc[channel]) < 0.01, "channel \(channel): \(mean) against \(dc[channel])")
        }
    }

    @Test func aHashOfOneComponentIsItsColourEverywhere() throws {
        // 1 × 1 components (size digit 0), any maximum, then the DC colour 0xFF8000 in 4 base-83 digits.
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
        var value = 0xFF8000, digits: [Character] = []
        for _ in 0..<4 {
            digits.insert(alphabet[value % 83], at: 0)
            value /= 83
        }
        let hash = try BlurHash("00" + String(digits))
        let pixels = hash.pixels(width: 3, height: 2)
        #expect(pixels == Array(repeating: [255, 128, 0, 255], count: 6).flatMap { $0 })
    }

    @Test func punchScalesTheContrastAroundTheAverage() throws {
        let hash = try BlurHash(Self.example)
        let flat = hash.pixels(width: 8, height: 8, punch: 1), strong = hash.pixels(width: 8, height: 8, punch: 2)
        func spread(_ p: [UInt8]) -> Int { let reds = stride(from: 0, to: p.count, by: 4).map { Int(p[$0]) }; return reds.max()! - reds.min()! }
        #expect(spread(strong) > spread(flat))
        #expect(hash.pixels(width: 8, height: 8, punch: .nan) == flat)
    }

    @Test func refusesWhatIsNotABlurHashSayingWhy() {
        func reason(_ string: String) -> String? {
            do { _ = try BlurHash(string); return nil } catch { return "\(error)" }
        }
        #expect(reason("LEHV6") == "is 5 characters long; a BlurHash has at least 6")
        #expect(reason("LEHV6nWB2yk8pyo0adR*.7kCMdn") == "is 27 characters long; 4 × 3 components need 28")
        #expect(reason("LEHV6nWB2yk8pyo0adR*.7kCMd!j") == "\"!\" at offset 26 is not a base-83 digit")
        #expect(reason("LEHV6nWB2yk8pyo0adR*.7kCMdné") == "a non-ASCII character at offset 27 is not a base-83 digit")
        #expect(reason("0~~~~~") == "the average colour (characters 2…5) is 47458320, more than 24 bits")
        #expect(reason("1~0000~~") == "component 1 (characters 6…7) is 6888, more than 19³ − 1")
    }

    @Test func decodesNothingForUnusableSizes() throws {
        let hash = try BlurHash(Self.example)
        #expect(hash.pixels(width: 0, height: 10).isEmpty)
        #expect(hash.pixels(width: -3, height: 10).isEmpty)
        #expect(hash.pixels(width: 1_000_000, height: 1_000_000).isEmpty)
        #expect(hash.pixels(width: 256, height: 256).count == 256 * 256 * 4)
    }

    @Test func decodesAtThePagesAspectThirtyTwoPixelsLong() {
        #expect(BlurHash.decodeSize(forPage: Size(width: 390, height: 844)) == (15, 32))
        #expect(BlurHash.decodeSize(forPage: Size(width: 844, height: 390)) == (32, 15))
        #expect(BlurHash.decodeSize(forPage: Size(width: 1, height: 10_000)) == (1, 32))
        #expect(BlurHash.decodeSize(forPage: Size(width: .nan, height: 10)) == (32, 32))
        #expect(BlurHash.decodeSize(forPage: .zero) == (32, 32))
    }
}
