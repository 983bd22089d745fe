import StoryKit

// MARK: - ZoomDetailPlacement

/// Where a SwiftUI detail is drawn during its zoom: the whole detail view scaled and moved so
/// that its image lies on the model's image frame, clipped to the model's mask, its chrome (what
/// lies outside the image) at the model's chrome opacity. Plain values, tested on Linux.
///
/// The detail shows its image aspect-fit in its whole frame (``destination(container:imageSize:)``);
/// the model's image aspect-fills the mask. So at the cell the image is cropped exactly as the
/// grid crops it, and in the detail it is exactly where the detail draws it.
package struct ZoomDetailPlacement: Sendable, Hashable {
    /// The detail's scale, > 0 (1 at rest in the detail).
    package var scale: Double
    /// Where the detail's top-left corner is drawn, in the container's points.
    package var origin: Point
    /// The image's clip (the model's mask), in the container's points.
    package var clip: Rect
    /// The clip's corner radius, in points.
    package var clipCornerRadius: Double
    /// The opacity of the detail outside the clip (its background and chrome), 0…1.
    package var chromeAlpha: Double
    /// The opacity of the whole detail (a cross-fade or a fade in place), 0…1.
    package var alpha: Double
    /// The black dimming over what is behind the detail, 0…1.
    package var dimmingAlpha: Double

    /// Nothing drawn (before the opening): the detail at its place, its scale 1, transparent,
    /// nothing dimmed.
    package static let hidden = ZoomDetailPlacement(
        ZoomTransitionLayout(mask: .zero, cornerRadius: 0, imageFrame: .zero, opacity: 0, dimming: 0, chromeOpacity: 0,
                             sourceHidden: false),
        destination: .zero)

    /// Where the detail shows the image at rest, in its own points: `imageSize` aspect-fit and
    /// centred in `container`, or the whole container without a usable size (the detail is
    /// the image).
    ///
    /// - Parameters:
    ///   - container: The detail's size, in points.
    ///   - imageSize: The image's size or aspect (any unit), nil if unknown.
    package static func destination(container: Size, imageSize: Size?) -> Rect {
        let whole = Rect(x: 0, y: 0, width: container.width, height: container.height)
        guard let imageSize, imageSize.width > 0, imageSize.height > 0, imageSize.width.isFinite, imageSize.height.isFinite,
              container.width > 0, container.height > 0 else { return whole }
        let scale = Swift.min(container.width / imageSize.width, container.height / imageSize.height)
        let width = imageSize.width * scale, height = imageSize.height * scale
        return Rect(x: (container.width - width) / 2, y: (container.height - height) / 2, width: width, height: height)
    }

    /// The geometry of the model for a detail of size `container` opening out of `source`.
    package static func geometry(container: Size, source: Rect?, cornerRadius: Double, imageSize: Size?) -> ZoomTransition.Geometry {
        let destination = destination(container: container, imageSize: imageSize)
        return ZoomTransition.Geometry(container: container, source: source ?? .zero, sourceCornerRadius: cornerRadius,
                                       destination: destination, imageSize: destination.size)
    }

    /// The placement for `layout` (the model's frame) of a detail whose image lies at
    /// `destination` in its own points.
    package init(_ layout: ZoomTransitionLayout, destination: Rect) {
        let image = layout.imageFrameInContainer
        let scale = destination.width > 0 ? image.width / destination.width : 1
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        origin = Point(x: image.minX - destination.minX * self.scale, y: image.minY - destination.minY * self.scale)
        clip = layout.clipFrame
        clipCornerRadius = layout.clipCornerRadius
        chromeAlpha = layout.detailAlpha
        alpha = layout.imageAlpha
        dimmingAlpha = layout.dimmingAlpha
    }

    /// Where the detail's image is drawn, in the container's points.
    package func imageFrame(destination: Rect) -> Rect {
        Rect(x: origin.x + destination.minX * scale, y: origin.y + destination.minY * scale,
             width: destination.width * scale, height: destination.height * scale)
    }

    /// Whether the screen captured beneath a pushed detail shows: whenever the detail is not at
    /// rest over the whole screen (opening, closing, dragged, settling).
    package static func backdropVisible(_ phase: ZoomTransition.Phase?) -> Bool {
        phase != .rest(presented: true)
    }
}
