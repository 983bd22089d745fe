import MotionCore

// MARK: - DismissContainerLayout

/// The page container's place during the swipe-down dismiss: the
/// ``StoriesViewer/DismissGeometry`` as the properties of two nested views or layers. The one
/// owner of that arithmetic: ``StoriesViewer/scene(media:avatar:behind:now:)`` draws its
/// `"viewer"` and `"cube"` layers from it, and StoryKitUI's viewer controller its container and
/// cube views.
///
/// The container shows the geometry's mask (its bounds are the mask's size) at the page's
/// offset and scale, rounded with continuous corners; the cube inside it keeps the whole page's
/// bounds and moves so that the mask's part of the page is what the container shows.
package struct DismissContainerLayout: Sendable, Hashable {
    /// The container's centre, in the page's coordinates (points): `view.center`.
    package var center: Point
    /// The container's bounds: the mask's size at the origin.
    package var bounds: Rect
    /// The container's scale about its centre: `transform = CGAffineTransform(scaleX: s, y: s)`.
    package var scale: Double
    /// The container's corner radius, in its own points (`cornerCurve = .continuous`).
    package var cornerRadius: Double
    /// The container's alpha, 0…1.
    package var alpha: Double
    /// Whether the container clips (only while the dismiss has progressed: at rest nothing is
    /// cut, so the cube's turning faces are not clipped at the page's edges).
    package var clipsToBounds: Bool
    /// The cube view's centre inside the container (its bounds are the whole page).
    package var contentCenter: Point
    /// The black backdrop's alpha, 0…1.
    package var backdropAlpha: Double

    /// The container for `geometry` on a page of `pageSize` points.
    package init(_ geometry: StoriesViewer.DismissGeometry, pageSize: Size) {
        let width = pageSize.width.isFinite ? Swift.max(pageSize.width, 0) : 0
        let height = pageSize.height.isFinite ? Swift.max(pageSize.height, 0) : 0
        let centre = Point(x: width / 2, y: height / 2)
        let mask = geometry.mask
        let maskCentre = Point(x: mask.midX, y: mask.midY)
        center = Point(x: centre.x + geometry.offset.x + (maskCentre.x - centre.x) * geometry.scale,
                       y: centre.y + geometry.offset.y + (maskCentre.y - centre.y) * geometry.scale)
        bounds = Rect(x: 0, y: 0, width: mask.width, height: mask.height)
        scale = geometry.scale
        cornerRadius = geometry.cornerRadius
        alpha = geometry.pageOpacity
        clipsToBounds = geometry.progress != 0
        contentCenter = Point(x: centre.x - mask.origin.x, y: centre.y - mask.origin.y)
        backdropAlpha = geometry.backdropOpacity
    }
}
