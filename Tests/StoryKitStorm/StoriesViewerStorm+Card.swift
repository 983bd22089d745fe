import StoryKit

// MARK: - StoriesViewerStorm + Card

/// The storm's screens: the viewer is laid out now and then on a new screen (iPhones upright and
/// in landscape, iPads in both orientations, split views, random and hostile sizes) under any
/// size class, mid-item, mid-turn or mid-dismiss, as rotation and split-view resizes do.
///
/// Invariants: a card lies inside the screen and is 9:16 within half a point, and the page is
/// the card; a layout changes neither the user, the item, the elapsed time nor the progress
/// (a size change never restarts an item); touches left or right of a card are the
/// backdrop's (they hold nothing: the storm's resting-finger rule leaves them out).
extension StoriesViewerStorm {
    /// Screens a storm lays the viewer out on, in points: devices first, then any size.
    static func makeScreenStep(_ random: inout StormRandom, time: Double) -> Step {
        let devices: [(Double, Double)] = [(390, 844), (844, 390), (1366, 1024), (1024, 1366), (820, 1180), (678, 1024),
                                           (375, 1024), (981, 1024), (2048, 1536)]
        let (width, height) = random.chance(0.7) ? random.pick(devices)
            : (random.double(0...2_500, hostility: 0.1), random.double(0...2_500, hostility: 0.1))
        return .screen(width: width, height: height, sizeClass: random.int(in: 0...2), time: time)
    }

    /// The size class a storm step names.
    static func sizeClass(_ value: Int) -> StoriesViewer.CardLayout.SizeClass {
        switch value {
        case 0: .compact
        case 1: .regular
        default: .unspecified
        }
    }

    /// Whether a touch-down at `point` on `viewer` lands beside its card (the backdrop's).
    static func isBesideCard(_ point: Point, in viewer: StoriesViewer) -> Bool {
        guard let layout = viewer.cardLayout, !viewer.isDismissing else { return false }
        return layout.side(ofPagePoint: point) != 0
    }

    /// The card invariants after `step` took `before` to `viewer`, or `nil` when they hold.
    static func checkCard(_ viewer: StoriesViewer, before: StoriesViewer, step: Step) -> String? {
        if let layout = viewer.cardLayout {
            let card = layout.card, screen = layout.screen
            if layout.presentation == .card {
                if !(card.minX >= -1e-9 && card.minY >= -1e-9 && card.maxX <= screen.width + 1e-9 && card.maxY <= screen.height + 1e-9) {
                    return "card \(card) outside the screen \(screen)"
                }
                if abs(card.width - card.height * 9 / 16) > 0.5 { return "card \(card) is not 9:16" }
            }
            if viewer.pageSize != card.size { return "page \(viewer.pageSize) is not the card \(card.size)" }
            for (_, offset) in viewer.cardRow {
                let slot = layout.slot(offset: offset, direction: viewer.configuration.layoutDirection)
                if !(slot.center.isFinite && slot.scale.isFinite && (0...1).contains(slot.dimming)) { return "slot \(slot)" }
            }
            if layout.presentation == .card, let problem = checkCardPlan(viewer, layout: layout) { return problem }
        }
        guard case .screen = step, !before.isClosed else { return nil }
        if viewer.userIndex != before.userIndex || viewer.itemIndex != before.itemIndex {
            return "a layout moved from \(before.userIndex)/\(before.itemIndex) to \(viewer.userIndex)/\(viewer.itemIndex)"
        }
        if viewer.elapsed != before.elapsed || viewer.progress != before.progress {
            return "a layout changed the elapsed time \(before.elapsed) → \(viewer.elapsed) (progress \(before.progress) → \(viewer.progress))"
        }
        return nil
    }
}

// MARK: - StoriesViewerStorm + Card plan

extension StoriesViewerStorm {
    /// The plan UIKit and the compositor draw (``StoriesCardPlan``): the current user's card on
    /// top when it has one; the cards side by side, at least the gap apart (a sliding row never
    /// overlaps); every card's user has a player directive, and no other user (the pool feeds
    /// exactly what is drawn).
    static func checkCardPlan(_ viewer: StoriesViewer, layout: StoriesViewer.CardLayout) -> String? {
        let plan = StoriesCardPlan(viewer, layout: layout)
        if let last = plan.cards.last, plan.cards.contains(where: \.isCurrent), !last.isCurrent {
            return "the current card \(viewer.userIndex) is not drawn last: \(plan.cards.map(\.user))"
        }
        let frames = plan.cards.map { $0.frame(pageSize: viewer.pageSize) }.sorted { $0.minX < $1.minX }
        for (left, right) in zip(frames, frames.dropFirst()) where right.minX - left.maxX < layout.gap - 1e-6 * max(1, layout.card.width) {
            return "cards \(left) and \(right) are closer than the gap"
        }
        if !viewer.isClosed, Set(viewer.players.map(\.user)) != Set(plan.users) {
            return "players for users \(viewer.players.map(\.user)) but cards for \(plan.users)"
        }
        return nil
    }
}

// MARK: - StoriesViewerStorm + Drags beside the card

extension StoriesViewerStorm {
    /// The storm's own record of a finger that came down beside the card and the cube took:
    /// where, and whether it has locked sideways (moved past the slop with `|dx| ≥ |dy|`).
    ///
    /// Invariant: a finger beside the card that locked sideways drags the row as a finger on
    /// the card does (the cube is dragging) until it lifts, is cancelled or the screen changes.
    struct BesideDragRecord {
        /// Where the finger came down, in the page's points, while it is down.
        var origin: Point?
        /// Whether it moved past the slop.
        var decided = false
        /// Whether it locked sideways.
        var sideways = false

        /// Notes what `step` did to `viewer`.
        mutating func record(_ step: Step, before: StoriesViewer, after viewer: StoriesViewer) {
            switch step {
            case let .began(x, y, t) where !before.isClosed && t.isFinite && x.isFinite && y.isFinite:
                let point = Point(x: x, y: y)
                origin = isBesideCard(point, in: viewer) && viewer.cube.isTouchDown ? point : nil
                decided = false
                sideways = false
            case let .moved(x, y, t) where t.isFinite && x.isFinite && y.isFinite && !decided:
                guard let origin else { break }
                let dx = x - origin.x, dy = y - origin.y
                guard (dx * dx + dy * dy).squareRoot() >= viewer.cube.configuration.directionLockSlop else { break }
                decided = true
                sideways = !CubePager.isVerticalDrag(dx: dx, dy: dy)
            case .moved, .advance, .media, .appActive, .voiceOver, .next, .previous, .showUser, .retry, .avatar, .tapArea:
                break
            case .began, .ended, .cancelled, .tap, .close, .screen:
                origin = nil
            }
            if viewer.isClosed { origin = nil }
        }

        /// The invariant on `viewer`, or `nil` when it holds.
        func check(_ viewer: StoriesViewer) -> String? {
            guard origin != nil, sideways, !viewer.isClosed, viewer.cube.phase != .dragging else { return nil }
            return "a drag beside the card from \(String(describing: origin)) does not move the row (the cube is \(viewer.cube.phase))"
        }
    }
}
