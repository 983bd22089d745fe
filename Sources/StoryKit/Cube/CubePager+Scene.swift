import MotionCore
import RealModule

// MARK: - CubePager + Scene

extension CubePager {
    /// The frame to draw at the current ``position``: a container layer holding a face per
    /// visible page.
    ///
    /// The scene is ``pageSize`` large, with a black background. Its one layer, `"cube"`, fills
    /// it and, for ``Transition/cube``, carries `sublayerTransform = .perspective(eyeDistance:
    /// perspectiveDistance)` (applied about its centre, as Core Animation does). Only the page at
    /// `floor(position)` and the next one are drawn, and only those that exist. Each face:
    /// - `name` `"page <index>"`, bounds = the page, position = the page centre, a black
    ///   background under ``ImageContents`` from `pageContents` (black while a page has none);
    /// - **cube**: with `d = index − position` (pages) and `θ = d · 90°`, `transform =
    ///   T(0, 0, W/2) · R(θ about y) · T(0, 0, −W/2)` (the first acts first): a turn about the
    ///   cube's vertical centre axis, half a width behind the screen. A positive angle moves +x
    ///   away from the viewer, so as the position grows the current face turns away to the left
    ///   and the next one arrives from the right, the two joined along their shared edge.
    ///   `isDoubleSided = false`, and the shared edge is left out of `antialiasedEdges` (the left
    ///   face loses `.right`, the right face `.left`) so it shows no seam. A black sublayer
    ///   `"shading"` has opacity `shadingStrength · min(|d|, 1)`: the leaving face darkens, the
    ///   arriving one lightens (Instagram's look);
    /// - **slide**: `transform` is a translation by `d · W`, no shading;
    /// - **crossFade**: faces in place, the later one on top with opacity `1 − |d|`; the earlier
    ///   one stays opaque when the later one is drawn over it (so the mid-point does not dim),
    ///   else it gets `1 − |d|` too (rubber-banding).
    ///
    /// With no pages or an unusable page size the scene has no layers (and size zero when the
    /// page size is unusable).
    ///
    /// - Parameter pageContents: The image of page `index`, or `nil` for a black face; called
    ///   only for the visible pages (at most two), never stored.
    /// - Returns: The scene for StoryRender or the UIKit front-end.
    public func scene(pageContents: (Int) -> ImageContents?) -> Scene {
        guard hasUsableSize else { return Scene(size: .zero, backgroundColor: .black) }
        guard pageCount > 0 else { return Scene(size: pageSize, backgroundColor: .black) }
        let width = pageSize.width, height = pageSize.height
        let bounds = Rect(x: 0, y: 0, width: width, height: height)
        let centre = Point(x: width / 2, y: height / 2)
        let first = Int(position.rounded(.down).clamped(to: -1...Double(lastIndex)))
        var faces: [Layer] = []
        faces.reserveCapacity(2)
        for index in first...(first + 1) where index >= 0 && index < pageCount {
            let hasLeftNeighbour = index == first + 1 && first >= 0
            let hasRightNeighbour = index == first && first + 1 < pageCount
            faces.append(face(index: index, bounds: bounds, centre: centre, contents: pageContents(index),
                              joinedLeft: hasLeftNeighbour, joinedRight: hasRightNeighbour))
        }
        let perspective: Transform3D = configuration.transition == .cube
            ? .perspective(eyeDistance: configuration.perspectiveDistance) : .identity
        let container = Layer(name: "cube", bounds: bounds, position: centre,
                              sublayerTransform: perspective, sublayers: faces)
        return Scene(size: pageSize, backgroundColor: .black, layers: [container])
    }

    /// The transform of the cube face for page offset `offset` (`index − position`, in pages) on
    /// a page `width` points wide, applied about the face's centre.
    ///
    /// `T(0, 0, W/2) · R(offset · π/2 about y) · T(0, 0, −W/2)`: the face turns about the axis
    /// half a width behind the screen, so faces `offset` and `offset + 1` share an edge.
    ///
    /// - Parameters:
    ///   - offset: Pages from the front; 0 faces the viewer, ±1 is edge-on. Non-finite gives
    ///     ``Transform3D/identity``.
    ///   - width: The page width, in points; non-finite gives ``Transform3D/identity``.
    /// - Returns: The face's `transform`.
    public static func cubeFaceTransform(offset: Double, width: Double) -> Transform3D {
        guard offset.isFinite, width.isFinite else { return .identity }
        let half = width / 2
        return Transform3D(translationX: 0, y: 0, z: half)
            .concatenating(Transform3D(rotationAngle: offset * Double.pi / 2, axis: Vector3(x: 0, y: 1, z: 0)))
            .concatenating(Transform3D(translationX: 0, y: 0, z: -half))
    }

    /// One face layer for page `index`.
    private func face(index: Int, bounds: Rect, centre: Point, contents: ImageContents?,
                      joinedLeft: Bool, joinedRight: Bool) -> Layer {
        let offset = Double(index) - position
        var layer = Layer(name: "page \(index)", bounds: bounds, position: centre,
                          backgroundColor: .black, contents: contents)
        switch configuration.transition {
        case .cube:
            layer.transform = Self.cubeFaceTransform(offset: offset, width: bounds.width)
            layer.isDoubleSided = false
            if joinedLeft { layer.antialiasedEdges.remove(.left) }
            if joinedRight { layer.antialiasedEdges.remove(.right) }
            let shading = configuration.shadingStrength * Swift.min(abs(offset), 1)
            layer.sublayers = [Layer(name: "shading", bounds: bounds, position: centre,
                                     opacity: shading, backgroundColor: .black)]
        case .slide:
            layer.transform = Transform3D(translationX: offset * bounds.width, y: 0)
            if joinedLeft { layer.antialiasedEdges.remove(.left) }
            if joinedRight { layer.antialiasedEdges.remove(.right) }
        case .crossFade:
            layer.opacity = joinedRight ? 1 : Swift.max(0, 1 - abs(offset))
        }
        return layer
    }
}
