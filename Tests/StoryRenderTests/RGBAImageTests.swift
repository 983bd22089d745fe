import StoryRender
import Testing

@Suite struct RGBAImageTests {
    @Test func filledBitmapsHoldTheirPixelEverywhere() {
        let image = RGBAImage(width: 3, height: 2, fill: (10, 20, 30, 255))
        #expect(image.pixels.count == 24)
        #expect(image[2, 1] == (10, 20, 30, 255))
        #expect(RGBAImage(width: -4, height: 5).pixels.isEmpty)
    }

    @Test func wrappingChecksTheByteCount() {
        #expect(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 16)) != nil)
    }
}
