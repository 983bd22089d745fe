import MotionCore
import StoryKit

// MARK: - FrameCompositor + Image

extension FrameCompositor {
    /// The image contents, sampled straight from the prepared image through
    /// destination pixel → layer point → image texel, one projected quad per nine-slice part
    /// (one for an image without `contentsCenter`).
    ///
    /// The parts share their inner sides as hard edges (``HardEdges``), so every pixel on a seam
    /// belongs to exactly one part and nothing shows through; all parts sample the same texels
    /// (``ImagePlacement/sampledTexels``), so filtering crosses the cuts as on a GPU mesh.
    mutating func drawImage(_ node: RenderNode) {
        guard let contents = node.layer.contents, let texture = textures[contents.image],
              let toLayer = node.pixelsToLayer else { return }
        let placement = contents.placement(imageWidth: texture.width, imageHeight: texture.height,
                                           contentsScale: contents.contentsScale, in: node.layer.bounds)
        guard !placement.isEmpty else { return }
        let s = placement.sampledTexels
        let clamp = PixelRect(x0: Int(s.minX.rounded(.down)), y0: Int(s.minY.rounded(.down)),
                              x1: Int(s.maxX.rounded(.up)), y1: Int(s.maxY.rounded(.up)))
        let targetToLayer = Self.targetToLayer(toLayer, origin: origin)
        let slices = contents.slices(of: placement)
        let outer = placement.frame
        let bounds = node.layer.bounds.standardized
        var layerHard = Layer.Edges.all.subtracting(node.layer.antialiasedEdges)
        // The layer's hard sides matter only where the image's frame lies on them.
        if outer.minX != bounds.minX { layerHard.remove(.left) }
        if outer.maxX != bounds.maxX { layerHard.remove(.right) }
        if outer.minY != bounds.minY { layerHard.remove(.top) }
        if outer.maxY != bounds.maxY { layerHard.remove(.bottom) }
        for slice in slices {
            let frame = slice.frame, texels = slice.texels
            guard frame.size.width > 0, frame.size.height > 0 else { continue }
            let sx = texels.size.width / frame.size.width, sy = texels.size.height / frame.size.height
            let layerToTexel = Homography(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0,
                                          m31: texels.origin.x - frame.origin.x * sx,
                                          m32: texels.origin.y - frame.origin.y * sy, m33: 1)
            let quad = ScreenPolygon.projecting(frame, through: node.layerToPixels, nearW: RenderTree.nearW)
            let hard = slices.count == 1 ? HardEdges(node)
                : HardEdges(rect: frame, hard: Self.innerSides(of: frame, in: outer)
                                .union(layerHard.intersection(Self.outerSides(of: frame, in: outer))),
                            pixelsToLayer: toLayer)
            guard let polygon = Self.region(quad, clip: node.contentClip, in: target.bounds, origin: origin,
                                            hard: hard) else { continue }
            let map = Homography.concat(targetToLayer, layerToTexel)
            Raster.draw(&target, polygon: polygon, texture: texture, destinationToTexture: map, sourceClamp: clamp,
                        opacity: node.opacity, clip: target.bounds,
                        filter: Self.filter(for: contents, map: map, polygon: polygon), only: skipsMasked ? groupMask : nil)
        }
    }

    /// The sides of a nine-slice part that another part shares (those not on the outer frame).
    static func innerSides(of frame: Rect, in outer: Rect) -> Layer.Edges {
        var sides: Layer.Edges = []
        if frame.minX > outer.minX { sides.insert(.left) }
        if frame.maxX < outer.maxX { sides.insert(.right) }
        if frame.minY > outer.minY { sides.insert(.top) }
        if frame.maxY < outer.maxY { sides.insert(.bottom) }
        return sides
    }

    /// The sides of a nine-slice part on the outer frame.
    static func outerSides(of frame: Rect, in outer: Rect) -> Layer.Edges {
        Layer.Edges.all.subtracting(innerSides(of: frame, in: outer))
    }

    /// The texture filter for drawing `contents` through `map` (target pixel → texel): the
    /// minification filter when the image is shrunk anywhere on the polygon (more than one texel
    /// per pixel along x or y at a vertex), otherwise the magnification filter.
    static func filter(for contents: ImageContents, map: Homography, polygon: ConvexPolygon) -> TextureFilter {
        var minified = false
        for p in polygon {
            let h = map.applyHomogeneous(p)
            let rho2 = TextureChunks.minificationSquared(map, u: h.u / h.w, v: h.v / h.w, inverseW: 1 / h.w)
            if rho2 > 1 + 1e-9 { minified = true }
        }
        switch minified ? contents.minificationFilter : contents.magnificationFilter {
        case .nearest: return .nearest
        case .linear: return .linear
        case .trilinear: return .mipmapped
        }
    }
}
