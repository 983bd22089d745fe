import StoryKit
@testable import StoryRender
import StoryKitTestSupport
import Testing

@Suite struct RasterCompositeTests {
    typealias T = RasterTestSupport

    @Test func clearSetsEveryPixel() {
        var image = RGBAImage(width: 5, height: 3, fill: (1, 2, 3, 4))
        Raster.clear(&image, to: PremultipliedColor(r: 10, g: 20, b: 30, a: 255))
        #expect(image == RGBAImage(width: 5, height: 3, fill: (10, 20, 30, 255)))
        Raster.clear(&image, to: .transparent)
        #expect(image == RGBAImage(width: 5, height: 3))
        Raster.clear(&image, to: .white)
        #expect(image == RGBAImage(width: 5, height: 3, fill: (255, 255, 255, 255)))
        var empty = RGBAImage(width: 0, height: 7)
        Raster.clear(&empty, to: .white)
        #expect(empty.pixels.isEmpty)
    }

    @Test func compositeAppliesOpacityAndSourceOver() {
        var dst = RGBAImage(width: 3, height: 1, fill: (0, 0, 200, 255))
        let src = RGBAImage(width: 3, height: 1, pixels: [100, 50, 0, 128, 255, 0, 0, 255, 0, 0, 0, 0])!
        Raster.composite(src, over: &dst, at: (x: 0, y: 0), opacity: 1)
        // Half-transparent: b = 200 · 127 / 255 = 99.6 → 100; opaque: stored; transparent: unchanged.
        #expect(T.rgba(dst, 0, 0) == [100, 50, 100, 255])
        #expect(T.rgba(dst, 1, 0) == [255, 0, 0, 255])
        #expect(T.rgba(dst, 2, 0) == [0, 0, 200, 255])

        var faded = RGBAImage(width: 1, height: 1, fill: (0, 0, 200, 255))
        Raster.composite(RGBAImage(width: 1, height: 1, fill: (255, 0, 0, 255)), over: &faded, at: (x: 0, y: 0), opacity: 0.25)
        // opacity 0.25 → alpha byte 64: src' = (64, 0, 0, 64); b = 200 · 191 / 255 = 149.8 → 150.
        #expect(T.rgba(faded, 0, 0) == [64, 0, 150, 255])
    }

    @Test func compositeClipsAtAnyOffset() {
        let src = RGBAImage(width: 3, height: 3, fill: (9, 9, 9, 255))
        var dst = RGBAImage(width: 4, height: 4)
        Raster.composite(src, over: &dst, at: (x: 2, y: -1), opacity: 1)
        for y in 0..<4 {
            for x in 0..<4 {
                let inside = x >= 2 && y <= 1
                #expect(T.rgba(dst, x, y) == (inside ? [9, 9, 9, 255] : [0, 0, 0, 0]), "pixel \(x), \(y)")
            }
        }
        for offset in [(x: Int.max, y: 0), (x: Int.min, y: Int.min), (x: -3, y: 0), (x: 0, y: 4)] {
            var untouched = RGBAImage(width: 4, height: 4)
            Raster.composite(src, over: &untouched, at: offset, opacity: 1)
            #expect(untouched == RGBAImage(width: 4, height: 4))
        }
        Raster.composite(src, over: &dst, at: (x: 0, y: 0), opacity: .nan)
        #expect(T.rgba(dst, 0, 0) == [0, 0, 0, 0])
    }

    @Test func multiplyAlphaScalesEveryChannelByTheMask() {
        var image = RGBAImage(width: 3, height: 2, fill: (200, 100, 50, 255))
        var mask = RGBAImage(width: 2, height: 2)
        mask[0, 0] = (0, 0, 0, 255)
        mask[1, 0] = (7, 7, 7, 128)
        mask[0, 1] = (0, 0, 0, 0)
        mask[1, 1] = (0, 0, 0, 51)
        Raster.multiplyAlpha(&image, by: mask)
        #expect(T.rgba(image, 0, 0) == [200, 100, 50, 255])
        // · 128/255: 100.39 → 100, 50.2 → 50, 25.1 → 25, 128.
        #expect(T.rgba(image, 1, 0) == [100, 50, 25, 128])
        #expect(T.rgba(image, 0, 1) == [0, 0, 0, 0])
        // · 51/255 = · 0.2 exactly.
        #expect(T.rgba(image, 1, 1) == [40, 20, 10, 51])
        // Outside the (smaller) mask everything is masked out.
        #expect(T.rgba(image, 2, 0) == [0, 0, 0, 0])
        #expect(T.rgba(image, 2, 1) == [0, 0, 0, 0])
    }

    @Test func scalingIsExactlyRoundedForEveryInput() {
        // PixelMath.scale against integer arithmetic for all 65 536 (channel, alpha) pairs.
        for a in 0...255 {
            for c in 0...255 {
                let packed = UInt32(c) | UInt32(c) << 8 | UInt32(c) << 16 | UInt32(c) << 24
                let expected = UInt32((c * a + 127) / 255)
                let scaled = PixelMath.scale(packed, by: UInt32(a))
                #expect(scaled == expected | expected << 8 | expected << 16 | expected << 24, "c \(c) a \(a)")
            }
        }
    }
}
