import Foundation
@testable import MotionCore
import StoryKitTestSupport
import Testing

/// An independent reference: the Bernstein form of the curve, solved by plain bisection to 1e-12.
private enum BruteForceBezier {
    static func bernstein(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }

    static func parameter(x: Double, x1: Double, x2: Double) -> Double {
        var lo = 0.0, hi = 1.0
        while hi - lo > 1e-12 {
            let mid = (lo + hi) / 2
            if bernstein(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    static func value(_ c: (Double, Double, Double, Double), at x: Double) -> Double {
        bernstein(parameter(x: x, x1: c.0, x2: c.2), c.1, c.3)
    }
}

@Suite struct TimingCurveTests {
    static let named: [(String, TimingCurve, (Double, Double, Double, Double))] = [
        ("linear", .linear, (0, 0, 1, 1)),
        ("default", .default, (0.25, 0.1, 0.25, 1)),
        ("easeIn", .easeIn, (0.42, 0, 1, 1)),
        ("easeOut", .easeOut, (0, 0, 0.58, 1)),
        ("easeInEaseOut", .easeInEaseOut, (0.42, 0, 0.58, 1)),
    ]

    @Test(arguments: 0..<5)
    func namedCurvesMatchCoreAnimationControlPointsAndAnIndependentSolver(index: Int) {
        let (name, curve, points) = Self.named[index]
        #expect(curve.controlPoints.c1 == Point(x: points.0, y: points.1), "\(name)")
        #expect(curve.controlPoints.c2 == Point(x: points.2, y: points.3), "\(name)")
        for x in [0.05, 0.1, 0.25, 1.0 / 3, 0.5, 0.6, 0.75, 0.9, 0.99] {
            let expected = BruteForceBezier.value(points, at: x)
            #expect(Approximately.equal(curve.value(at: x), expected, absolute: 2e-6), "\(name) at \(x)")
        }
    }

    @Test func handComputedValues() {
        // Symmetric curve: halfway in time is halfway in progress.
        #expect(Approximately.equal(TimingCurve.easeInEaseOut.value(at: 0.5), 0.5, absolute: 1e-7))
        #expect(Approximately.equal(TimingCurve.easeInEaseOut.value(at: 0.25), 0.1291619, absolute: 1e-6))
        // Linear is the identity.
        #expect(Approximately.equal(TimingCurve.linear.value(at: 0.3), 0.3, absolute: 1e-7))
        // easeIn at t = 1/2 of the parameter: x = 3·⅛·0.42 + 3·⅛·1 + ⅛ = 0.6575, y = 3·⅛·1 + ⅛ = 0.5.
        #expect(Approximately.equal(TimingCurve.easeIn.value(at: 0.6575), 0.5, absolute: 1e-6))
        // The system default is fast early: 25 % of the time gives about 41 % of the change.
        #expect(TimingCurve.default.value(at: 0.25) > 0.4)
        #expect(TimingCurve.default.value(at: 0.25) > TimingCurve.easeInEaseOut.value(at: 0.25) + 0.25)
    }

    @Test func endpointsAreExactForEveryCurve() {
        var rng = SeededRandom(seed: 0xC0FF_EE01)
        for _ in 0..<500 {
            let curve = TimingCurve(x1: rng.double(in: 0...1), y1: rng.double(in: -2...3),
                                    x2: rng.double(in: 0...1), y2: rng.double(in: -2...3))
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -3) == 0)
            #expect(curve.value(at: 7) == 1)
            #expect(curve.value(at: .nan) == 0)
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func solverTimeErrorStaysBelowOneMicrosecondOnADenseGrid(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var worst = 0.0
        for _ in 0..<100 {
            let curve = TimingCurve(x1: rng.double(in: 0...1), y1: rng.double(in: -1...2),
                                    x2: rng.double(in: 0...1), y2: rng.double(in: -1...2))
            for i in 0...1_000 {
                let x = Double(i) / 1_000
                let t = curve.parameter(forX: x)
                #expect(t >= 0 && t <= 1)
                worst = max(worst, abs(BruteForceBezier.bernstein(t, curve.x1, curve.x2) - x))
            }
        }
        #expect(worst < 1e-6)
    }

    @Test func curvesWithControlPointsInsideTheUnitSquareAreMonotone() {
        var rng = SeededRandom(seed: 0x4D4F_4E4F)
        for _ in 0..<300 {
            let curve = TimingCurve(x1: rng.double(in: 0...1), y1: rng.double(in: 0...1),
                                    x2: rng.double(in: 0...1), y2: rng.double(in: 0...1))
            var previous = 0.0
            for i in 1...500 {
                let y = curve.value(at: Double(i) / 500)
                #expect(y >= previous - 1e-6, "\(curve) at \(i)")
                #expect(y >= -1e-9 && y <= 1 + 1e-9)
                previous = y
            }
        }
    }

    @Test func overshootingCurvesLeaveTheUnitRangeAndXIsClamped() {
        let back = TimingCurve(x1: 0.34, y1: 1.56, x2: 0.64, y2: 1)  // "easeOutBack"
        let peak = (1..<100).map { back.value(at: Double($0) / 100) }.max()!
        #expect(peak > 1.05)
        let clamped = TimingCurve(x1: -1, y1: 2, x2: 3, y2: -1)
        #expect(clamped.controlPoints.c1 == Point(x: 0, y: 2))
        #expect(clamped.controlPoints.c2 == Point(x: 1, y: -1))
    }

    @Test func slopeMatchesAFiniteDifferenceAndTheTangentAtTheEnds() {
        #expect(Approximately.equal(TimingCurve.linear.slope(at: 0.4), 1, absolute: 1e-9))
        // easeOut starts with dy/dx = y''(0)/x''(0) = 6/(6·0.58) and ends with slope 0.
        #expect(Approximately.equal(TimingCurve.easeOut.slope(at: 0), 1 / 0.58, absolute: 1e-6))
        #expect(Approximately.equal(TimingCurve.easeOut.slope(at: 1), 0, absolute: 1e-9))
        // The default curve leaves (0,0) along its first control point: slope 0.1/0.25.
        #expect(Approximately.equal(TimingCurve.default.slope(at: 0), 0.4, absolute: 1e-9))
        let h = 1e-5
        for (_, curve, points) in Self.named {
            for x in [0.2, 0.5, 0.8] {
                let numeric = (BruteForceBezier.value(points, at: x + h)
                    - BruteForceBezier.value(points, at: x - h)) / (2 * h)
                #expect(Approximately.equal(curve.slope(at: x), numeric, absolute: 1e-4))
            }
        }
    }

    @Test func hostileControlPointsAndInputsNeverProduceNaN() {
        var rng = SeededRandom(seed: 0xBAD_C0DE)
        for _ in 0..<3_000 {
            let curve = TimingCurve(x1: rng.hostile(in: -1...2), y1: rng.hostile(in: -5...5),
                                    x2: rng.hostile(in: -1...2), y2: rng.hostile(in: -5...5))
            #expect(curve.x1 >= 0 && curve.x1 <= 1 && curve.x2 >= 0 && curve.x2 <= 1)
            let x = rng.hostile(in: -0.5...1.5)
            #expect(curve.value(at: x).isFinite, "\(curve) at \(x)")
            #expect(curve.slope(at: x).isFinite, "\(curve) at \(x)")
        }
    }

    @Test func decodingSanitisesLikeTheInitializer() throws {
        let json = Data(#"{"x1": -0.5, "y1": 0.2, "x2": 1.5, "y2": 0.9}"#.utf8)
        let curve = try JSONDecoder().decode(TimingCurve.self, from: json)
        #expect(curve == TimingCurve(x1: 0, y1: 0.2, x2: 1, y2: 0.9))
        let roundTrip = try JSONDecoder().decode(TimingCurve.self, from: JSONEncoder().encode(TimingCurve.default))
        #expect(roundTrip == .default)
    }
}
