// MARK: - ContentsGravity + Core Animation names

extension ContentsGravity {
    /// The `CALayerContentsGravity` raw value (`"top"`, `"bottomLeft"`, …) that puts a layer's
    /// image where this gravity puts it on screen, for a layer whose `contentsAreFlipped()` is
    /// `isFlipped`.
    ///
    /// The scene format means what UIKit's `contentMode` means: ``top`` is the top of the screen
    /// (the smaller y), ``bottomLeft`` the lower left corner. Core Animation names its gravities
    /// after the layer's vertical axis instead: on an unflipped layer its `top` is the maximum y,
    /// which on iOS (y down) is the bottom of the screen, and Apple's *CALayer.contentsGravity*
    /// says that when `contentsAreFlipped()` is true, `top` aligns the contents to the other
    /// edge. So on an unflipped layer (`isFlipped` false) every vertical name swaps, ``top`` is
    /// given as `"bottom"` and ``topLeft`` as `"bottomLeft"`; on a flipped layer the names are the
    /// format's own. Horizontal names and the scaling gravities never change.
    ///
    /// ```swift
    /// layer.contentsGravity = CALayerContentsGravity(
    ///     rawValue: gravity.coreAnimationName(isFlipped: layer.contentsAreFlipped()))
    /// ```
    ///
    /// - Parameter isFlipped: The layer's `contentsAreFlipped()`.
    /// - Returns: The raw value of the `CALayerContentsGravity` constant to set.
    public func coreAnimationName(isFlipped: Bool) -> String {
        guard !isFlipped else { return rawValue }
        switch self {
        case .top: return ContentsGravity.bottom.rawValue
        case .bottom: return ContentsGravity.top.rawValue
        case .topLeft: return ContentsGravity.bottomLeft.rawValue
        case .topRight: return ContentsGravity.bottomRight.rawValue
        case .bottomLeft: return ContentsGravity.topLeft.rawValue
        case .bottomRight: return ContentsGravity.topRight.rawValue
        case .resize, .resizeAspect, .resizeAspectFill, .center, .left, .right: return rawValue
        }
    }
}
