import StoryKit

// MARK: - StoriesFacePlan

/// What drawing the Stories viewer does to its page views, as plain values: full screen, the
/// cube's faces (``CubeFacePlan``) in the dismiss's container; laid out as a card, one face per
/// card of the ``StoryKit/StoriesCardPlan`` (the compositor's arithmetic), the current user's
/// in the dismiss's container and the neighbours' in the row behind it. The viewer
/// controller's drawing applies it and decides nothing.
///
/// The rules: faces are mounted per user through ``PageSlots`` (users that left go to its
/// pool, a user that arrives reuses one); each gets its ``StoryKit/CubeFaceAppearance`` and
/// its parent view; the container's place is the ``StoryKit/DismissContainerLayout`` full
/// screen and the plan's container as a card; the cube's perspective applies only full screen
/// (no cube turns inside a card: the row slides).
struct StoriesFacePlan<Face: AnyObject> {
    /// The view a face goes in.
    enum Parent: Int {
        /// The cube's view, inside the dismiss's container: the cube's faces, the current card.
        case cube
        /// The row behind the container, the card's size and place: the neighbours' cards.
        case row
    }

    /// One mounted face: its appearance and the view it goes in.
    struct Placement {
        /// The face view.
        var face: Face
        /// Its layer's and views' properties.
        var appearance: CubeFaceAppearance
        /// The view it goes in.
        var parent: Parent
    }

    /// The mounted and pooled faces after the update.
    var slots: PageSlots<Face>
    /// What the update changed (faces to take out of their parent).
    var changes: PageSlots<Face>.Changes
    /// Each mounted face, drawn in this order (later over earlier within a parent).
    var placements: [Placement] = []
    /// The face to bring in front of the others in its parent, if any.
    var frontmost: Face?
    /// The cube view's `sublayerTransform`: the cube's perspective full screen, identity as a card.
    var sublayerTransform: Transform3D
    /// The dismiss's container (the page container view), in the page's coordinates.
    var container: DismissContainerLayout
    /// Whether the container is hidden: the page was swiped into its avatar, or (as a card)
    /// the current user has no card on screen.
    var isContainerHidden: Bool
    /// The users whose pages are drawn, the current one first.
    var users: [Int] { placements.reversed().map(\.appearance.index) }

    /// Plans the drawing of `viewer`.
    ///
    /// - Parameters:
    ///   - viewer: The model.
    ///   - slots: The mounted and pooled faces before the update.
    ///   - provide: A face for a user whose page comes on screen, given a pooled one to reuse.
    ///   - hasPageView: Whether a face holds a page view (a face without one is hidden).
    init(_ viewer: StoriesViewer, slots: PageSlots<Face>, provide: (_ user: Int, _ reusable: Face?) -> Face,
         hasPageView: (Face) -> Bool) {
        guard viewer.isCard, let layout = viewer.cardLayout else {
            let layout = viewer.cube.layout
            let cube = CubeFacePlan(layout, faces: layout.drawnFaces, slots: slots, provide: provide, hasPageView: hasPageView)
            self.slots = cube.slots
            changes = cube.changes
            placements = cube.placements.map { Placement(face: $0.face, appearance: $0.appearance, parent: .cube) }
            frontmost = cube.frontmost
            sublayerTransform = layout.sublayerTransform
            container = DismissContainerLayout(viewer.dismissGeometry, pageSize: viewer.pageSize)
            isContainerHidden = viewer.closeReason == .dismissed
            return
        }
        let plan = StoriesCardPlan(viewer, layout: layout)
        self.slots = slots
        changes = self.slots.update(visible: plan.cards.map(\.user), provide: provide)
        let mounted = self.slots.mounted
        for card in plan.cards {
            guard let face = mounted[card.user] else { continue }
            let appearance = CubeFaceAppearance(card: card, layout: layout, hasPageView: hasPageView(face))
            placements.append(Placement(face: face, appearance: appearance, parent: card.isCurrent ? .cube : .row))
        }
        frontmost = plan.cards.last.flatMap { $0.isCurrent ? mounted[$0.user] : nil }
        sublayerTransform = .identity
        container = plan.container
        isContainerHidden = !plan.showsContainer
    }
}
