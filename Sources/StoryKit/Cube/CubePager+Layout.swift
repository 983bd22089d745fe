import MotionCore

// MARK: - CubePager + Layout

extension CubePager {
    /// Where one visible page is drawn: the properties a front-end sets on that page's layer.
    ///
    /// Everything is relative to a page-sized container whose `sublayerTransform` is
    /// ``Layout/sublayerTransform``; the face's layer has the page's bounds, sits at the page
    /// centre, and turns about its centre (anchor point (0.5, 0.5)).
    public struct Face: Sendable, Hashable {
        /// The page shown on this face, in `0..<pageCount`.
        public var index: Int
        /// `index − position`, in pages: 0 faces the viewer, −1 has turned away to the left,
        /// +1 is arriving from the right (mirrored under ``StoryLayoutDirection/rightToLeft``).
        public var offset: Double
        /// The layer's `transform`, about its centre (see ``CubePager/cubeFaceTransform(offset:width:)``).
        public var transform: Transform3D
        /// The layer's `opacity`, 0…1 (below 1 only for the cross-fade).
        public var opacity: Double
        /// The opacity of a black overlay above the page's content, 0…1: the cube's shading,
        /// 0 for the slide and the cross-fade.
        public var shadingOpacity: Double
        /// The edges drawn anti-aliased (`edgeAntialiasingMask`): the edge shared with the other
        /// visible face is left out, so the seam shows no gap.
        public var antialiasedEdges: Layer.Edges
        /// Whether the back of the face is drawn (`isDoubleSided`): false for the cube, so a
        /// face turned past edge-on disappears.
        public var isDoubleSided: Bool
    }

    /// The placement of the visible faces at the current ``position``: what to draw, with no
    /// allocation, for front-ends that own one view per page.
    ///
    /// ``CubePager/scene(pageContents:)`` builds its layers from this. Draw ``leading`` first and
    /// ``trailing`` over it.
    public struct Layout: Sendable, Hashable {
        /// The container's `sublayerTransform`, applied about its centre: the cube's
        /// perspective (`m34 = −1 / perspectiveDistance`), identity for the slide and cross-fade.
        public var sublayerTransform: Transform3D
        /// The face of page `floor(position)`, if that page exists.
        public var leading: Face?
        /// The face of page `floor(position) + 1`, if that page exists and the cube is not at
        /// rest on page `floor(position)`; drawn over ``leading``.
        public var trailing: Face?

        /// The face the user is looking at: the one nearest to facing the viewer (the trailing
        /// one from exactly half way); it alone should take touches and be read by VoiceOver.
        public var front: Face? {
            guard let leading else { return trailing }
            guard let trailing else { return leading }
            return abs(leading.offset) < abs(trailing.offset) ? leading : trailing
        }

        /// The indices of the visible pages, leading first (none when there are no pages).
        public var visibleIndices: ClosedRange<Int>? {
            switch (leading, trailing) {
            case let (l?, t?): l.index...t.index
            case let (l?, nil): l.index...l.index
            case let (nil, t?): t.index...t.index
            case (nil, nil): nil
            }
        }

        /// Whether page `index` is drawn.
        public func contains(_ index: Int) -> Bool {
            leading?.index == index || trailing?.index == index
        }

        /// The face of page `index`, if it is visible.
        public func face(_ index: Int) -> Face? {
            if leading?.index == index { return leading }
            if trailing?.index == index { return trailing }
            return nil
        }
    }

    /// The visible faces at the current ``position`` and how to place them.
    ///
    /// Only the page at `floor(position)` and the next are visible, and only those that exist;
    /// at rest on a page only that page; with no pages or an unusable page size none. For each face, with `d = index −
    /// position` (pages):
    /// - **cube**: `transform = cubeFaceTransform(offset: d, width: W)`, not double-sided, the
    ///   shared edge left out of the anti-aliased edges, shading `shadingStrength · min(|d|, 1)`:
    ///   the leaving face darkens and the arriving one lightens (Instagram's look);
    /// - **slide**: `transform` is a translation by `d · W`, shared edge not anti-aliased;
    /// - **crossFade**: faces in place, the trailing one with opacity `1 − |d|`; the leading one
    ///   stays opaque when the trailing one is drawn over it (so the mid-point does not dim),
    ///   else it gets `1 − |d|` too (rubber-banding).
    public var layout: Layout {
        let perspective: Transform3D = configuration.transition == .cube
            ? .perspective(eyeDistance: configuration.perspectiveDistance) : .identity
        var layout = Layout(sublayerTransform: perspective, leading: nil, trailing: nil)
        let (leading, trailing) = visiblePages
        let hasBoth = leading != nil && trailing != nil
        if let leading { layout.leading = face(index: leading, joinedLeft: false, joinedRight: hasBoth) }
        if let trailing { layout.trailing = face(index: trailing, joinedLeft: hasBoth, joinedRight: false) }
        return layout
    }

    /// The pages ``layout`` shows, without computing their faces: the leading and trailing
    /// page's index (either `nil` when not shown).
    ///
    /// Page `first + 1` shows only while the cube is off a whole page: at rest on a page its
    /// neighbour is edge-on (cube), a width away (slide) or transparent (cross-fade).
    public var visiblePages: (leading: Int?, trailing: Int?) {
        guard hasUsableSize, pageCount > 0, position.isFinite else { return (nil, nil) }
        let first = Int(position.rounded(.down).clamped(to: -1...Double(lastIndex)))
        let hasTrailing = first + 1 < pageCount && Double(first) != position
        return (first >= 0 ? first : nil, hasTrailing ? first + 1 : nil)
    }

    /// Whether a drag that has travelled `dx`, `dy` points is mostly vertical (`|dy| > |dx|`), so
    /// that it is not the cube's: the test of the direction lock, for a front-end that must
    /// decide before the model does (a gesture recogniser's should-begin).
    ///
    /// - Parameters:
    ///   - dx: Horizontal travel, in points.
    ///   - dy: Vertical travel, in points.
    /// - Returns: `true` for a vertical drag; `false` for a horizontal or diagonal one, or for
    ///   non-finite travel.
    public static func isVerticalDrag(dx: Double, dy: Double) -> Bool {
        abs(dy) > abs(dx)
    }

    /// The transform of the cube face for page offset `offset` (`index − position`, in pages) on
    /// a page `width` points wide, applied about the face's centre.
    ///
    /// `T(0, 0, W/2) · R(offset · π/2 about y) · T(0, 0, −W/2)`: the face turns about the axis
    /// half a width behind the screen, so faces `offset` and `offset + 1` share an edge. A
    /// positive angle moves +x away from the viewer, so as the position grows the current face
    /// turns away to the left and the next one arrives from the right.
    ///
    /// - Parameters:
    ///   - offset: Pages from the front; 0 faces the viewer, ±1 is edge-on. Non-finite gives
    ///     ``Transform3D/identity``.
    ///   - width: The page width, in points; non-finite gives ``Transform3D/identity``.
    /// - Returns: The face's `transform`.
    public static func cubeFaceTransform(offset: Double, width: Double) -> Transform3D {
        guard offset.isFinite, width.isFinite else { return .identity }
        // The product in closed form (two matrix products saved per face per frame): the
        // rotation's rows, with the translation row (0, 0, W/2)·R + (0, 0, −W/2).
        var t = Transform3D(rotationAngle: offset * Double.pi / 2, axis: Vector3(x: 0, y: 1, z: 0))
        let half = width / 2
        t.m41 = half * t.m31
        t.m42 = half * t.m32
        t.m43 = half * t.m33 - half
        return t
    }

    /// The face of page `index` at the current position.
    private func face(index: Int, joinedLeft: Bool, joinedRight: Bool) -> Face {
        let offset = Double(index) - position
        let width = pageSize.width
        let side = configuration.layoutDirection.sign  // −1: the scene mirrored (next page on the left)
        var face = Face(index: index, offset: offset, transform: .identity, opacity: 1, shadingOpacity: 0,
                        antialiasedEdges: .all, isDoubleSided: true)
        switch configuration.transition {
        case .cube:
            face.transform = Self.cubeFaceTransform(offset: side * offset, width: width)
            face.isDoubleSided = false
            face.shadingOpacity = (configuration.shadingStrength * Swift.min(abs(offset), 1)).clamped(to: 0...1)
        case .slide:
            face.transform = Transform3D(translationX: side * offset * width, y: 0)
        case .crossFade:
            face.opacity = joinedRight ? 1 : Swift.max(0, 1 - abs(offset))
        }
        if configuration.transition != .crossFade {
            if joinedLeft { face.antialiasedEdges.remove(.left) }
            if joinedRight { face.antialiasedEdges.remove(.right) }
            face.antialiasedEdges = configuration.layoutDirection.edges(face.antialiasedEdges)
        }
        return face
    }
}
