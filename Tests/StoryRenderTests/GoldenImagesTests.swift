import StoryKitTestSupport
import StoryRender
import Testing

@Suite struct GoldenImagesTests {
    private func square(offset: Int, value: UInt8 = 255) -> RGBAImage {
        var image = RGBAImage(width: 40, height: 40, fill: (0, 0, 0, 255))
        for y in 10..<30 { for x in (10 + offset)..<(30 + offset) { image[x, y] = (value, value, value, 255) } }
        return image
    }

    @Test func identicalAndSlightlyNoisyRendersMatch() {
        #expect(GoldenImages.difference(square(offset: 0), square(offset: 0), tolerance: .standard) == nil)
        #expect(GoldenImages.difference(square(offset: 0, value: 250), square(offset: 0), tolerance: .standard) == nil)
    }

    @Test func aMovedEdgeOrAWrongColourDoesNotMatch() {
        let moved = GoldenImages.difference(square(offset: 1), square(offset: 0), tolerance: .standard)
        #expect(moved == "40 pixels (2.500 %) differ by more than 6, worst 255")
        #expect(GoldenImages.difference(square(offset: 0, value: 200), square(offset: 0), tolerance: .standard) != nil)
        #expect(GoldenImages.difference(RGBAImage(width: 2, height: 2), square(offset: 0), tolerance: .standard)
            == "size 2×2, golden 40×40")
    }
}
