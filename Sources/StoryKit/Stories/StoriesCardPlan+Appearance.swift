import MotionCore

// MARK: - CubeFaceAppearance + Card

extension CubeFaceAppearance {
    /// The appearance of a face view showing `card` of a viewer laid out as `layout`, placed
    /// about the page's centre in a page-sized view whose origin is the card's
    /// (``StoriesViewer/CardLayout/card``): the current user's card as it is (its container, the
    /// dismiss's, places and rounds it), a neighbour scaled about its centre, moved to its
    /// slot, rounded and dimmed (the shading is the card's dimming).
    ///
    /// - Parameters:
    ///   - card: The card (``StoriesCardPlan/cards``).
    ///   - layout: The viewer's card layout.
    ///   - hasPageView: Whether the face holds a page view (hidden without one).
    package init(card: StoriesCardPlan.Card, layout: StoriesViewer.CardLayout, hasPageView: Bool) {
        index = card.user
        let move = Transform3D(translationX: card.center.x - layout.card.midX, y: card.center.y - layout.card.midY)
        transform = card.isCurrent ? .identity : .concat(Transform3D(scaleX: card.scale, y: card.scale), move)
        opacity = card.opacity
        isDoubleSided = true
        antialiasedEdges = .all
        shadingOpacity = card.dimming
        isShadingHidden = card.dimming <= 0
        isHidden = !hasPageView
        isFront = card.isCurrent
        cornerRadius = card.isCurrent ? 0 : card.cornerRadius
    }
}
