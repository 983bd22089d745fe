import MotionCore

// MARK: - StoriesViewer + Card scene

extension StoriesViewer {
    /// The users whose cards the row draws now, with their offsets from the row's position
    /// (`index − position`, in users): those within 2.5 users of it, farthest first, so the
    /// current card is drawn last (on top).
    public var cardRow: [(user: Int, offset: Double)] {
        let position = cube.position.isFinite ? cube.position : Double(userIndex)
        guard !users.isEmpty else { return [] }
        let low = Swift.max(Int((position - Self.cardRowReach).rounded(.up).clamped(to: -1...Double(users.count))), 0)
        let high = Swift.min(Int((position + Self.cardRowReach).rounded(.down).clamped(to: -1...Double(users.count))), users.count - 1)
        guard low <= high else { return [] }
        return (low...high).map { (user: $0, offset: Double($0) - position) }
            .filter { Swift.abs($0.offset) < Self.cardRowReach }
            .sorted { Swift.abs($0.offset) > Swift.abs($1.offset) }
    }

    /// The users whose pages are on screen, the current one first: the cube's visible faces,
    /// or in a card presentation every card of the row (``cardRow``), so the neighbours' media
    /// loads and shows beside the card.
    var pageUsers: [Int] {
        guard isCard else {
            let (leading, trailing) = cube.visiblePages
            return [leading, trailing].compactMap { $0 }
        }
        return cardRow.reversed().map(\.user)
    }

    /// Whether `user`'s page is on screen (``pageUsers``), without building an array.
    func showsPage(ofUser user: Int) -> Bool {
        guard isCard else {
            let (leading, trailing) = cube.visiblePages
            return user == leading || user == trailing
        }
        let position = cube.position.isFinite ? cube.position : Double(userIndex)
        return users.indices.contains(user) && Swift.abs(Double(user) - position) < Self.cardRowReach
    }

    /// How far from the row's position cards are drawn, in users.
    static let cardRowReach = 2.5

    /// The frame as a card on the screen (``CardLayout/Presentation/card``), in the screen's
    /// points: what ``layers(media:avatar:behind:now:)`` returns once laid out as a card.
    ///
    /// The layers, back to front: `behind`, `"backdrop"` (black over the screen at the
    /// dismiss's backdrop opacity) and `"row"` holding one `"card <user>"` per user near the
    /// row's position (``cardRow``), each the user's page (as in the full-screen scene) at its
    /// ``CardLayout/slot(offset:direction:)``: scaled, rounded, dimmed by a `"dim"` layer and
    /// faded with the backdrop while a dismiss runs (``StoriesCardPlan``, which UIKit draws too).
    /// The turn between users is the row sliding
    /// (the cube's position, spring and velocity carry, drawn as a slide): a cube turning inside
    /// the card would show the next user twice, on the cube and beside it. The current card
    /// at rest holds `"viewer"`, the dismiss's container, as the full-screen scene does.
    func cardLayers(_ card: CardLayout, media: (_ user: Int, _ item: Int) -> ImageContents?,
                    avatar: (_ user: Int) -> ImageContents?, behind: [Layer], now: Double?) -> [Layer] {
        let screen = Rect(x: 0, y: 0, width: card.screen.width, height: card.screen.height)
        let plan = StoriesCardPlan(self, layout: card)
        let container = plan.container
        var layers = behind
        layers.append(Layer(name: "backdrop", bounds: screen, position: Point(x: screen.midX, y: screen.midY),
                            opacity: DismissContainerLayout(dismissGeometry, pageSize: pageSize).backdropAlpha, backgroundColor: .black))
        guard !users.isEmpty, !(isClosed && closeReason == .dismissed) else { return layers }
        let bounds = Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height)
        let centre = Point(x: bounds.midX, y: bounds.midY)
        var cards: [Layer] = []
        for placed in plan.cards {
            let user = placed.user
            let page = pageLayer(user: user, bounds: bounds, centre: centre, media: media, avatar: avatar, now: now)
            if placed.isAtRest {
                // At rest: the dismiss's container, in the card's coordinates.
                let viewer = Layer(name: "viewer", bounds: container.bounds, position: container.center,
                                   transform: Transform3D(scaleX: container.scale, y: container.scale), opacity: container.alpha,
                                   masksToBounds: container.clipsToBounds, cornerRadius: container.cornerRadius,
                                   cornerCurve: .continuous, backgroundColor: .black,
                                   sublayers: [Self.moved(page, to: container.contentCenter)])
                cards.append(Layer(name: "card \(user)", bounds: bounds, position: Point(x: card.card.midX, y: card.card.midY),
                                   sublayers: [viewer]))
                continue
            }
            cards.append(Layer(name: "card \(user)", bounds: bounds, position: placed.center,
                               transform: Transform3D(scaleX: placed.scale, y: placed.scale), opacity: placed.opacity,
                               masksToBounds: true, cornerRadius: placed.cornerRadius,
                               cornerCurve: .continuous, backgroundColor: .black,
                               sublayers: [page, Layer(name: "dim", bounds: bounds, position: centre, opacity: placed.dimming,
                                                       backgroundColor: .black)]))
        }
        layers.append(Layer(name: "row", bounds: screen, position: Point(x: screen.midX, y: screen.midY), sublayers: cards))
        return layers
    }

    /// `layer` with its position set to `point`.
    private static func moved(_ layer: Layer, to point: Point) -> Layer {
        var layer = layer
        layer.position = point
        return layer
    }
}
