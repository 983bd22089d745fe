import MotionCore
import StoryKit

// MARK: - FrameCompositor + Groups

extension FrameCompositor {
    /// Starts drawing into a new transparent bitmap covering `rect`, what the group can change
    /// (``groupRect(_:_:)``, in scene pixels).
    ///
    /// The bitmap covers the current target, limited to the group's clip and, for a rounded mask,
    /// to the layer's projected bounds; a blurred group extends `3σ` further so that content just
    /// outside still bleeds in, and a group with a shadow further by the shadow's reach.
    mutating func beginGroup(_ node: RenderNode, _ group: RenderGroup, rect: PixelRect) {
        saved.append((target, origin, groupMask, skipsMasked))
        if let placed = placedDrawing(node, group, rect: rect) {
            // The group's only content, kept whole: composited under the mask from where it is kept.
            target = placed
            borrowsTarget = true
        } else {
            target = scratch.take(width: rect.width, height: rect.height)
        }
        origin = (rect.x0, rect.y0)
        // The mask first, so that the content is sampled only where the mask keeps something:
        // the layer's mask when nothing spreads the content (no blur, no shadow), else the
        // rounded clip (applied before any blur or shadow).
        groupMask = nil
        if group.isMasked && !group.masksCorners && group.blurSigma == 0 && group.shadow == nil {
            groupMask = drawKeptMask(of: node, width: target.width, height: target.height, origin: origin)
        } else if group.masksCorners && !group.isMasked {
            groupMask = drawCornerMask(node)
        }
        skipsMasked = groupMask != nil
    }

    /// The pixels, in scene pixels, of the bitmap a group is drawn into: the current target,
    /// limited to the group's clip and, for a rounded mask, to the layer's projected bounds,
    /// grown by the blur's and the shadow's reach.
    func groupRect(_ node: RenderNode, _ group: RenderGroup) -> PixelRect {
        let pad = GaussianBlur.padding(forSigma: group.blurSigma) + (group.shadow?.padding ?? 0)
        var rect = PixelRect(x0: origin.x - pad, y0: origin.y - pad,
                             x1: origin.x + target.width + pad, y1: origin.y + target.height + pad)
        if let clip = group.compositeClip ?? node.clip, let box = Self.pixelBox(clip, pad: pad) {
            rect = rect.intersection(box)
        }
        if group.masksCorners, let box = Self.pixelBox(node.quad, pad: pad) {
            rect = rect.intersection(box)
        }
        if rect.isEmpty { rect = PixelRect(x0: origin.x, y0: origin.y, x1: origin.x, y1: origin.y) }
        return rect
    }

    /// Casts the group's shadow and blurs the group if asked, multiplies it by its mask's alpha,
    /// then composites it with its opacity into the enclosing target (through the superlayers'
    /// clip for a blurred group). The mask comes after the shadow and the blur, so it clips both,
    /// as in Core Animation.
    mutating func endGroup(_ node: RenderNode, _ group: RenderGroup) {
        guard var parent = saved.popLast() else { return }
        // Swaps, not copies: each bitmap stays uniquely referenced so drawing never copies it.
        var layer = RGBAImage(width: 0, height: 0)
        swap(&layer, &target)
        swap(&target, &parent.image)
        let layerOrigin = origin
        origin = parent.origin
        // The mask drawn first: the layer's mask, or the rounded clip left to be multiplied here.
        var early = groupMask ?? RGBAImage(width: 0, height: 0)
        let hasEarly = groupMask != nil
        groupMask = parent.mask
        skipsMasked = parent.skipsMasked
        let borrowed = borrowsTarget
        borrowsTarget = false
        defer {
            if borrowed { layer = RGBAImage(width: 0, height: 0) }  // kept by parts, not scratch's
            scratch.give(&layer)
            scratch.give(&early)
        }
        guard layer.width > 0, layer.height > 0 else { return }
        if let key = keptGroupKey(of: node, origin: layerOrigin, width: layer.width, height: layer.height) {
            // A leaf group seen before: its finished pixels (the rounded clip multiplied in) are
            // kept, then composited as every later frame composites them.
            if hasEarly { Raster.multiplyAlpha(&layer, by: early) }
            parts.keepGroup(layer, for: key)
            Raster.composite(layer, over: &target, at: (layerOrigin.x - origin.x, layerOrigin.y - origin.y),
                             opacity: group.opacity)
            return
        }
        if let shadow = group.shadow { castShadow(shadow, of: node, under: &layer, origin: layerOrigin) }
        if group.blurSigma > 0 { GaussianBlur.apply(to: &layer, sigma: group.blurSigma) }
        if hasEarly && !group.isMasked {
            // The rounded clip, multiplied while composited (nothing was drawn after it).
            if Raster.composite(layer, masked: early, over: &target, at: (layerOrigin.x - origin.x, layerOrigin.y - origin.y),
                                opacity: group.opacity) != nil { return }
            Raster.multiplyAlpha(&layer, by: early)
        } else if group.isMasked && group.compositeClip == nil {
            // Multiplied by the mask while composited, in one pass (the same bytes as the two).
            var mask = hasEarly ? early : drawMask(of: node, width: layer.width, height: layer.height, origin: layerOrigin)
            defer { if !hasEarly { scratch.give(&mask) } }
            if Raster.composite(layer, masked: mask, over: &target, at: (layerOrigin.x - origin.x, layerOrigin.y - origin.y),
                                opacity: group.opacity) != nil { return }
            Raster.multiplyAlpha(&layer, by: mask)
        } else if group.isMasked {
            applyMask(of: node, to: &layer, origin: layerOrigin)
        }
        if let clip = group.compositeClip {
            let offset = Homography(translationX: Double(origin.x - layerOrigin.x), y: Double(origin.y - layerOrigin.y))
            let box = ScreenPolygon(x0: Double(layerOrigin.x), y0: Double(layerOrigin.y),
                                    x1: Double(layerOrigin.x + layer.width), y1: Double(layerOrigin.y + layer.height))
            guard let polygon = Self.region(box, clip: clip, in: target.bounds, origin: origin) else { return }
            // A whole-pixel move: never shrunk, so no mip levels.
            let texture = Texture(layer, for: offset, polygon: polygon)
            Raster.draw(&target, polygon: polygon, texture: texture, destinationToTexture: offset,
                        sourceClamp: texture.bounds, opacity: group.opacity, clip: target.bounds)
        } else {
            Raster.composite(layer, over: &target, at: (layerOrigin.x - origin.x, layerOrigin.y - origin.y),
                             opacity: group.opacity)
        }
    }

    /// Puts the layer's shadow under its flattened group `layer` (whose top-left corner is at
    /// `origin` in scene pixels): the group's alpha, or the shadow path drawn like the layer,
    /// moved, blurred and tinted, then clipped to the layer's bounds when it masks to them (a
    /// layer that masks to its bounds clips its own shadow, as in Core Animation).
    mutating func castShadow(_ shadow: RenderShadow, of node: RenderNode, under layer: inout RGBAImage,
                             origin: (x: Int, y: Int)) {
        var cast = scratch.take(width: layer.width, height: layer.height, cleared: false)
        if shadow.usesPath {
            var shape = scratch.take(width: layer.width, height: layer.height)
            if let path = LayerContentRenderer.render(node.layer, part: .shadowPath, pixelsPerPoint: pixelsPerPoint(for: node)) {
                Self.draw(path, of: node, clip: nil, opacity: 1, into: &shape, origin: origin)
            }
            ShadowPainter.cast(shape, offset: shadow.offset, sigma: shadow.sigma, color: shadow.color, into: &cast)
            scratch.give(&shape)
        } else {
            ShadowPainter.cast(layer, offset: shadow.offset, sigma: shadow.sigma, color: shadow.color, into: &cast)
        }
        if node.layer.masksToBounds {
            var mask = scratch.take(width: layer.width, height: layer.height)
            if let bounds = LayerContentRenderer.render(node.layer, part: .clipMask, pixelsPerPoint: pixelsPerPoint(for: node)) {
                Self.draw(bounds, of: node, clip: nil, opacity: 1, into: &mask, origin: origin)
            }
            Raster.multiplyAlpha(&cast, by: mask)
            scratch.give(&mask)
        }
        Raster.composite(layer, over: &cast, at: (0, 0), opacity: 1)
        swap(&layer, &cast)
        scratch.give(&cast)
    }

    /// Multiplies the flattened group `layer` (whose top-left corner is at `origin` in scene
    /// pixels) by the alpha of the layer's ``Layer/mask``: the mask layer and its sublayers are
    /// drawn, like any layers, into a transparent bitmap of the group's size and place.
    mutating func applyMask(of node: RenderNode, to layer: inout RGBAImage, origin: (x: Int, y: Int)) {
        var mask = drawMask(of: node, width: layer.width, height: layer.height, origin: origin)
        Raster.multiplyAlpha(&layer, by: mask)
        scratch.give(&mask)
    }

    /// The layer's ``Layer/mask`` and its sublayers drawn, like any layers, into a transparent
    /// scratch bitmap of `width` × `height` whose top-left corner is at `origin` in scene pixels
    /// (to be given back to ``scratch``).
    func drawMask(of node: RenderNode, width: Int, height: Int, origin: (x: Int, y: Int)) -> RGBAImage {
        var mask = FrameCompositor(textures: textures, text: text, scratch: scratch, parts: parts, scale: scale)
        mask.target = scratch.take(width: width, height: height)
        mask.origin = origin
        RenderTree.walkMask(of: node, scale: scale, visitor: &mask)
        return mask.target
    }

    /// Multiplies the group by the layer's rounded-bounds mask, projected like the layer (the
    /// one drawn when the group began, if any). When nothing is drawn after it (no border) and
    /// nothing spreads the group (no shadow, no blur), the multiply is left to ``endGroup(_:_:)``,
    /// which does it while compositing.
    mutating func applyCornerMask(_ node: RenderNode, _ group: RenderGroup, drawsBorder: Bool) {
        skipsMasked = false
        if var mask = groupMask {
            guard drawsBorder || group.shadow != nil || group.blurSigma > 0 else { return }
            Raster.multiplyAlpha(&target, by: mask)
            groupMask = nil
            scratch.give(&mask)
            return
        }
        guard var mask = drawCornerMask(node) else {
            Raster.clear(&target, to: .transparent)
            return
        }
        Raster.multiplyAlpha(&target, by: mask)
        scratch.give(&mask)
    }

    /// The layer's rounded-bounds mask projected like the layer into a scratch bitmap of the
    /// target's size and place (to be given back to ``scratch``); `nil` when it covers nothing.
    ///
    /// A placement drawn before (the same clip, matrices, place and size: a still avatar under
    /// a turning ring) is copied from ``parts`` instead of being sampled again.
    func drawCornerMask(_ node: RenderNode) -> RGBAImage? {
        let part = parts.bitmap(of: node.layer, part: .clipMask, pixelsPerPoint: pixelsPerPoint(for: node))
        guard let bitmap = part.bitmap else { return nil }
        let placement = PartBitmaps.Placement(part.key, of: node, origin: origin, width: target.width, height: target.height)
        var mask = scratch.take(width: target.width, height: target.height, cleared: false)
        if parts.copyPlaced(placement, into: &mask) { return mask }
        Raster.clear(&mask, to: .transparent)
        Self.draw(bitmap, of: node, clip: nil, opacity: 1, into: &mask, origin: origin, parts: parts, key: part.key)
        parts.offerPlaced(mask, for: placement)
        return mask
    }

    /// Draws a masked group whose only content is its layer's drawing (the loading ring's
    /// gradient under its turning segments) from the drawing placed whole into the group's
    /// bitmap in an earlier frame, kept in ``parts``; `false` when the group is not such a group
    /// or its placement was not seen before (the caller then draws it as usual).
    ///
    /// Placed once seen twice, drawn whole (not only where this frame's mask keeps something), so
    /// it serves every mask; the pixels the mask keeps are the bytes the usual drawing gives.
    mutating func drawsPlacedDrawing(_ node: RenderNode) -> Bool {
        if borrowsTarget { return true }  // the group began with the kept drawing
        guard let group = node.group, group.isMasked, groupMask != nil, group.opacity > 0, node.opacity == 1,
              node.clip == nil, node.contentClip == nil, node.layer.sublayers.isEmpty,
              RenderTree.drawsDrawing(node.layer), RenderTree.ownPartCount(node.layer) == 1 else { return false }
        let part = parts.bitmap(of: node.layer, part: .drawing, pixelsPerPoint: pixelsPerPoint(for: node))
        guard let bitmap = part.bitmap else { return true }
        let placement = PartBitmaps.Placement(part.key, of: node, origin: origin, width: target.width, height: target.height)
        if parts.copyPlaced(placement, into: &target) { return true }
        guard parts.notePlaced(placement) else { return false }
        Self.draw(bitmap, of: node, clip: nil, opacity: 1, into: &target, origin: origin, parts: parts, key: part.key)
        parts.offerPlaced(target, for: placement)
        return true
    }

    /// The drawing kept whole for a group about to begin in `rect` (scene pixels) that
    /// ``drawsPlacedDrawing(_:)`` would copy from ``parts``, shared rather than copied; `nil`
    /// when the group is not such a group or its placement is not kept.
    func placedDrawing(_ node: RenderNode, _ group: RenderGroup, rect: PixelRect) -> RGBAImage? {
        guard group.isMasked, !group.masksCorners, group.blurSigma == 0, group.shadow == nil, group.opacity > 0,
              node.opacity == 1, node.pixelsToLayer != nil, node.clip == nil, node.contentClip == nil,
              node.layer.sublayers.isEmpty, RenderTree.drawsDrawing(node.layer), RenderTree.ownPartCount(node.layer) == 1,
              !rect.isEmpty else { return nil }
        let ppp = pixelsPerPoint(for: node, targetSize: (rect.width, rect.height))
        let part = parts.bitmap(of: node.layer, part: .drawing, pixelsPerPoint: ppp)
        guard part.bitmap != nil else { return nil }
        let placement = PartBitmaps.Placement(part.key, of: node, origin: (rect.x0, rect.y0), width: rect.width,
                                              height: rect.height)
        return parts.placedImage(placement)
    }

    /// The whole pixels touched by a polygon, grown by `pad`; `nil` when it has no vertex.
    static func pixelBox(_ polygon: ScreenPolygon, pad: Int) -> PixelRect? {
        guard let box = polygon.boundingBox else { return nil }
        let limit = 1e9
        func lower(_ v: Double) -> Int { Int(v.clamped(to: -limit...limit).rounded(.down)) - pad }
        func upper(_ v: Double) -> Int { Int(v.clamped(to: -limit...limit).rounded(.up)) + pad }
        return PixelRect(x0: lower(box.minX), y0: lower(box.minY), x1: upper(box.maxX), y1: upper(box.maxY))
    }
}
