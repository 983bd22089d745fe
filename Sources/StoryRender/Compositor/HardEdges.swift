import MotionCore
import StoryKit

/// The lines, in scene pixels, of the bounds edges a layer draws without anti-aliasing: those left
/// out of `Layer.antialiasedEdges` (`CALayer.edgeAntialiasingMask`).
///
/// Two layers that share an edge (adjacent cube faces) both leave it out; each polygon edge of
/// theirs lying on such a line is then marked in ``ConvexPolygon/aliasedEdges``, so every pixel
/// along the seam belongs to exactly one of them and no background shows through.
struct HardEdges {
    /// Homogeneous line coefficients `(a, b, c)`: pixel `(x, y)` is on the line when
    /// `a·x + b·y + c = 0`; normalised so that `a² + b² = 1`.
    private var lines: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) = (.zero, .zero, .zero, .zero)
    private var count = 0

    /// The hard edges of a layer, or `nil` when all four are anti-aliased or the layer is edge-on.
    init?(_ node: RenderNode) {
        let edges = node.layer.antialiasedEdges
        guard edges != .all, let m = node.pixelsToLayer else { return nil }
        self.init(rect: node.layer.bounds, hard: Layer.Edges.all.subtracting(edges), pixelsToLayer: m)
    }

    /// The `hard` sides of a rectangle of the layer's plane (e.g. the inner sides of a nine-slice
    /// part, which its neighbour shares), or `nil` when there are none.
    init?(rect: Rect, hard: Layer.Edges, pixelsToLayer m: Homography) {
        guard !hard.isEmpty else { return nil }
        let b = rect.standardized
        // A layer line l (points p with p·l = 0) seen in pixels: P·(M·l) = 0 for M = pixels → layer.
        func add(_ l: SIMD3<Double>) {
            let line = SIMD3(m.m11 * l.x + m.m12 * l.y + m.m13 * l.z,
                             m.m21 * l.x + m.m22 * l.y + m.m23 * l.z,
                             m.m31 * l.x + m.m32 * l.y + m.m33 * l.z)
            let norm = (line.x * line.x + line.y * line.y).squareRoot()
            guard norm > 0, norm.isFinite, line.z.isFinite else { return }
            let unit = line / norm
            switch count {
            case 0: lines.0 = unit
            case 1: lines.1 = unit
            case 2: lines.2 = unit
            default: lines.3 = unit
            }
            count += 1
        }
        if hard.contains(.left) { add(SIMD3(1, 0, -b.minX)) }
        if hard.contains(.right) { add(SIMD3(1, 0, -b.maxX)) }
        if hard.contains(.top) { add(SIMD3(0, 1, -b.minY)) }
        if hard.contains(.bottom) { add(SIMD3(0, 1, -b.maxY)) }
        guard count > 0 else { return nil }
    }

    /// Whether the segment from `a` to `b` (scene pixels) lies on one of the hard lines.
    func contains(_ a: Point, _ b: Point) -> Bool {
        let tolerance = 1e-6 + 1e-12 * Swift.max(Swift.abs(a.x), Swift.abs(a.y), Swift.abs(b.x), Swift.abs(b.y))
        for i in 0..<count {
            let l: SIMD3<Double>
            switch i {
            case 0: l = lines.0
            case 1: l = lines.1
            case 2: l = lines.2
            default: l = lines.3
            }
            if Swift.abs(l.x * a.x + l.y * a.y + l.z) <= tolerance && Swift.abs(l.x * b.x + l.y * b.y + l.z) <= tolerance {
                return true
            }
        }
        return false
    }

    /// Vertices of polygons with hard edges are rounded to this grid (in pixels), so that two
    /// layers computing the same shared corner through different matrices (equal up to rounding
    /// errors of 10⁻¹³ px) end up with bit-identical endpoints and split the seam exactly.
    static let grid = 1.0 / 65_536
}
