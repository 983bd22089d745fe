import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct PathTrimmingTests {
    @Test func strokeEndOfACircleEndsAtTheMatchingAngle() throws {
        let center = Point(x: 44, y: 44)
        let circle = ShapePath.circle(center: center, radius: 40)
        let trimmed = circle.trimmed(from: 0, to: 0.6)
        #expect(Approximately.equal(trimmed.length, 0.6 * 80 * .pi, absolute: 1e-9))
        let polyline = try #require(trimmed.flattened(tolerance: 0.01).first)
        // 0.6 of a turn clockwise from 12 o'clock: 216° → −90° + 216° = 126° from +x (y down).
        let angle = 126.0 * .pi / 180
        let expected = Point(x: 44 + 40 * Double.cos(angle), y: 44 + 40 * Double.sin(angle))
        #expect(Approximately.equal(polyline.points.last!, expected, absolute: 1e-9))
        #expect(Approximately.equal(polyline.points.first!, Point(x: 44, y: 4), absolute: 1e-9))
    }

    @Test func fractionsRunAcrossAllSubpaths() throws {
        // A 10 × 10 square (length 40) then a line of length 40: total 80.
        var elements = ShapePath.rect(Rect(x: 0, y: 0, width: 10, height: 10)).elements
        elements += [.move(to: Point(x: 100, y: 0)), .line(to: Point(x: 140, y: 0))]
        let path = ShapePath(elements)
        #expect(path.length == 80)

        let firstHalf = path.trimmed(from: 0, to: 0.5)
        #expect(firstHalf.elements.last == .close)  // the square is kept whole, closed
        #expect(firstHalf.length == 40)

        let middle = path.trimmed(from: 0.25, to: 0.75)
        #expect(Approximately.equal(middle.length, 40, absolute: 1e-12))
        let pieces = middle.flattened(tolerance: 0.1)
        #expect(pieces.count == 2)
        #expect(pieces[0].points.first == Point(x: 10, y: 10))  // 20 pt along the square: its bottom-right corner
        #expect(pieces[0].isClosed == false)
        #expect(pieces[1].points == [Point(x: 100, y: 0), Point(x: 120, y: 0)])
    }

    @Test func bezierTrimsAtTheRightLength() {
        let curve = ShapePath([.move(to: .zero), .curve(to: Point(x: 100, y: 0), control1: Point(x: 0, y: 80),
                                                    control2: Point(x: 100, y: 80))])
        let total = curve.length
        for (a, b) in [(0.0, 0.3), (0.2, 0.9), (0.5, 1.0)] {
            #expect(Approximately.equal(curve.trimmed(from: a, to: b).length, (b - a) * total, absolute: total * 1e-4))
        }
    }

    @Test func degenerateFractions() {
        let circle = ShapePath.circle(center: .zero, radius: 10)
        #expect(circle.trimmed(from: 0, to: 1) == circle)
        #expect(circle.trimmed(from: .nan, to: .nan) == circle)
        #expect(circle.trimmed(from: 0.7, to: 0.3).isEmpty)
        #expect(circle.trimmed(from: -3, to: 7) == circle)
        #expect(ShapePath([.move(to: .zero)]).trimmed(from: 0.1, to: 0.2).isEmpty)
    }
}
