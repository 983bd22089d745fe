import MotionCore
import StoryKit

/// Draws the layers ``RenderTree`` visits into the frame (or into the offscreen bitmap of the
/// group being drawn), one part at a time.
///
/// Every geometric value arriving in a ``RenderNode`` is in scene pixels; ``origin`` is where the
/// current ``target`` sits in scene pixels (0, 0 for the frame itself, the group's top-left corner
/// for an offscreen group), so drawing subtracts it from polygons and adds it back in front of the
/// projective maps.
struct FrameCompositor: RenderTreeVisitor {
    /// The renderer's prepared images.
    let textures: [String: Texture]
    /// The renderer's fonts, layouts and glyphs.
    let text: TextRenderer
    /// The renderer's offscreen bitmaps, reused across frames.
    let scratch: ScratchBitmaps
    /// The renderer's painted layer parts, kept across frames.
    let parts: PartBitmaps
    /// Pixels per point of the frame.
    let scale: Double
    /// The bitmap being drawn into.
    var target = RGBAImage(width: 0, height: 0)
    /// The top-left corner of ``target`` in scene pixels.
    var origin = (x: 0, y: 0)
    /// The targets of the enclosing groups, innermost last, with their masks drawn first.
    var saved: [(image: RGBAImage, origin: (x: Int, y: Int), mask: RGBAImage?, skipsMasked: Bool)] = []
    /// The current group's mask drawn before its content (the layer's ``Layer/mask``, or its
    /// rounded-bounds clip), of ``target``'s size, to be multiplied in when the group ends; `nil`
    /// when there is none (or for the frame itself).
    var groupMask: RGBAImage?
    /// Whether content drawn into ``target`` now may skip the pixels where ``groupMask`` is
    /// transparent: the mask will multiply them by 0 (so not after the rounded clip is applied,
    /// for the border drawn over it).
    var skipsMasked = false
    /// Whether the group being drawn is a leaf group seen before (``PartBitmaps/GroupKey``), whose
    /// finished pixels ``parts`` should keep when it ends. (A flag, not the key: a compositor
    /// lives on the stack at every level of nested masks. The key is built again at the end, once
    /// per group kept.)
    var keepsGroup = false
    /// Whether the layer just entered was drawn whole from its kept finished pixels, so that its
    /// exit has nothing left to do.
    var drewKeptGroup = false
    /// Whether ``target`` is a masked group's drawing as kept in ``parts`` (shared, not copied),
    /// to be composited under the mask and never drawn into or given back to ``scratch``.
    var borrowsTarget = false

    init(textures: [String: Texture], text: TextRenderer, scratch: ScratchBitmaps, parts: PartBitmaps, scale: Double) {
        self.textures = textures
        self.text = text
        self.scratch = scratch
        self.parts = parts
        self.scale = scale
    }

    mutating func enter(_ node: RenderNode) {
        if let group = node.group {
            let rect = groupRect(node, group)
            if drawsKeptGroup(node, group, rect: rect) { return }
            beginGroup(node, group, rect: rect)
        }
        guard node.pixelsToLayer != nil else { return }
        if drawsPlacedDrawing(node) { return }
        drawBackground(node)
        drawImage(node)
        if RenderTree.drawsDrawing(node.layer) && !drawsShapeInPlace(node) { drawDrawing(node) }
        if RenderTree.drawsText(node.layer) { drawText(node) }
    }

    mutating func exit(_ node: RenderNode) {
        if drewKeptGroup {
            // A leaf: no layer was entered since.
            drewKeptGroup = false
            return
        }
        let drawsBorder = node.pixelsToLayer != nil && node.layer.borderWidth > 0 && node.layer.borderColor.alpha > 0
        if let group = node.group, group.masksCorners { applyCornerMask(node, group, drawsBorder: drawsBorder) }
        if drawsBorder {
            drawBitmap(of: node, part: .border, clip: node.clip)
        }
        if let group = node.group { endGroup(node, group) }
    }
}

// MARK: - FrameCompositor + Parts

extension FrameCompositor {
    /// The background: a plain projected quad when the corners are square (or when a corner mask
    /// will round it), otherwise the content renderer's rounded bitmap.
    mutating func drawBackground(_ node: RenderNode) {
        guard let color = node.layer.backgroundColor, color.alpha > 0 else { return }
        if RenderTree.hasRoundedCorners(node.layer) && node.group?.masksCorners != true {
            drawBitmap(of: node, part: .background, clip: node.clip)
            return
        }
        guard let polygon = Self.region(node.quad, clip: node.clip, in: target.bounds, origin: origin,
                                        hard: HardEdges(node)) else { return }
        Raster.fill(&target, polygon: polygon, color: PremultipliedColor(color), opacity: node.opacity,
                    clip: target.bounds)
    }

    /// A part the content renderer paints in the layer's plane, mapped into the target.
    mutating func drawBitmap(of node: RenderNode, part: LayerPart, clip: ScreenPolygon?) {
        let painted = parts.bitmap(of: node.layer, part: part, pixelsPerPoint: pixelsPerPoint(for: node))
        guard let bitmap = painted.bitmap else { return }
        Self.draw(bitmap, of: node, clip: clip, opacity: node.opacity, into: &target, origin: origin,
                  parts: parts, key: painted.key, only: skipsMasked ? groupMask : nil)
    }

    /// The text, laid out and rasterised by the renderer's ``TextRenderer`` in the layer's plane at
    /// the layer's resolution, then mapped like any other part.
    mutating func drawText(_ node: RenderNode) {
        guard let contents = node.layer.text,
              let bitmap = text.bitmap(for: contents, in: node.layer.bounds, pixelsPerPoint: pixelsPerPoint(for: node),
                                       frameScale: scale) else { return }
        Self.draw(bitmap, of: node, clip: node.contentClip, opacity: node.opacity, into: &target, origin: origin,
                  only: skipsMasked ? groupMask : nil)
    }

    /// Draws a layer-plane bitmap into `image`, whose top-left corner is at `origin` in scene pixels.
    /// The texture it is sampled through is the one `parts` keeps for the part `key` when given;
    /// where `need` (of `image`'s size) is transparent the bitmap may be left unsampled.
    static func draw(_ bitmap: LayerBitmap, of node: RenderNode, clip: ScreenPolygon?, opacity: Double,
                     into image: inout RGBAImage, origin: (x: Int, y: Int), parts: PartBitmaps? = nil,
                     key: PartBitmaps.Key? = nil, only need: RGBAImage? = nil) {
        let ppp = bitmap.pixelsPerPoint
        guard let toLayer = node.pixelsToLayer, ppp > 0, ppp.isFinite,
              bitmap.image.width > 0, bitmap.image.height > 0 else { return }
        let rect = Rect(x: bitmap.origin.x, y: bitmap.origin.y,
                        width: Double(bitmap.image.width) / ppp, height: Double(bitmap.image.height) / ppp)
        let quad = ScreenPolygon.projecting(rect, through: node.layerToPixels, nearW: RenderTree.nearW)
        guard let polygon = region(quad, clip: clip, in: image.bounds, origin: origin, hard: HardEdges(node)) else { return }
        let layerToBitmap = Homography(m11: ppp, m12: 0, m13: 0, m21: 0, m22: ppp, m23: 0,
                                       m31: -bitmap.origin.x * ppp, m32: -bitmap.origin.y * ppp, m33: 1)
        let map = Homography.concat(targetToLayer(toLayer, origin: origin), layerToBitmap)
        if clip == nil, let offset = integerTranslation(map) {
            // The bitmap lands pixel for pixel (an unrotated, unscaled layer at a whole-pixel
            // position): blend it directly, with no texture, mip chain or resampling.
            Raster.composite(bitmap.image, over: &image, at: offset, opacity: opacity)
            return
        }
        let texture = key.flatMap { key in parts?.texture(for: key, bitmap: bitmap, map: map, polygon: polygon) }
            ?? Texture(bitmap.image, for: map, polygon: polygon)
        Raster.draw(&image, polygon: polygon, texture: texture, destinationToTexture: map,
                    sourceClamp: texture.bounds, opacity: opacity, clip: image.bounds, only: need)
    }

    /// The whole-pixel offset at which a target→bitmap map places the bitmap, when the map is a
    /// pure translation by whole pixels (within 1/1000 px); otherwise `nil`.
    static func integerTranslation(_ map: Homography) -> (x: Int, y: Int)? {
        let e = 1e-3
        guard abs(map.m33 - 1) < 1e-9, abs(map.m11 - 1) < 1e-9, abs(map.m22 - 1) < 1e-9,
              abs(map.m12) < 1e-9, abs(map.m21) < 1e-9, abs(map.m13) < 1e-12, abs(map.m23) < 1e-12,
              map.m31.isFinite, map.m32.isFinite, abs(map.m31) < 1e7, abs(map.m32) < 1e7 else { return nil }
        let x = (-map.m31).rounded(), y = (-map.m32).rounded()
        guard abs(x + map.m31) < e, abs(y + map.m32) < e else { return nil }
        return (Int(x), Int(y))
    }

    /// The resolution to paint a layer's bitmaps at: the largest stretch of its bounds' edges on
    /// screen (exactly `scale` for an unrotated, unscaled layer, so bitmaps map 1:1 onto pixels),
    /// limited to 4 × `scale` and to twice the frame's larger side across the layer (the side of
    /// ``target``, or of a target of `targetSize`).
    func pixelsPerPoint(for node: RenderNode, targetSize: (width: Int, height: Int)? = nil) -> Double {
        let b = node.layer.bounds.standardized
        var stretch = scale
        if node.quad.count == 4, b.width > 0, b.height > 0 {
            let q = (node.quad[0], node.quad[1], node.quad[2], node.quad[3])
            stretch = Swift.max(q.0.distance(to: q.1) / b.width, q.2.distance(to: q.3) / b.width,
                                q.1.distance(to: q.2) / b.height, q.3.distance(to: q.0) / b.height)
        }
        let size = targetSize ?? (target.width, target.height)
        let frameSide = Double(Swift.max(size.width, size.height, 1)) * 2
        let limit = Swift.min(4 * scale, frameSide / Swift.max(b.width, b.height, 1e-9))
        let ppp = Swift.min(stretch, limit)
        return ppp.isFinite && ppp > 0.01 ? ppp : Swift.min(scale, limit)
    }
}

// MARK: - FrameCompositor + Geometry

extension FrameCompositor {
    /// The map from a target pixel to the layer point drawn there.
    static func targetToLayer(_ pixelsToLayer: Homography, origin: (x: Int, y: Int)) -> Homography {
        Homography.concat(Homography(translationX: Double(origin.x), y: Double(origin.y)), pixelsToLayer)
    }

    /// `polygon` (scene pixels) intersected with `clip` and with the target (plus a 1-pixel guard
    /// band), moved to target pixels, at most ``ConvexPolygon/capacity`` vertices; `nil` when
    /// nothing is left. Edges on a `hard` line are marked aliased (and the vertices snapped to
    /// ``HardEdges/grid``).
    static func region(_ polygon: ScreenPolygon, clip: ScreenPolygon?, in bounds: PixelRect,
                       origin: (x: Int, y: Int), hard: HardEdges? = nil) -> ConvexPolygon? {
        guard !polygon.isEmpty, !bounds.isEmpty else { return nil }
        let ox = Double(origin.x), oy = Double(origin.y)
        var p = polygon.clipped(x0: ox + Double(bounds.x0) - 1, y0: oy + Double(bounds.y0) - 1,
                                x1: ox + Double(bounds.x1) + 1, y1: oy + Double(bounds.y1) + 1)
        if let clip { p = p.clipped(to: clip) }
        p = p.simplified(toAtMost: ConvexPolygon.capacity)
        guard !p.isEmpty else { return nil }
        var out = ConvexPolygon()
        guard let hard else {
            for i in 0..<p.count { out.append(Point(x: p[i].x - ox, y: p[i].y - oy)) }
            return out
        }
        let g = HardEdges.grid
        for i in 0..<p.count {
            out.append(Point(x: ((p[i].x - ox) / g).rounded() * g, y: ((p[i].y - oy) / g).rounded() * g))
            if hard.contains(p[i], p[(i + 1) % p.count]) { out.aliasedEdges |= 1 << UInt16(i) }
        }
        return out
    }
}
