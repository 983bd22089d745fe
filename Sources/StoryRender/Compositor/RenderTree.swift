import MotionCore
import StoryKit

/// One layer as the compositor draws it: its matrix to destination pixels, its projected and
/// clipped bounds, its opacity and whether it renders offscreen.
package struct RenderNode: Sendable {
    /// The layer.
    package var layer: Layer
    /// 0 for a scene's top-level layer, +1 per superlayer.
    package var depth: Int
    /// The layer's bounds coordinates to scene pixels, before the perspective divide: the
    /// layer's own matrix, each superlayer's `sublayerTransform` about its anchor point and own
    /// matrix up to the scene (flattened into each superlayer's plane), then the scale to pixels.
    package var layerToPixels: Transform3D
    /// Scene pixels back to the layer's bounds coordinates (the inverse of the 3×3 reduction of
    /// ``layerToPixels`` for the plane z = 0); `nil` when the layer is seen exactly edge-on.
    package var pixelsToLayer: Homography?
    /// The bounds projected to scene pixels, clipped against the near plane before the divide.
    package var quad: ScreenPolygon
    /// Whether the layer's front faces the viewer (projected winding as unrotated).
    package var isFrontFacing: Bool
    /// The clip for the layer's background and border: the intersection of the projected bounds
    /// of the `masksToBounds` superlayers whose clip is a plain quad; `nil` when unclipped.
    package var clip: ScreenPolygon?
    /// The clip for the layer's image, drawing and sublayers: ``clip`` further intersected with
    /// the layer's own projected bounds when it masks to them without rounded corners.
    package var contentClip: ScreenPolygon?
    /// The opacity to draw this layer's parts with into the current target, 0…1 (1 inside a
    /// group of its own: the group carries the opacity).
    package var opacity: Double
    /// The offscreen group this layer renders into, or `nil` when it draws directly.
    package var group: RenderGroup?
}

/// How a layer that renders offscreen is composited.
///
/// A layer gets a group when its result is not the sum of its parts drawn one by one:
/// - opacity below 1 over more than one drawn part (its own background, image, drawing and border
///   plus everything its visible sublayers draw) — overlapping parts must not show through each
///   other, as Core Animation's group opacity (`allowsGroupOpacity`) guarantees;
/// - a blur, which applies to the flattened layer;
/// - `masksToBounds` with rounded corners over an image, a drawing or sublayers: the group is
///   multiplied by the rounded mask before the border is drawn;
/// - a shadow (`shadowOpacity` above 0), cast by the flattened layer (or its `shadowPath`);
/// - a mask (`Layer.mask`), whose alpha multiplies the flattened layer.
package struct RenderGroup: Sendable {
    /// The opacity the group is composited with, 0…1.
    package var opacity: Double
    /// The Gaussian blur's standard deviation in pixels, at most `GaussianBlur.maximumSigma`; 0
    /// for none.
    package var blurSigma: Double
    /// Whether the group is multiplied by the layer's rounded-bounds mask before its border.
    package var masksCorners: Bool
    /// For a blurred group, the superlayers' clip applied when compositing the blurred result
    /// (its content is drawn unclipped so that the blur spreads as it would in Core Animation).
    package var compositeClip: ScreenPolygon?
    /// The layer's shadow, drawn under the group's content; `nil` for none.
    package var shadow: RenderShadow?
    /// Whether the finished group (shadow and blur included) is multiplied by the alpha of the
    /// layer's ``Layer/mask``, drawn by ``RenderTree/walkMask(of:scale:visitor:)``.
    package var isMasked = false
}

/// A layer's shadow as the compositor draws it, in scene pixels.
///
/// Core Animation's shadow is the layer's alpha (sublayers included), or its `shadowPath`
/// filled, blurred, tinted with `shadowColor` × `shadowOpacity`, moved by `shadowOffset` and drawn
/// under the layer. The blur's convention: `shadowRadius` is the Gaussian's standard deviation
/// in points. Apple documents only "the blur radius"; measured, a Core Animation shadow of
/// radius r matches a CSS `box-shadow` blur of 2r (Bjango, "Matching drop shadows across CSS,
/// Android, iOS, Figma, and Sketch", https://bjango.com/articles/matchingshadows/; the widely
/// used Sketch-to-iOS conversion sets `shadowRadius = blur / 2`, Stack Overflow 34269399), and
/// CSS defines its blur as a Gaussian of standard deviation half the blur
/// (https://www.w3.org/TR/css-backgrounds-3/#shadow-blur), so σ = r.
package struct RenderShadow: Sendable {
    /// The shadow's colour with `shadowOpacity` multiplied into its alpha.
    package var color: RGBAColor
    /// The Gaussian's standard deviation in pixels (`shadowRadius` × the layer's scale on
    /// screen), at most `GaussianBlur.maximumSigma`.
    package var sigma: Double
    /// `shadowOffset` on screen, in pixels: the layer-space offset mapped through the layer's
    /// matrix at its anchor point, so it turns and scales with the layer.
    package var offset: Point
    /// Whether the shape is `shadowPath` rather than the layer's alpha.
    package var usesPath: Bool

    /// The pixels the shadow can reach beyond its shape: 3σ of blur plus the offset.
    package var padding: Int {
        GaussianBlur.padding(forSigma: sigma) + Int(Swift.max(Swift.abs(offset.x), Swift.abs(offset.y)).rounded(.up))
    }
}

/// Receives the layers of a scene in drawing order.
package protocol RenderTreeVisitor {
    /// Called before the layer's sublayers: begin its group, draw background, image, drawing.
    mutating func enter(_ node: RenderNode)
    /// Called after the layer's sublayers: draw its border, end its group.
    mutating func exit(_ node: RenderNode)
}

/// Flattens a scene into drawing order with Core Animation's geometry and grouping rules.
///
/// - Order: a layer's parts come before its sublayers (background, image, drawing), its border
///   after; siblings are ordered by `zPosition`, stably, not by depth (a plain `CALayer` does
///   not depth-sort; that is `CATransformLayer`'s job).
/// - Skipped: hidden layers, layers with zero opacity, and back-facing layers whose
///   `isDoubleSided` is false, each with its sublayers.
/// - Geometry: one 4×4 chain per layer from its bounds to scene pixels; the perspective divide
///   happens once per vertex at the end, after clipping against `w ≥` ``nearW``.
/// - Flattening: a plain `CALayer` renders its sublayers into its own plane ("the flattened
///   hierarchy rendering model used by other layer types", Apple, *CATransformLayer*). So the
///   chain drops z (the projection `diag(1, 1, 0, 1)`) after each superlayer's
///   `sublayerTransform` and before that superlayer's own matrix. Dropping z in homogeneous
///   coordinates is exactly "divide, forget the depth, go on", so the single divide at the end
///   still gives Core Animation's result: a child's depth acts through its superlayer's
///   `sublayerTransform` perspective, but not through an ancestor's 3D transform. (A
///   `CATransformLayer`, which keeps depth, has no equivalent in the scene description.)
///
/// The walk allocates nothing for scenes whose sibling lists are already in `zPosition` order or
/// short enough to sort on the stack.
package enum RenderTree {
    /// The smallest homogeneous `w` kept by the near-plane clip. A point at this `w` is drawn
    /// 10 000× magnified, beyond any destination.
    package static let nearW = 1e-4
    /// The projection onto the plane z = 0 (`diag(1, 1, 0, 1)`): a superlayer's plane.
    package static let flattening = Transform3D(scaleX: 1, y: 1, z: 0)

    /// Layers nested deeper than this are not drawn (a guard against runaway recursion).
    package static let maxDepth = LayerScene.maximumLayerDepth

    /// Visits every drawn layer of `scene` in order.
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - scale: Pixels per point; a non-positive or non-finite scale visits nothing.
    ///   - visitor: Receives ``RenderTreeVisitor/enter(_:)`` and ``RenderTreeVisitor/exit(_:)``
    ///     for each drawn layer, properly nested.
    package static func walk<V: RenderTreeVisitor>(_ scene: LayerScene, scale: Double, visitor: inout V) {
        guard scale > 0, scale.isFinite else { return }
        let toPixels = Transform3D(scaleX: scale, y: scale, z: 1)
        visitSiblings(scene.layers, parent: toPixels, clip: nil, inherited: 1, blurScale: scale, depth: 0,
                      visitor: &visitor)
    }

    /// Visits the ``Layer/mask`` of a node's layer, and its sublayers, as Core Animation places
    /// it: in the masked layer's bounds coordinates like a sublayer, so it moves with the layer's
    /// matrix (the layer's `sublayerTransform` does not apply to it), unclipped and at full
    /// inherited opacity (its own opacity applies). A mask nested deeper than ``maxDepth`` is not
    /// drawn.
    ///
    /// - Parameters:
    ///   - node: The masked layer's node.
    ///   - scale: Pixels per point of the frame, as given to ``walk(_:scale:visitor:)``.
    ///   - visitor: Receives the mask's layers, properly nested.
    package static func walkMask<V: RenderTreeVisitor>(of node: RenderNode, scale: Double, visitor: inout V) {
        guard let mask = node.layer.mask, node.depth + 1 < maxDepth, scale > 0, scale.isFinite else { return }
        visit(mask, parent: flattening.concatenating(node.layerToPixels), clip: nil, inherited: 1, blurScale: scale,
              depth: node.depth + 1, visitor: &visitor)
    }

    private static func visitSiblings<V: RenderTreeVisitor>(
        _ layers: [Layer], parent: Transform3D, clip: ScreenPolygon?, inherited: Double, blurScale: Double,
        depth: Int, visitor: inout V
    ) {
        guard depth < maxDepth, !layers.isEmpty else { return }
        var sorted = true
        for i in layers.indices.dropFirst() where sortKey(layers[i].zPosition) < sortKey(layers[i - 1].zPosition) {
            sorted = false
            break
        }
        if sorted {
            for i in layers.indices {
                visit(layers[i], parent: parent, clip: clip, inherited: inherited, blurScale: blurScale, depth: depth,
                      visitor: &visitor)
            }
            return
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: layers.count) { order in
            // Stable insertion sort of the indices by zPosition.
            for i in 0..<layers.count {
                var j = i
                let key = sortKey(layers[i].zPosition)
                while j > 0, sortKey(layers[order[j - 1]].zPosition) > key {
                    order[j] = order[j - 1]
                    j -= 1
                }
                order[j] = i
            }
            for k in 0..<layers.count {
                visit(layers[order[k]], parent: parent, clip: clip, inherited: inherited, blurScale: blurScale,
                      depth: depth, visitor: &visitor)
            }
        }
    }

    /// A sibling's place in the drawing order: its z position, NaN as 0. (It takes the number, not
    /// the layer, so that a debug build does not copy a whole layer onto the stack per comparison.)
    private static func sortKey(_ zPosition: Double) -> Double { zPosition.isNaN ? 0 : zPosition }

    private static func visit<V: RenderTreeVisitor>(
        _ layer: Layer, parent: Transform3D, clip: ScreenPolygon?, inherited: Double, blurScale: Double,
        depth: Int, visitor: inout V
    ) {
        guard let step = node(for: layer, parent: parent, clip: clip, inherited: inherited, blurScale: blurScale,
                              depth: depth) else { return }
        visitor.enter(step.node)
        visitSiblings(layer.sublayers, parent: step.childParent, clip: step.node.contentClip, inherited: step.childInherited,
                      blurScale: blurScale, depth: depth + 1, visitor: &visitor)
        visitor.exit(step.node)
    }

    /// What ``visit(_:parent:clip:inherited:blurScale:depth:visitor:)`` needs for one layer: its
    /// node, the matrix its sublayers hang from and the opacity they inherit; `nil` when the layer
    /// is not drawn.
    ///
    /// Worked out in a function of its own so that the recursion keeps only the result on the
    /// stack: a debug build gives every local of a function its own slot, and at 200 levels of
    /// nesting these temporaries (transforms, polygons, copies of the layer) would overflow a
    /// thread's stack.
    private static func node(
        for layer: Layer, parent: Transform3D, clip: ScreenPolygon?, inherited: Double, blurScale: Double, depth: Int
    ) -> (node: RenderNode, childParent: Transform3D, childInherited: Double)? {
        let opacity = layer.opacity.clamped(to: 0...1)
        guard !layer.isHidden, opacity > 0 else { return nil }
        // A mask that draws nothing (hidden, transparent) leaves nothing of the layer.
        if let mask = layer.mask, !isVisible(mask) { return nil }
        let toPixels = layer.matrixToSuperlayer.concatenating(parent)
        guard toPixels.isFinite else { return nil }
        let plane = Homography(planeOf: toPixels)
        let facing = plane.determinant > 0
        if !layer.isDoubleSided && !facing { return nil }
        let quad = ScreenPolygon.projecting(layer.bounds, through: toPixels, nearW: nearW)

        let sigma = layer.blurRadius > 0 && layer.blurRadius.isFinite
            ? Swift.min(layer.blurRadius * blurScale, GaussianBlur.maximumSigma) : 0
        let masksCorners = layer.masksToBounds && hasRoundedCorners(layer)
            && (layer.contents != nil || drawsDrawing(layer) || drawsText(layer)
                || layer.sublayers.contains(where: isVisible))
        let needsOpacityGroup = opacity < 1 && partCount(layer, limit: 2) > 1
        let shadow = self.shadow(of: layer, toPixels: toPixels, scale: blurScale)
        let isMasked = layer.mask != nil
        let isGroup = sigma > 0 || masksCorners || needsOpacityGroup || shadow != nil || isMasked

        var node = RenderNode(layer: layer, depth: depth, layerToPixels: toPixels, pixelsToLayer: plane.inverted(),
                              quad: quad, isFrontFacing: facing, clip: clip, contentClip: clip,
                              opacity: isGroup ? 1 : inherited * opacity, group: nil)
        if isGroup {
            node.group = RenderGroup(opacity: inherited * opacity, blurSigma: sigma, masksCorners: masksCorners,
                                     compositeClip: sigma > 0 || shadow != nil ? clip : nil, shadow: shadow,
                                     isMasked: isMasked)
            if sigma > 0 || shadow != nil { node.clip = nil; node.contentClip = nil }
        }
        if layer.masksToBounds {
            // Nothing of the layer shows outside its bounds: with no visible bounds, skip it all.
            guard !quad.isEmpty else { return nil }
            if !masksCorners {
                let clipped = node.contentClip.map { quad.clipped(to: $0) } ?? quad
                guard !clipped.isEmpty else { return nil }
                node.contentClip = clipped
            }
        }

        // Sublayers live in this layer's plane: z is dropped (flattened) after the sublayer
        // transform and before this layer's own matrix, as a plain CALayer renders them.
        var childParent = flattening.concatenating(toPixels)
        if !layer.sublayerTransform.isIdentity {
            let b = layer.bounds.standardized
            let ax = (b.minX + layer.anchorPoint.x * b.width).finite(or: 0)
            let ay = (b.minY + layer.anchorPoint.y * b.height).finite(or: 0)
            childParent = Transform3D(translationX: -ax, y: -ay)
                .concatenating(layer.sublayerTransform)
                .concatenating(Transform3D(translationX: ax, y: ay))
                .concatenating(childParent)
        }
        return (node, childParent, isGroup ? 1 : inherited * opacity)
    }
}

// MARK: - RenderTree + Parts

extension RenderTree {
    /// Whether a layer would be visited at all (not hidden, opacity above 0).
    package static func isVisible(_ layer: Layer) -> Bool {
        !layer.isHidden && layer.opacity.clamped(to: 0...1) > 0
    }

    /// Whether the layer's corner radius, clamped to half its shorter side, is positive and
    /// rounds at least one corner.
    package static func hasRoundedCorners(_ layer: Layer) -> Bool {
        let b = layer.bounds.standardized
        return Swift.min(layer.cornerRadius, b.width / 2, b.height / 2) > 0 && !layer.maskedCorners.isEmpty
    }

    /// The layer's shadow in scene pixels, or `nil` when it casts none: zero or non-finite
    /// opacity, a transparent colour, a non-finite offset or radius, or an empty shadow path.
    package static func shadow(of layer: Layer, toPixels: Transform3D, scale: Double) -> RenderShadow? {
        let opacity = layer.shadowOpacity.finite(or: 0).clamped(to: 0...1)
        guard opacity > 0, layer.shadowColor.alpha > 0, layer.shadowRadius.isFinite,
              layer.shadowOffset.width.isFinite, layer.shadowOffset.height.isFinite,
              !(layer.shadowPath?.isEmpty ?? false) else { return nil }
        // The offset and the blur follow the layer's matrix at its anchor point.
        let b = layer.bounds.standardized
        let anchor = Point(x: b.minX + layer.anchorPoint.x * b.width, y: b.minY + layer.anchorPoint.y * b.height)
        let o = layer.shadowOffset
        func project(_ p: Point) -> Point? { toPixels.apply(to: p).flatMap { $0.isFinite ? $0 : nil } }
        guard let a = project(anchor), let moved = project(Point(x: anchor.x + o.width, y: anchor.y + o.height)),
              let unitX = project(Point(x: anchor.x + 1, y: anchor.y)), let unitY = project(Point(x: anchor.x, y: anchor.y + 1))
        else { return nil }
        let stretch = Swift.max(a.distance(to: unitX), a.distance(to: unitY))
        let sigma = Swift.min(Swift.max(0, layer.shadowRadius) * (stretch.isFinite ? stretch : scale), GaussianBlur.maximumSigma)
        var color = layer.shadowColor
        color.alpha *= opacity
        return RenderShadow(color: color, sigma: sigma, offset: Point(x: moved.x - a.x, y: moved.y - a.y),
                            usesPath: layer.shadowPath != nil)
    }

    /// Whether the layer has a gradient or a shape that paints something.
    package static func drawsDrawing(_ layer: Layer) -> Bool {
        if layer.gradient != nil { return true }
        guard let shape = layer.shape, !shape.path.isEmpty else { return false }
        let fills = (shape.fillColor?.alpha ?? 0) > 0
        let strokes = shape.lineWidth > 0 && (shape.strokeGradient != nil || (shape.strokeColor?.alpha ?? 0) > 0)
        return fills || strokes
    }

    /// Whether the layer has text that paints something (see `TextContents.isVisible`).
    package static func drawsText(_ layer: Layer) -> Bool {
        layer.text?.isVisible ?? false
    }

    /// The parts a layer paints itself: background, image, drawing (gradient and shape), text and
    /// border.
    package static func ownPartCount(_ layer: Layer) -> Int {
        var n = 0
        if (layer.backgroundColor?.alpha ?? 0) > 0 { n += 1 }
        if layer.contents != nil { n += 1 }
        if drawsDrawing(layer) { n += 1 }
        if drawsText(layer) { n += 1 }
        if layer.borderWidth > 0 && layer.borderColor.alpha > 0 { n += 1 }
        return n
    }

    /// The parts the layer and its visible sublayers paint, counted up to `limit`.
    package static func partCount(_ layer: Layer, limit: Int, depth: Int = 0) -> Int {
        var n = ownPartCount(layer)
        guard depth < maxDepth else { return n }
        for sublayer in layer.sublayers where n < limit && isVisible(sublayer) {
            n += partCount(sublayer, limit: limit - n, depth: depth + 1)
        }
        return Swift.min(n, limit)
    }
}
