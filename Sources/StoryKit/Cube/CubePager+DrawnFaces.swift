// MARK: - CubePager.Layout + Drawn faces

extension CubePager.Layout {
    /// The faces to draw, leading first (trailing draws over it): one at rest, two mid-turn.
    package var drawnFaces: [CubePager.Face] {
        [leading, trailing].compactMap { $0 }
    }
}
