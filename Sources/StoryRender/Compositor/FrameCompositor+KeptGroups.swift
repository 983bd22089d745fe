import MotionCore
import StoryKit

// MARK: - FrameCompositor + Kept groups

extension FrameCompositor {
    /// Draws a leaf group (``PartBitmaps/GroupKey``: a still photo avatar in its rounded clip
    /// under a turning ring) from its finished pixels kept in ``parts`` since an earlier frame:
    /// composited with the group's opacity, as ``endGroup(_:_:)`` composites them, so the frame
    /// gets the bytes drawing the group again gives. `false` when the group is not such a group
    /// or was not kept (the caller then draws it, and it is kept when it ends if it was seen
    /// before: ``keepsGroup``, ``keptGroupKey(of:origin:width:height:)``).
    mutating func drawsKeptGroup(_ node: RenderNode, _ group: RenderGroup) -> Bool {
        keepsGroup = false
        let rect = groupRect(node, group)
        guard let key = PartBitmaps.GroupKey(node, origin: (rect.x0, rect.y0), width: rect.width, height: rect.height,
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
    /// top-left corner at `origin` in scene pixels, when ``drawsKeptGroup(_:_:)`` found it seen
    /// before; `nil` otherwise. Resets ``keepsGroup``.
    mutating func keptGroupKey(of node: RenderNode, origin: (x: Int, y: Int), width: Int, height: Int) -> PartBitmaps.GroupKey? {
        guard keepsGroup else { return nil }
        keepsGroup = false
        return PartBitmaps.GroupKey(node, origin: origin, width: width, height: height, scale: scale)
    }
}
