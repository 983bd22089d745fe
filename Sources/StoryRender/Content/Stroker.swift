import RealModule
import StoryKit

/// How a stroke is drawn: `CAShapeLayer`'s line properties.
package struct StrokeStyle: Sendable, Hashable {
    /// The line width, in the units of the polylines being stroked (> 0 to draw anything).
    package var lineWidth: Double
    /// End caps of open polylines.
    package var cap: ShapeContents.LineCap
    /// Corners between segments.
    package var join: ShapeContents.LineJoin
    /// The longest miter, in line widths, before a miter join is drawn beveled (Core Animation: 10).
    package var miterLimit: Double
    /// Alternating dash and gap lengths; empty for a solid line.
    package var dashPattern: [Double]
    /// How far into the dash pattern each subpath starts.
    package var dashPhase: Double

    /// Creates a stroke style; the defaults are `CAShapeLayer`'s.
    package init(lineWidth: Double, cap: ShapeContents.LineCap = .butt, join: ShapeContents.LineJoin = .miter,
                 miterLimit: Double = 10, dashPattern: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
    }
}

/// Turns polylines into the outline polygons of their stroke, for the non-zero
/// ``PolygonRasterizer``.
///
/// Every outline is wound the same way, so overlapping pieces add up instead of cancelling.
/// An open polyline becomes one contour: its left offset forward, the end cap, its right offset
/// backward, the start cap. A closed one becomes two: the left offset loop and the reversed
/// right one. Outer corners get the join (miter up to the miter limit, else bevel; round; bevel);
/// inner corners meet at the offsets' intersection when it lies within half of both segments,
/// which keeps smooth curves (arcs) free of self-overlap and their edges exact, and otherwise
/// pass through the vertex, which is always correct under non-zero winding. Round caps and
/// joins are flattened to `tolerance`. Zero-length subpaths draw a dot with round caps and an
/// axis-aligned square with square caps, as Core Graphics does.
package enum Stroker {
    /// The closed outline contours of the stroke of `polylines`, dash pattern applied first.
    ///
    /// - Parameters:
    ///   - polylines: The subpaths, in any units (the compositor passes pixels).
    ///   - style: Width, caps, joins, dashes; a width that is not positive and finite draws nothing.
    ///   - tolerance: Largest distance of round caps and joins from true circles; default 0.1.
    /// - Returns: Contours (implicitly closed) to fill with the non-zero rule.
    package static func outline(_ polylines: [Polyline], style: StrokeStyle, tolerance: Double = 0.1) -> [[Point]] {
        let halfWidth = style.lineWidth / 2
        guard halfWidth > 0, halfWidth.isFinite else { return [] }
        let pieces = dashed(polylines, pattern: style.dashPattern, phase: style.dashPhase)
        var builder = OutlineBuilder(halfWidth: halfWidth, style: style, tolerance: Swift.max(1e-3, tolerance.finite(or: 0.1)))
        for piece in pieces { builder.add(piece) }
        return builder.contours
    }

    /// The "on" stretches of a dash pattern along each polyline, as open polylines.
    ///
    /// The pattern restarts at every subpath, `phase` into it (as Core Graphics). An odd number
    /// of lengths is repeated to make an even one. A closed polyline is walked including its
    /// closing segment, and a dash running over its start is joined to the one at its end.
    ///
    /// - Parameters:
    ///   - polylines: The subpaths.
    ///   - pattern: Dash and gap lengths; empty, all-zero, negative or non-finite → no dashing.
    ///   - phase: Offset into the pattern (any sign; non-finite → 0).
    ///   A polyline that would get more than 100 000 dashes, or has no finite length, stays solid.
    /// - Returns: `polylines` unchanged without a valid pattern, else the dashes. A zero-length
    ///   dash is a two-point polyline at one place (caps draw it as a dot).
    package static func dashed(_ polylines: [Polyline], pattern: [Double], phase: Double) -> [Polyline] {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return polylines }
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = lengths.reduce(0, +)
        guard period > 0 else { return polylines }
        var start = phase.finite(or: 0).truncatingRemainder(dividingBy: period)
        if start < 0 { start += period }
        var result: [Polyline] = []
        for polyline in polylines {
            var points = polyline.points
            if polyline.isClosed, let first = points.first { points.append(first) }
            guard points.count > 1 else { continue }
            // More than 100 000 dashes (sub-pixel patterns, absurd lengths): draw it solid.
            let length = polyline.length
            guard length.isFinite, length / period <= 100_000 else { result.append(polyline); continue }
            // Position in the pattern: index and distance left in that entry.
            var index = 0, left = start
            while left > 0, left >= lengths[index] { left -= lengths[index]; index = (index + 1) % lengths.count }
            left = lengths[index] - left
            var current: [Point] = index % 2 == 0 ? [points[0]] : []
            var dashes: [Polyline] = []
            let startsOn = index % 2 == 0
            for i in 1..<points.count {
                let a = points[i - 1], b = points[i]
                let segment = a.distance(to: b)
                var travelled = 0.0
                while segment - travelled >= left {
                    travelled += left
                    let p = a.interpolated(to: b, fraction: segment > 0 ? travelled / segment : 0)
                    if index % 2 == 0 {
                        current.append(p)
                        dashes.append(Polyline(points: current))
                        current = []
                    } else {
                        current = [p]
                    }
                    index = (index + 1) % lengths.count
                    left = lengths[index]
                }
                left -= segment - travelled
                if index % 2 == 0 { current.append(b) }
            }
            if index % 2 == 0, current.count > 1 {
                if polyline.isClosed, startsOn, let first = dashes.first, !dashes.isEmpty {
                    dashes[0] = Polyline(points: current + first.points.dropFirst())
                } else {
                    dashes.append(Polyline(points: current))
                }
            }
            result += dashes
        }
        return result
    }
}

/// Builds the outline contours of stroked polylines (see ``Stroker``).
private struct OutlineBuilder {
    let halfWidth: Double
    let style: StrokeStyle
    /// Largest angle step of a flattened round cap or join.
    let roundStep: Double
    var contours: [[Point]] = []

    init(halfWidth: Double, style: StrokeStyle, tolerance: Double) {
        self.halfWidth = halfWidth
        self.style = style
        roundStep = 2 * Double.acos(Swift.max(-1, 1 - tolerance / halfWidth))
    }

    /// The left normal of a unit direction, times the half width.
    func offset(_ d: Point) -> Point { Point(x: -d.y * halfWidth, y: d.x * halfWidth) }

    mutating func add(_ polyline: Polyline) {
        // Drop repeated points; remember whether there was a (zero-length) segment at all.
        var points: [Point] = []
        points.reserveCapacity(polyline.points.count)
        for p in polyline.points where p.isFinite {
            if let last = points.last, last.distance(to: p) <= 1e-9 { continue }
            points.append(p)
        }
        if polyline.isClosed, points.count > 2, points[0].distance(to: points[points.count - 1]) <= 1e-9 {
            points.removeLast()
        }
        if points.count == 1 {
            if polyline.points.count > 1 { addDot(at: points[0]) }
            return
        }
        guard points.count > 1 else { return }
        let n = points.count
        let segmentCount = polyline.isClosed ? n : n - 1
        var directions: [Point] = []
        var lengths: [Double] = []
        directions.reserveCapacity(segmentCount)
        for i in 0..<segmentCount {
            let v = points[(i + 1) % n] - points[i]
            let length = v.magnitude
            directions.append(v * (1 / length))
            lengths.append(length)
        }
        var contour: [Point] = []
        contour.reserveCapacity(4 * n + 16)
        if polyline.isClosed {
            for i in 0..<n {
                let before = (i + segmentCount - 1) % segmentCount
                join(&contour, at: points[i], in: directions[before], out: directions[i],
                     lengthIn: lengths[before], lengthOut: lengths[i])
            }
            contours.append(contour)
            contour.removeAll(keepingCapacity: true)
            for i in stride(from: n - 1, through: 0, by: -1) {
                let before = (i + segmentCount - 1) % segmentCount
                join(&contour, at: points[i], in: directions[i] * -1, out: directions[before] * -1,
                     lengthIn: lengths[i], lengthOut: lengths[before])
            }
            contours.append(contour)
            return
        }
        contour.append(points[0] + offset(directions[0]))
        for i in 1..<(n - 1) {
            join(&contour, at: points[i], in: directions[i - 1], out: directions[i],
                 lengthIn: lengths[i - 1], lengthOut: lengths[i])
        }
        contour.append(points[n - 1] + offset(directions[n - 2]))
        cap(&contour, at: points[n - 1], direction: directions[n - 2])
        for i in stride(from: n - 2, through: 1, by: -1) {
            join(&contour, at: points[i], in: directions[i] * -1, out: directions[i - 1] * -1,
                 lengthIn: lengths[i], lengthOut: lengths[i - 1])
        }
        contour.append(points[0] - offset(directions[0]))
        cap(&contour, at: points[0], direction: directions[0] * -1)
        contour.removeLast()  // the cap ends where the contour began
        contours.append(contour)
    }

    /// Appends the left-side corner at `v` between unit directions `dIn` and `dOut`.
    func join(_ c: inout [Point], at v: Point, in dIn: Point, out dOut: Point, lengthIn: Double, lengthOut: Double) {
        let cross = dIn.x * dOut.y - dIn.y * dOut.x
        let dot = dIn.x * dOut.x + dIn.y * dOut.y
        let a = v + offset(dIn), b = v + offset(dOut)
        if cross > 1e-12 {
            // Inner corner (the left side is inside the turn).
            if halfWidth * cross <= (1 + dot) * 0.5 * Swift.min(lengthIn, lengthOut) {
                c.append(v + (offset(dIn) + offset(dOut)) * (1 / (1 + dot)))
            } else {
                c.append(a); c.append(v); c.append(b)
            }
            return
        }
        if cross >= -1e-12 && dot > 0 {
            c.append(a)  // straight on
            return
        }
        switch style.join {
        case .bevel:
            c.append(a); c.append(b)
        case .miter:
            let limit = style.miterLimit.finite(or: 10)
            c.append(a)
            if 1 + dot >= 2 / (limit * limit), 1 + dot > 1e-12 {
                c.append(v + (offset(dIn) + offset(dOut)) * (1 / (1 + dot)))
            }
            c.append(b)
        case .round:
            let turn = cross >= -1e-12 ? -Double.pi : Double.atan2(y: cross, x: dot)
            arc(&c, around: v, from: offset(dIn), turn: turn)
        }
    }

    /// Appends the cap at end point `p` of a stroke heading in unit `direction`, from the left
    /// offset (already in the contour) round to the right offset.
    func cap(_ c: inout [Point], at p: Point, direction d: Point) {
        let n = offset(d)
        switch style.cap {
        case .butt:
            c.append(p - n)
        case .square:
            let ahead = d * halfWidth
            c.append(p + n + ahead); c.append(p - n + ahead); c.append(p - n)
        case .round:
            arc(&c, around: p, from: n, turn: -Double.pi)
        }
    }

    /// Appends the points of a circular arc about `center` from `center + start`, turning by
    /// `turn` radians (negative: toward the outside of a left offset), end point included.
    func arc(_ c: inout [Point], around center: Point, from start: Point, turn: Double) {
        let steps = Swift.max(1, Int((Swift.abs(turn) / Swift.max(roundStep, 1e-3)).rounded(.up)))
        let cosStep = Double.cos(turn / Double(steps)), sinStep = Double.sin(turn / Double(steps))
        var r = start
        c.append(center + r)
        for _ in 0..<steps {
            r = Point(x: r.x * cosStep - r.y * sinStep, y: r.x * sinStep + r.y * cosStep)
            c.append(center + r)
        }
    }

    /// A zero-length subpath: a dot for round caps, an axis-aligned square for square caps.
    mutating func addDot(at p: Point) {
        var contour: [Point] = []
        switch style.cap {
        case .butt: return
        case .square:
            let h = halfWidth
            contour = [Point(x: p.x - h, y: p.y - h), Point(x: p.x - h, y: p.y + h),
                       Point(x: p.x + h, y: p.y + h), Point(x: p.x + h, y: p.y - h)]
        case .round:
            arc(&contour, around: p, from: Point(x: halfWidth, y: 0), turn: -2 * Double.pi)
            contour.removeLast()
        }
        contours.append(contour)
    }
}
