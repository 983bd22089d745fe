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

    /// Creates image contents; the defaults are `CALayer`'s.
    public init(image: String, gravity: ContentsGravity = .resize,
                contentsRect: Rect = Rect(x: 0, y: 0, width: 1, height: 1)) {
        self.image = image
        self.gravity = gravity
        self.contentsRect = contentsRect
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case image, gravity, contentsRect }

    /// Decodes image contents; only `image` is required.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(image: c.decode(String.self, forKey: .image),
                      gravity: c.decodeIfPresent(ContentsGravity.self, forKey: .gravity) ?? .resize,
                      contentsRect: c.decodeIfPresent(Rect.self, forKey: .contentsRect)
                          ?? Rect(x: 0, y: 0, width: 1, height: 1))
    }
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
