import MotionCore
import RealModule

// MARK: - CubePager + LayerScene

extension CubePager {
    /// The frame to draw at the current ``position``, in the page's points: a container layer
    /// holding a face per visible page, built from ``layout``.
    ///
    /// The one layer, `"cube"`, fills the page and carries ``Layout/sublayerTransform`` (the
    /// perspective for ``Transition/cube``, applied about its centre, as Core Animation does).
    /// Each visible ``Face`` is a sublayer named `"page <index>"`, leading first, with bounds =
    /// the page, position = the page centre, a black background under the ``ImageContents``
    /// from `pageContents` (black while a page has none), and the face's transform, opacity,
    /// double-sidedness and anti-aliased edges. A cube face has a black sublayer `"shading"`
    /// with the face's shading opacity.
    ///
    /// With no pages or an unusable page size there are no layers. The drawing depends on the
    /// time only through ``advance(to:)``, so it takes none.
    ///
    /// - Parameter pageContents: The image of page `index`, or `nil` for a black face; called
    ///   only for the visible pages (at most two), never stored.
    /// - Returns: The layers, in the page's coordinates, for StoryRender or the UIKit front-end.
    public func layers(pageContents: (Int) -> ImageContents?) -> [Layer] {
        guard hasUsableSize, pageCount > 0 else { return [] }
        let layout = self.layout
        let bounds = Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height)
        let centre = Point(x: pageSize.width / 2, y: pageSize.height / 2)
        var faces: [Layer] = []
        faces.reserveCapacity(2)
        for face in [layout.leading, layout.trailing].compactMap({ $0 }) {
            var layer = Layer(name: "page \(face.index)", bounds: bounds, position: centre,
                              transform: face.transform, opacity: face.opacity,
                              backgroundColor: .black, contents: pageContents(face.index))
            layer.isDoubleSided = face.isDoubleSided
            layer.antialiasedEdges = face.antialiasedEdges
            if configuration.transition == .cube {
                layer.sublayers = [Layer(name: "shading", bounds: bounds, position: centre,
                                         opacity: face.shadingOpacity, backgroundColor: .black)]
            }
            faces.append(layer)
        }
        return [Layer(name: "cube", bounds: bounds, position: centre,
                      sublayerTransform: layout.sublayerTransform, sublayers: faces)]
    }

    /// The frame as a whole scene: ``layers(pageContents:)`` on a black background,
    /// ``pageSize`` large (size zero when the page size is unusable).
    ///
    /// - Parameter pageContents: The image of page `index`, or `nil` for a black face.
    /// - Returns: The scene for StoryRender or the UIKit front-end.
    public func scene(pageContents: (Int) -> ImageContents?) -> LayerScene {
        LayerScene(size: hasUsableSize ? pageSize : .zero, backgroundColor: .black, layers: layers(pageContents: pageContents))
    }
}
