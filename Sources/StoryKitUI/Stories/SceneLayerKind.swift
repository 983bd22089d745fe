import StoryKit

// MARK: - SceneLayerKind

/// Which Core Animation class draws a scene ``StoryKit/Layer`` in ``SceneLayersView``: one class
/// per layer, as Core Animation has it.
///
/// A gradient wins over a shape (a `CAGradientLayer` cannot stroke a path), a shape over text; a
/// layer with none of them is a plain `CALayer`. Image contents go on whichever class it is (`CALayer.contents`); what the
/// chosen class cannot draw (text under a gradient or shape, blur) is left to views of their own,
/// as ``SceneLayersView`` says.
package enum SceneLayerKind: Sendable, Hashable, CaseIterable {
    /// A `CALayer`: geometry, background, border, corners, shadow.
    case plain
    /// A `CAGradientLayer`: the layer's ``StoryKit/Layer/gradient``.
    case gradient
    /// A `CAShapeLayer`: the layer's ``StoryKit/Layer/shape`` path, fill and solid stroke.
    case shape
    /// A `CATextLayer`: the layer's ``StoryKit/Layer/text`` (see ``SceneTextPlan``).
    case text

    /// The class for `layer`.
    package init(_ layer: Layer) {
        if layer.gradient != nil {
            self = .gradient
        } else if layer.shape != nil {
            self = .shape
        } else if layer.text != nil {
            self = .text
        } else {
            self = .plain
        }
    }
}

// MARK: - SceneLayerKind + matching

extension SceneLayerKind {
    /// What ``SceneLayersView`` does at one place of a sublayer list (or a mask) to draw a layer.
    package enum Step: Sendable, Hashable {
        /// The Core Animation layer already there is of the right class: set its properties.
        case keep
        /// The layer there is of another class: replace it with a new one of this class.
        case replace(SceneLayerKind)
        /// Nothing is there yet: add a new layer of this class.
        case add(SceneLayerKind)
    }

    /// How to turn Core Animation layers of the classes `existing` (back to front) into `layers`:
    /// one step per layer, matched by place, and the places past the end of `layers`, whose
    /// layers go.
    ///
    /// - Parameters:
    ///   - existing: The classes of the sublayers there now (or of the mask, as one element).
    ///   - layers: The scene layers to draw there.
    /// - Returns: The steps, one per element of `layers`, and the range of `existing` to remove.
    package static func steps(existing: [SceneLayerKind], for layers: [Layer]) -> (steps: [Step], removed: Range<Int>) {
        let steps = layers.enumerated().map { index, layer -> Step in
            let kind = SceneLayerKind(layer)
            guard existing.indices.contains(index) else { return .add(kind) }
            return existing[index] == kind ? .keep : .replace(kind)
        }
        return (steps, Swift.min(layers.count, existing.count)..<existing.count)
    }
}
