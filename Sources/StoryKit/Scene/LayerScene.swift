import MotionCore

/// What to draw for one frame of an effect: a size, a background and a tree of layers.
///
/// Every StoryKit effect model returns a `LayerScene`. The UIKit front-end applies it to `CALayer`s;
/// the StoryRender compositor rasterises it, so that a golden image shows exactly what Core
/// Animation is told to show. A scene is plain data: `Codable` to a documented JSON format
/// (see the README), so it can be hand-written, generated, stored next to a golden image, or
/// rendered with `storykit render scene.json`.
///
/// ```swift
/// let scene = LayerScene(size: Size(width: 390, height: 844), backgroundColor: .black,
///                   layers: [Layer(name: "card", frame: Rect(x: 20, y: 100, width: 350, height: 500))])
/// ```
public struct LayerScene: Sendable, Hashable {
    /// The visible area, in points, with the origin at the top-left corner.
    public var size: Size
    /// The colour under every layer; `nil` leaves the frame transparent.
    public var backgroundColor: RGBAColor?
    /// The top-level layers, in the scene's coordinates (as sublayers of a window's root layer).
    public var layers: [Layer]

    /// Creates a scene.
    public init(size: Size, backgroundColor: RGBAColor? = nil, layers: [Layer] = []) {
        self.size = size
        self.backgroundColor = backgroundColor
        self.layers = layers
    }
}

// MARK: - LayerScene + Codable

extension LayerScene: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable { case size, backgroundColor, layers }

    /// Decodes a scene; `size` is required, `backgroundColor` and `layers` optional.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(size: c.decode(Size.self, forKey: .size),
                      backgroundColor: c.decodeIfPresent(RGBAColor.self, forKey: .backgroundColor),
                      layers: c.decodeIfPresent([Layer].self, forKey: .layers) ?? [])
    }

    /// Encodes the scene with its layers' non-default properties.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(size, forKey: .size)
        try c.encodeIfPresent(backgroundColor, forKey: .backgroundColor)
        if !layers.isEmpty { try c.encode(layers, forKey: .layers) }
    }
}
