import MotionCore
import StoryKit

extension Layer {
    /// A layer filling `frame` in its superlayer, then adjusted by `configure` (test shorthand).
    static func framed(_ name: String, _ frame: Rect, _ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        var layer = Layer(name: name, frame: frame)
        configure(&layer)
        return layer
    }
}
