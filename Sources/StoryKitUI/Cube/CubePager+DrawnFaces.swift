import StoryKit

// MARK: - CubePager.Layout + Drawn faces

extension CubePager.Layout {
    /// The faces that show something, leading first: the layout's faces less any turned a whole
    /// page away (`|offset| ≥ 1`).
    ///
    /// At rest on page `p` the model's layout also names page `p + 1`, at offset 1: edge-on for
    /// the cube, a full width off screen for the slide, fully transparent for the cross-fade.
    /// Such a face covers no pixel, so the front-end does not ask for its view, and at rest
    /// exactly one page view exists.
    var drawnFaces: [CubePager.Face] {
        [leading, trailing].compactMap { face in face.flatMap { abs($0.offset) < 1 ? $0 : nil } }
    }
}

extension CubePager.Face {
    /// Whether this face is the one the user is looking at (`|offset| < 0.5`): it alone takes
    /// touches and exposes its content to VoiceOver, so that a half-turned neighbour never
    /// catches a tap meant for the page in front.
    var isFrontmost: Bool { abs(offset) < 0.5 }
}
