import StoryKit

/// A bitmap of one part of a layer, drawn in the layer's own coordinate space, with where it
/// sits in that space.
///
/// Pixel (`i`, `j`) covers the layer-space square from `origin + (i, j) / pixelsPerPoint` to
/// `origin + (i + 1, j + 1) / pixelsPerPoint`; its centre is at `+ 0.5` pixel. The compositor
/// maps this rectangle through the layer's matrix chain (a homography) onto the frame.
package struct LayerBitmap: Sendable {
    /// The premultiplied RGBA8 pixels.
    package var image: RGBAImage
    /// The layer-space point (points) at the top-left corner of pixel (0, 0).
    package var origin: Point
    /// Pixels per point of this bitmap (the requested scale, lowered only when the part would be
    /// larger than ``LayerContentRenderer/maximumSide`` pixels).
    package var pixelsPerPoint: Double

    /// Creates a layer bitmap.
    package init(image: RGBAImage, origin: Point, pixelsPerPoint: Double) {
        self.image = image
        self.origin = origin
        self.pixelsPerPoint = pixelsPerPoint
    }

    /// The layer-space rectangle (points) the bitmap covers.
    package var frame: Rect {
        Rect(x: origin.x, y: origin.y, width: Double(image.width) / pixelsPerPoint,
             height: Double(image.height) / pixelsPerPoint)
    }
}

/// The separately drawn parts of a layer's own appearance, in Core Animation's order:
/// background, (image contents — drawn by the compositor directly), drawing, sublayers, border.
package enum LayerPart: Sendable, Hashable, CaseIterable {
    /// `backgroundColor` filling the rounded bounds (``Layer/cornerRadius``, ``Layer/cornerCurve``,
    /// ``Layer/maskedCorners``).
    case background
    /// The gradient filling the bounds, then the shape's fill, then its stroke (solid or gradient).
    case drawing
    /// The border: the rounded bounds minus the same shape inset by `borderWidth`.
    case border
    /// The coverage of the rounded bounds, for `masksToBounds` (white, premultiplied by coverage).
    case clipMask
    /// The coverage of `shadowPath` (non-zero rule), white premultiplied by coverage: the shape
    /// whose blur is the layer's shadow.
    case shadowPath
}
