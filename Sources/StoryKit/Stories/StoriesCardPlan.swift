import MotionCore

// MARK: - StoriesCardPlan

/// What the viewer draws as a card (``StoriesViewer/CardLayout/Presentation/card``), as plain
/// values: which users get a card, where each card is on the screen, its scale, dimming,
/// opacity and corner radius, which card is the current (front) one, the order they are drawn
/// in, and the dismiss's container the current card sits in.
///
/// The one owner of that arithmetic: the compositor's scene
/// (``StoriesViewer/scene(media:avatar:behind:now:)`` laid out as a card) and StoryKitUI's viewer
/// controller both draw it, so they cannot drift.
///
/// The rules: every user of ``StoriesViewer/cardRow`` (within 2.5 users of the cube's position)
/// has a card at its ``StoriesViewer/CardLayout/slot(offset:direction:)``; a neighbour fades
/// with the dismiss's backdrop; the current user's card is drawn last (on top) and holds the
/// dismiss's container (``DismissContainerLayout``, rounded to at least the card's corners and
/// always clipped). Mid-turn (the row sliding), the container is the current card's slot.
/// Nothing is drawn once the page was swiped into its avatar.
package struct StoriesCardPlan: Sendable, Hashable {
    /// One user's card.
    package struct Card: Sendable, Hashable {
        /// The user whose page the card shows, an index into ``StoriesViewer/users``.
        package var user: Int
        /// `user − position`, in users: 0 is the card at the current place, −1 the previous one.
        package var offset: Double
        /// The card's centre on the screen, in points.
        package var center: Point
        /// The card's scale against the page's size, 0…1.
        package var scale: Double
        /// The opacity of the black drawn over it, 0…1.
        package var dimming: Double
        /// The card's opacity, 0…1: a neighbour fades out with the dismiss's backdrop; the
        /// current user's card is 1 (its container fades).
        package var opacity: Double
        /// The corner radius in the card's own (unscaled) points: the layout's radius once scaled.
        package var cornerRadius: Double
        /// Whether it is the current user's card: on top, in the dismiss's container, the one
        /// that takes touches and VoiceOver.
        package var isCurrent: Bool
        /// Whether it is the current user's card at the current place: the dismiss's container
        /// (``StoriesCardPlan/container``) places it, as the full-screen page's.
        package var isAtRest: Bool { isCurrent && offset == 0 }

        /// The card's frame on the screen for a page of `pageSize` points, in points.
        package func frame(pageSize: Size) -> Rect {
            let width = pageSize.width * scale, height = pageSize.height * scale
            return Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
        }
    }

    /// The cards, back to front: the farthest from the row's position first, the current
    /// user's last.
    package var cards: [Card]
    /// The current user's card's container, in the page's coordinates (the card's place on the
    /// screen has its origin at ``StoriesViewer/CardLayout/card``'s): the dismiss's at rest, the
    /// card's slot mid-turn.
    package var container: DismissContainerLayout
    /// Whether the container is drawn: the current user has a card and the page was not swiped
    /// into its avatar.
    package var showsContainer: Bool

    /// The plan of `viewer` laid out as `layout`.
    ///
    /// - Parameters:
    ///   - viewer: The model.
    ///   - layout: Its card layout (a full-screen layout gives the same arithmetic).
    package init(_ viewer: StoriesViewer, layout: StoriesViewer.CardLayout) {
        let dismiss = DismissContainerLayout(viewer.dismissGeometry, pageSize: viewer.pageSize)
        let gone = viewer.users.isEmpty || (viewer.isClosed && viewer.closeReason == .dismissed)
        let direction = viewer.configuration.layoutDirection
        let row = gone ? [] : viewer.cardRow
        let all = row.map { user, offset in
            let slot = layout.slot(offset: offset, direction: direction)
            let current = user == viewer.userIndex
            return Card(user: user, offset: offset, center: slot.center, scale: slot.scale, dimming: slot.dimming,
                        opacity: current ? 1 : dismiss.backdropAlpha,
                        cornerRadius: layout.cornerRadius / Swift.max(slot.scale, 0.01), isCurrent: current)
        }
        cards = all.filter { !$0.isCurrent } + all.filter(\.isCurrent)     // the current one last, the rest as the row
        let current = cards.last.flatMap { $0.isCurrent ? $0 : nil }
        showsContainer = current != nil
        container = Self.container(for: current, dismiss: dismiss, layout: layout, pageSize: viewer.pageSize)
    }

    /// The container of the current card `card`: the dismiss's at rest (rounded to at least
    /// the card's corners, clipped), else the card's slot in the page's coordinates.
    private static func container(for card: Card?, dismiss: DismissContainerLayout, layout: StoriesViewer.CardLayout,
                                  pageSize: Size) -> DismissContainerLayout {
        var container = dismiss
        container.clipsToBounds = true
        container.cornerRadius = Swift.max(dismiss.cornerRadius, layout.cornerRadius)
        guard let card, !card.isAtRest else { return container }
        let width = pageSize.width.isFinite ? Swift.max(pageSize.width, 0) : 0
        let height = pageSize.height.isFinite ? Swift.max(pageSize.height, 0) : 0
        container.center = layout.pagePoint(fromScreen: card.center)
        container.bounds = Rect(x: 0, y: 0, width: width, height: height)
        container.scale = card.scale
        container.cornerRadius = card.cornerRadius
        container.alpha = card.opacity
        container.contentCenter = Point(x: width / 2, y: height / 2)
        return container
    }

    /// The users with a card, the current one first: what the page views and the players show.
    package var users: [Int] { cards.reversed().map(\.user) }
}
