import StoryKit

// MARK: - SceneLayerKind

/// Which Core Animation class draws a scene ``StoryKit/Layer`` in ``SceneLayersView``: one class
/// per layer, as Core Animation has it.
///
/// A gradient wins over a shape (a `CAGradientLayer` cannot stroke a path); a layer with neither is
/// a plain `CALayer`. What the chosen class cannot draw (a shape's `strokeGradient`, image
/// contents, text, blur) is left to views of their own, as ``SceneLayersView`` says.
package enum SceneLayerKind: Sendable, Hashable, CaseIterable {
    /// A `CALayer`: geometry, background, border, corners, shadow.
    case plain
    /// A `CAGradientLayer`: the layer's ``StoryKit/Layer/gradient``.
    case gradient
    /// A `CAShapeLayer`: the layer's ``StoryKit/Layer/shape`` path, fill and solid stroke.
    case shape

    /// The class for `layer`.
    package init(_ layer: Layer) {
        if layer.gradient != nil {
            self = .gradient
        } else if layer.shape != nil {
            self = .shape
        } else {
            self = .plain
        }
    }
}
