import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct PathFlatteningTests {
    /// Distance from `p` to the segment `a`–`b`.
    static func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let t = ab.magnitudeSquared > 0 ? ((ap.x * ab.x + ap.y * ab.y) / ab.magnitudeSquared).clampedToUnit : 0
        return p.distance(to: a + ab * t)
    }

    static func distance(_ p: Point, to polyline: Polyline) -> Double {
        var best = Double.infinity
        let pts = polyline.points + (polyline.isClosed ? [polyline.points[0]] : [])
        for i in 1..<pts.count { best = min(best, distance(p, toSegment: pts[i - 1], pts[i])) }
        return best
    }

    static func cubicPoint(_ p: [Point], _ t: Double) -> Point {
        let u = 1 - t
        return p[0] * (u * u * u) + p[1] * (3 * u * u * t) + p[2] * (3 * u * t * t) + p[3] * (t * t * t)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func cubicFlatteningStaysWithinTolerance(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let p = (0..<4).map { _ in Point(x: random.double(in: -100...100), y: random.double(in: -100...100)) }
        let path = ShapePath([.move(to: p[0]), .curve(to: p[3], control1: p[1], control2: p[2])])
        let tolerance = 0.1
        let polyline = try #require(path.flattened(tolerance: tolerance).first)
        #expect(polyline.points.first == p[0] && polyline.points.last == p[3])
        for k in 0...500 {
            let onCurve = Self.cubicPoint(p, Double(k) / 500)
            #expect(Self.distance(onCurve, to: polyline) <= tolerance)
        }
    }

    @Test func quadraticFlatteningStaysWithinTolerance() throws {
        let (a, c, b) = (Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0))
        let polyline = try #require(ShapePath([.move(to: a), .quadCurve(to: b, control: c)]).flattened(tolerance: 0.05).first)
        for k in 0...400 {
            let t = Double(k) / 400, u = 1 - t
            let onCurve = a * (u * u) + c * (2 * u * t) + b * (t * t)
            #expect(Self.distance(onCurve, to: polyline) <= 0.05)
        }
        // Wang's bound for this curve: √(2/8 · |a − 2c + b| / 0.05) = √(0.25 · 200 / 0.05) ≈ 31.6 → 32 pieces.
        #expect(polyline.points.count == 33)
    }

    @Test func arcVerticesLieOnTheCircleAndChordsWithinTolerance() throws {
        let center = Point(x: 50, y: 50)
        let polyline = try #require(ShapePath.circle(center: center, radius: 40).flattened(tolerance: 0.1).first)
        for p in polyline.points { #expect(Approximately.equal(p.distance(to: center), 40, absolute: 1e-9)) }
        for i in 1..<polyline.points.count {
            let mid = polyline.points[i - 1].interpolated(to: polyline.points[i], fraction: 0.5)
            #expect(40 - mid.distance(to: center) <= 0.1)
        }
    }

    @Test func clockwiseFromTwelveOClockGoesThroughTheRightSideFirst() throws {
        let center = Point(x: 0, y: 0)
        let clockwise = try #require(ShapePath.arc(center: center, radius: 10, startAngle: -.pi / 2, endAngle: 0,
                                              clockwise: true).flattened(tolerance: 0.01).first)
        #expect(Approximately.equal(clockwise.points.first!, Point(x: 0, y: -10), absolute: 1e-9))
        #expect(Approximately.equal(clockwise.points.last!, Point(x: 10, y: 0), absolute: 1e-9))
        #expect(clockwise.points.allSatisfy { $0.x >= -1e-9 && $0.y <= 1e-9 })

        // The other way round the same angles is three quarters, through the left and bottom.
        let counter = try #require(ShapePath.arc(center: center, radius: 10, startAngle: -.pi / 2, endAngle: 0,
                                            clockwise: false).flattened(tolerance: 0.01).first)
        #expect(counter.points.contains { $0.x < -9.9 })
        #expect(counter.points.contains { $0.y > 9.9 })
        #expect(Approximately.equal(Polyline(points: counter.points).length, 15 * .pi, absolute: 0.05))
    }

    @Test func anArcIsJoinedToTheCurrentPointByALine() throws {
        let path = ShapePath([.move(to: Point(x: 0, y: 0)),
                         .arc(center: Point(x: 20, y: 0), radius: 5, startAngle: .pi, endAngle: 0, clockwise: true)])
        let polyline = try #require(path.flattened(tolerance: 0.01).first)
        #expect(polyline.points[0] == Point(x: 0, y: 0))
        #expect(Approximately.equal(polyline.points[1], Point(x: 15, y: 0), absolute: 1e-9))
        // From π clockwise to 0 passes through 3π/2: the top (y = −5).
        #expect(polyline.points.contains { $0.y < -4.99 })
        #expect(Approximately.equal(path.length, 15 + 5 * .pi, absolute: 1e-9))
    }

    @Test func closeMakesAClosedPolylineAndCountsInTheLength() {
        let square = ShapePath.rect(Rect(x: 0, y: 0, width: 10, height: 20))
        let polylines = square.flattened(tolerance: 0.1)
        #expect(polylines.count == 1)
        #expect(polylines[0].isClosed)
        #expect(polylines[0].points.count == 4)
        #expect(square.length == 60)
    }

    @Test func lengthsOfCirclesAndCurves() {
        #expect(Approximately.equal(ShapePath.circle(center: .zero, radius: 10).length, 20 * .pi, absolute: 1e-9))
        // A cubic with its controls on the chord, evenly spaced, is a straight line of length 30.
        let straight = ShapePath([.move(to: .zero), .curve(to: Point(x: 30, y: 0), control1: Point(x: 10, y: 0),
                                                       control2: Point(x: 20, y: 0))])
        #expect(Approximately.equal(straight.length, 30, absolute: 1e-9))
        // The Bézier ellipse of a 20 pt circle is within 0.03 % of 2π·10.
        let ellipse = ShapePath.ellipse(in: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(Approximately.equal(ellipse.length, 20 * .pi, absolute: 20 * .pi * 3e-4))
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func hostileInputNeverProducesNaN(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        func point() -> Point { Point(x: random.hostile(in: -100...100), y: random.hostile(in: -100...100)) }
        let path = ShapePath([.move(to: point()), .line(to: point()), .quadCurve(to: point(), control: point()),
                         .arc(center: point(), radius: random.hostile(in: -50...50),
                              startAngle: random.hostile(in: -10...10), endAngle: random.hostile(in: -10...10), clockwise: true),
                         .curve(to: point(), control1: point(), control2: point()), .close])
        for polyline in path.flattened(tolerance: random.hostile(in: 0...1)) {
            #expect(polyline.points.allSatisfy { $0.isFinite })
        }
        let trimmed = path.trimmed(from: random.hostile(in: 0...1), to: random.hostile(in: 0...1))
        for polyline in trimmed.flattened(tolerance: 0.5) {
            #expect(polyline.points.allSatisfy { $0.isFinite })
        }
        #expect(!path.length.isNaN)
    }
}

extension Double {
    fileprivate var clampedToUnit: Double { Swift.min(1, Swift.max(0, self)) }
}
