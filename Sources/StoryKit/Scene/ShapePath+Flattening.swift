import MotionCore
import RealModule

// MARK: - ShapePath + Flattening

extension ShapePath {
    /// The path as polylines whose distance from the true curves is at most `tolerance`.
    ///
    /// Each subpath becomes one ``Polyline`` (closed when it ended with `close`). Lines are kept;
    /// arcs get `⌈|sweep| / 2·acos(1 − tolerance / r)⌉` chords (the sagitta bound) with their
    /// vertices on the circle, at least three per full turn; quadratic and cubic Béziers are cut
    /// at uniform parameters into the number of pieces Wang's formula guarantees. Arcs follow
    /// `UIBezierPath`: angles in radians from +x, `clockwise` as seen on screen (y down), a line
    /// from the current point to the arc's start (see ``Element/arc(center:radius:startAngle:endAngle:clockwise:)``).
    /// A subpath that is a lone `move` gives a one-point polyline (strokes draw nothing for it).
    ///
    /// - Parameter tolerance: The largest allowed distance from the curve, in points; values
    ///   that are not finite or below 0.0001 are raised to 0.0001 (NaN becomes 0.25). Each
    ///   element is cut into at most 4096 pieces.
    /// - Returns: The subpaths in drawing order; empty for an empty path.
    public func flattened(tolerance: Double) -> [Polyline] {
        let tol = tolerance.isNaN ? 0.25 : Swift.max(1e-4, tolerance.finite(or: 1e-4))
        var result: [Polyline] = []
        var points: [Point] = []
        func finish(closed: Bool) {
            if !points.isEmpty {
                if closed, points.count > 1, points[points.count - 1] == points[0] { points.removeLast() }
                result.append(Polyline(points: points, isClosed: closed))
            }
            points.removeAll(keepingCapacity: true)
        }
        for segment in segments {
            switch segment {
            case .start(let p):
                finish(closed: false)
                points.append(p)
            case .line(_, let p):
                points.append(p)
            case .close:
                finish(closed: true)
            case .quad(let a, let b, let c):
                Self.appendBezier([a, b, c], tolerance: tol, to: &points)
            case .cubic(let a, let b, let c, let d):
                Self.appendBezier([a, b, c, d], tolerance: tol, to: &points)
            case .arc(let center, let radius, let start, let sweep):
                let n = Self.arcPieces(radius: radius, sweep: sweep, tolerance: tol)
                for k in 1...n {
                    let angle = start + sweep * Double(k) / Double(n)
                    points.append(Self.pointOnArc(center: center, radius: radius, angle: angle))
                }
            }
        }
        finish(closed: false)
        return result
    }

    /// The length of the path in points: every line, curve and arc of every subpath, including
    /// the closing lines, as `CAShapeLayer` measures it for `strokeStart` and `strokeEnd`.
    ///
    /// Lines and arcs are exact; Béziers are measured on a fine flattening (relative error
    /// below 10⁻⁶ for ordinary curves).
    public var length: Double {
        segments.reduce(0) { $0 + $1.length }
    }

    static func appendBezier(_ p: [Point], tolerance: Double, to points: inout [Point]) {
        let n = PathSegment.bezierPieces(p, tolerance: tolerance)
        for k in 1..<n { points.append(PathSegment.bezierPoint(p, at: Double(k) / Double(n))) }
        points.append(p[p.count - 1])
    }

    /// Chords for an arc so that the sagitta `r·(1 − cos(θ/2))` stays within `tolerance`.
    static func arcPieces(radius: Double, sweep: Double, tolerance: Double) -> Int {
        let turn = Swift.abs(sweep)
        guard turn > 0, radius > 0 else { return 1 }
        let step = 2 * Double.acos(Swift.max(-1, 1 - tolerance / radius))
        let pieces = Swift.max((turn / Swift.max(step, 1e-9)).rounded(.up), (turn * 3 / (2 * .pi)).rounded(.up))
        return Int(pieces.clamped(to: 1...4096))
    }
}

// MARK: - PathSegment + Length

extension PathSegment {
    /// The segment's length in points (zero for ``start(_:)``).
    var length: Double {
        switch self {
        case .start: 0
        case .line(let a, let b), .close(let a, let b): a.distance(to: b)
        case .arc(_, let radius, _, let sweep): radius * Swift.abs(sweep)
        case .quad(let a, let b, let c): Self.bezierLengthTable([a, b, c]).last?.length ?? 0
        case .cubic(let a, let b, let c, let d): Self.bezierLengthTable([a, b, c, d]).last?.length ?? 0
        }
    }

    /// Cumulative chord lengths of a Bézier at uniform parameters, fine enough to measure it
    /// (tolerance 10⁻⁴ of the control polygon's size) and to find a parameter for a length.
    static func bezierLengthTable(_ p: [Point]) -> [(t: Double, length: Double)] {
        var size = 0.0
        for i in 1..<p.count { size += p[i - 1].distance(to: p[i]) }
        let n = Swift.min(1024, bezierPieces(p, tolerance: Swift.max(1e-12, size * 1e-4)))
        var table: [(t: Double, length: Double)] = [(0, 0)]
        table.reserveCapacity(n + 1)
        var previous = p[0], total = 0.0
        for k in 1...n {
            let t = Double(k) / Double(n)
            let point = k == n ? p[p.count - 1] : bezierPoint(p, at: t)
            total += previous.distance(to: point)
            table.append((t, total))
            previous = point
        }
        return table
    }
}
