import StoryKit

/// Receives the pixels a polygon covers, row by row, from ``Raster/scan(_:clip:antialiased:into:)``.
protocol SpanSink {
    /// Pixels `x0 ..< x1` of row `y` are all covered by the fraction `coverage` (0 < coverage ≤ 1).
    mutating func uniformSpan(y: Int, x0: Int, x1: Int, coverage: Double)
    /// Pixel `x0 + i` of row `y` is covered by the fraction `coverage[i]` (0…1), for `i < count`.
    mutating func partialSpan(y: Int, x0: Int, coverage: UnsafePointer<Double>, count: Int)
}

// MARK: - Raster + Coverage

extension Raster {
    /// Vertex coordinates are clamped to ±2⁴⁰ pixels before clipping, so that huge (nearly
    /// at-the-eye) projections keep their shape on screen and arithmetic never overflows.
    static let coordinateLimit: Double = 1_099_511_627_776

    /// Calls `sink` with the exact area coverage (or, when `antialiased` is false, the pixel-centre
    /// coverage) of every pixel of `clip` that the convex `polygon` touches.
    ///
    /// Anti-aliased coverage is the area of the pixel square inside the polygon. On each row the
    /// polygon is the region between a left chain `L(y)` and a right chain `R(y)`, so the area is
    /// `∫ clamp(R(y) − x, 0, 1) dy − ∫ clamp(L(y) − x, 0, 1) dy` over the row, integrated in closed
    /// form segment by segment (a trapezoid per segment); only pixels that an edge crosses are
    /// integrated, the run between them gets the row's height. Two polygons sharing an edge
    /// compute the same integral for it, so their coverages sum to the coverage of their union.
    /// Without anti-aliasing, a pixel is covered when its centre `c` satisfies `L ≤ c < R` on
    /// rows whose centre lies in `[top, bottom)`, which splits pixels on a shared edge exactly
    /// between the two polygons (the top-left rule of GPU rasterisers).
    /// Sources: Sean Barrett, *How the stb_truetype anti-aliased software rasterizer v2 works*
    /// (2015); Raph Levien, *font-rs* (2016) for exact signed-area coverage.
    ///
    /// Vertices with NaN make the polygon draw nothing; the polygon is first clipped to `clip`
    /// (Sutherland–Hodgman), so nothing outside it is ever visited.
    static func scan<Sink: SpanSink>(_ polygon: ConvexPolygon, clip: PixelRect, antialiased: Bool,
                                     into sink: inout Sink) {
        guard polygon.count >= 3, !clip.isEmpty else { return }
        let all: UInt16 = polygon.count >= 16 ? 0xFFFF : (1 << UInt16(polygon.count)) - 1
        let hard = polygon.aliasedEdges & all
        if antialiased && hard != 0 && hard != all {
            scanMixed(polygon, clip: clip, into: &sink)
            return
        }
        let antialiased = antialiased && hard == 0
        withUnsafeTemporaryAllocation(of: Point.self, capacity: 48) { buffer in
            guard let a = buffer.baseAddress else { return }
            let b = a + 24
            let limit = coordinateLimit
            for i in 0..<polygon.count {
                let p = polygon[i]
                guard !p.x.isNaN && !p.y.isNaN else { return }
                a[i] = Point(x: Swift.min(Swift.max(p.x, -limit), limit), y: Swift.min(Swift.max(p.y, -limit), limit))
            }
            var n = polygon.count
            n = clipAxis(a, n, into: b, vertical: true, bound: Double(clip.x0), keepGreater: true)
            n = clipAxis(b, n, into: a, vertical: true, bound: Double(clip.x1), keepGreater: false)
            n = clipAxis(a, n, into: b, vertical: false, bound: Double(clip.y0), keepGreater: true)
            n = clipAxis(b, n, into: a, vertical: false, bound: Double(clip.y1), keepGreater: false)
            scanClipped(a, n, scratch: b, clip: clip, antialiased: antialiased, into: &sink)
        }
    }

    /// Scans a polygon already inside `clip`, held in `a` (`n` vertices); `b` (24 slots) is
    /// scratch for the boundary chains.
    static func scanClipped<Sink: SpanSink>(_ a: UnsafeMutablePointer<Point>, _ n: Int, scratch b: UnsafeMutablePointer<Point>,
                                            clip: PixelRect, antialiased: Bool, into sink: inout Sink) {
        guard n >= 3 else { return }
        let n = Swift.min(n, 22)  // only non-convex input can get here with more; the chains need n + 2 slots
        var area2 = 0.0, top = 0, bottom = 0
        for i in 0..<n {
            let p = a[i], q = a[i + 1 == n ? 0 : i + 1]
            area2 += p.x * q.y - q.x * p.y
            if p.y < a[top].y { top = i }
            if p.y > a[bottom].y { bottom = i }
        }
        guard Swift.abs(area2) > 1e-12, a[bottom].y > a[top].y else { return }
        // Walking forward from the top vertex follows the right-hand boundary when the
        // polygon winds clockwise on screen (positive area with y down).
        let forward = chain(a, n, from: top, to: bottom, step: 1, into: b)
        let backward = chain(a, n, from: top, to: bottom, step: n - 1, into: b + forward)
        let (left, nl, right, nr) = area2 > 0 ? (b + forward, backward, b, forward) : (b, forward, b + forward, backward)
        if antialiased {
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 64) { scratch in
                guard let scratch = scratch.baseAddress else { return }
                scanAntialiased(left: left, nl, right: right, nr, clip: clip, scratch: scratch, sink: &sink)
            }
        } else {
            scanCentres(left: left, nl, right: right, nr, clip: clip, sink: &sink)
        }
    }

    /// One Sutherland–Hodgman step: keeps the part of the polygon on one side of an axis-aligned
    /// line (inclusive). Intersections are computed from the edge's endpoints in a canonical order,
    /// so an edge shared by two polygons is cut at bit-identical points. Writes at most 24 vertices.
    static func clipAxis(_ src: UnsafeMutablePointer<Point>, _ n: Int, into dst: UnsafeMutablePointer<Point>,
                                 vertical: Bool, bound: Double, keepGreater: Bool) -> Int {
        guard n > 0 else { return 0 }
        var out = 0
        @inline(__always) func coordinate(_ p: Point) -> Double { vertical ? p.x : p.y }
        @inline(__always) func inside(_ p: Point) -> Bool { keepGreater ? coordinate(p) >= bound : coordinate(p) <= bound }
        for i in 0..<n {
            let p = src[i], q = src[i + 1 == n ? 0 : i + 1]
            let pIn = inside(p), qIn = inside(q)
            if pIn && out < 24 { dst[out] = p; out += 1 }
            if pIn != qIn && out < 24 {
                let (s, t) = (p.x, p.y) < (q.x, q.y) ? (p, q) : (q, p)
                let f = (bound - coordinate(s)) / (coordinate(t) - coordinate(s))
                dst[out] = vertical ? Point(x: bound, y: s.y + (t.y - s.y) * f) : Point(x: s.x + (t.x - s.x) * f, y: bound)
                out += 1
            }
        }
        return out
    }

    /// Copies the vertices from `from` to `to` (inclusive) stepping by `step` (mod `n`) into `dst`,
    /// forcing y to be non-decreasing (a no-op for convex input). Returns the number copied.
    private static func chain(_ src: UnsafeMutablePointer<Point>, _ n: Int, from: Int, to: Int, step: Int,
                              into dst: UnsafeMutablePointer<Point>) -> Int {
        var i = from, count = 0, y = src[from].y
        while true {
            var p = src[i]
            if p.y < y { p.y = y }
            y = p.y
            dst[count] = p
            count += 1
            if i == to || count == n + 1 { break }
            i = (i + step) % n
        }
        return count
    }

    /// x on the segment `p → q` (with `p.y < q.y`) at height `y`; exact at both ends.
    @inline(__always)
    static func edgeX(on p: Point, _ q: Point, at y: Double) -> Double {
        if y <= p.y { return p.x }
        if y >= q.y { return q.x }
        return p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y)
    }

    /// The smallest and largest x of a chain over the band `ya…yb`, starting at segment `start`.
    @inline(__always)
    private static func extent(_ c: UnsafeMutablePointer<Point>, _ n: Int, _ start: Int,
                               _ ya: Double, _ yb: Double) -> (Double, Double) {
        var lo = Double.infinity, hi = -Double.infinity, i = start
        while i < n - 1 {
            let p = c[i], q = c[i + 1]
            if p.y >= yb { break }
            if q.y > p.y {
                let x0 = edgeX(on: p, q, at: Swift.max(ya, p.y)), x1 = edgeX(on: p, q, at: Swift.min(yb, q.y))
                lo = Swift.min(lo, Swift.min(x0, x1))
                hi = Swift.max(hi, Swift.max(x0, x1))
            }
            i += 1
        }
        return (lo, hi)
    }

    /// `∫ clamp(E(y) − x, 0, 1) dy` over the band `ya…yb` for the chain `E`: the area of the pixel
    /// column `x…x+1` left of the chain.
    private static func areaLeft(of c: UnsafeMutablePointer<Point>, _ n: Int, _ start: Int,
                                 _ ya: Double, _ yb: Double, x: Double) -> Double {
        var sum = 0.0, i = start
        while i < n - 1 {
            let p = c[i], q = c[i + 1]
            if p.y >= yb { break }
            if q.y > p.y {
                let y0 = Swift.max(ya, p.y), y1 = Swift.min(yb, q.y)
                if y1 > y0 {
                    sum += (y1 - y0) * meanClamp(edgeX(on: p, q, at: y0) - x, edgeX(on: p, q, at: y1) - x)
                }
            }
            i += 1
        }
        return sum
    }

    /// The mean of `clamp(e, 0, 1)` as `e` runs linearly from `e0` to `e1`.
    @inline(__always)
    private static func meanClamp(_ e0: Double, _ e1: Double) -> Double {
        let lo = Swift.min(e0, e1), hi = Swift.max(e0, e1)
        if hi <= 0 { return 0 }
        if lo >= 1 { return 1 }
        if hi - lo < 1e-9 { return Swift.min(Swift.max((lo + hi) / 2, 0), 1) }
        @inline(__always) func antiderivative(_ e: Double) -> Double { e <= 0 ? 0 : e < 1 ? e * e / 2 : e - 0.5 }
        return (antiderivative(hi) - antiderivative(lo)) / (hi - lo)
    }

    private static func scanAntialiased<Sink: SpanSink>(left: UnsafeMutablePointer<Point>, _ nl: Int,
                                                        right: UnsafeMutablePointer<Point>, _ nr: Int, clip: PixelRect,
                                                        scratch: UnsafeMutablePointer<Double>, sink: inout Sink) {
        let top = left[0].y, bottom = left[nl - 1].y
        let rowStart = Swift.max(clip.y0, Int(top.rounded(.down))), rowEnd = Swift.min(clip.y1, Int(bottom.rounded(.up)))
        guard rowStart < rowEnd else { return }
        var li = 0, ri = 0
        for y in rowStart..<rowEnd {
            let ya = Swift.max(Double(y), top), yb = Swift.min(Double(y + 1), bottom)
            guard yb > ya else { continue }
            while li < nl - 2 && left[li + 1].y <= ya { li += 1 }
            while ri < nr - 2 && right[ri + 1].y <= ya { ri += 1 }
            let (lMin, lMax) = extent(left, nl, li, ya, yb), (rMin, rMax) = extent(right, nr, ri, ya, yb)
            guard lMin.isFinite, rMax.isFinite else { continue }
            let h = yb - ya
            func column(_ v: Double) -> Int { Swift.min(Swift.max(Int(v), clip.x0), clip.x1) }
            let xl0 = column(lMin.rounded(.down)), xl1 = column(lMax.rounded(.up))
            let xr0 = column(rMin.rounded(.down)), xr1 = column(rMax.rounded(.up))
            // Emits pixels a ..< b whose coverage is `area(R) − area(L)`, in chunks of 64.
            func partial(_ a: Int, _ b: Int, useLeft: Bool, useRight: Bool) {
                var x0 = a
                while x0 < b {
                    let count = Swift.min(64, b - x0)
                    for i in 0..<count {
                        let x = Double(x0 + i)
                        let r = useRight ? areaLeft(of: right, nr, ri, ya, yb, x: x) : h
                        let l = useLeft ? areaLeft(of: left, nl, li, ya, yb, x: x) : 0
                        scratch[i] = Swift.min(Swift.max(r - l, 0), 1)
                    }
                    sink.partialSpan(y: y, x0: x0, coverage: scratch, count: count)
                    x0 += count
                }
            }
            if xl1 >= xr0 {
                partial(xl0, Swift.max(xl1, xr1), useLeft: true, useRight: true)
            } else {
                partial(xl0, xl1, useLeft: true, useRight: false)
                sink.uniformSpan(y: y, x0: xl1, x1: xr0, coverage: Swift.min(h, 1))
                partial(xr0, xr1, useLeft: false, useRight: true)
            }
        }
    }

    private static func scanCentres<Sink: SpanSink>(left: UnsafeMutablePointer<Point>, _ nl: Int,
                                                    right: UnsafeMutablePointer<Point>, _ nr: Int, clip: PixelRect,
                                                    sink: inout Sink) {
        let top = left[0].y, bottom = left[nl - 1].y
        let rowStart = Swift.max(clip.y0, Int((top - 0.5).rounded(.up)))
        let rowEnd = Swift.min(clip.y1, Int((bottom - 0.5).rounded(.up)))
        guard rowStart < rowEnd else { return }
        var li = 0, ri = 0
        for y in rowStart..<rowEnd {
            let yc = Double(y) + 0.5
            while li < nl - 2 && left[li + 1].y <= yc { li += 1 }
            while ri < nr - 2 && right[ri + 1].y <= yc { ri += 1 }
            let xl = edgeX(on: left[li], left[li + 1], at: yc), xr = edgeX(on: right[ri], right[ri + 1], at: yc)
            let x0 = Swift.min(Swift.max(Int((xl - 0.5).rounded(.up)), clip.x0), clip.x1)
            let x1 = Swift.min(Swift.max(Int((xr - 0.5).rounded(.up)), clip.x0), clip.x1)
            if x1 > x0 { sink.uniformSpan(y: y, x0: x0, x1: x1, coverage: 1) }
        }
    }
}
