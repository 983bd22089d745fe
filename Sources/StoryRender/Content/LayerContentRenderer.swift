import StoryKit

/// Draws the parts of a layer that are not image contents into bitmaps in the layer's own
/// coordinate space: background, gradient and shape, border, and the rounded clip mask.
///
/// Each bitmap covers exactly what its part paints, snapped outward to the pixel grid of the
/// layer's space (pixel = layer point × `pixelsPerPoint`): the bounds for the background, border,
/// clip mask and gradient; for a shape, its fill and stroke outline too, which may reach beyond
/// the bounds (a stroke overhangs its path by half the line width, a square or round cap by that
/// again). Curves are flattened to 0.1 pixel; edges are anti-aliased by exact area coverage.
///
/// Core Animation's rules kept here: `cornerRadius` rounds the background, border and mask but
/// not the contents (a gradient fills the whole bounds; `masksToBounds` clipping is the
/// compositor's job with ``LayerPart/clipMask``); the radius is clamped to half the shorter side;
/// the border lies inside the bounds, its inner edge inset by `borderWidth` with the radius
/// reduced by it, and only ``Layer/maskedCorners`` are rounded; shapes are filled with their
/// fill rule (non-zero or even-odd), then stroked, miters beveled past the miter limit;
/// `strokeStart` / `strokeEnd` trim the stroke (not the fill) across all subpaths, then the dash pattern applies
/// from the trimmed start. A stroke gradient uses unit coordinates of the bounds, or of the
/// stroke's bounding box when the bounds are empty (a zero-size shape layer).
package enum LayerContentRenderer {
    /// The largest bitmap side in pixels; a bigger part is drawn at a lower scale.
    package static let maximumSide = 8192
    /// Geometry further than this many pixels outside the bounds is not drawn.
    package static let overhangLimit = 4096.0
    /// Flattening tolerance in pixels.
    static let tolerance = 0.1

    /// Draws one part of a layer.
    ///
    /// - Parameters:
    ///   - layer: The layer; only its own appearance is drawn (not sublayers or image contents).
    ///   - part: Which part.
    ///   - pixelsPerPoint: Resolution, > 0 (the frame's scale times any enlargement by the layer's
    ///     transforms that the compositor wants to resolve).
    ///   - tables: Where gradient ramps computed before are kept (``GradientTables``); `nil`
    ///     computes them.
    /// - Returns: The bitmap, or `nil` when the part paints nothing: no colour, a transparent
    ///   colour, zero or non-finite bounds (for ``LayerPart/clipMask``: `nil` means nothing of
    ///   the layer is visible), or a scale that is not positive and finite.
    package static func render(_ layer: Layer, part: LayerPart, pixelsPerPoint: Double,
                               tables: GradientTables? = nil) -> LayerBitmap? {
        guard pixelsPerPoint > 0, pixelsPerPoint.isFinite else { return nil }
        let bounds = layer.bounds.standardized
        let hasBounds = bounds.isFinite && !bounds.isEmpty
        switch part {
        case .background:
            guard hasBounds, let color = layer.backgroundColor, color.alpha > 0 else { return nil }
            return roundedRectBitmap(layer, color: color, scale: pixelsPerPoint, inset: nil)
        case .border:
            let width = layer.borderWidth.finite(or: 0)
            guard hasBounds, width > 0, layer.borderColor.alpha > 0 else { return nil }
            return roundedRectBitmap(layer, color: layer.borderColor, scale: pixelsPerPoint, inset: width)
        case .clipMask:
            guard hasBounds else { return nil }
            return roundedRectBitmap(layer, color: .white, scale: pixelsPerPoint, inset: nil)
        case .drawing:
            return drawing(layer, bounds: hasBounds ? bounds : nil, scale: pixelsPerPoint, tables: tables) { canvas, _, body in
                canvas.paint(body)
            }
        case .shadowPath:
            return layer.shadowPath.flatMap { shadowPathBitmap($0, around: bounds, scale: pixelsPerPoint) }
        }
    }

    // MARK: Rounded bounds

    private static func roundedRectBitmap(_ layer: Layer, color: RGBAColor, scale: Double, inset: Double?) -> LayerBitmap? {
        let bounds = layer.bounds.standardized
        guard let canvas = Canvas(covering: bounds, around: bounds, scale: scale) else { return nil }
        let s = canvas.scale
        let half = Swift.min(bounds.width, bounds.height) / 2
        let radius = layer.cornerRadius.finite(or: 0).clamped(to: 0...half)
        let corners = layer.maskedCorners
        var contours = pixelContours(ShapePath.roundedRect(bounds, cornerRadius: radius, curve: layer.cornerCurve,
                                                           corners: corners), scale: s)
        if let inset, inset < half {
            let inner = bounds.insetBy(dx: inset, dy: inset)
            let innerPath = ShapePath.roundedRect(inner, cornerRadius: Swift.max(0, radius - inset), curve: layer.cornerCurve,
                                                  corners: corners)
            contours += pixelContours(innerPath, scale: s).map { $0.reversed() }
        }
        return canvas.paint { window, rasterizer in
            CoveragePainter.fill(window, coverage: canvas.coverage(of: contours, using: &rasterizer), color: color)
        }
    }

    /// The coverage of a shadow path, white premultiplied by coverage, over the path's extent.
    private static func shadowPathBitmap(_ path: ShapePath, around bounds: Rect, scale: Double) -> LayerBitmap? {
        let contours = pixelContours(path, scale: scale)
        let box = contours.reduce(into: PixelBox()) { box, contour in box.add(contour) }
        guard let extent = box.rect, bounds.isFinite,
              let canvas = Canvas(covering: Rect(origin: extent.origin * (1 / scale), size: extent.size * (1 / scale)),
                                  around: bounds, scale: scale) else { return nil }
        let fitted = canvas.scale < scale * 0.9999 ? pixelContours(path, scale: canvas.scale) : contours
        return canvas.paint { window, rasterizer in
            CoveragePainter.fill(window, coverage: canvas.coverage(of: fitted, using: &rasterizer), color: .white)
        }
    }

    /// A filled path's subpaths as pixel-space polygons.
    private static func pixelContours(_ path: ShapePath, scale: Double) -> [[Point]] {
        path.flattened(tolerance: tolerance / scale).map { polyline in polyline.points.map { $0 * scale } }
    }

    /// The outline contours of a shape's stroke (trimmed, dashed, capped and joined), in pixels at
    /// `scale` pixels per point, for the non-zero rule.
    static func strokeContours(_ shape: ShapeContents, scale: Double) -> [[Point]] {
        let trimmed = shape.path.trimmed(from: shape.strokeStart, to: shape.strokeEnd)
        let polylines = trimmed.flattened(tolerance: tolerance / scale).map {
            Polyline(points: $0.points.map { $0 * scale }, isClosed: $0.isClosed)
        }
        let style = StrokeStyle(lineWidth: shape.lineWidth * scale, cap: shape.lineCap, join: shape.lineJoin,
                                miterLimit: shape.miterLimit,
                                dashPattern: shape.lineDashPattern.map { $0 * scale },
                                dashPhase: shape.lineDashPhase * scale)
        return Stroker.outline(polylines, style: style, tolerance: tolerance)
    }

    /// A shape layer's drawing as solid geometry, for drawing it straight into a frame: its fill
    /// and stroke outlines in pixels at `scale` pixels per point (layer point × `scale`), each with
    /// its one colour. `nil` when the drawing is not that: a gradient (of the layer or the
    /// stroke), no shape, or nothing painted.
    package static func solidShape(_ layer: Layer, scale: Double) -> SolidShape? {
        guard scale > 0, scale.isFinite, layer.gradient.map({ $0.colors.isEmpty }) ?? true, let shape = layer.shape,
              shape.strokeGradient.map({ $0.colors.isEmpty }) ?? true else { return nil }
        let fillColor = shape.fillColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let strokeColor = shape.strokeColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let strokes = shape.lineWidth.finite(or: 0) > 0 && strokeColor != nil
        guard fillColor != nil || strokes else { return nil }
        var solid = SolidShape(fillRule: shape.fillRule == .evenOdd ? .evenOdd : .nonZero)
        if let fillColor {
            solid.fill = pixelContours(shape.path, scale: scale)
            solid.fillColor = fillColor
        }
        if strokes, let strokeColor {
            solid.stroke = strokeContours(shape, scale: scale)
            solid.strokeColor = strokeColor
        }
        return solid
    }

    // MARK: ColorGradient and shape

    /// Paints the layer's ``LayerPart/drawing`` at `pixelsPerPoint` straight over `image`, its
    /// pixel (`i`, `j`) on `image`'s (`i + shift.x`, `j + shift.y`) (layer pixels: layer points ×
    /// `pixelsPerPoint`), when the drawing paints one thing only (a gradient, a fill or a stroke)
    /// at that resolution and its bitmap lies inside `image`: the bytes compositing its bitmap
    /// (``render(_:part:pixelsPerPoint:tables:)``) there at opacity 1 gives, without the bitmap.
    /// `false`, with nothing painted, otherwise.
    package static func paintDrawing(_ layer: Layer, pixelsPerPoint: Double, tables: GradientTables? = nil,
                                     over image: inout RGBAImage, shift: (x: Int, y: Int)) -> Bool {
        guard pixelsPerPoint > 0, pixelsPerPoint.isFinite else { return false }
        let bounds = layer.bounds.standardized
        let hasBounds = bounds.isFinite && !bounds.isEmpty
        return drawing(layer, bounds: hasBounds ? bounds : nil, scale: pixelsPerPoint, tables: tables) { canvas, paints, body in
            // One paint over transparent pixels leaves its own colour, so painting it over the
            // image is compositing the bitmap; a second would be painted over the first.
            guard paints == 1, canvas.scale == pixelsPerPoint,
                  image.withWindow(x: canvas.x0 + shift.x, y: canvas.y0 + shift.y, width: canvas.width,
                                   height: canvas.height, { window in
                                       var rasterizer = PolygonRasterizer(width: canvas.width, height: canvas.height)
                                       body(window, &rasterizer)
                                   }) else { return nil }
            return true
        } ?? false
    }

    /// The layer's drawing at `requested` pixels per point (lowered if too large), handed to
    /// `finish` as its canvas, the number of things it paints (gradient, fill, stroke) and the
    /// body painting them into a window of the canvas's size through a rasteriser of that size;
    /// `nil` when it paints nothing.
    private static func drawing<Result>(
        _ layer: Layer, bounds: Rect?, scale requested: Double, tables: GradientTables?,
        finish: (Canvas, Int, (PixelWindow, inout PolygonRasterizer) -> Void) -> Result?
    ) -> Result? {
        let gradient = layer.gradient.flatMap { $0.colors.isEmpty ? nil : $0 }
        let shape = layer.shape
        let fillColor = shape?.fillColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let strokeGradient = shape?.strokeGradient.flatMap { $0.colors.isEmpty ? nil : $0 }
        let strokeColor = shape?.strokeColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let strokes = shape.map { ($0.lineWidth.finite(or: 0) > 0) && (strokeGradient != nil || strokeColor != nil) } ?? false
        guard (gradient != nil && bounds != nil) || fillColor != nil || strokes else { return nil }

        // Geometry in pixels at the requested scale; re-done at a lower one if too large.
        var scale = requested
        for _ in 0..<3 {
            var fill: [[Point]] = []
            var stroke: [[Point]] = []
            if let shape {
                if fillColor != nil { fill = pixelContours(shape.path, scale: scale) }
                if strokes { stroke = strokeContours(shape, scale: scale) }
            }
            var box = PixelBox()
            if gradient != nil, let bounds { box.add(bounds, scale: scale) }
            for contour in fill { box.add(contour) }
            let strokeBox = stroke.reduce(into: PixelBox()) { box, contour in box.add(contour) }
            box.add(strokeBox)
            guard let extent = box.rect else { return nil }
            let around = bounds ?? strokeBox.rect.map { Rect(origin: $0.origin * (1 / scale), size: $0.size * (1 / scale)) }
                ?? Rect(origin: extent.origin * (1 / scale), size: extent.size * (1 / scale))
            guard let canvas = Canvas(covering: Rect(origin: extent.origin * (1 / scale), size: extent.size * (1 / scale)),
                                      around: around, scale: scale) else { return nil }
            if canvas.scale < scale * 0.9999 {
                scale = canvas.scale
                continue
            }
            let paints = (gradient != nil && bounds != nil ? 1 : 0) + (fillColor != nil && !fill.isEmpty ? 1 : 0)
                + (stroke.isEmpty ? 0 : 1)
            return finish(canvas, paints) { image, rasterizer in
                if let gradient, let bounds,
                   let painter = GradientPainter(gradient, unitRect: bounds, origin: canvas.origin, pixelsPerPoint: scale,
                                                 tables: tables) {
                    let outline = [[Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
                                    Point(x: bounds.maxX, y: bounds.maxY), Point(x: bounds.minX, y: bounds.maxY)]
                        .map { $0 * scale }]
                    painter.paint(into: image, coverage: canvas.coverage(of: outline, using: &rasterizer))
                }
                if let fillColor, !fill.isEmpty {
                    let rule: PolygonRasterizer.FillRule = shape?.fillRule == .evenOdd ? .evenOdd : .nonZero
                    CoveragePainter.fill(image, coverage: canvas.coverage(of: fill, using: &rasterizer, fillRule: rule),
                                         color: fillColor)
                }
                if !stroke.isEmpty {
                    let coverage = canvas.coverage(of: stroke, using: &rasterizer)
                    if let strokeGradient {
                        let unit = bounds ?? strokeBox.rect.map { Rect(origin: $0.origin * (1 / scale), size: $0.size * (1 / scale)) } ?? .zero
                        GradientPainter(strokeGradient, unitRect: unit, origin: canvas.origin, pixelsPerPoint: scale,
                                        tables: tables)?
                            .paint(into: image, coverage: coverage)
                    } else if let strokeColor {
                        CoveragePainter.fill(image, coverage: coverage, color: strokeColor)
                    }
                }
            }
        }
        return nil
    }
}

/// A shape layer's solid fill and stroke as outlines in pixels (``LayerContentRenderer/solidShape(_:scale:)``),
/// painted in that order, each in its one colour.
package struct SolidShape {
    /// The fill's contours (empty when the shape is not filled), under ``fillRule``.
    package var fill: [[Point]] = []
    /// The fill's colour (`nil` when not filled).
    package var fillColor: RGBAColor?
    /// Which areas of the fill are inside.
    package var fillRule: PolygonRasterizer.FillRule
    /// The stroke's outline contours, non-zero rule (empty when not stroked).
    package var stroke: [[Point]] = []
    /// The stroke's colour (`nil` when not stroked).
    package var strokeColor: RGBAColor?
}

/// The bounding box of pixel-space geometry.
private struct PixelBox {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ points: [Point]) {
        for p in points where p.isFinite {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
    }

    mutating func add(_ rect: Rect, scale: Double) {
        add([Point(x: rect.minX * scale, y: rect.minY * scale), Point(x: rect.maxX * scale, y: rect.maxY * scale)])
    }

    mutating func add(_ other: PixelBox) {
        minX = Swift.min(minX, other.minX); maxX = Swift.max(maxX, other.maxX)
        minY = Swift.min(minY, other.minY); maxY = Swift.max(maxY, other.maxY)
    }

    var rect: Rect? {
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// The pixel grid of one part's bitmap: integer pixel bounds in the layer's pixel space.
private struct Canvas {
    let x0: Int, y0: Int, width: Int, height: Int
    let scale: Double

    /// The pixels covering `rect` (points), limited to `overhangLimit` pixels around `around`
    /// and to `maximumSide` pixels a side (by lowering the scale).
    init?(covering rect: Rect, around: Rect, scale requested: Double) {
        var scale = requested
        let limit = LayerContentRenderer.overhangLimit
        for _ in 0..<2 {
            let minX = Swift.max(rect.minX * scale, around.minX * scale - limit)
            let minY = Swift.max(rect.minY * scale, around.minY * scale - limit)
            let maxX = Swift.min(rect.maxX * scale, around.maxX * scale + limit)
            let maxY = Swift.min(rect.maxY * scale, around.maxY * scale + limit)
            guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX > minX, maxY > minY,
                  Swift.max(Swift.abs(minX), Swift.abs(maxX), Swift.abs(minY), Swift.abs(maxY)) < 1e12 else { return nil }
            let left = minX.rounded(.down), top = minY.rounded(.down)
            let w = maxX.rounded(.up) - left, h = maxY.rounded(.up) - top
            let side = Double(LayerContentRenderer.maximumSide)
            if w > side || h > side {
                scale *= side / Swift.max(w, h) * 0.999
                continue
            }
            x0 = Int(left); y0 = Int(top); width = Int(w); height = Int(h)
            self.scale = scale
            return
        }
        return nil
    }

    /// The layer-space point at the top-left corner of pixel (0, 0).
    var origin: Point { Point(x: Double(x0) / scale, y: Double(y0) / scale) }

    /// Coverage of pixel-space polygons under `fillRule` (default non-zero), relative to this canvas.
    func coverage(of contours: [[Point]], using rasterizer: inout PolygonRasterizer,
                  fillRule: PolygonRasterizer.FillRule = .nonZero) -> [UInt8] {
        let offset = Point(x: Double(x0), y: Double(y0))
        for contour in contours { rasterizer.addPolygon(contour, offset: offset) }
        return rasterizer.coverage(fillRule: fillRule)
    }

    /// A transparent bitmap of this canvas, painted by `body` (through a window of the whole bitmap).
    func paint(_ body: (PixelWindow, inout PolygonRasterizer) -> Void) -> LayerBitmap {
        var image = RGBAImage(width: width, height: height)
        var rasterizer = PolygonRasterizer(width: width, height: height)
        image.withWindow(x: 0, y: 0, width: width, height: height) { body($0, &rasterizer) }
        return LayerBitmap(image: image, origin: origin, pixelsPerPoint: scale)
    }
}
