import StoryKitTestSupport
@testable import StoryRender
import Testing

@Suite struct GIFPaletteTests {
    @Test(arguments: [51 as UInt64, 52, 53])
    func nearestColourMatchesABruteForceSearch(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let count = Int.random(in: 1...256, using: &random)
        let palette = (0..<count * 3).map { _ in UInt8.random(in: 0...255, using: &random) }
        var mapper = GIFEncoder.ColorMapper(palette: palette)
        for _ in 0..<2000 {
            let colour = (0..<3).map { _ in Int.random(in: 0...255, using: &random) }
            let distances = (0..<count).map { i in
                let d = (0..<3).map { colour[$0] - Int(palette[i * 3 + $0]) }
                return 2 * d[0] * d[0] + 4 * d[1] * d[1] + 3 * d[2] * d[2]
            }
            let found = Int(mapper.nearest(colour[0], colour[1], colour[2]))
            #expect(distances[found] == distances.min(), "colour \(colour)")
        }
    }

    @Test func fewColoursComeBackExactly() {
        // Five distinct colours, some within one histogram cell of each other.
        let colours: [[UInt8]] = [[200, 30, 90], [201, 30, 90], [0, 0, 0], [255, 255, 255], [20, 180, 60]]
        var pixels: [UInt8] = []
        for (i, colour) in colours.enumerated() {
            for _ in 0..<(i + 1) * 10 { pixels += colour + [255] }
        }
        pixels += [9, 9, 9, 0]  // transparent: not counted
        var histogram = GIFEncoder.Histogram()
        histogram.add(pixels)
        let palette = histogram.medianCut(maximumCount: 16)
        let found = Set(stride(from: 0, to: palette.count, by: 3).map { Array(palette[$0..<$0 + 3]) })
        // 200 (10 pixels) and 201 (20 pixels) share a 6-bit cell, so they merge into their
        // mean, 200.67 → 201.
        #expect(found == [[201, 30, 90], [0, 0, 0], [255, 255, 255], [20, 180, 60]])
    }

    @Test func paletteSizeIsRespected() {
        var random = SeededRandom(seed: 54)
        let pixels = (0..<4096 * 4).map { $0 % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &random) }
        var histogram = GIFEncoder.Histogram()
        histogram.add(pixels)
        for maximum in [1, 2, 17, 255, 256] {
            #expect(histogram.medianCut(maximumCount: maximum).count == maximum * 3)
        }
        #expect(GIFEncoder.Histogram().medianCut(maximumCount: 256).isEmpty)
    }
}
