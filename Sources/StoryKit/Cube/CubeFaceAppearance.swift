import MotionCore

// MARK: - CubeFaceAppearance

/// What one drawn face of a cube shows: the model's ``CubePager/Face`` turned into a face layer's
/// properties. The one owner of that mapping: ``StoriesViewer/scene(media:avatar:behind:now:)``
/// gives its `"page <user>"` layers these values, and StoryKitUI's face views (in
/// `CubePagerView` and the Stories viewer's controller, through one `CubeFaceView` routine)
/// assign them to their layers.
///
/// The mapping: the layer's `transform`, `opacity`, `isDoubleSided` and anti-aliased edges
/// are the face's (for Core Animation as bits, ``Layer/Edges/coreAnimationEdgeMask``);
/// the black shading view's alpha is the face's shading opacity, hidden at 0; the container is
/// hidden while it holds no page view (nothing to shade or turn); only the front face takes
/// touches and is read by VoiceOver.
package struct CubeFaceAppearance: Sendable, Hashable {
    /// The page on this face, in `0..<pageCount`.
    package var index: Int
    /// The container layer's `transform`, about its centre.
    package var transform: Transform3D
    /// The container layer's `opacity`, 0…1.
    package var opacity: Double
    /// The container layer's `isDoubleSided`.
    package var isDoubleSided: Bool
    /// The edges the layer anti-aliases (all but the seams between faces).
    package var antialiasedEdges: Layer.Edges
    /// The container layer's `edgeAntialiasingMask`, as `CAEdgeAntialiasingMask` raw bits.
    package var edgeAntialiasingMask: UInt32 { antialiasedEdges.coreAnimationEdgeMask }
    /// The shading view's `alpha`, 0…1.
    package var shadingOpacity: Double
    /// Whether the shading view is hidden (no shading).
    package var isShadingHidden: Bool
    /// Whether the container is hidden: it has no page view.
    package var isHidden: Bool
    /// Whether the face is the front one: it alone takes touches (`isUserInteractionEnabled`)
    /// and is read by VoiceOver (`accessibilityElementsHidden` is the opposite).
    package var isFront: Bool
    /// The container layer's corner radius, in its own points (continuous corners); 0 on a
    /// cube's face, the card's radius on a card (``StoriesCardPlan``).
    package var cornerRadius: Double = 0
    /// Whether the container layer clips to its bounds (`masksToBounds`): while it is rounded.
    package var masksToBounds: Bool { cornerRadius > 0 }

    /// The appearance of `face`.
    ///
    /// - Parameters:
    ///   - face: The model's face.
    ///   - isFront: Whether it is the layout's front face.
    ///   - hasPageView: Whether its container holds a page view.
    package init(face: CubePager.Face, isFront: Bool, hasPageView: Bool) {
        index = face.index
        transform = face.transform
        opacity = face.opacity
        isDoubleSided = face.isDoubleSided
        antialiasedEdges = face.antialiasedEdges
        shadingOpacity = face.shadingOpacity
        isShadingHidden = face.shadingOpacity <= 0
        isHidden = !hasPageView
        self.isFront = isFront
    }

    /// The appearance of each face `layout` draws, leading first (trailing draws over it).
    ///
    /// - Parameters:
    ///   - layout: The model's layout.
    ///   - hasPageView: Whether the container of page `index` holds a page view.
    /// - Returns: One appearance per drawn face: one at rest, two mid-turn, none without pages.
    package static func appearances(for layout: CubePager.Layout, hasPageView: (_ index: Int) -> Bool) -> [CubeFaceAppearance] {
        let front = layout.front?.index
        return layout.drawnFaces.map { face in
            CubeFaceAppearance(face: face, isFront: face.index == front, hasPageView: hasPageView(face.index))
        }
    }
}
