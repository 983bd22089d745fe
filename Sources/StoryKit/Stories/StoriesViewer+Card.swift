import MotionCore

// MARK: - StoriesViewer + Card presentation

extension StoriesViewer {
    /// The card presentation's state: the layout in force and a finger beside the card.
    struct CardState: Sendable, Hashable {
        /// The layout the host gave (``StoriesViewer/cardLayout``); `nil`: the page is the
        /// whole scene, as before there were cards.
        var layout: CardLayout?
        /// Where a finger came down beside the card, in the page's points, if one is down.
        var besideTouch: Point?
    }

    /// Where the page sits on the screen and how the neighbours are drawn, once the host gave a
    /// screen (``layOut(screen:safeArea:horizontalSizeClass:)``); `nil` until then, and the page
    /// is the whole scene.
    ///
    /// Setting it sets ``pageSize`` to the card's size: the user, the item and its progress stay
    /// (a rotation or a split-view resize restarts nothing), the cube keeps its position (it is
    /// in pages) and a dismiss heads for the avatar's place on the new page.
    public var cardLayout: CardLayout? {
        get { cardState.layout }
        set {
            cardState.layout = newValue
            cardState.besideTouch = nil
            if let newValue { pageSize = newValue.card.size }
        }
    }

    /// Lays the viewer out on a screen of `screen` points (the viewer's whole view) whose safe
    /// area is `safeArea`, under `horizontalSizeClass`: full screen or a card
    /// (``CardLayout``), and ``pageSize`` the page's size.
    ///
    /// A front-end calls it on every layout pass (rotation, split view, Stage Manager); nothing
    /// restarts.
    ///
    /// - Parameters:
    ///   - screen: The view's size, in points.
    ///   - safeArea: The safe area in the view, in points (the whole view by default).
    ///   - horizontalSizeClass: The view's horizontal size class.
    /// - Returns: The layout in force: the page's frame on the screen is its ``CardLayout/card``.
    @discardableResult
    public mutating func layOut(screen: Size, safeArea: Rect? = nil, horizontalSizeClass: CardLayout.SizeClass) -> CardLayout {
        let layout = CardLayout(screen: screen, safeArea: safeArea, horizontalSizeClass: horizontalSizeClass)
        if layout != cardLayout { cardLayout = layout }
        return layout
    }

    /// Whether the page is drawn as a card with its neighbours beside it.
    public var isCard: Bool { cardState.layout?.presentation == .card }

    /// The scene's size, in points: the screen once laid out, else the page.
    public var sceneSize: Size { cardState.layout?.screen ?? pageSize }

    // MARK: Touches beside the card

    /// A touch came down at `point` (page points): if it is beside the card (left or right of
    /// it, a card presentation, no dismiss running), it is the backdrop's and this returns true:
    /// no hold, no page tap, no cube drag.
    mutating func beginBesideTouch(at point: Point) -> Bool {
        cardState.besideTouch = nil
        guard let layout = cardState.layout, !dismissal.isActive, layout.side(ofPagePoint: point) != 0 else { return false }
        cardState.besideTouch = point
        soundState.buttonTouch = nil
        return true
    }

    /// Whether a finger is down beside the card.
    var hasBesideTouch: Bool { cardState.besideTouch != nil }

    /// The finger beside the card lifted at `point` (`nil`: cancelled). Lifted on the same side
    /// within the cube's slop of where it came down, it is a tap: the previous user on the left,
    /// the next on the right (mirrored right to left), turning the row as a cube turn does;
    /// nothing beyond the first or last user.
    mutating func endBesideTouch(at point: Point?, events: inout [Event]) {
        guard let origin = cardState.besideTouch else { return }
        cardState.besideTouch = nil
        guard let point, point.isFinite, let layout = cardState.layout else { return }
        let dx = point.x - origin.x, dy = point.y - origin.y
        let side = layout.side(ofPagePoint: origin)
        guard (dx * dx + dy * dy).squareRoot() < cube.configuration.directionLockSlop,
              layout.side(ofPagePoint: point) == side else { return }
        let target = CardLayout.user(besideSide: side, from: cube.targetIndex, direction: configuration.layoutDirection)
        guard users.indices.contains(target) else { return }
        handle(cube.turn(to: target, time: time), at: time, events: &events)
    }

    /// The finger beside the card was cancelled.
    mutating func cancelBesideTouch() {
        cardState.besideTouch = nil
    }
}
