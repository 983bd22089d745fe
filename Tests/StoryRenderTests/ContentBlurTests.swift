@testable import StoryRender
import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct ContentBlurTests {
    /// Total alpha, centroid and per-axis variance of a bitmap's alpha, in pixels.
    static func moments(_ image: RGBAImage) -> (total: Double, cx: Double, cy: Double, vx: Double, vy: Double) {
        var total = 0.0, sx = 0.0, sy = 0.0
        for y in 0..<image.height { for x in 0..<image.width {
            let a = Double(image[x, y].a)
            total += a; sx += a * Double(x); sy += a * Double(y)
        } }
        let cx = sx / total, cy = sy / total
        var vx = 0.0, vy = 0.0
        for y in 0..<image.height { for x in 0..<image.width {
            let a = Double(image[x, y].a)
            vx += a * (Double(x) - cx) * (Double(x) - cx); vy += a * (Double(y) - cy) * (Double(y) - cy)
        } }
        return (total, cx, cy, vx / total, vy / total)
    }

    /// A transparent `size × size` image with a white `block × block` square in the middle.
    static func block(_ block: Int, in size: Int) -> RGBAImage {
        var image = RGBAImage(width: size, height: size)
        let start = (size - block) / 2
        for y in start..<(start + block) { for x in start..<(start + block) { image[x, y] = (255, 255, 255, 255) } }
        return image
    }

    @Test(arguments: [(1, 1.5), (4, 6.0), (6, 10.0)])
    func aWhiteSquareBlursIntoASymmetricBumpOfTheRightWidth(block: Int, sigma: Double) {
        let size = 64 - block % 2  // so that the block sits exactly in the middle
        let source = Self.block(block, in: size)
        let before = Self.moments(source)
        let blurred = GaussianBlur.expanded(source, sigma: sigma)
        let pad = GaussianBlur.padding(forSigma: sigma)
        #expect(blurred.width == size + 2 * pad && blurred.height == size + 2 * pad)
        let after = Self.moments(blurred)
        // Alpha is kept within 1 %, the bump stays centred, and its variance grows by σ².
        #expect(Approximately.equal(after.total, before.total, absolute: before.total * 0.01))
        #expect(Approximately.equal(after.cx, before.cx + Double(pad), absolute: 0.05))
        #expect(Approximately.equal(after.cy, before.cy + Double(pad), absolute: 0.05))
        let measured = (after.vx - before.vx).squareRoot()
        #expect(Approximately.equal(measured, sigma, absolute: sigma * 0.1), "σ measured \(measured)")
        #expect(Approximately.equal(after.vx, after.vy, absolute: after.vx * 0.03))
        // Mirror symmetry, up to the dither's one level.
        let c = blurred.width - 1
        for (x, y) in [(pad + 20, pad + 31), (pad + 27, pad + 25), (pad + 10, pad + 40), (pad + 30, pad + 29)] {
            #expect(abs(Int(blurred[x, y].a) - Int(blurred[c - x, y].a)) <= 1)
            #expect(abs(Int(blurred[x, y].a) - Int(blurred[x, c - y].a)) <= 1)
        }
        if sigma == 6 { ContentDebug.write(blurred, "blur-block-sigma6", zoom: 3, over: 0) }
    }

    @Test(arguments: [1.2, 3.0, 10.0])
    func aConstantRegionStaysConstant(sigma: Double) {
        let image = RGBAImage(width: 120, height: 100, fill: (40, 80, 120, 160))
        var blurred = image
        GaussianBlur.apply(to: &blurred, sigma: sigma)
        #expect(blurred.width == 120 && blurred.height == 100)
        let inside = Int((3 * sigma).rounded(.up))
        for y in inside..<(100 - inside) { for x in inside..<(120 - inside) {
            #expect(blurred[x, y] == (40, 80, 120, 160))
        } }
        // At the edges it fades toward the transparent outside, keeping colour ≤ alpha.
        #expect(blurred[0, 50].a < 160 && blurred[0, 50].a > 40)
        #expect(blurred[0, 0].b <= blurred[0, 0].a)
    }

    @Test func noBlurLeavesTheImageAlone() {
        let image = Self.block(3, in: 9)
        for sigma in [0, -1, Double.nan, -Double.infinity] {
            var copy = image
            GaussianBlur.apply(to: &copy, sigma: sigma)
            #expect(copy == image)
            #expect(GaussianBlur.expanded(image, sigma: sigma) == image)
        }
        // A huge σ is capped, not a crash or an enormous allocation.
        #expect(GaussianBlur.padding(forSigma: .infinity) == 0)
        #expect(GaussianBlur.padding(forSigma: 1e9) == 300)
        // The largest σ still keeps the alpha (its integer sums stay below 2³¹).
        let wide = GaussianBlur.expanded(Self.block(40, in: 40), sigma: 100)
        #expect(wide.width == 640)
        #expect(Approximately.equal(Self.moments(wide).total, 1600 * 255, absolute: 1600 * 255 * 0.02))
        var tiny = RGBAImage(width: 1, height: 1, fill: (255, 255, 255, 255))
        GaussianBlur.apply(to: &tiny, sigma: 50)
        #expect(tiny[0, 0].a < 5)
    }
}

/// `RGBAImage.blurred(sigma:)`: the once-computed blur of a header or backdrop, edges extended.
@Suite struct ImageBlurredCopyTests {
    @Test func aUniformImageStaysUniformToItsEdges() {
        let image = RGBAImage(width: 40, height: 24, fill: (30, 120, 200, 255))
        let blurred = image.blurred(sigma: 6)
        #expect(blurred.width == 40 && blurred.height == 24)
        #expect(blurred.pixels == image.pixels)   // no dark or transparent rim, as clampedToExtent gives
    }

    @Test func aStepIsSmoothedSymmetricallyAndTheEndsKeepTheirColours() {
        // Left half black, right half white (opaque).
        var image = RGBAImage(width: 80, height: 8, fill: (0, 0, 0, 255))
        for y in 0..<8 { for x in 40..<80 { let i = (y * 80 + x) * 4; image.pixels[i] = 255; image.pixels[i + 1] = 255; image.pixels[i + 2] = 255 } }
        let blurred = image.blurred(sigma: 4)
        #expect(blurred[0, 4].r == 0 && blurred[79, 4].r == 255)
        #expect(abs(Int(blurred[39, 4].r) + Int(blurred[40, 4].r) - 255) <= 4)   // symmetric about the step
        #expect(blurred[36, 4].r > 10 && blurred[43, 4].r < 245)                   // spread over a few σ
        #expect(blurred[4, 0].a == 255 && blurred[79, 7].a == 255)
    }

    @Test func noBlurOrHostileSigmaReturnsTheImage() {
        let image = RGBAImage(width: 3, height: 2, fill: (1, 2, 3, 255))
        for sigma in [0, -1, Double.nan, -Double.infinity] { #expect(image.blurred(sigma: sigma) == image) }
        #expect(RGBAImage(width: 0, height: 0).blurred(sigma: 5).width == 0)
        #expect(image.blurred(sigma: .infinity).width == 3)
    }
}
