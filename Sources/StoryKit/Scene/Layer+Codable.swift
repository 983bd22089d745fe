import MotionCore

// MARK: - Layer + Codable

extension Layer: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case name, bounds, position, anchorPoint, zPosition, transform, sublayerTransform, opacity
        case isHidden, isDoubleSided, masksToBounds, cornerRadius, cornerCurve, backgroundColor
        case borderWidth, borderColor, contents, gradient, shape, text, antialiasedEdges, blurRadius, sublayers
        case maskedCorners, shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath, mask
        case frame
    }

    /// Decodes a layer; every key is optional and takes `CALayer`'s default when absent.
    ///
    /// A `frame` key (`{"origin": …, "size": …}`) may stand in for `bounds` and `position`, as
    /// setting `CALayer.frame` does; explicit `bounds` or `position` keys win over it.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Layer()
        var base = defaults
        if let frame = try c.decodeIfPresent(Rect.self, forKey: .frame) {
            base = Layer(frame: frame)
        }
        self.init(
            name: try c.decodeIfPresent(String.self, forKey: .name),
            bounds: try c.decodeIfPresent(Rect.self, forKey: .bounds) ?? base.bounds,
            position: try c.decodeIfPresent(Point.self, forKey: .position) ?? base.position,
            anchorPoint: try c.decodeIfPresent(Point.self, forKey: .anchorPoint) ?? defaults.anchorPoint,
            zPosition: try c.decodeIfPresent(Double.self, forKey: .zPosition) ?? 0,
            transform: try c.decodeIfPresent(Transform3D.self, forKey: .transform) ?? .identity,
            sublayerTransform: try c.decodeIfPresent(Transform3D.self, forKey: .sublayerTransform) ?? .identity,
            opacity: try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1,
            isHidden: try c.decodeIfPresent(Bool.self, forKey: .isHidden) ?? false,
            isDoubleSided: try c.decodeIfPresent(Bool.self, forKey: .isDoubleSided) ?? true,
            masksToBounds: try c.decodeIfPresent(Bool.self, forKey: .masksToBounds) ?? false,
            cornerRadius: try c.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? 0,
            cornerCurve: try c.decodeIfPresent(CornerCurve.self, forKey: .cornerCurve) ?? .circular,
            backgroundColor: try c.decodeIfPresent(RGBAColor.self, forKey: .backgroundColor),
            borderWidth: try c.decodeIfPresent(Double.self, forKey: .borderWidth) ?? 0,
            borderColor: try c.decodeIfPresent(RGBAColor.self, forKey: .borderColor) ?? .black,
            contents: try c.decodeIfPresent(ImageContents.self, forKey: .contents),
            gradient: try c.decodeIfPresent(ColorGradient.self, forKey: .gradient),
            shape: try c.decodeIfPresent(ShapeContents.self, forKey: .shape),
            text: try c.decodeIfPresent(TextContents.self, forKey: .text),
            antialiasedEdges: try c.decodeIfPresent(Edges.self, forKey: .antialiasedEdges) ?? .all,
            blurRadius: try c.decodeIfPresent(Double.self, forKey: .blurRadius) ?? 0,
            sublayers: try c.decodeIfPresent([Layer].self, forKey: .sublayers) ?? [])
        maskedCorners = try c.decodeIfPresent(Corners.self, forKey: .maskedCorners) ?? defaults.maskedCorners
        shadowColor = try c.decodeIfPresent(RGBAColor.self, forKey: .shadowColor) ?? defaults.shadowColor
        shadowOpacity = try c.decodeIfPresent(Double.self, forKey: .shadowOpacity) ?? defaults.shadowOpacity
        shadowOffset = try c.decodeIfPresent(Size.self, forKey: .shadowOffset) ?? defaults.shadowOffset
        shadowRadius = try c.decodeIfPresent(Double.self, forKey: .shadowRadius) ?? defaults.shadowRadius
        shadowPath = try c.decodeIfPresent(ShapePath.self, forKey: .shadowPath)
        mask = try c.decodeIfPresent(Layer.self, forKey: .mask)
    }

    /// Encodes the layer, leaving out every property that has its default, so written scenes
    /// stay as short as hand-written ones.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let d = Layer()
        try c.encodeIfPresent(name, forKey: .name)
        if bounds != d.bounds { try c.encode(bounds, forKey: .bounds) }
        if position != d.position { try c.encode(position, forKey: .position) }
        if anchorPoint != d.anchorPoint { try c.encode(anchorPoint, forKey: .anchorPoint) }
        if zPosition != 0 { try c.encode(zPosition, forKey: .zPosition) }
        if transform != .identity { try c.encode(transform, forKey: .transform) }
        if sublayerTransform != .identity { try c.encode(sublayerTransform, forKey: .sublayerTransform) }
        if opacity != 1 { try c.encode(opacity, forKey: .opacity) }
        if isHidden { try c.encode(isHidden, forKey: .isHidden) }
        if !isDoubleSided { try c.encode(isDoubleSided, forKey: .isDoubleSided) }
        if masksToBounds { try c.encode(masksToBounds, forKey: .masksToBounds) }
        if cornerRadius != 0 { try c.encode(cornerRadius, forKey: .cornerRadius) }
        if cornerCurve != .circular { try c.encode(cornerCurve, forKey: .cornerCurve) }
        try c.encodeIfPresent(backgroundColor, forKey: .backgroundColor)
        if borderWidth != 0 { try c.encode(borderWidth, forKey: .borderWidth) }
        if borderColor != d.borderColor { try c.encode(borderColor, forKey: .borderColor) }
        try c.encodeIfPresent(contents, forKey: .contents)
        try c.encodeIfPresent(gradient, forKey: .gradient)
        try c.encodeIfPresent(shape, forKey: .shape)
        try c.encodeIfPresent(text, forKey: .text)
        if antialiasedEdges != .all { try c.encode(antialiasedEdges, forKey: .antialiasedEdges) }
        if blurRadius != 0 { try c.encode(blurRadius, forKey: .blurRadius) }
        if maskedCorners != d.maskedCorners { try c.encode(maskedCorners, forKey: .maskedCorners) }
        if shadowColor != d.shadowColor { try c.encode(shadowColor, forKey: .shadowColor) }
        if shadowOpacity != d.shadowOpacity { try c.encode(shadowOpacity, forKey: .shadowOpacity) }
        if shadowOffset != d.shadowOffset { try c.encode(shadowOffset, forKey: .shadowOffset) }
        if shadowRadius != d.shadowRadius { try c.encode(shadowRadius, forKey: .shadowRadius) }
        try c.encodeIfPresent(shadowPath, forKey: .shadowPath)
        try c.encodeIfPresent(mask, forKey: .mask)
        if !sublayers.isEmpty { try c.encode(sublayers, forKey: .sublayers) }
    }
}
