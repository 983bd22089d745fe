import MotionCore
import StoryKitTestSupport
import Testing

@Suite struct RubberBandTests {
    @Test func matchesHandComputedValues() {
        // x = 100, d = 300, c = 0.55: x·c/d = 55/300 = 0.183333; 1/(1.183333) = 0.845070;
        // (1 − 0.845070)·300 = 46.4789 (exactly 16500/355).
        #expect(Approximately.equal(RubberBand.offset(100, dimension: 300), 16_500.0 / 355, absolute: 1e-12))
        #expect(Approximately.equal(RubberBand.offset(-100, dimension: 300), -16_500.0 / 355, absolute: 1e-12))
        // x = d = 300, c = 1: (1 − 1/2)·300 = 150.
        #expect(RubberBand.offset(300, dimension: 300, constant: 1) == 150)
        #expect(RubberBand.offset(0, dimension: 300) == 0)
    }

    @Test func clampIsIdentityInsideAndRubberBandsOutside() {
        #expect(RubberBand.clamp(250, to: 0...500, dimension: 300) == 250)
        #expect(RubberBand.clamp(0, to: 0...500, dimension: 300) == 0)
        #expect(Approximately.equal(RubberBand.clamp(600, to: 0...500, dimension: 300), 500 + 16_500.0 / 355, absolute: 1e-12))
        #expect(Approximately.equal(RubberBand.clamp(-100, to: 0...500, dimension: 300), -16_500.0 / 355, absolute: 1e-12))
    }

    @Test(arguments: [0.2, 0.55, 1.0, 2.0])
    func monotonicAndBoundedByTheDimension(constant: Double) {
        var rng = SeededRandom(seed: 0x2B_BE12 &+ UInt64(constant * 100))
        let range = -50.0...50.0
        for _ in 0..<200 {
            let dimension = rng.double(in: 1...2_000)
            var values = (0..<50).map { _ in rng.double(in: -10_000...10_000) }
            values.sort()
            let clamped = values.map { RubberBand.clamp($0, to: range, dimension: dimension, constant: constant) }
            for (a, b) in zip(clamped, clamped.dropFirst()) { #expect(a <= b) }
            for value in clamped {
                #expect(value > range.lowerBound - dimension && value < range.upperBound + dimension)
            }
        }
        #expect(RubberBand.offset(.infinity, dimension: 300, constant: constant) == 300)
        #expect(RubberBand.offset(1e300, dimension: 300, constant: constant) <= 300)
    }

    @Test func continuousAtTheBoundaryWithUIKitsSlopeBreak() {
        let range = 0.0...500.0, h = 1e-7
        let atEdge = RubberBand.clamp(500, to: range, dimension: 300)
        #expect(Approximately.equal(RubberBand.clamp(500 + h, to: range, dimension: 300), atEdge, absolute: 1e-6))
        // Slope 1 inside, 0.55 just outside: the resistance starts at the edge, as in UIScrollView.
        let inside = (atEdge - RubberBand.clamp(500 - h, to: range, dimension: 300)) / h
        let outside = (RubberBand.clamp(500 + h, to: range, dimension: 300) - atEdge) / h
        #expect(Approximately.equal(inside, 1, absolute: 1e-6))
        #expect(Approximately.equal(outside, 0.55, absolute: 1e-6))
        #expect(RubberBand.slope(atOvershoot: 0, dimension: 300) == 0.55)
    }

    @Test func slopeIsTheDerivativeOfTheOffset() {
        let h = 1e-5
        for x in stride(from: -900.0, through: 900.0, by: 37.5) {
            let numeric = (RubberBand.offset(x + h, dimension: 320) - RubberBand.offset(x - h, dimension: 320)) / (2 * h)
            #expect(Approximately.equal(RubberBand.slope(atOvershoot: x, dimension: 320), numeric, absolute: 1e-8))
        }
    }

    @Test func inverseRecoversTheFingerPosition() {
        var rng = SeededRandom(seed: 0x1_4E7E_45E)
        for _ in 0..<2_000 {
            let dimension = rng.double(in: 10...1_000), constant = rng.double(in: 0.1...1.5)
            let x = rng.double(in: -3_000...3_000)
            let offset = RubberBand.offset(x, dimension: dimension, constant: constant)
            let back = RubberBand.overshoot(forOffset: offset, dimension: dimension, constant: constant)
            #expect(Approximately.equal(back, x, absolute: 1e-9 * max(1, abs(x)) * (1 + abs(x) / dimension)))
            let range = -200.0...400.0, value = rng.double(in: -3_000...3_000)
            let clamped = RubberBand.clamp(value, to: range, dimension: dimension, constant: constant)
            let unclamped = RubberBand.unclamp(clamped, from: range, dimension: dimension, constant: constant)
            #expect(Approximately.equal(unclamped, value, absolute: 1e-8 * max(1, abs(value)) * (1 + abs(value) / dimension)))
        }
        #expect(RubberBand.overshoot(forOffset: 300, dimension: 300).isFinite)
        #expect(RubberBand.overshoot(forOffset: -1e9, dimension: 300) < -1e12)
    }

    @Test func badInputGivesNoTravelOrTheBoundary() {
        for dimension in [0.0, -10, .nan, -.infinity] {
            #expect(RubberBand.offset(100, dimension: dimension) == 0)
            #expect(RubberBand.overshoot(forOffset: 10, dimension: dimension) == 0)
            #expect(RubberBand.clamp(900, to: 0...500, dimension: dimension) == 500)
        }
        #expect(RubberBand.offset(.nan, dimension: 300) == 0)
        #expect(RubberBand.clamp(.nan, to: 10...20, dimension: 300) == 10)
        #expect(RubberBand.clamp(.nan, to: -.infinity...20, dimension: 300) == 20)
        #expect(RubberBand.offset(100, dimension: 300, constant: .nan) == RubberBand.offset(100, dimension: 300))
        #expect(RubberBand.offset(100, dimension: 300, constant: -1) == RubberBand.offset(100, dimension: 300))
        #expect(Approximately.equal(RubberBand.offset(100, dimension: .infinity), 55, absolute: 1e-12))
        var rng = SeededRandom(seed: 0xBAD_BA2D)
        for _ in 0..<3_000 {
            let value = rng.hostile(in: -1e4...1e4), dimension = rng.hostile(in: 0...1e3), constant = rng.hostile(in: 0...2)
            #expect(!RubberBand.offset(value, dimension: dimension, constant: constant).isNaN)
            #expect(!RubberBand.overshoot(forOffset: value, dimension: dimension, constant: constant).isNaN)
            #expect(!RubberBand.slope(atOvershoot: value, dimension: dimension, constant: constant).isNaN)
            #expect(!RubberBand.clamp(value, to: -100...100, dimension: dimension, constant: constant).isNaN)
            #expect(!RubberBand.unclamp(value, from: -100...100, dimension: dimension, constant: constant).isNaN)
        }
    }
}

/// Storm findings (issue 9) for rubber-banding.
@Suite struct RubberBandHardeningTests {
    @Test func aConstantAboveOneIsClampedSoTheBandAlwaysResists() {
        #expect(RubberBand.slope(atOvershoot: 0, dimension: 1_500, constant: 1.53) == 1)
        #expect(RubberBand.clamp(558, to: 0...100, dimension: 1_500, constant: 1.53) < 558)
    }

    @Test func anInfiniteDimensionAndOvershootGiveAFiniteOffset() {
        #expect(RubberBand.offset(-.infinity, dimension: .infinity) == -.greatestFiniteMagnitude)
        #expect(abs(RubberBand.offset(200, dimension: .infinity) - 110) < 1e-9)
    }
}
