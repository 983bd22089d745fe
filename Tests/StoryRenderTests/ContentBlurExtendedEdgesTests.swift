@testable import StoryRender
import StoryKit
import Testing

/// `RGBAImage.blurred(sigma:)` reads its extended edges straight from the image: byte for byte the
/// blur of the canvas grown by its edge colours, cut back to the image (how it was made before).
@Suite struct ContentBlurExtendedEdgesTests {
    /// The grown canvas and the window of the image in it, blurred the way it was before.
    static func canvasBlur(_ image: RGBAImage, sigma: Double) -> RGBAImage {
        let p = GaussianBlur.padding(forSigma: sigma)
        let wide = image.width + 2 * p, tall = image.height + 2 * p
        var canvas = RGBAImage(width: wide, height: tall)
        for y in 0..<tall {
            for x in 0..<wide {
                let sx = Swift.min(Swift.max(x - p, 0), image.width - 1), sy = Swift.min(Swift.max(y - p, 0), image.height - 1)
                for c in 0..<4 { canvas.pixels[(y * wide + x) * 4 + c] = image.pixels[(sy * image.width + sx) * 4 + c] }
            }
        }
        return GaussianBlur.blurred(canvas, sigma: sigma,
                                    window: PixelRect(x0: p, y0: p, x1: p + image.width, y1: p + image.height))
    }

    @Test(arguments: [1.5, 2.0, 3.0, 10.0, 30.0])
    func theBlurWithExtendedEdgesIsTheCanvasBlurByteForByte(sigma: Double) {
        for (width, height) in [(83, 57), (1, 40), (40, 1), (1, 1), (5, 130)] {
            let image = ContentBlurWindowTests.noise(width: width, height: height, seed: UInt32(width * 7 + height))
            let blurred = image.blurred(sigma: sigma), reference = Self.canvasBlur(image, sigma: sigma)
            #expect(blurred.width == width && blurred.height == height)
            let differing = zip(blurred.pixels, reference.pixels).filter { $0 != $1 }.count
            #expect(differing == 0 && blurred.pixels.count == reference.pixels.count,
                    "σ \(sigma), \(width)×\(height): \(differing) bytes differ")
        }
    }

    @Test func aVerticalGradientKeepsItsTopAndBottomRowsColours() {
        // Rows from dark to light: the rows outside repeat the first and last, so the blurred
        // first row stays darker than the middle and the last lighter, every column alike.
        var image = RGBAImage(width: 30, height: 60)
        for y in 0..<60 { for x in 0..<30 { for c in 0..<4 { image.pixels[(y * 30 + x) * 4 + c] = c == 3 ? 255 : UInt8(y * 4) } } }
        let blurred = image.blurred(sigma: 8)
        #expect(blurred[0, 0].r < blurred[0, 30].r && blurred[0, 30].r < blurred[0, 59].r)
        // Every column alike, but for the ordered dither's ±1.
        #expect(abs(Int(blurred[0, 0].r) - Int(blurred[29, 0].r)) <= 1 && abs(Int(blurred[0, 59].r) - Int(blurred[29, 59].r)) <= 1)
        #expect(blurred[15, 0].a == 255 && blurred[15, 59].a == 255)
        #expect(blurred[15, 0].r < 20 && blurred[15, 59].r > 216)
    }
}
