import StoryKit

// MARK: - CubeFacePlan

/// What drawing a cube's layout does to its face views, as plain values: which pages get a face
/// (and which faces leave), the ``StoryKit/CubeFaceAppearance`` each mounted face takes, and
/// which face goes on top. ``CubeFaceView``'s drawing routine (the one of both UIKit cubes,
/// ``CubePagerView`` and the Stories viewer's) applies it.
///
/// The rules: the faces shown are mounted through ``PageSlots`` (pages that left go to its
/// pool); each gets its appearance, leading first; mid-turn, the trailing face draws over the
/// leading one (it matters for the slide and the cross-fade).
struct CubeFacePlan<Face: AnyObject> {
    /// The mounted and pooled faces after the update.
    var slots: PageSlots<Face>
    /// What the update changed (faces to take out of the container, pages that came on).
    var changes: PageSlots<Face>.Changes
    /// Each mounted face with its appearance, leading first.
    var placements: [(face: Face, appearance: CubeFaceAppearance)] = []
    /// The face to bring in front of the other (the trailing one mid-turn), if any.
    var frontmost: Face?

    /// Plans the drawing of `layout`.
    ///
    /// - Parameters:
    ///   - layout: The model's layout.
    ///   - faces: The faces to show (the layout's drawn faces, or none).
    ///   - slots: The mounted and pooled faces before the update.
    ///   - provide: A face for a page that comes on screen, given a pooled one to reuse.
    ///   - hasPageView: Whether a face holds a page view (a face without one is hidden).
    init(_ layout: CubePager.Layout, faces: [CubePager.Face], slots: PageSlots<Face>,
                 provide: (_ index: Int, _ reusable: Face?) -> Face, hasPageView: (Face) -> Bool) {
        self.slots = slots
        changes = self.slots.update(visible: faces.map(\.index), provide: provide)
        let mounted = self.slots.mounted
        for appearance in CubeFaceAppearance.appearances(for: layout, hasPageView: { mounted[$0].map(hasPageView) ?? false }) {
            guard let face = mounted[appearance.index] else { continue }
            placements.append((face, appearance))
        }
        if faces.count == 2, let trailing = faces.last { frontmost = mounted[trailing.index] }
    }
}
