import MotionCore
import RealModule

/// One drawing step of a path with its start point made explicit; the common ground of
/// flattening, measuring and trimming.
///
/// ``ShapePath/segments`` turns the `UIBezierPath`-style elements into these: every segment knows
/// where it starts, an arc's leading line is its own segment, and `close` becomes the closing
/// line. Non-finite elements are dropped.
enum PathSegment: Hashable {
    /// A new subpath begins at this point.
    case start(Point)
    /// A straight line.
    case line(Point, Point)
    /// A quadratic Bézier curve: start, control, end.
    case quad(Point, Point, Point)
    /// A cubic Bézier curve: start, control 1, control 2, end.
    case cubic(Point, Point, Point, Point)
    /// A circular arc; `sweep` is signed (positive = increasing angle = clockwise on screen).
    case arc(center: Point, radius: Double, start: Double, sweep: Double)
    /// The line that closes the current subpath, from the current point back to its start.
    case close(Point, Point)
}

extension ShapePath {
    /// The path as explicit segments (see ``PathSegment``), following Core Graphics' rules:
    /// - a line or curve with no current point starts a subpath at its end point;
    /// - after `close`, the current point is the closed subpath's start and the next line or
    ///   curve starts a new subpath there; an arc after `close` starts a new subpath at the arc's
    ///   start;
    /// - an arc in an open subpath is joined to the current point by a line;
    /// - a negative arc radius is taken as its magnitude; an element with a non-finite value is
    ///   skipped.
    var segments: [PathSegment] {
        var result: [PathSegment] = []
        result.reserveCapacity(elements.count + 2)
        var current: Point?
        var subpathStart = Point.zero
        var isOpen = false

        func begin(at point: Point) {
            result.append(.start(point))
            subpathStart = point
            isOpen = true
        }

        for element in elements {
            switch element {
            case .move(let p):
                guard p.isFinite else { continue }
                begin(at: p)
                current = p
            case .line(let p):
                guard p.isFinite else { continue }
                guard let from = current else { begin(at: p); current = p; continue }
                if !isOpen { begin(at: from) }
                result.append(.line(from, p))
                current = p
            case .quadCurve(let p, let c):
                guard p.isFinite, c.isFinite else { continue }
                guard let from = current else { begin(at: p); current = p; continue }
                if !isOpen { begin(at: from) }
                result.append(.quad(from, c, p))
                current = p
            case .curve(let p, let c1, let c2):
                guard p.isFinite, c1.isFinite, c2.isFinite else { continue }
                guard let from = current else { begin(at: p); current = p; continue }
                if !isOpen { begin(at: from) }
                result.append(.cubic(from, c1, c2, p))
                current = p
            case .arc(let center, let radius, let startAngle, let endAngle, let clockwise):
                guard center.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else { continue }
                let r = Swift.abs(radius)
                let sweep = Self.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
                let first = Self.pointOnArc(center: center, radius: r, angle: startAngle)
                if let from = current, isOpen {
                    result.append(.line(from, first))
                } else {
                    begin(at: first)
                }
                result.append(.arc(center: center, radius: r, start: startAngle, sweep: sweep))
                current = Self.pointOnArc(center: center, radius: r, angle: startAngle + sweep)
            case .close:
                guard let from = current, isOpen else { continue }
                result.append(.close(from, subpathStart))
                isOpen = false
                current = subpathStart
            }
        }
        return result
    }

    /// The signed sweep of a `UIBezierPath` arc, in radians: positive (clockwise on screen) or
    /// negative, at most one full turn; a difference of a full turn or more draws a full circle,
    /// as Core Graphics does.
    static func arcSweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let fullTurn = 2 * Double.pi
        var delta = clockwise ? end - start : start - end
        if delta >= fullTurn {
            delta = fullTurn
        } else if delta < 0 {
            delta = delta.truncatingRemainder(dividingBy: fullTurn) + fullTurn
            if delta >= fullTurn { delta = 0 }
        }
        return clockwise ? delta : -delta
    }

    /// The point at `angle` (radians from +x, y down) on a circle.
    static func pointOnArc(center: Point, radius: Double, angle: Double) -> Point {
        Point(x: center.x + radius * Double.cos(angle), y: center.y + radius * Double.sin(angle))
    }
}

// MARK: - PathSegment + Geometry

extension PathSegment {
    /// The number of straight pieces that keep a Bézier curve within `tolerance` of its chords,
    /// by Wang's formula: `n = ⌈√(d(d−1)/8 · M / tolerance)⌉`, where `M` is the largest second
    /// difference of the control points (Wang, Sederberg; see also Levien, "Flattening quadratic
    /// Béziers", 2019). Capped at 4096.
    static func bezierPieces(_ p: [Point], tolerance: Double) -> Int {
        var m = 0.0
        for i in 0..<(p.count - 2) {
            m = Swift.max(m, (p[i] - p[i + 1] * 2 + p[i + 2]).magnitude)
        }
        let degree = Double(p.count - 1)
        let n = (degree * (degree - 1) / 8 * m / tolerance).squareRoot().rounded(.up)
        return Int(n.clamped(to: 1...4096))
    }

    /// The point at parameter `t` (0…1) of a quadratic or cubic Bézier, by de Casteljau.
    static func bezierPoint(_ p: [Point], at t: Double) -> Point {
        if p.count == 3 {
            let u = 1 - t
            return p[0] * (u * u) + p[1] * (2 * u * t) + p[2] * (t * t)
        }
        let u = 1 - t
        return p[0] * (u * u * u) + p[1] * (3 * u * u * t) + p[2] * (3 * u * t * t) + p[3] * (t * t * t)
    }

    /// The control points of the part of a Bézier between parameters `t0` and `t1` (0 ≤ t0 ≤ t1 ≤ 1).
    static func bezierPart(_ p: [Point], from t0: Double, to t1: Double) -> [Point] {
        // Split at t1 and keep the left part, then split that at t0 / t1 and keep the right part.
        let left = split(p, at: t1).left
        guard t1 > 0 else { return left }
        return split(left, at: t0 / t1).right
    }

    private static func split(_ p: [Point], at t: Double) -> (left: [Point], right: [Point]) {
        var left: [Point] = [p[0]], right: [Point] = [p[p.count - 1]]
        var level = p
        while level.count > 1 {
            var next: [Point] = []
            for i in 0..<(level.count - 1) { next.append(level[i].interpolated(to: level[i + 1], fraction: t)) }
            left.append(next[0])
            right.append(next[next.count - 1])
            level = next
        }
        return (left, right.reversed())
    }
}
