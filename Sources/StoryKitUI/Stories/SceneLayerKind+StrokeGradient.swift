import StoryKit

// MARK: - SceneLayerKind + Stroke gradient

extension SceneLayerKind {
    /// Whether ``SceneLayersView`` paints `layer`'s stroke with a `CAGradientLayer` masked by the
    /// stroked path (Core Animation has no gradient stroke): a layer drawn as a `CAShapeLayer`
    /// whose shape has a ``StoryKit/ShapeContents/strokeGradient`` and a positive, finite line
    /// width. The shape layer then strokes nothing itself, as the gradient overrides
    /// ``StoryKit/ShapeContents/strokeColor``.
    package static func drawsStrokeGradient(_ layer: Layer) -> Bool {
        guard SceneLayerKind(layer) == .shape, let shape = layer.shape, let gradient = shape.strokeGradient else { return false }
        return !gradient.colors.isEmpty && shape.lineWidth > 0 && shape.lineWidth.isFinite
    }
}
