import Foundation
import MotionCore
import StoryKit

// MARK: - FrameCompositor + Kept groups

extension FrameCompositor {
    /// Draws a leaf group (``PartBitmaps/GroupKey``: a still photo avatar in its rounded clip
    /// under a turning ring) whose bitmap covers `rect` (``groupRect(_:_:)``, scene pixels) from
    /// its finished pixels kept in ``parts`` since an earlier frame: composited with the group's
    /// opacity, as ``endGroup(_:_:)`` composites them, so the frame gets the bytes drawing the
    /// group again gives. `false` when the group is not such a group or was not kept (the caller
    /// then draws it, and it is kept when it ends if it was seen before: ``keepsGroup``,
    /// ``keptGroupKey(of:origin:width:height:)``).
    mutating func drawsKeptGroup(_ node: RenderNode, _ group: RenderGroup, rect: PixelRect) -> Bool {
        keepsGroup = false
        guard PartBitmaps.keepsGroups(width: rect.width, height: rect.height),
              let key = PartBitmaps.GroupKey(node, origin: (rect.x0, rect.y0), width: rect.width, height: rect.height,
                                             scale: scale) else { return false }
        let kept = parts.keptGroup(key)
        guard let image = kept.image else {
            keepsGroup = kept.seenBefore
            return false
        }
        Raster.composite(image, over: &target, at: (rect.x0 - origin.x, rect.y0 - origin.y), opacity: group.opacity)
        drewKeptGroup = true
        return true
    }

    /// The key to keep `node`'s finished group under, whose `width` × `height` bitmap has its
    /// top-left corner at `origin` in scene pixels, when ``drawsKeptGroup(_:_:rect:)`` found it
    /// seen before; `nil` otherwise. Resets ``keepsGroup``.
    mutating func keptGroupKey(of node: RenderNode, origin: (x: Int, y: Int), width: Int, height: Int) -> PartBitmaps.GroupKey? {
        guard keepsGroup else { return nil }
        keepsGroup = false
        return PartBitmaps.GroupKey(node, origin: origin, width: width, height: height, scale: scale)
    }

    /// The layer's ``Layer/mask`` drawn into a transparent scratch bitmap of `width` × `height`
    /// at `origin` in scene pixels (``drawMask(of:width:height:origin:)``), copied from the one
    /// kept in ``parts`` when the mask, the layer's matrix and the bitmap's place are unchanged
    /// since an earlier frame (a ring's segments while they stand still), and kept from the
    /// second time it is drawn the same.
    ///
    /// The key is made in functions of their own, not held here while the mask is drawn: masks
    /// nest, and a debug build keeps every local of this frame on the stack at each level.
    func drawKeptMask(of node: RenderNode, width: Int, height: Int, origin: (x: Int, y: Int)) -> RGBAImage {
        let found = keptMask(of: node, width: width, height: height, origin: origin)
        if let copied = found.copied { return copied }
        let mask = drawMask(of: node, width: width, height: height, origin: origin)
        if found.keeps { keepMask(mask, of: node, origin: origin) }
        return mask
    }

    /// The kept mask for ``drawKeptMask(of:width:height:origin:)`` copied into a scratch bitmap,
    /// or whether the mask drawn now should be kept (never for a mask too large to keep, whose key
    /// is not even built).
    @inline(never)
    private func keptMask(of node: RenderNode, width: Int, height: Int,
                          origin: (x: Int, y: Int)) -> (copied: RGBAImage?, keeps: Bool) {
        guard PartBitmaps.keepsGroups(width: width, height: height),
              let key = PartBitmaps.GroupKey(maskOf: node, origin: origin, width: width, height: height, scale: scale) else {
            return (nil, false)
        }
        let kept = parts.keptGroup(key)
        guard let image = kept.image else { return (nil, kept.seenBefore) }
        var mask = scratch.take(width: width, height: height, cleared: false)
        guard mask.pixels.count == image.pixels.count else {
            scratch.give(&mask)
            return (nil, false)
        }
        mask.pixels.withUnsafeMutableBytes { out in
            image.pixels.withUnsafeBytes { from in
                if let to = out.baseAddress, let source = from.baseAddress { memcpy(to, source, from.count) }
            }
        }
        return (mask, false)
    }

    /// Keeps `mask`, the node's mask drawn at `origin`, for ``drawKeptMask(of:width:height:origin:)``
    /// (its key built again: once per mask kept).
    @inline(never)
    private func keepMask(_ mask: RGBAImage, of node: RenderNode, origin: (x: Int, y: Int)) {
        guard let key = PartBitmaps.GroupKey(maskOf: node, origin: origin, width: mask.width, height: mask.height,
                                             scale: scale) else { return }
        parts.keepGroup(mask, for: key)
    }
}
