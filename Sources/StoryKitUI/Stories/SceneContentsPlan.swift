import StoryKit

// MARK: - SceneContentsPlan

/// What ``SceneLayersView`` gives a `CALayer` for a scene layer's image contents: every value
/// already in Core Animation's terms, so the view only copies them.
///
/// The image itself is looked up by ``image`` in the view's image table (the scene names images,
/// it does not hold them); the rest are `CALayer`'s contents properties. Gravity is the
/// `CALayerContentsGravity` raw value for the layer's `contentsAreFlipped()`
/// (``StoryKit/ContentsGravity/coreAnimationName(isFlipped:)``: the format's `top` is the top of
/// the screen, Core Animation's is the layer's maximum y). `contentsRect` and `contentsCenter`
/// are unit rectangles of the image with (0, 0) its top-left corner, on iOS as in the scene, so
/// they pass unchanged.
package struct SceneContentsPlan: Sendable, Hashable {
    /// The key of the image in the view's image table.
    package var image: String
    /// The `CALayerContentsGravity` raw value.
    package var gravity: String
    /// `CALayer.contentsRect`, unit coordinates of the image.
    package var contentsRect: Rect
    /// `CALayer.contentsCenter`, unit coordinates of the shown part.
    package var contentsCenter: Rect
    /// `CALayer.contentsScale`, image pixels per point (1 when the scene's is not positive and finite).
    package var contentsScale: Double
    /// The `CALayerContentsFilter` raw value of `minificationFilter` (`nearest`, `linear`, `trilinear`).
    package var minificationFilter: String
    /// The `CALayerContentsFilter` raw value of `magnificationFilter`.
    package var magnificationFilter: String

    /// The plan for `contents` on a layer whose `contentsAreFlipped()` is `isFlipped`.
    package init(_ contents: ImageContents, isFlipped: Bool) {
        image = contents.image
        gravity = contents.gravity.coreAnimationName(isFlipped: isFlipped)
        contentsRect = contents.contentsRect
        contentsCenter = contents.contentsCenter
        contentsScale = contents.contentsScale > 0 && contents.contentsScale.isFinite ? contents.contentsScale : 1
        // The scene's filter names are Core Animation's (kCAFilterNearest = "nearest", …).
        minificationFilter = contents.minificationFilter.rawValue
        magnificationFilter = contents.magnificationFilter.rawValue
    }
}
