import MotionCore

/// One layer of a scene description: what Core Animation is told to draw, and what the
/// compositor draws.
///
/// The properties are `CALayer`'s, with the same meaning and defaults:
/// - Geometry: the layer occupies ``bounds`` in its own coordinates; its ``anchorPoint`` (unit
///   coordinates of the bounds) sits at ``position`` in the superlayer's coordinates, lifted by
///   ``zPosition``; ``transform`` applies about the anchor point. A sublayer's position is
///   measured from its superlayer's `bounds.origin`, and the superlayer's ``sublayerTransform``
///   applies to all sublayers about the superlayer's anchor point.
/// - Order: sublayers draw in array order, re-sorted by ``zPosition`` (stable). With
///   ``isDoubleSided`` false, a layer whose back faces the viewer is not drawn.
/// - Appearance, back to front: the shadow (when ``shadowOpacity`` is above 0), then
///   ``backgroundColor``, ``contents`` (an image), ``gradient``, ``shape``, ``text``, then
///   sublayers, then the ``borderWidth`` border on top; all clipped to the rounded bounds when
///   ``masksToBounds`` is set (``cornerRadius``, ``cornerCurve`` and ``maskedCorners`` round the
///   background and border even without it). ``opacity`` applies to the flattened layer and its
///   sublayers as a group; ``blurRadius`` blurs that group; a ``mask`` layer's alpha multiplies it.
///
/// ```swift
/// var face = Layer(name: "face-1", bounds: Rect(x: 0, y: 0, width: 390, height: 844),
///                  position: Point(x: 195, y: 422))
/// face.contents = ImageContents(image: "alice.jpg", gravity: .resizeAspectFill)
/// face.transform = Transform3D(rotationAngle: -.pi / 4, axis: Vector3(x: 0, y: 1, z: 0))
/// face.isDoubleSided = false
/// ```
public struct Layer: Sendable, Hashable {
    /// The shape of a rounded corner (`CALayerCornerCurve`).
    public enum CornerCurve: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// A quarter circle of ``Layer/cornerRadius``.
        case circular
        /// Apple's continuous ("squircle") corner: the curvature ramps up smoothly, and the
        /// rounding starts about 1.528 × the radius from the corner, as on iPhone screens.
        case continuous
    }

    /// A name for debugging, error messages and golden-file names.
    public var name: String?
    /// The layer's own coordinate space: origin and size, in points. Default zero.
    public var bounds: Rect
    /// Where the anchor point sits in the superlayer's coordinates, in points. Default (0, 0).
    public var position: Point
    /// The point of the bounds that ``position`` refers to and ``transform`` turns about, in unit
    /// coordinates of the bounds. Default (0.5, 0.5), the centre.
    public var anchorPoint: Point
    /// Distance toward the viewer in points, added to the position's z; also the primary key of
    /// the drawing order among siblings. Default 0.
    public var zPosition: Double
    /// The layer's 3D transform, about its anchor point. Default identity.
    public var transform: Transform3D
    /// A transform applied to every sublayer, about this layer's anchor point (usually the
    /// perspective of a 3D container). Default identity.
    public var sublayerTransform: Transform3D
    /// Opacity of the layer and its sublayers as one group, 0…1. Default 1.
    public var opacity: Double
    /// Whether the layer and its sublayers are skipped. Default false.
    public var isHidden: Bool
    /// Whether the back of the layer is drawn when it faces the viewer. Default true.
    public var isDoubleSided: Bool
    /// Whether sublayers and contents are clipped to the (rounded) bounds. Default false.
    public var masksToBounds: Bool
    /// Corner radius in points for the background, border and the clip. Default 0.
    public var cornerRadius: Double
    /// The corner shape. Default ``CornerCurve/circular``.
    public var cornerCurve: CornerCurve
    /// The fill behind everything else; `nil` draws none.
    public var backgroundColor: RGBAColor?
    /// Width of the border drawn inside the bounds on top of everything, in points. Default 0.
    public var borderWidth: Double
    /// The border colour. Default opaque black, as `CALayer`.
    public var borderColor: RGBAColor
    /// An image drawn over the background.
    public var contents: ImageContents?
    /// A gradient filling the bounds, as a `CAGradientLayer`.
    public var gradient: ColorGradient?
    /// Vector contents, as a `CAShapeLayer`.
    public var shape: ShapeContents?
    /// Text laid out in the bounds, as a `CATextLayer`; drawn over the shape.
    public var text: TextContents?
    /// The edges drawn anti-aliased when the layer is transformed (`CALayer.edgeAntialiasingMask`
    /// with `allowsEdgeAntialiasing` on). Default all four; leave out an edge shared with an
    /// adjacent layer so the seam has no gap. The UIKit front-end sets the same on its layers.
    public var antialiasedEdges: Edges
    /// Gaussian blur of the flattened layer, standard deviation in points (as `CIGaussianBlur`'s
    /// `inputRadius`). Default 0, no blur.
    public var blurRadius: Double
    /// Which corners ``cornerRadius`` rounds (`CALayer.maskedCorners`). Default all four.
    public var maskedCorners: Corners = .all
    /// The shadow's colour (`CALayer.shadowColor`). Default opaque black.
    public var shadowColor: RGBAColor = .black
    /// The shadow's opacity, 0…1 (`CALayer.shadowOpacity`). Default 0: no shadow.
    public var shadowOpacity: Double = 0
    /// How far the shadow is moved from the layer, in points, in the layer's coordinates
    /// (`CALayer.shadowOffset`; y down, so the default (0, −3) casts it 3 points up, as on iOS).
    public var shadowOffset: Size = Size(width: 0, height: -3)
    /// The shadow's blur in points (`CALayer.shadowRadius`): the shape is blurred with a
    /// Gaussian whose standard deviation is this radius. Default 3; 0 gives a hard shadow.
    public var shadowRadius: Double = 3
    /// The shadow's shape in the layer's coordinates (`CALayer.shadowPath`), filled with the
    /// non-zero rule; `nil` (the default) casts the shadow of the layer's own alpha, sublayers
    /// included.
    public var shadowPath: ShapePath?
    /// The layers drawn inside this one.
    public var sublayers: [Layer]
    /// A layer whose alpha masks this one (`CALayer.mask`); `nil` (the default) masks nothing.
    ///
    /// As in Core Animation, the mask lives in this layer's own coordinate space, placed like a
    /// sublayer: its ``position`` is measured from this layer's `bounds.origin` and it moves,
    /// turns and scales with this layer (this layer's ``sublayerTransform`` does not apply to it).
    /// Only its alpha counts, with its opacity, sublayers and everything else it draws; its
    /// colours are ignored. The whole flattened layer (background, contents, sublayers, border
    /// and shadow) is multiplied by that alpha, so where the mask draws nothing the layer shows
    /// nothing, and a hidden mask hides the layer. A mask may have a mask of its own, as in Core
    /// Animation; masks and sublayers together nest at most ``LayerScene/maximumLayerDepth`` deep.
    public var mask: Layer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }
    /// The storage of ``mask``: none or one layer (an array boxes the recursive value).
    private var maskStorage: [Layer] = []

    /// Creates a layer; every parameter has `CALayer`'s default.
    public init(name: String? = nil, bounds: Rect = .zero, position: Point = .zero,
                anchorPoint: Point = Point(x: 0.5, y: 0.5), zPosition: Double = 0,
                transform: Transform3D = .identity, sublayerTransform: Transform3D = .identity,
                opacity: Double = 1, isHidden: Bool = false, isDoubleSided: Bool = true,
                masksToBounds: Bool = false, cornerRadius: Double = 0, cornerCurve: CornerCurve = .circular,
                backgroundColor: RGBAColor? = nil, borderWidth: Double = 0, borderColor: RGBAColor = .black,
                contents: ImageContents? = nil, gradient: ColorGradient? = nil, shape: ShapeContents? = nil,
                text: TextContents? = nil, antialiasedEdges: Edges = .all, blurRadius: Double = 0, sublayers: [Layer] = []) {
        self.name = name
        self.bounds = bounds
        self.position = position
        self.anchorPoint = anchorPoint
        self.zPosition = zPosition
        self.transform = transform
        self.sublayerTransform = sublayerTransform
        self.opacity = opacity
        self.isHidden = isHidden
        self.isDoubleSided = isDoubleSided
        self.masksToBounds = masksToBounds
        self.cornerRadius = cornerRadius
        self.cornerCurve = cornerCurve
        self.backgroundColor = backgroundColor
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.contents = contents
        self.gradient = gradient
        self.shape = shape
        self.text = text
        self.antialiasedEdges = antialiasedEdges
        self.blurRadius = blurRadius
        self.sublayers = sublayers
    }

    /// Creates a layer that fills `frame` in its superlayer (bounds at the origin, centred anchor),
    /// as setting `CALayer.frame` on an untransformed layer does.
    public init(name: String? = nil, frame: Rect) {
        let f = frame.standardized
        self.init(name: name, bounds: Rect(x: 0, y: 0, width: f.width, height: f.height),
                  position: f.center)
    }

    /// The matrix that maps this layer's bounds coordinates into its superlayer's coordinates
    /// (before the superlayer's ``sublayerTransform``): anchor to origin, ``transform``, then to
    /// ``position`` lifted by ``zPosition``.
    public var matrixToSuperlayer: Transform3D {
        Transform3D.layer(position: position, anchorPoint: anchorPoint, bounds: bounds,
                          transform: transform, zPosition: zPosition)
    }
}
