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
        /// The user the row was heading for when that finger came down (a tap goes on from it).
        var besideTarget = 0
        /// Whether the cube holds that finger (it follows it: past the slop sideways, the row's drag).
        var besideCube = false
        /// Whether that finger moved past the slop: no longer a tap.
        var besideMoved = false
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
    /// no hold, no page tap. The cube follows it as it follows a finger on the card (a settle
    /// under it is held), so that past the slop sideways it drags the row.
    mutating func beginBesideTouch(at point: Point, events: inout [Event]) -> Bool {
        cardState.besideTouch = nil
        guard let layout = cardState.layout, !dismissal.isActive, layout.side(ofPagePoint: point) != 0 else { return false }
        cardState.besideTouch = point
        cardState.besideTarget = cube.targetIndex
        cardState.besideMoved = false
        soundState.buttonTouch = nil
        handle(cube.touchBegan(at: point, time: time), at: time, events: &events)
        cardState.besideCube = cube.isTouchDown
        return true
    }

    /// Whether a finger is down beside the card.
    var hasBesideTouch: Bool { cardState.besideTouch != nil }

    /// The finger beside the card moved to `point`: the cube follows it (sideways past the slop,
    /// the row's drag, with the finger's velocity); past the slop it is no longer a tap.
    mutating func moveBesideTouch(to point: Point, events: inout [Event]) {
        guard let origin = cardState.besideTouch, point.isFinite else { return }
        if cardState.besideCube { handle(cube.touchMoved(to: point, time: time), at: time, events: &events) }
        let dx = point.x - origin.x, dy = point.y - origin.y
        if (dx * dx + dy * dy).squareRoot() >= cube.configuration.directionLockSlop { cardState.besideMoved = true }
    }

    /// The finger beside the card lifted at `point` (`nil`: cancelled). Lifted on the same side
    /// within the cube's slop of where it came down, it is a tap: the previous user on the left,
    /// the next on the right (mirrored right to left), turning the row as a cube turn does;
    /// nothing beyond the first or last user. Otherwise it is released as a drag on the card
    /// is: the row goes on to the user its position and velocity carry it to, or back.
    mutating func endBesideTouch(at point: Point?, events: inout [Event]) {
        guard let origin = cardState.besideTouch else { return }
        guard let point, point.isFinite, let layout = cardState.layout else { return cancelBesideTouch(events: &events) }
        moveBesideTouch(to: point, events: &events)
        let state = cardState
        cardState.besideTouch = nil
        cardState.besideCube = false
        // Released as on the card: a tap lets a settle the finger held go on, a drag is flung.
        if state.besideCube { handle(cube.touchEnded(at: point, time: time), at: time, events: &events) }
        let side = layout.side(ofPagePoint: origin)
        guard !state.besideMoved, side != 0, layout.side(ofPagePoint: point) == side, !isClosed else { return }
        let target = CardLayout.user(besideSide: side, from: state.besideTarget, direction: configuration.layoutDirection)
        guard users.indices.contains(target) else { return }
        handle(cube.turn(to: target, time: time), at: time, events: &events)
    }

    /// The finger beside the card was cancelled: a row it dragged goes back to the nearest
    /// user, a settle it held goes on.
    mutating func cancelBesideTouch(events: inout [Event]) {
        let state = cardState
        cardState.besideTouch = nil
        cardState.besideCube = false
        guard let origin = state.besideTouch, state.besideCube, !isClosed else { return }
        handle(state.besideMoved ? cube.touchCancelled(time: time) : cube.touchEnded(at: origin, time: time), at: time,
               events: &events)
    }
}
