#if canImport(QuartzCore)
import QuartzCore
import StoryKit

// MARK: - CAEdgeAntialiasingMask + Layer.Edges

extension CAEdgeAntialiasingMask {
    /// The Core Animation mask of the edges in `edges` (left/right by x; ``StoryKit/Layer/Edges/top``,
    /// the minimum y, is `layerBottomEdge` — see ``StoryKit/Layer/Edges/coreAnimationEdgeMask``).
    @inlinable
    public init(_ edges: Layer.Edges) {
        self.init(rawValue: edges.coreAnimationEdgeMask)
    }
}
#endif
