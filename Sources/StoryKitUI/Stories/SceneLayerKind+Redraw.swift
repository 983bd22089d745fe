import StoryKit

// MARK: - SceneLayerKind + Redraw

extension SceneLayerKind {
    /// One place of a sublayer list that ``SceneLayersView`` draws again.
    package struct Redraw: Sendable, Hashable {
        /// The place, in the new layers (back to front).
        package var index: Int
        /// What to do with the Core Animation layer there.
        package var step: Step
        /// The sublayers last drawn at this place (empty when its layer is new or replaced): what
        /// its own sublayers are matched against.
        package var previous: [Layer]

        /// The place `index`, drawn by `step`, its sublayers matched against `previous`.
        package init(index: Int, step: Step, previous: [Layer]) {
            self.index = index
            self.step = step
            self.previous = previous
        }
    }

    /// Which places of a sublayer list to draw again: ``steps(existing:for:)`` without the places
    /// whose layer, kept, equals the one last drawn there (`previous`) while the images are the
    /// same. Core Animation keeps those as they are, their sublayers too, so a page whose bar
    /// fills every frame sets the bar's properties and not the captions' or the areas' text.
    ///
    /// - Parameters:
    ///   - existing: The classes of the sublayers there now.
    ///   - layers: The scene layers to draw there.
    ///   - previous: The scene layers drawn there last (the view's own, so `existing` is theirs).
    ///   - sameImages: Whether the image table is the one they were drawn with (a new one may
    ///     change any layer's picture: every place is drawn again).
    /// - Returns: The places to draw, back to front, and the range of `existing` to remove.
    package static func redraws(existing: [SceneLayerKind], for layers: [Layer], previous: [Layer],
                                sameImages: Bool) -> (redraws: [Redraw], removed: Range<Int>) {
        let (steps, removed) = steps(existing: existing, for: layers)
        let redraws = zip(layers, steps).enumerated().compactMap { index, pair -> Redraw? in
            let (layer, step) = pair
            let before = step == .keep && previous.indices.contains(index) ? previous[index] : nil
            if sameImages, before == layer { return nil }
            return Redraw(index: index, step: step, previous: before?.sublayers ?? [])
        }
        return (redraws, removed)
    }
}
