import StoryKit

// MARK: - ZoomTransitionLayout

/// The views of a zoom transition at one time: a ``StoryKit/ZoomTransition/Frame`` as the frames,
/// alphas and corner radius of the views the front-ends draw it with, in the container's
/// coordinates. Plain values, tested on Linux against the model's frame.
///
/// The container holds, bottom to top: the grid's screen, a placeholder over the grid cell
/// (shown while ``sourcePlaceholderVisible``), a black overlay (``dimmingAlpha``), the detail's
/// view (``detailAlpha``: its own background and chrome), and a clipping view at ``clipFrame``
/// with continuous corners of ``clipCornerRadius`` holding the moving image at ``imageFrame``
/// (in the clipping view's own coordinates) with ``imageAlpha``.
package struct ZoomTransitionLayout: Sendable, Hashable {
    /// The clipping view's frame in the container (the model's mask), in points.
    package var clipFrame: Rect
    /// The clipping view's corner radius (continuous corners), in points, at most half its
    /// shorter side.
    package var clipCornerRadius: Double
    /// The image's frame in the clipping view's coordinates (aspect-filling it, centred).
    package var imageFrame: Rect
    /// The moving image's alpha (the clipping view's), 0…1.
    package var imageAlpha: Double
    /// The black overlay's alpha over the grid, 0…1.
    package var dimmingAlpha: Double
    /// The detail view's alpha (its background and chrome), 0…1.
    package var detailAlpha: Double
    /// Whether the placeholder hiding the grid cell shows.
    package var sourcePlaceholderVisible: Bool
    /// The placeholder's frame in the container (the cell's), in points; zero unless made from
    /// a model (``init(_:)-(ZoomTransition)``).
    package var sourcePlaceholderFrame: Rect = .zero
    /// The placeholder's corner radius (the cell's), in points.
    package var sourcePlaceholderCornerRadius: Double = 0

    /// The views' values for `transition` at its latest time, the placeholder over its cell.
    package init(_ transition: ZoomTransition) {
        self.init(transition.frame(at: transition.time))
        sourcePlaceholderFrame = transition.geometry.source
        sourcePlaceholderCornerRadius = transition.geometry.sourceCornerRadius
    }

    /// The views' values for `frame`, whose rectangles are in the container's coordinates.
    package init(_ frame: ZoomTransition.Frame) {
        self.init(mask: frame.mask, cornerRadius: frame.cornerRadius, imageFrame: frame.imageFrame, opacity: frame.opacity,
                  dimming: frame.dimming, chromeOpacity: frame.chromeOpacity, sourceHidden: frame.sourceHidden)
    }

    /// The views' values for a frame's parts (`ZoomTransition.Frame` has no public initializer):
    /// non-finite values are zero, alphas are clamped to 0…1 and the radius to half the shorter
    /// side.
    package init(mask: Rect, cornerRadius: Double, imageFrame: Rect, opacity: Double, dimming: Double, chromeOpacity: Double,
                 sourceHidden: Bool) {
        let mask = Self.finite(mask)
        clipFrame = mask
        let radius = cornerRadius.isFinite ? cornerRadius : 0
        clipCornerRadius = Swift.min(Swift.max(radius, 0), Swift.min(mask.width, mask.height) / 2)
        let image = Self.finite(imageFrame)
        self.imageFrame = Rect(x: image.minX - mask.minX, y: image.minY - mask.minY, width: image.width, height: image.height)
        imageAlpha = Self.unit(opacity)
        dimmingAlpha = Self.unit(dimming)
        detailAlpha = Self.unit(chromeOpacity)
        sourcePlaceholderVisible = sourceHidden
    }

    /// The image's frame in the container's coordinates (where it shows on screen).
    package var imageFrameInContainer: Rect {
        Rect(x: clipFrame.minX + imageFrame.minX, y: clipFrame.minY + imageFrame.minY,
             width: imageFrame.width, height: imageFrame.height)
    }

    /// `value` clamped to 0…1 (non-finite: 0).
    static func unit(_ value: Double) -> Double {
        value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 0
    }

    /// `rect` with non-finite parts zero and negative sizes zero (not flipped).
    static func finite(_ rect: Rect) -> Rect {
        func clean(_ v: Double) -> Double { v.isFinite ? v : 0 }
        return Rect(x: clean(rect.origin.x), y: clean(rect.origin.y), width: Swift.max(clean(rect.size.width), 0),
                    height: Swift.max(clean(rect.size.height), 0))
    }
}
