@testable import StoryRender
import StoryKit
import Testing

/// Blurring only a window of an image gives exactly those pixels of the whole blur.
@Suite struct ContentBlurWindowTests {
    /// A noisy, partly transparent image, `seed`-driven.
    static func noise(width: Int, height: Int, seed: UInt32) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        var state = seed &* 2_654_435_761 | 1
        for i in 0..<(width * height) {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            let a = UInt8(truncatingIfNeeded: state >> 3) | (i % 7 == 0 ? 0 : 0x80)
            let c = UInt8(truncatingIfNeeded: state >> 11)
            image.pixels[i * 4] = Swift.min(a, c); image.pixels[i * 4 + 1] = a / 2
            image.pixels[i * 4 + 2] = Swift.min(a, c ^ 0x55); image.pixels[i * 4 + 3] = a
        }
        return image
    }

    @Test(arguments: [1.5, 3.0, 10.0, 30.0])
    func aWindowOfTheBlurIsThoseBytesOfTheWholeBlur(sigma: Double) {
        let image = Self.noise(width: 83, height: 57, seed: 9)
        var whole = image
        GaussianBlur.apply(to: &whole, sigma: sigma)
        for window in [PixelRect(x0: 0, y0: 0, x1: 83, y1: 57), PixelRect(x0: 5, y0: 3, x1: 78, y1: 50),
                       PixelRect(x0: 6, y0: 9, x1: 7, y1: 10), PixelRect(x0: 40, y0: 20, x1: 200, y1: 300)] {
            let part = GaussianBlur.blurred(image, sigma: sigma, window: window)
            let keep = window.intersection(image.bounds)
            #expect(part.width == keep.width && part.height == keep.height)
            var differing = 0
            for y in 0..<keep.height {
                for x in 0..<keep.width {
                    for c in 0..<4 where part.pixels[(y * keep.width + x) * 4 + c]
                        != whole.pixels[((keep.y0 + y) * image.width + keep.x0 + x) * 4 + c] { differing += 1 }
                }
            }
            #expect(differing == 0, "σ \(sigma), window \(window): \(differing) bytes differ")
        }
    }

    @Test func anEmptyWindowGivesAnEmptyImage() {
        let image = Self.noise(width: 20, height: 10, seed: 3)
        let part = GaussianBlur.blurred(image, sigma: 10, window: PixelRect(x0: 30, y0: 0, x1: 40, y1: 5))
        #expect(part.width == 0 && part.height == 0)
    }
}
