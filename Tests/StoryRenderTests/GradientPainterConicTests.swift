@testable import StoryRender
import Testing

/// The conic painter computes its angles eight pixels at a time; these check it gives every pixel
/// exactly the angle (same bits, so the same table entry) the one-pixel-at-a-time arithmetic gives.
@Suite struct GradientPainterConicTests {
    /// Every pixel centre of bitmaps the size of the bench's arc (96×96) and of the story ring at
    /// 3× (288×288), round centres on, between and off pixel centres (zero and negative offsets).
    @Test func eightAtATimeAnglesMatchOnePixelAtATimeOverAllPixels() {
        for size in [96, 288] {
            let n = Double(size)
            let centres = [(n / 2, n / 2), (n / 2 + 0.5, n / 2 + 0.5), (n / 2 + 0.3, n / 2 - 0.7),
                           (0.5, 0.5), (n + 3.25, -2.125), (-10, n / 3)]
            for (sx, sy) in centres {
                var mismatches = 0
                for y in 0..<size {
                    let dy = Float((Double(y) + 0.5) - sy)
                    var x = 0
                    while x + 8 <= size {
                        let xs = SIMD8<Double>(repeating: Double(x)) + SIMD8(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
                        let lanes = GradientPainter.coarseAtan2(dy, SIMD8<Float>(xs - sx))
                        for i in 0..<8 {
                            let one = GradientPainter.coarseAtan2(dy, Float((Double(x + i) + 0.5) - sx))
                            if lanes[i].bitPattern != one.bitPattern { mismatches += 1 }
                        }
                        x += 8
                    }
                }
                #expect(mismatches == 0, "size \(size), centre (\(sx), \(sy))")
            }
        }
    }

    /// The angle at the centre itself is 0 (not NaN), as one pixel at a time gives.
    @Test func angleAtTheCentreIsZero() {
        let lanes = GradientPainter.coarseAtan2(0, SIMD8<Float>(0, 1, -1, 0, 2, -2, 0, 0))
        #expect(lanes[0] == 0 && lanes[3] == 0 && lanes[6] == 0)
        #expect(lanes[1] == 0 && abs(lanes[2] - Float.pi) < 1e-6)
    }
}
