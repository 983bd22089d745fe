import MotionCore

/// A bitmap shown as a layer's contents, as `CALayer.contents` with its gravity and contents rect.
///
/// The image is named, not embedded: the renderer (or the UIKit front-end) looks the name up in
/// the images it was given, so a scene stays small and `Codable`.
public struct ImageContents: Sendable, Hashable, Codable {
    /// The key of the image in the renderer's image table (e.g. a file name).
    public var image: String
    /// How the image is placed in the layer's bounds. Default ``ContentsGravity/resize``.
    public var gravity: ContentsGravity
    /// The part of the image shown, in unit coordinates of the image (`CALayer.contentsRect`).
    /// Default the whole image, (0, 0, 1, 1).
    public var contentsRect: Rect

    /// The stretchable part of the image, in unit coordinates of the shown part (the
    /// ``contentsRect``), as `CALayer.contentsCenter`: a nine-slice image. The parts outside it
    /// keep their natural size (image pixels ÷ ``contentsScale``, in points) and only the centre
    /// stretches; when the drawn rectangle is smaller than the fixed parts together, they shrink
    /// proportionally, as Core Animation does. Default the whole unit square (everything stretches).
    public var contentsCenter: Rect
    /// Image pixels per point (`CALayer.contentsScale`), > 0. Default 1. It sets the natural size
    /// of the image for the gravities that do not scale (``ContentsGravity/center``,
    /// ``ContentsGravity/top``…) and the size of ``contentsCenter``'s fixed edges.
    public var contentsScale: Double
    /// How the image is sampled where it is drawn smaller than its pixels
    /// (`CALayer.minificationFilter`). Default ``ContentsFilter/linear``.
    public var minificationFilter: ContentsFilter
    /// How the image is sampled where it is drawn larger than its pixels
    /// (`CALayer.magnificationFilter`). Default ``ContentsFilter/linear``.
    public var magnificationFilter: ContentsFilter

    /// The unit rectangle (0, 0, 1, 1): the default of ``contentsRect`` and ``contentsCenter``.
    public static let unitRect = Rect(x: 0, y: 0, width: 1, height: 1)

    /// Creates image contents; the defaults are `CALayer`'s.
    public init(image: String, gravity: ContentsGravity = .resize,
                contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1)) {
        self.init(image: image, gravity: gravity, contentsRect: contentsRect, contentsCenter: Self.unitRect)
    }

    /// Creates image contents with every `CALayer` contents property; the defaults are `CALayer`'s.
    ///
    /// - Parameters:
    ///   - image: The key of the image in the renderer's image table.
    ///   - gravity: How the image is placed in the layer's bounds.
    ///   - contentsRect: The part of the image shown, unit coordinates of the image.
    ///   - contentsCenter: The stretchable part, unit coordinates of the shown part.
    ///   - contentsScale: Image pixels per point, > 0.
    ///   - minificationFilter: The sampling where the image is drawn smaller than its pixels.
    ///   - magnificationFilter: The sampling where the image is drawn larger than its pixels.
    public init(image: String, gravity: ContentsGravity = .resize,
                contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                contentsCenter: Rect, contentsScale: Double = 1,
                minificationFilter: ContentsFilter = .linear, magnificationFilter: ContentsFilter = .linear) {
        self.image = image
        self.gravity = gravity
        self.contentsRect = contentsRect
        self.contentsCenter = contentsCenter
        self.contentsScale = contentsScale
        self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case image, gravity, contentsRect, contentsCenter, contentsScale, minificationFilter, magnificationFilter
    }

    /// Decodes image contents; only `image` is required.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(image: c.decode(String.self, forKey: .image),
                      gravity: c.decodeIfPresent(ContentsGravity.self, forKey: .gravity) ?? .resize,
                      contentsRect: c.decodeIfPresent(Rect.self, forKey: .contentsRect) ?? Self.unitRect,
                      contentsCenter: c.decodeIfPresent(Rect.self, forKey: .contentsCenter) ?? Self.unitRect,
                      contentsScale: c.decodeIfPresent(Double.self, forKey: .contentsScale) ?? 1,
                      minificationFilter: c.decodeIfPresent(ContentsFilter.self, forKey: .minificationFilter) ?? .linear,
                      magnificationFilter: c.decodeIfPresent(ContentsFilter.self, forKey: .magnificationFilter) ?? .linear)
    }

    /// Encodes the contents: the image, gravity and contents rect always (as before these
    /// properties joined), the others only when they differ from their defaults.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(image, forKey: .image)
        try c.encode(gravity, forKey: .gravity)
        try c.encode(contentsRect, forKey: .contentsRect)
        if contentsCenter != Self.unitRect { try c.encode(contentsCenter, forKey: .contentsCenter) }
        if contentsScale != 1 { try c.encode(contentsScale, forKey: .contentsScale) }
        if minificationFilter != .linear { try c.encode(minificationFilter, forKey: .minificationFilter) }
        if magnificationFilter != .linear { try c.encode(magnificationFilter, forKey: .magnificationFilter) }
    }
}

/// How an image is sampled when drawn at another size than its pixels, with Core Animation's
/// names (`CALayerContentsFilter`: `nearest`, `linear`, `trilinear`).
public enum ContentsFilter: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
    /// The nearest pixel: hard pixel edges (pixel art).
    case nearest
    /// Bilinear interpolation of the four nearest pixels of the full-size image; a large
    /// downscale aliases, as on Core Animation.
    case linear
    /// Bilinear interpolation in a mipmap level (the image halved as often as the downscale
    /// asks): large downscales average instead of aliasing.
    case trilinear
}

/// Where a layer's image sits in its bounds (`CALayerContentsGravity`), in UIKit's orientation
/// (top is the smaller y, the top of the screen), as `UIView.ContentMode` names it.
///
/// Core Animation names the vertical gravities after the layer's y axis, so on an unflipped iOS
/// layer its `top` is the bottom of the screen: give Core Animation
/// ``coreAnimationName(isFlipped:)``, never the raw value.
public enum ContentsGravity: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
    /// Stretched to fill the bounds.
    case resize
    /// Scaled to fit inside the bounds, aspect kept, centred.
    case resizeAspect
    /// Scaled to cover the bounds, aspect kept, centred (the overflow is clipped only with
    /// `masksToBounds`).
    case resizeAspectFill
    /// Natural size (image pixels ÷ scale), centred.
    case center
    /// Natural size, centred at the top edge.
    case top
    /// Natural size, centred at the bottom edge.
    case bottom
    /// Natural size, centred at the left edge.
    case left
    /// Natural size, centred at the right edge.
    case right
    /// Natural size, in the top-left corner.
    case topLeft
    /// Natural size, in the top-right corner.
    case topRight
    /// Natural size, in the bottom-left corner.
    case bottomLeft
    /// Natural size, in the bottom-right corner.
    case bottomRight
}
