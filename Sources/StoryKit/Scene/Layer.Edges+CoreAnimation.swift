// MARK: - Layer.Edges + Core Animation mask

extension Layer.Edges {
    /// The set as the bits of Core Animation's `CAEdgeAntialiasingMask`.
    ///
    /// Core Animation names its edges for a y-up layer: `kCALayerLeftEdge` (1) is the minimum x,
    /// `kCALayerRightEdge` (2) the maximum x, `kCALayerBottomEdge` (4) the **minimum y** and
    /// `kCALayerTopEdge` (8) the maximum y (see `CALayer.h`). On iOS a layer's minimum y is at the
    /// top of the screen, which is ``Layer/Edges/top`` here, so ``Layer/Edges/top`` maps to
    /// `kCALayerBottomEdge` and ``Layer/Edges/bottom`` to `kCALayerTopEdge`. Left and right are
    /// not ambiguous, and they are all the cube leaves out (the seam between its faces).
    public var coreAnimationEdgeMask: UInt32 {
        var mask: UInt32 = 0
        if contains(.left) { mask |= 1 << 0 }    // kCALayerLeftEdge: minimum x
        if contains(.right) { mask |= 1 << 1 }   // kCALayerRightEdge: maximum x
        if contains(.top) { mask |= 1 << 2 }     // kCALayerBottomEdge: minimum y
        if contains(.bottom) { mask |= 1 << 3 }  // kCALayerTopEdge: maximum y
        return mask
    }
}
