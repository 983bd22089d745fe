import MotionCore

/// A convex polygon in destination pixel space with a fixed capacity, so that projecting and
/// clipping layer quads never allocates.
///
/// The compositor projects each layer's bounds through its 4×4 matrix, clips the result against
/// the near plane (`w ≥` ``RenderTree/nearW``) *before* the perspective divide, and intersects it
/// with the projected bounds of `masksToBounds` ancestors. A quad clipped by one plane has at most
/// five vertices and every convex clip adds at most as many vertices as the clip has, so
/// ``capacity`` covers any realistic chain; vertices beyond it are dropped and
/// ``overflowed`` is set (the polygon then still lies inside the true one).
package struct ScreenPolygon: Sendable {
    /// The most vertices a polygon holds.
    package static let capacity = 24

    /// The number of vertices, `0…capacity`.
    package private(set) var count = 0
    /// `true` when a vertex had to be dropped because the polygon was full.
    package private(set) var overflowed = false
    private var storage: (Point, Point, Point, Point, Point, Point, Point, Point,
                          Point, Point, Point, Point, Point, Point, Point, Point,
                          Point, Point, Point, Point, Point, Point, Point, Point)
        = (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero,
           .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero,
           .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)

    /// An empty polygon.
    package init() {}

    /// A polygon through `points`, in order (extra points beyond ``capacity`` are dropped).
    package init(_ points: [Point]) {
        for p in points { append(p) }
    }

    /// The axis-aligned rectangle `x0…x1 × y0…y1`, clockwise on screen (y down).
    package init(x0: Double, y0: Double, x1: Double, y1: Double) {
        append(Point(x: x0, y: y0)); append(Point(x: x1, y: y0))
        append(Point(x: x1, y: y1)); append(Point(x: x0, y: y1))
    }

    /// The vertex at `index`, `0..<count`.
    package subscript(index: Int) -> Point {
        precondition(index >= 0 && index < count, "vertex index out of range")
        return withUnsafeBytes(of: storage) {
            $0.load(fromByteOffset: index * MemoryLayout<Point>.stride, as: Point.self)
        }
    }

    /// Adds a vertex at the end; sets ``overflowed`` instead when the polygon is full.
    package mutating func append(_ point: Point) {
        guard count < Self.capacity else { overflowed = true; return }
        let offset = count * MemoryLayout<Point>.stride
        withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: point, toByteOffset: offset, as: Point.self) }
        count += 1
    }

    /// The vertices as an array (for tests and diagnostics; allocates).
    package var points: [Point] { (0..<count).map { self[$0] } }

    /// Twice the signed area (shoelace formula); positive when the vertices run clockwise on
    /// screen (y down), which is the winding of an unrotated layer's bounds.
    package var doubleSignedArea: Double {
        guard count >= 3 else { return 0 }
        var sum = 0.0
        var previous = self[count - 1]
        for i in 0..<count {
            let p = self[i]
            sum += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return sum
    }

    /// `true` when the polygon covers no area (fewer than three vertices or collinear ones).
    package var isEmpty: Bool { count < 3 || !(Swift.abs(doubleSignedArea) > 1e-12) }

    /// The smallest axis-aligned box holding every vertex, or `nil` when there are none.
    package var boundingBox: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard count > 0 else { return nil }
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        for i in 0..<count {
            let p = self[i]
            box = (Swift.min(box.minX, p.x), Swift.min(box.minY, p.y), Swift.max(box.maxX, p.x), Swift.max(box.maxY, p.y))
        }
        return box
    }
}

// MARK: - ScreenPolygon + Clipping

extension ScreenPolygon {
    /// This polygon intersected with the convex polygon `clip` (Sutherland–Hodgman, one pass per
    /// edge of `clip`), whatever the winding of either.
    ///
    /// - Parameter clip: A convex polygon; an empty one gives an empty result.
    /// - Returns: The intersection, with this polygon's winding.
    package func clipped(to clip: ScreenPolygon) -> ScreenPolygon {
        guard !clip.isEmpty else { return ScreenPolygon() }
        let orientation: Double = clip.doubleSignedArea > 0 ? 1 : -1
        var result = self
        var a = clip[clip.count - 1]
        for i in 0..<clip.count {
            let b = clip[i]
            // Inside means on the same side of a→b as the clip's interior.
            let nx = -(b.y - a.y) * orientation, ny = (b.x - a.x) * orientation
            result = result.clipped(normalX: nx, normalY: ny, offset: nx * a.x + ny * a.y)
            if result.count == 0 { break }
            a = b
        }
        return result
    }

    /// This polygon intersected with the axis-aligned rectangle `x0…x1 × y0…y1`.
    package func clipped(x0: Double, y0: Double, x1: Double, y1: Double) -> ScreenPolygon {
        clipped(normalX: 1, normalY: 0, offset: x0)
            .clipped(normalX: -1, normalY: 0, offset: -x1)
            .clipped(normalX: 0, normalY: 1, offset: y0)
            .clipped(normalX: 0, normalY: -1, offset: -y1)
    }

    /// The polygon with its flattest vertices removed until at most `limit` remain.
    ///
    /// Removing a vertex of a convex polygon cuts off the triangle it spans with its neighbours;
    /// the smallest such triangle goes first, so the shape changes least (by far less than a
    /// pixel for the nearly collinear vertices that repeated clipping leaves).
    package func simplified(toAtMost limit: Int) -> ScreenPolygon {
        guard count > Swift.max(limit, 3) else { return self }
        var p = self
        while p.count > Swift.max(limit, 3) {
            var smallest = Double.infinity, victim = 0
            for i in 0..<p.count {
                let a = p[(i + p.count - 1) % p.count], b = p[i], c = p[(i + 1) % p.count]
                let area = Swift.abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y))
                if area < smallest { smallest = area; victim = i }
            }
            var next = ScreenPolygon()
            for i in 0..<p.count where i != victim { next.append(p[i]) }
            p = next
        }
        return p
    }

    /// The part of the polygon where `normal · p ≥ offset`.
    private func clipped(normalX: Double, normalY: Double, offset: Double) -> ScreenPolygon {
        var out = ScreenPolygon()
        guard count > 0 else { return out }
        out.overflowed = overflowed
        var a = self[count - 1]
        var da = normalX * a.x + normalY * a.y - offset
        for i in 0..<count {
            let b = self[i]
            let db = normalX * b.x + normalY * b.y - offset
            if (da >= 0) != (db >= 0) {
                let t = da / (da - db)
                out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
            if db >= 0 { out.append(b) }
            a = b
            da = db
        }
        return out
    }
}

// MARK: - ScreenPolygon + Projection

extension ScreenPolygon {
    /// The guard band: projected coordinates are limited to ±this many pixels by clipping (not
    /// clamping) in homogeneous space, so no later arithmetic can overflow and nothing visible
    /// changes.
    package static let guardBand = 1e7

    /// A layer-local rectangle on the plane z = 0 projected through `matrix`, clipped against the
    /// near plane `w ≥ nearW` in homogeneous coordinates and only then divided by `w`.
    ///
    /// Clipping before the divide is what keeps a layer that crosses behind the eye from being
    /// drawn mirrored or producing infinities: the part behind the eye simply disappears, as in
    /// Core Animation. The polygon is also clipped to the ``guardBand`` planes `|x|, |y| ≤ G·w`
    /// before the divide (Blinn and Newell's homogeneous clipping, *Clipping Using Homogeneous
    /// Coordinates*, SIGGRAPH 1978). Corners run clockwise on screen for an unrotated layer.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in the layer's bounds coordinates (points).
    ///   - matrix: Layer coordinates to destination pixels (row-vector 4×4, before the divide).
    ///   - nearW: The smallest `w` kept, > 0.
    /// - Returns: The projected polygon, empty when the rectangle is wholly behind the eye or a
    ///   corner's homogeneous coordinates are not finite.
    package static func projecting(_ rect: Rect, through matrix: Transform3D, nearW: Double) -> ScreenPolygon {
        let r = rect.standardized
        var out = ScreenPolygon()
        guard r.isFinite, matrix.isFinite else { return out }
        return withUnsafeTemporaryAllocation(of: SIMD3<Double>.self, capacity: 2 * 16) { scratch in
            guard let start = scratch.baseAddress else { return out }
            var a = start, b = a + 16
            let xs = SIMD4(r.minX, r.maxX, r.maxX, r.minX), ys = SIMD4(r.minY, r.minY, r.maxY, r.maxY)
            for i in 0..<4 {
                let v = SIMD3(xs[i] * matrix.m11 + ys[i] * matrix.m21 + matrix.m41,
                              xs[i] * matrix.m12 + ys[i] * matrix.m22 + matrix.m42,
                              xs[i] * matrix.m14 + ys[i] * matrix.m24 + matrix.m44)
                guard v.x.isFinite, v.y.isFinite, v.z.isFinite else { return out }
                a[i] = v
            }
            var n = 4
            let g = guardBand
            // Each plane keeps dot(plane, v) ≥ 0 (plus an offset for the near plane); a convex
            // polygon gains at most one vertex per plane, so 16 slots are plenty.
            for k in 0..<5 {
                let plane: SIMD3<Double>, offset: Double
                switch k {
                case 0: (plane, offset) = (SIMD3(0, 0, 1), nearW)
                case 1: (plane, offset) = (SIMD3(1, 0, g), 0)
                case 2: (plane, offset) = (SIMD3(-1, 0, g), 0)
                case 3: (plane, offset) = (SIMD3(0, 1, g), 0)
                default: (plane, offset) = (SIMD3(0, -1, g), 0)
                }
                var m = 0
                var previous = a[n - 1]
                var dp = (plane * previous).sum() - offset
                for i in 0..<n {
                    let current = a[i]
                    let dc = (plane * current).sum() - offset
                    if (dp >= 0) != (dc >= 0) {
                        let t = dp / (dp - dc)
                        var cut = previous + (current - previous) * t
                        if k == 0 { cut.z = nearW }
                        b[m] = cut
                        m += 1
                    }
                    if dc >= 0 { b[m] = current; m += 1 }
                    previous = current
                    dp = dc
                }
                swap(&a, &b)
                n = m
                if n == 0 { return out }
            }
            for i in 0..<n {
                let p = Point(x: a[i].x / a[i].z, y: a[i].y / a[i].z)
                if p.isFinite { out.append(p) }
            }
            return out
        }
    }
}
