import StoryKit

/// An anti-aliased scanline rasteriser that turns polygons into exact per-pixel area coverage.
///
/// Each edge adds, to the cells it crosses, the signed area it sweeps and the change of winding it
/// causes; a running sum along each row then gives every pixel the exact area of the polygon
/// inside it (Raph Levien's font-rs accumulation, the scheme of stb_truetype v2 and
/// FreeType's "gray" rasteriser). Coverage is `min(1, |winding area|)` for the non-zero rule, so
/// overlapping contours wound the same way (a stroke's pieces) stay opaque, and a contour wound
/// the other way cuts a hole. The one approximation: a pixel crossed by edges of two overlapping
/// contours counts their overlap twice (then clamps), which only shows as a faint brightening at
/// the crossing points of self-intersecting outlines.
///
/// Coordinates are pixels with the bitmap's top-left corner at (0, 0) and pixel centres at
/// +0.5. Geometry outside the bitmap is clipped exactly: parts left of it still cover the row,
/// parts above, below or right of it cover nothing. Allocation: the cell buffer once per
/// rasteriser, and the coverage array per ``coverage(fillRule:)``; nothing per edge or pixel.
///
/// ```swift
/// var rasterizer = PolygonRasterizer(width: 4, height: 3)
/// rasterizer.addPolygon([Point(x: 0.5, y: 0.5), Point(x: 3.5, y: 0.5), Point(x: 3.5, y: 2.5), Point(x: 0.5, y: 2.5)])
/// let mask = rasterizer.coverage()  // 64 at the corners, 128 on the edges, 255 inside
/// ```
package struct PolygonRasterizer: Sendable {
    /// Which areas of self-overlapping geometry are inside (`CAShapeLayerFillRule`).
    package enum FillRule: Sendable, Hashable {
        /// Inside where the winding number is not zero (Core Animation's default).
        case nonZero
        /// Inside where the winding number is odd.
        case evenOdd
    }

    /// Width in pixels, ≥ 0.
    package let width: Int
    /// Height in pixels, ≥ 0.
    package let height: Int
    /// Row-major area/winding deltas in fixed point (1 = 2²⁰), `width + 2` per row (room for the
    /// deltas right of the last pixel, which are never read back). Integers make the running sum
    /// a one-cycle dependency chain.
    private var cells: [Int32]
    /// One full pixel of coverage in ``cells``.
    private static let one: Int32 = 1 << 20
    private var dirtyRows: (min: Int, max: Int)
    /// Per row, the first and one past the last cell written (coverage is zero outside).
    private var rowSpans: [SIMD2<Int32>]

    /// Creates a rasteriser for a bitmap of the given size (negative sizes count as 0).
    package init(width: Int, height: Int) {
        self.width = Swift.max(0, width)
        self.height = Swift.max(0, height)
        cells = [Int32](repeating: 0, count: (self.width + 2) * self.height)
        dirtyRows = (Int.max, Int.min)
        rowSpans = [SIMD2<Int32>](repeating: SIMD2(Int32.max, 0), count: self.height)
    }

    /// Adds a closed polygon: the edges between consecutive points and from the last back to
    /// the first.
    ///
    /// - Parameters:
    ///   - points: Vertices in pixels; fewer than three draw nothing (a polygon with no area).
    ///   - offset: Subtracted from every point first (the bitmap's pixel origin).
    package mutating func addPolygon(_ points: [Point], offset: Point = .zero) {
        guard points.count > 2 else { return }
        var previous = points[points.count - 1] - offset
        for point in points {
            let p = point - offset
            addLine(from: previous, to: p)
            previous = p
        }
    }

    /// Adds one edge, from `a` to `b` in pixels; its direction sets its winding (+1 downward).
    /// Edges with a non-finite coordinate are ignored.
    package mutating func addLine(from a: Point, to b: Point) {
        guard a.isFinite, b.isFinite, a.y != b.y else { return }
        let h = Double(height), w = Double(width)
        // Clip to the rows 0…height (outside rows nothing is covered).
        var (x0, y0, x1, y1) = (a.x, a.y, b.x, b.y)
        if Swift.max(y0, y1) <= 0 || Swift.min(y0, y1) >= h { return }
        if Swift.min(x0, x1) >= w { extendSpans(y0, y1); return }
        let slope = (x1 - x0) / (y1 - y0)
        func xAt(_ y: Double) -> Double { x0 + (y - y0) * slope }
        let clippedTop = Swift.max(0, Swift.min(y0, y1)), clippedBottom = Swift.min(h, Swift.max(y0, y1))
        if y0 < y1 {
            (x0, y0, x1, y1) = (xAt(clippedTop), clippedTop, xAt(clippedBottom), clippedBottom)
        } else {
            (x0, y0, x1, y1) = (xAt(clippedBottom), clippedBottom, xAt(clippedTop), clippedTop)
        }
        // Split where the edge crosses x = 0 and x = width: left parts are pressed onto x = 0
        // (they cover the whole row), right parts are dropped (nothing lies right of them).
        var cutA = 1.0, cutB = 1.0
        if (x0 < 0) != (x1 < 0) { cutA = (0 - x0) / (x1 - x0) }
        if (x0 > w) != (x1 > w) { cutB = (w - x0) / (x1 - x0) }
        if cutA > cutB { swap(&cutA, &cutB) }
        let breaks = (0.0, cutA, cutB, 1.0)
        for i in 0..<3 {
            let t0 = i == 0 ? breaks.0 : i == 1 ? breaks.1 : breaks.2
            let t1 = i == 0 ? breaks.1 : i == 1 ? breaks.2 : breaks.3
            guard t1 > t0 else { continue }
            let ya = y0 + (y1 - y0) * t0, yb = y0 + (y1 - y0) * t1
            let xa = x0 + (x1 - x0) * t0, xb = x0 + (x1 - x0) * t1
            let mid = (xa + xb) / 2
            if mid >= w { extendSpans(ya, yb); continue }
            if mid <= 0 {
                drawLine(0, Float(ya), 0, Float(yb))
            } else {
                drawLine(Float(Swift.min(w, Swift.max(0, xa))), Float(ya), Float(Swift.min(w, Swift.max(0, xb))), Float(yb))
            }
        }
    }

    /// Marks the rows between `ya` and `yb` as possibly covered up to their right end: an edge
    /// right of the bitmap was dropped, so the running sum may not return to zero inside it.
    private mutating func extendSpans(_ ya: Double, _ yb: Double) {
        let top = Swift.max(0, Int(Swift.max(0, Swift.min(ya, yb))))
        let bottom = Swift.min(height, Int(Swift.min(Double(height), Swift.max(ya, yb)).rounded(.up)))
        guard top < bottom else { return }
        let end = Int32(width + 2)
        for y in top..<bottom { rowSpans[y].y = end }
        dirtyRows = (Swift.min(dirtyRows.min, top), Swift.max(dirtyRows.max, bottom - 1))
    }

    /// The font-rs accumulation of one edge already clipped to 0…width × 0…height.
    private mutating func drawLine(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        guard ay != by else { return }
        let (direction, x0, y0, x1, y1): (Float, Float, Float, Float, Float) =
            ay < by ? (1, ax, ay, bx, by) : (-1, bx, by, ax, ay)
        let dxdy = (x1 - x0) / (y1 - y0)
        let lastWhole = Int(y1)
        let firstRow = Int(y0), lastRow = Swift.min(height, Float(lastWhole) < y1 ? lastWhole + 1 : lastWhole)
        guard firstRow < lastRow else { return }
        dirtyRows = (Swift.min(dirtyRows.min, firstRow), Swift.max(dirtyRows.max, lastRow - 1))
        let stride = width + 2
        let maxX = Float(width)
        let spanLo = Int32(Swift.min(x0, x1)), spanHi = Int32(Swift.min(maxX, Swift.max(x0, x1))) + 2
        rowSpans.withUnsafeMutableBufferPointer { spans in
            for y in firstRow..<lastRow {
                spans[y] = SIMD2(Swift.min(spans[y].x, spanLo), Swift.max(spans[y].y, spanHi))
            }
        }
        cells.withUnsafeMutableBufferPointer { buffer in
            guard let c = buffer.baseAddress else { return }
            var x = x0
            for y in firstRow..<lastRow {
                let row = c + y &* stride
                let dy = Swift.min(Float(y + 1), y1) - Swift.max(Float(y), y0)
                let xNext = Swift.min(maxX, Swift.max(0, x + dxdy * dy))
                let d = dy * direction
                let lo = Swift.min(x, xNext), hi = Swift.max(x, xNext)
                // lo, hi ≥ 0, so truncation is floor (and saves a libm call on baseline x86-64).
                let loIndex = Int(lo), loFloor = Float(loIndex)
                let hiWhole = Int(hi), hiIndex = Float(hiWhole) < hi ? hiWhole + 1 : hiWhole
                let hiCeil = Float(hiIndex)
                if hiIndex <= loIndex + 1 {
                    let fraction = 0.5 * (x + xNext) - loFloor
                    row[loIndex] &+= Self.fixed(d - d * fraction)
                    row[loIndex + 1] &+= Self.fixed(d * fraction)
                } else {
                    let s = 1 / (hi - lo)
                    let loFraction = lo - loFloor
                    let a0 = 0.5 * s * (1 - loFraction) * (1 - loFraction)
                    let hiFraction = hi - hiCeil + 1
                    let aLast = 0.5 * s * hiFraction * hiFraction
                    row[loIndex] &+= Self.fixed(d * a0)
                    if hiIndex == loIndex + 2 {
                        row[loIndex + 1] &+= Self.fixed(d * (1 - a0 - aLast))
                    } else {
                        let a1 = s * (1.5 - loFraction)
                        row[loIndex + 1] &+= Self.fixed(d * (a1 - a0))
                        var xi = loIndex + 2
                        while xi < hiIndex - 1 {
                            row[xi] &+= Self.fixed(d * s)
                            xi += 1
                        }
                        let a2 = a1 + Float(hiIndex - loIndex - 3) * s
                        row[hiIndex - 1] &+= Self.fixed(d * (1 - a2 - aLast))
                    }
                    row[hiIndex] &+= Self.fixed(d * aLast)
                }
                x = xNext
            }
        }
    }

    /// `v` (|v| ≤ 2) in 2⁻²⁰ units, rounded, without a checked conversion: adding 1.5·2²³ to
    /// `v·2²⁰` leaves the rounded integer in the low mantissa bits.
    @inline(__always)
    private static func fixed(_ v: Float) -> Int32 {
        Int32(bitPattern: (v * Float(one) + 12_582_912).bitPattern &- 0x4B40_0000)
    }

    /// The coverage of everything added so far, one byte per pixel (0 outside … 255 inside),
    /// row-major; also clears the rasteriser for reuse.
    ///
    /// - Parameter fillRule: Which winding numbers are inside. Default ``FillRule/nonZero``.
    /// - Returns: `width × height` bytes.
    package mutating func coverage(fillRule: FillRule = .nonZero) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: width * height)
        let w = width
        mask.withUnsafeMutableBufferPointer { out in
            guard let m = out.baseAddress else { return }
            drain(fillRule: fillRule) { x, y, value in m[y &* w &+ x] = value }
        }
        return mask
    }

    /// Composites premultiplied `color` (packed as ``CoveragePainter/premultiplied(_:)`` makes it)
    /// weighted by the coverage of everything added so far over `image`, whose pixel
    /// (`offset.x`, `offset.y`) is this rasteriser's (0, 0), with no coverage array in between;
    /// also clears the rasteriser for reuse. The rasteriser's pixels must lie inside `image`
    /// (nothing is drawn otherwise).
    ///
    /// - Parameter fillRule: Which winding numbers are inside. Default ``FillRule/nonZero``.
    package mutating func fill(_ image: inout RGBAImage, offset: (x: Int, y: Int), color: UInt32,
                               fillRule: FillRule = .nonZero) {
        guard offset.x >= 0, offset.y >= 0, offset.x + width <= image.width, offset.y + height <= image.height else {
            drain(fillRule: fillRule) { _, _, _ in }
            return
        }
        let rowBytes = image.width &* 4, start = offset.y &* rowBytes &+ offset.x &* 4
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            guard let p = pixels.baseAddress else { return }
            drain(fillRule: fillRule) { x, y, value in
                guard value != 0 else { return }
                CoveragePainter.blend(color, coverage: UInt32(value), into: p + (start &+ y &* rowBytes &+ x &* 4))
            }
        }
    }

    /// Runs the sums of everything added so far along each touched row, hands `body` the
    /// coverage byte (0…255) of every pixel in a row's touched span as (x, y, coverage), and
    /// clears the cells (pixels outside the spans have no coverage).
    @inline(__always)
    private mutating func drain(fillRule: FillRule, _ body: (Int, Int, UInt8) -> Void) {
        guard dirtyRows.min <= dirtyRows.max else { return }
        let stride = width + 2, w = width
        let rows = dirtyRows
        let evenOdd = fillRule == .evenOdd
        cells.withUnsafeMutableBufferPointer { buffer in
            rowSpans.withUnsafeMutableBufferPointer { spans in
                guard let c = buffer.baseAddress else { return }
                let one = Self.one
                for y in rows.min...rows.max {
                    let span = spans[y]
                    spans[y] = SIMD2(Int32.max, 0)
                    guard span.x < span.y, span.x < Int32(w) else { continue }
                    let row = c + y &* stride
                    let start = Int(span.x), end = Swift.min(w, Int(span.y))
                    var sum: Int32 = 0
                    if evenOdd {
                        for x in start..<end {
                            sum &+= row[x]
                            row[x] = 0
                            var value = Swift.abs(sum) & (2 &* one &- 1)
                            if value > one { value = 2 &* one &- value }
                            body(x, y, UInt8(truncatingIfNeeded: (value &* 255 &+ one / 2) >> 20))
                        }
                    } else {
                        for x in start..<end {
                            sum &+= row[x]
                            row[x] = 0
                            let value = Swift.min(Swift.abs(sum), one)
                            body(x, y, UInt8(truncatingIfNeeded: (value &* 255 &+ one / 2) >> 20))
                        }
                    }
                    for x in end..<(w + 2) { row[x] = 0 }
                }
            }
        }
        dirtyRows = (Int.max, Int.min)
    }
}
