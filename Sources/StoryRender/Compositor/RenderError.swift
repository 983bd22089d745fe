import StoryKit

/// Why a ``Renderer`` could not draw a scene.
///
/// Every case describes itself in one line naming the problem, so the command line can print it
/// as is.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scene failed `LayerScene.validationErrors()` (StoryKit): a non-positive size, or NaN or
    /// infinite numbers somewhere. Carries every problem found, in document order.
    case invalidScene([SceneError])
    /// A layer's contents name an image that the renderer was not given.
    ///
    /// - `name`: the missing image name; `layer`: the layer's name, or its path such as
    ///   `layers[0] > sublayers[1]` when it has none.
    case missingImage(name: String, layer: String)
    /// The scale is zero, negative, NaN or infinite.
    case invalidScale(Double)
    /// The frame would be larger than ``Renderer/maximumPixelCount`` pixels or wider or higher
    /// than ``Renderer/maximumDimension``; the size asked for, in pixels (saturated).
    case tooLarge(width: Int, height: Int)

    /// One line: what is wrong and where.
    public var description: String {
        switch self {
        case .invalidScene(let errors):
            let first = errors.first.map(\.description) ?? "unknown problem"
            return errors.count > 1 ? "invalid scene: \(first) (and \(errors.count - 1) more)" : "invalid scene: \(first)"
        case .missingImage(let name, let layer):
            return "missing image \"\(name)\" for layer \(layer)"
        case .invalidScale(let scale):
            return "invalid scale \(scale): it must be positive and finite"
        case .tooLarge(let width, let height):
            return "frame of \(width)×\(height) pixels is too large (at most \(Renderer.maximumDimension) per side and \(Renderer.maximumPixelCount) pixels)"
        }
    }
}
