@testable import StoryRender
import StoryKit
import Testing

/// The one-byte-per-pixel blur that shadows use gives exactly the alpha channel of the RGBA blur.
@Suite struct ContentAlphaBlurTests {
    /// A plane with a few random blobs (soft and hard edges) in a field of zeros, `seed`-driven.
    static func blobs(width: Int, height: Int, seed: UInt32, fillsEdges: Bool) -> [UInt8] {
        var state = seed &* 2_654_435_761 | 1
        func next() -> Int {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return Int(state >> 8)
        }
        var plane = [UInt8](repeating: 0, count: width * height)
        for _ in 0..<4 {
            let x0 = fillsEdges ? 0 : 3 + next() % Swift.max(1, width / 2), y0 = fillsEdges ? 0 : 5 + next() % Swift.max(1, height / 2)
            let x1 = Swift.min(width, x0 + 1 + next() % Swift.max(1, width / 2))
            let y1 = Swift.min(height, y0 + 1 + next() % Swift.max(1, height / 2))
            for y in y0..<Swift.max(y0, y1) { for x in x0..<Swift.max(x0, x1) { plane[y * width + x] = UInt8(next() % 2 == 0 ? 255 : next() % 256) } }
        }
        return plane
    }

    static func rgbaAlpha(of plane: [UInt8], width: Int, height: Int, sigma: Double) -> [UInt8] {
        var image = RGBAImage(width: width, height: height)
        for i in 0..<plane.count { image.pixels[i * 4 + 3] = plane[i] }
        GaussianBlur.apply(to: &image, sigma: sigma)
        return (0..<plane.count).map { image.pixels[$0 * 4 + 3] }
    }

    @Test(arguments: [0.8, 1.9, 2.0, 4.5, 10.0, 15.0, 31.0])
    func theAlphaBlurMatchesTheRGBABlursAlphaByteForByte(sigma: Double) {
        for (width, height, fillsEdges) in [(97, 61, false), (64, 128, false), (33, 47, true), (7, 5, false), (1, 9, true),
                                            (41, 3, false), (130, 6, true), (18, 2, true)] {
            let plane = Self.blobs(width: width, height: height, seed: UInt32(width * 31 + height), fillsEdges: fillsEdges)
            var fast = plane
            GaussianBlur.applyToAlpha(&fast, width: width, height: height, sigma: sigma)
            let expected = Self.rgbaAlpha(of: plane, width: width, height: height, sigma: sigma)
            let differing = zip(fast, expected).filter { $0 != $1 }.count
            #expect(differing == 0, "\(width)×\(height) σ \(sigma): \(differing) bytes differ")
            #expect(fast.contains { $0 != 0 } == plane.contains { $0 != 0 })
        }
    }

    /// The RGBA blur sums three differences and three running sums; the plane blur still runs
    /// the three box sums one after the other (four rows at once along x, then ``GaussianBlur/BoxRings``). Every channel of an
    /// RGBA blur, whole or through a window, is byte for byte the plane blur of that channel.
    @Test(arguments: [2.0, 3.7, 10.0, 31.0])
    func everyChannelOfTheRGBABlurIsThePlaneBlurOfThatChannel(sigma: Double) {
        for (width, height) in [(97, 61), (33, 120), (6, 5)] {
            let alpha = Self.blobs(width: width, height: height, seed: UInt32(width + height), fillsEdges: false)
            var image = RGBAImage(width: width, height: height)
            for i in 0..<alpha.count {
                image.pixels[i * 4 + 3] = alpha[i]
                for c in 0..<3 { image.pixels[i * 4 + c] = UInt8(Int(alpha[i]) * ((i * 7 + c * 53) % 256) / 255) }
            }
            var blurred = image
            GaussianBlur.apply(to: &blurred, sigma: sigma)
            let window = PixelRect(x0: width / 3, y0: 1, x1: width - 1, y1: height / 2 + 1)
            let part = GaussianBlur.blurred(image, sigma: sigma, window: window)
            for c in 0..<4 {
                var plane = (0..<alpha.count).map { image.pixels[$0 * 4 + c] }
                GaussianBlur.applyToAlpha(&plane, width: width, height: height, sigma: sigma)
                let channel = (0..<alpha.count).map { blurred.pixels[$0 * 4 + c] }
                #expect(channel == plane, "\(width)×\(height) σ \(sigma), channel \(c)")
                var inWindow: [UInt8] = []
                for y in window.y0..<window.y1 { for x in window.x0..<window.x1 { inWindow.append(plane[y * width + x]) } }
                #expect((0..<inWindow.count).map { part.pixels[$0 * 4 + c] } == inWindow, "window, channel \(c)")
            }
        }
    }

    /// Where the CPU has AVX2, the plane blur's column sweep runs a step at a time in a C kernel
    /// (`BoxRings.advanceAVX2`): the bytes of the Swift sweep, for rows of whole and partial
    /// 16-pixel vectors, blobs inside and touching the edges.
    @Test(arguments: [2.0, 4.5, 10.0, 31.0])
    func theAVX2ColumnSweepGivesTheSwiftBytes(sigma: Double) {
        for (width, height, fillsEdges) in [(1, 9, true), (15, 40, false), (16, 7, true), (17, 33, false), (97, 61, false),
                                            (130, 6, true), (203, 150, false)] {
            let plane = Self.blobs(width: width, height: height, seed: UInt32(width * 7 + height), fillsEdges: fillsEdges)
            var wide = plane, portable = plane
            GaussianBlur.applyToAlpha(&wide, width: width, height: height, sigma: sigma)
            GaussianBlur.applyToAlpha(&portable, width: width, height: height, sigma: sigma, portable: true)
            let differing = zip(wide, portable).filter { $0 != $1 }.count
            #expect(differing == 0, "\(width)×\(height) σ \(sigma): \(differing) bytes differ")
            #expect(portable != plane || !plane.contains { $0 != 0 })
        }
    }

    @Test func anEmptyPlaneStaysEmptyAndAWrongCountIsLeftAlone() {
        var empty = [UInt8](repeating: 0, count: 40 * 30)
        GaussianBlur.applyToAlpha(&empty, width: 40, height: 30, sigma: 10)
        #expect(empty.allSatisfy { $0 == 0 })
        var short: [UInt8] = [255, 255, 255]
        GaussianBlur.applyToAlpha(&short, width: 2, height: 2, sigma: 10)
        #expect(short == [255, 255, 255])
        var hostile: [UInt8] = [0, 255, 0, 0]
        for sigma in [Double.nan, -1, 0, .infinity] {
            GaussianBlur.applyToAlpha(&hostile, width: 2, height: 2, sigma: sigma)
            #expect(hostile == [0, 255, 0, 0])
        }
    }

    @Test func theNonZeroBoxIsTight() {
        var plane = [UInt8](repeating: 0, count: 50 * 20)
        plane[3 * 50 + 17] = 1
        plane[11 * 50 + 42] = 200
        let box = plane.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { GaussianBlur.nonZeroBox($0, width: 50, height: 20) }
        }
        #expect(box == PixelRect(x0: 17, y0: 3, x1: 43, y1: 12))
    }
}
