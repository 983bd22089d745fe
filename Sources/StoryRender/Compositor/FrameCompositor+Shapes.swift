import MotionCore
import StoryKit

// MARK: - FrameCompositor + Shapes drawn in place

extension FrameCompositor {
    /// Draws the layer's drawing straight into ``target`` when it is a solid shape
    /// (``LayerContentRenderer/solidShape(_:scale:)``: a fill and a stroke of one colour each, no
    /// gradient) seen through an affine map that shrinks it nowhere (no perspective; every
    /// direction at least as large as the resolution its bitmap would be painted at), with no
    /// clip and no aliased edges: its outlines are mapped through the layer's matrix into target
    /// pixels and rasterised there with exact area coverage, with no part bitmap painted and none
    /// resampled (a turning ring's twelve segments, each a new shape every frame). `false` when
    /// the drawing is not such a drawing (the caller then draws its bitmap).
    ///
    /// The edges are as sharp as the shape's own: coverage is taken at the target's pixels, not
    /// taken at the bitmap's and then interpolated at a fractional offset.
    mutating func drawsShapeInPlace(_ node: RenderNode) -> Bool {
        guard let map = Self.affineMap(node, origin: origin), node.contentClip == nil, node.opacity > 0,
              node.layer.antialiasedEdges == .all, node.layer.shape != nil else { return false }
        let ppp = pixelsPerPoint(for: node)
        // The map's largest and smallest stretch (the singular values of its 2 × 2 part).
        let squares = map.a * map.a + map.b * map.b + map.c * map.c + map.d * map.d
        let det = Swift.abs(map.a * map.d - map.b * map.c)
        let largest = ((squares + (Swift.max(0, squares * squares - 4 * det * det)).squareRoot()) / 2).squareRoot()
        guard largest.isFinite, largest > 0, det / largest >= ppp * (1 - 1e-6), largest <= 4 * scale * (1 + 1e-6),
              let shape = LayerContentRenderer.solidShape(node.layer, scale: largest) else { return false }
        let opacity = node.opacity.clamped(to: 0...1)
        // Painted one over the other, the fill and the stroke would show through each other at
        // an opacity below 1, unlike their bitmap composited once.
        guard opacity == 1 || shape.fill.isEmpty || shape.stroke.isEmpty else { return false }
        // Outline pixels (layer point × `largest`) to target pixels.
        let s = 1 / largest
        func place(_ contours: [[Point]]) -> [[Point]] {
            contours.map { contour in
                contour.map { p in
                    let x = p.x * s, y = p.y * s
                    return Point(x: x * map.a + y * map.c + map.tx, y: x * map.b + y * map.d + map.ty)
                }
            }
        }
        let fill = place(shape.fill), stroke = place(shape.stroke)
        // A large shape is painted once into its bitmap, kept, and composited faster than it is
        // rasterised again (a photo's circular mask): decided by its size alone, so that a frame
        // never depends on what was kept.
        let bounds = target.bounds
        var area = 0
        for contours in [fill, stroke] {
            if let box = Self.pixelBox(contours, in: bounds) { area += (box.x1 - box.x0) * (box.y1 - box.y0) }
        }
        guard area <= Self.largestShapeInPlace else { return false }
        if let color = shape.fillColor {
            Self.fill(&target, contours: fill, color: color, opacity: opacity, fillRule: shape.fillRule)
        }
        if let color = shape.strokeColor {
            Self.fill(&target, contours: stroke, color: color, opacity: opacity, fillRule: .nonZero)
        }
        return true
    }

    /// The most target pixels (the boxes of a shape's fill and stroke, added) that
    /// ``drawsShapeInPlace(_:)`` rasterises in place: 128 × 128.
    static let largestShapeInPlace = 128 * 128

    /// The layer's drawing (gradient, shape), like ``drawBitmap(of:part:clip:)``; painted
    /// straight over ``target`` when its bitmap would land there pixel for pixel (an unrotated
    /// layer at a whole-pixel place, at the resolution its bitmap is painted at), whole (opacity
    /// 1, no clip), it paints one thing, and ``parts`` would paint it anew now without keeping it
    /// (a growing arc, a new shape every frame): the bytes compositing its bitmap gives, with no
    /// bitmap to clear, fill and composite
    /// (``LayerContentRenderer/paintDrawing(_:pixelsPerPoint:tables:over:shift:)``).
    mutating func drawDrawing(_ node: RenderNode) {
        let ppp = pixelsPerPoint(for: node)
        let key = PartBitmaps.Key(node.layer, part: .drawing, pixelsPerPoint: ppp)
        let shift = wholePixelShift(node, pixelsPerPoint: ppp)
        let tables = parts.tables
        let painted = parts.bitmap(key, of: node.layer) {
            guard let shift else { return false }
            return LayerContentRenderer.paintDrawing(node.layer, pixelsPerPoint: ppp, tables: tables, over: &target, shift: shift)
        }
        guard let bitmap = painted.bitmap else { return }
        Self.draw(bitmap, of: node, clip: node.contentClip, opacity: node.opacity, into: &target, origin: origin,
                  parts: parts, key: key, only: skipsMasked ? groupMask : nil)
    }

    /// Where the layer's pixels at `ppp` (layer points × `ppp`) land in ``target``, by whole
    /// pixels, when they land pixel for pixel, whole (opacity 1, no clip) (as
    /// ``integerTranslation(_:)`` finds for its bitmap); `nil` otherwise.
    func wholePixelShift(_ node: RenderNode, pixelsPerPoint ppp: Double) -> (x: Int, y: Int)? {
        guard node.contentClip == nil, node.opacity == 1, let map = Self.affineMap(node, origin: origin) else { return nil }
        let e = 1e-9 * ppp
        let x = map.tx.rounded(), y = map.ty.rounded()
        guard Swift.abs(map.a - ppp) < e, Swift.abs(map.d - ppp) < e, Swift.abs(map.b) < e, Swift.abs(map.c) < e,
              Swift.abs(map.tx - x) < 1e-3, Swift.abs(map.ty - y) < 1e-3, Swift.abs(x) < 1e7, Swift.abs(y) < 1e7 else {
            return nil
        }
        return (Int(x), Int(y))
    }

    /// The layer's point-to-target-pixel map when it is affine (`x' = a·x + c·y + tx`,
    /// `y' = b·x + d·y + ty`, no perspective), `nil` otherwise or when not finite.
    static func affineMap(_ node: RenderNode, origin: (x: Int, y: Int))
        -> (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)? {
        let m = node.layerToPixels
        guard node.pixelsToLayer != nil, m.m14 == 0, m.m24 == 0, m.m44 == 1 else { return nil }
        let map = (a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41 - Double(origin.x), ty: m.m42 - Double(origin.y))
        guard map.a.isFinite, map.b.isFinite, map.c.isFinite, map.d.isFinite, map.tx.isFinite, map.ty.isFinite else {
            return nil
        }
        return map
    }

    /// Composites `color` × `opacity` over `image` through the coverage of `contours` (in
    /// `image`'s pixels) under `fillRule`, rasterised over the pixels their bounding box touches.
    static func fill(_ image: inout RGBAImage, contours: [[Point]], color: RGBAColor, opacity: Double,
                     fillRule: PolygonRasterizer.FillRule) {
        guard let (x0, y0, x1, y1) = pixelBox(contours, in: image.bounds) else { return }
        var faded = color
        faded.alpha *= opacity
        let packed = CoveragePainter.premultiplied(faded)
        guard packed >> 24 > 0 else { return }
        var rasterizer = PolygonRasterizer(width: x1 - x0, height: y1 - y0)
        let offset = Point(x: Double(x0), y: Double(y0))
        for contour in contours { rasterizer.addPolygon(contour, offset: offset) }
        rasterizer.fill(&image, offset: (x0, y0), color: packed, fillRule: fillRule)
    }

    /// The pixels of `bounds` (from 0, 0) that the box of `contours` touches, or `nil` when none.
    /// (Geometry left of the box still covers its rows: the rasteriser presses it onto x = 0.)
    static func pixelBox(_ contours: [[Point]], in bounds: PixelRect) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for contour in contours {
            for p in contour where p.isFinite {
                minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        let w = Double(bounds.x1), h = Double(bounds.y1)
        let x0 = Int(minX.clamped(to: 0...w).rounded(.down)), y0 = Int(minY.clamped(to: 0...h).rounded(.down))
        let x1 = Int(maxX.clamped(to: 0...w).rounded(.up)), y1 = Int(maxY.clamped(to: 0...h).rounded(.up))
        return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
    }
}
