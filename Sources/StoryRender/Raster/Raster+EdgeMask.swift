import StoryKit

// MARK: - Raster + Hard edges

extension Raster {
    /// Scans a polygon whose ``ConvexPolygon/aliasedEdges`` mixes hard and anti-aliased edges.
    ///
    /// A pixel's coverage is its area inside the anti-aliased edges' half-planes (and the clip),
    /// kept only when its centre lies inside every hard edge's half-plane. The region of the
    /// anti-aliased half-planes is built by clipping the clip rectangle with each of their lines,
    /// then scanned as usual through a sink that trims every row to the centres the hard edges
    /// admit. Both the lines and the centre tests are computed from each edge's endpoints in a
    /// canonical order, so two polygons sharing an edge split it exactly.
    static func scanMixed<Sink: SpanSink>(_ polygon: ConvexPolygon, clip: PixelRect, into sink: inout Sink) {
        let n = polygon.count, limit = coordinateLimit
        var vertices = ConvexPolygon()
        var area2 = 0.0
        for i in 0..<n {
            let p = polygon[i]
            guard !p.x.isNaN && !p.y.isNaN else { return }
            vertices.append(Point(x: Swift.min(Swift.max(p.x, -limit), limit), y: Swift.min(Swift.max(p.y, -limit), limit)))
        }
        for i in 0..<n {
            let p = vertices[i], q = vertices[(i + 1) % n]
            area2 += p.x * q.y - q.x * p.y
        }
        guard Swift.abs(area2) > 1e-12 else { return }
        let orientation: Double = area2 > 0 ? 1 : -1
        withUnsafeTemporaryAllocation(of: HardEdge.self, capacity: 16) { edgeBuffer in
            guard let edges = edgeBuffer.baseAddress else { return }
            var hardCount = 0
            withUnsafeTemporaryAllocation(of: Point.self, capacity: 48) { buffer in
                guard let start = buffer.baseAddress else { return }
                var a = start, b = a + 24
                a[0] = Point(x: Double(clip.x0), y: Double(clip.y0)); a[1] = Point(x: Double(clip.x1), y: Double(clip.y0))
                a[2] = Point(x: Double(clip.x1), y: Double(clip.y1)); a[3] = Point(x: Double(clip.x0), y: Double(clip.y1))
                var count = 4
                for i in 0..<n {
                    let p = vertices[i], q = vertices[(i + 1) % n]
                    // The edge's endpoints in canonical order, and the sign that makes "inside" positive.
                    let forward = (p.y, p.x) < (q.y, q.x)
                    let (s, t) = forward ? (p, q) : (q, p)
                    let sign = forward ? orientation : -orientation
                    if polygon.aliasedEdges & (1 << UInt16(i)) != 0 {
                        // inside ⇔ sign · cross(t − s, c − s) ≥ 0; for a non-horizontal edge with
                        // s above t, cross(t − s, (1, 0)) = −(t.y − s.y) < 0, so inside is to the
                        // right when sign < 0. For a horizontal one (s left of t), inside is below
                        // when sign > 0.
                        edges[hardCount] = HardEdge(top: s, bottom: t, horizontal: s.y == t.y,
                                                    insideRightOrBelow: s.y == t.y ? sign > 0 : sign < 0)
                        hardCount += 1
                    } else if s != t {
                        count = clipLine(a, count, into: b, from: s, to: t, sign: sign)
                        swap(&a, &b)
                    }
                }
                var masked = CentreMaskSink(base: sink, edges: UnsafePointer(edges), count: hardCount, clip: clip)
                scanClipped(a, count, scratch: b, clip: clip, antialiased: true, into: &masked)
                sink = masked.base
            }
        }
    }

    /// One Sutherland–Hodgman step against the half-plane `sign · cross(to − from, c − from) ≥ 0`.
    /// Intersections use the clipped edge's endpoints in a canonical order. Writes at most 24.
    private static func clipLine(_ src: UnsafeMutablePointer<Point>, _ n: Int, into dst: UnsafeMutablePointer<Point>,
                                 from s: Point, to t: Point, sign: Double) -> Int {
        @inline(__always) func distance(_ c: Point) -> Double {
            sign * ((t.x - s.x) * (c.y - s.y) - (t.y - s.y) * (c.x - s.x))
        }
        var out = 0
        for i in 0..<n {
            let p = src[i], q = src[i + 1 == n ? 0 : i + 1]
            let dp = distance(p), dq = distance(q)
            if dp >= 0 && out < 24 { dst[out] = p; out += 1 }
            if (dp >= 0) != (dq >= 0) && out < 24 {
                let (e, f, de, df) = (p.x, p.y) < (q.x, q.y) ? (p, q, dp, dq) : (q, p, dq, dp)
                let k = de / (de - df)
                dst[out] = Point(x: e.x + (f.x - e.x) * k, y: e.y + (f.y - e.y) * k)
                out += 1
            }
        }
        return out
    }
}

/// A hard polygon edge as a half-plane test on pixel centres.
struct HardEdge {
    /// The endpoint with the smaller y (for a horizontal edge, the smaller x).
    let top: Point
    /// The other endpoint.
    let bottom: Point
    /// `true` when both endpoints share y: the edge then constrains whole rows.
    let horizontal: Bool
    /// Inside is `x ≥ X(y)` (or, for a horizontal edge, `y ≥ Y`) rather than the other side.
    let insideRightOrBelow: Bool
}

/// Forwards only the pixels whose centres lie inside every hard edge.
struct CentreMaskSink<Base: SpanSink>: SpanSink {
    var base: Base
    let edges: UnsafePointer<HardEdge>
    let count: Int
    let clip: PixelRect
    private var row = Int.min, lo = 0, hi = 0

    init(base: Base, edges: UnsafePointer<HardEdge>, count: Int, clip: PixelRect) {
        self.base = base
        self.edges = edges
        self.count = count
        self.clip = clip
    }

    /// The columns `lo ..< hi` of row `y` whose centres every hard edge admits.
    private mutating func admitted(_ y: Int) -> (Int, Int) {
        if y == row { return (lo, hi) }
        row = y
        lo = clip.x0
        hi = clip.x1
        let yc = Double(y) + 0.5
        for i in 0..<count {
            let e = edges[i]
            if e.horizontal {
                if (yc >= e.top.y) != e.insideRightOrBelow { hi = lo }
                continue
            }
            // A centre x + 0.5 is right of (or on) the line when x ≥ ⌈X − 0.5⌉, the same column
            // boundary for both polygons sharing the edge.
            let x = e.top.x + (yc - e.top.y) * (e.bottom.x - e.top.x) / (e.bottom.y - e.top.y)
            let clamped = Swift.min(Swift.max(x.isNaN ? Double(clip.x0) : x, Double(clip.x0) - 1), Double(clip.x1) + 1)
            let boundary = Int((clamped - 0.5).rounded(.up))
            if e.insideRightOrBelow { lo = Swift.max(lo, boundary) } else { hi = Swift.min(hi, boundary) }
        }
        return (lo, hi)
    }

    mutating func uniformSpan(y: Int, x0: Int, x1: Int, coverage: Double) {
        let (l, h) = admitted(y)
        let a = Swift.max(x0, l), b = Swift.min(x1, h)
        if a < b { base.uniformSpan(y: y, x0: a, x1: b, coverage: coverage) }
    }

    mutating func partialSpan(y: Int, x0: Int, coverage: UnsafePointer<Double>, count: Int) {
        let (l, h) = admitted(y)
        let a = Swift.max(x0, l), b = Swift.min(x0 + count, h)
        if a < b { base.partialSpan(y: y, x0: a, coverage: coverage + (a - x0), count: b - a) }
    }
}
