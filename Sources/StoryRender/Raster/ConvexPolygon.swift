import StoryKit

/// A convex polygon of at most 16 vertices in destination pixel coordinates, stored inline so
/// that building and passing one never allocates.
///
/// The rasteriser fills it with exact area coverage. Vertices may wind either way; the polygon
/// must be convex (a layer quad, possibly cut by the near plane or by a rectangular clip in layer
/// space, which stays convex). A concave or self-intersecting vertex list is not rejected, but it
/// is filled as the region between its leftmost and rightmost boundary on each scanline.
/// Clipping against `w > ε` belongs to the caller; the vertices here are already divided.
///
/// ```swift
/// var quad = ConvexPolygon()
/// quad.append(Point(x: 10, y: 10)); quad.append(Point(x: 90, y: 20))
/// quad.append(Point(x: 80, y: 90)); quad.append(Point(x: 15, y: 70))
/// ```
package struct ConvexPolygon: Sendable {
    /// The largest number of vertices a polygon holds, 16.
    package static let capacity = 16

    typealias Storage = (Point, Point, Point, Point, Point, Point, Point, Point,
                         Point, Point, Point, Point, Point, Point, Point, Point)

    var storage: Storage

    /// The number of vertices, 0…16.
    package private(set) var count: Int

    /// Edges drawn with a hard pixel-centre edge even when the polygon is anti-aliased, one bit
    /// per edge: bit `i` is the edge from vertex `i` to vertex `i + 1` (the last edge returns to
    /// vertex 0). Default 0: every edge anti-aliased.
    ///
    /// Mark an edge that another polygon shares (two faces of a cube, two halves of a split
    /// quad) hard in both: each pixel along it then belongs to exactly one of them, so an opaque
    /// pair leaves no seam, while their outer edges stay smooth. With anti-aliasing on both sides
    /// the coverages still add up to 1, but painting one over the other lets `(1 − a)(1 − b)` of
    /// the background show through (25 % on a half-and-half pixel), the conflation artefact that
    /// Core Animation's `edgeAntialiasingMask` exists to avoid. A pixel is covered by its area
    /// inside the polygon's anti-aliased edges when its centre is inside the hard ones.
    package var aliasedEdges: UInt16 = 0

    /// Creates a polygon with no vertices.
    package init() {
        let z = Point.zero
        storage = (z, z, z, z, z, z, z, z, z, z, z, z, z, z, z, z)
        count = 0
    }

    /// Creates a polygon from its vertices in order; vertices past the 16th are ignored.
    ///
    /// - Parameter points: The vertices, in pixels, in boundary order (either winding).
    package init(_ points: some Sequence<Point>) {
        self.init()
        for p in points where !append(p) { break }
    }

    /// The axis-aligned rectangle from `(x0, y0)` to `(x1, y1)`, in pixels.
    package init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.init()
        append(Point(x: x0, y: y0)); append(Point(x: x1, y: y0))
        append(Point(x: x1, y: y1)); append(Point(x: x0, y: y1))
    }

    /// Adds a vertex at the end of the boundary.
    ///
    /// - Parameter point: The vertex, in pixels.
    /// - Returns: `false` (and the polygon is unchanged) when it already holds 16 vertices.
    @discardableResult
    package mutating func append(_ point: Point) -> Bool {
        guard count < Self.capacity else { return false }
        let index = count
        withUnsafeMutableBytes(of: &storage) {
            $0.storeBytes(of: point, toByteOffset: index * MemoryLayout<Point>.stride, as: Point.self)
        }
        count += 1
        return true
    }

    /// Removes every vertex.
    package mutating func removeAll() {
        count = 0
        aliasedEdges = 0
    }
}

// MARK: - ConvexPolygon + RandomAccessCollection

extension ConvexPolygon: RandomAccessCollection, MutableCollection {
    /// Always 0.
    package var startIndex: Int { 0 }
    /// The vertex count.
    package var endIndex: Int { count }

    /// The vertex at `index`, in pixels.
    ///
    /// - Precondition: `0 ≤ index < count`.
    package subscript(index: Int) -> Point {
        get {
            precondition(index >= 0 && index < count, "vertex index out of range")
            return withUnsafeBytes(of: storage) {
                $0.load(fromByteOffset: index * MemoryLayout<Point>.stride, as: Point.self)
            }
        }
        set {
            precondition(index >= 0 && index < count, "vertex index out of range")
            withUnsafeMutableBytes(of: &storage) {
                $0.storeBytes(of: newValue, toByteOffset: index * MemoryLayout<Point>.stride, as: Point.self)
            }
        }
    }
}

// MARK: - ConvexPolygon + Hashable

extension ConvexPolygon: Hashable {
    /// Two polygons are equal when they list the same vertices in the same order and mark the same
    /// edges hard.
    package static func == (lhs: ConvexPolygon, rhs: ConvexPolygon) -> Bool {
        lhs.aliasedEdges == rhs.aliasedEdges && lhs.elementsEqual(rhs)
    }

    /// Hashes the vertex list.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(aliasedEdges)
        for p in self { hasher.combine(p) }
    }
}

// MARK: - ConvexPolygon + ExpressibleByArrayLiteral

extension ConvexPolygon: ExpressibleByArrayLiteral {
    /// Creates a polygon from a literal list of vertices (the first 16 are kept).
    package init(arrayLiteral elements: Point...) {
        self.init(elements)
    }
}
