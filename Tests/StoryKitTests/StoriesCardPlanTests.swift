import MotionCore
@testable import StoryKit
import Testing

/// The card presentation's plan: which users get a card, where and how each is drawn, the
/// current card's container; what the compositor's scene and UIKit both draw.
@Suite struct StoriesCardPlanTests {
    typealias CardLayout = StoriesViewer.CardLayout

    /// Five users of two image items each.
    static let feed = StoryFeed(users: (0..<5).map { user in
        StoryUser(id: "u\(user)", name: "User \(user)", items: (0..<2).map { StoryItem(id: "u\(user)i\($0)", kind: .image, url: "x.jpg") })
    })

    /// A viewer of ``feed`` at `user`, laid out as an iPad in landscape (a 549 × 976 card).
    private func cardViewer(user: Int = 2, direction: StoryLayoutDirection = .leftToRight) -> StoriesViewer {
        var configuration = StoriesViewer.Configuration()
        configuration.layoutDirection = direction
        var viewer = StoriesViewer(feed: Self.feed, user: user, pageSize: .zero, configuration: configuration)
        viewer.layOut(screen: Size(width: 1366, height: 1024), horizontalSizeClass: .regular)
        viewer.displayEverythingListed(time: 0)
        return viewer
    }

    private func plan(_ viewer: StoriesViewer) throws -> StoriesCardPlan {
        StoriesCardPlan(viewer, layout: try #require(viewer.cardLayout))
    }

    @Test func atRestTheCurrentCardIsCentredOnTopWithTwoNeighboursEachSide() throws {
        let viewer = cardViewer()
        let plan = try plan(viewer)
        #expect(plan.cards.map(\.user) == [0, 4, 1, 3, 2], "farthest first, the current user last")
        let current = try #require(plan.cards.last)
        #expect(current.isCurrent && current.isAtRest && current.center == Point(x: 683, y: 512))
        #expect(current.frame(pageSize: viewer.pageSize) == Rect(x: 408.5, y: 24, width: 549, height: 976))
        let next = try #require(plan.cards.first { $0.user == 3 })
        #expect(next.scale == 0.5 && next.dimming == 0.5 && next.opacity == 1 && !next.isCurrent)
        // 24 points of backdrop between the card and the next one, which is 274.5 × 488 and rounded
        // by 24 of its own points (12 on the screen).
        let frame = next.frame(pageSize: viewer.pageSize)
        #expect(Swift.abs(frame.minX - (957.5 + 24)) < 1e-9 && frame.width == 274.5 && frame.height == 488)
        #expect(next.cornerRadius == 24)
        // The container is the page's, rounded as the card and clipped.
        #expect(plan.showsContainer)
        #expect(plan.container.center == Point(x: 274.5, y: 488) && plan.container.scale == 1)
        #expect(plan.container.cornerRadius == 12 && plan.container.clipsToBounds && plan.container.alpha == 1)
    }

    @Test func rightToLeftTheNextUserIsOnTheLeft() throws {
        let plan = try plan(cardViewer(direction: .rightToLeft))
        let next = try #require(plan.cards.first { $0.user == 3 })
        let previous = try #require(plan.cards.first { $0.user == 1 })
        #expect(next.center.x < 683 && previous.center.x > 683)
        #expect(Swift.abs((683 - next.center.x) - (previous.center.x - 683)) < 1e-9)
    }

    @Test func midTurnTheCurrentCardSlidesInItsContainerAndTheRowKeepsItsGaps() throws {
        var viewer = cardViewer()
        viewer.showUser(3, time: 1)
        viewer.advance(to: 1.1)
        let position = viewer.cube.position
        #expect(position > 2 && position < 3 && viewer.cube.phase == .settling)
        let plan = try plan(viewer)
        let layout = try #require(viewer.cardLayout)
        let current = try #require(plan.cards.last)
        #expect(current.isCurrent && !current.isAtRest && current.user == viewer.userIndex)
        // The container is the current card's slot, in the page's coordinates.
        let slot = layout.slot(offset: Double(current.user) - position)
        #expect(plan.container.center == layout.pagePoint(fromScreen: slot.center))
        #expect(plan.container.scale == slot.scale && plan.container.alpha == 1)
        #expect(Swift.abs(plan.container.cornerRadius * slot.scale - 12) < 1e-9, "12 points on the screen")
        // Side by side, never overlapping: at least the 24-point gap between neighbours.
        let frames = plan.cards.map { $0.frame(pageSize: viewer.pageSize) }.sorted { $0.minX < $1.minX }
        for (left, right) in zip(frames, frames.dropFirst()) { #expect(right.minX - left.maxX >= 24 - 1e-9) }
    }

    @Test func duringADismissTheNeighboursFadeWithTheBackdropAndTheContainerShrinks() throws {
        var viewer = cardViewer()
        viewer.touchBegan(at: Point(x: 270, y: 400), time: 1)
        viewer.touchMoved(to: Point(x: 270, y: 450), time: 1.05)
        viewer.touchMoved(to: Point(x: 270, y: 650), time: 1.2)
        #expect(viewer.isDismissing)
        let plan = try plan(viewer)
        let dismiss = DismissContainerLayout(viewer.dismissGeometry, pageSize: viewer.pageSize)
        #expect(dismiss.backdropAlpha < 1 && dismiss.scale < 1)
        for card in plan.cards where !card.isCurrent { #expect(card.opacity == dismiss.backdropAlpha) }
        #expect(plan.container.center == dismiss.center && plan.container.scale == dismiss.scale)
        #expect(plan.container.cornerRadius == Swift.max(dismiss.cornerRadius, 12) && plan.container.clipsToBounds)
    }

    @Test func swipedIntoTheAvatarNothingIsDrawn() throws {
        var viewer = cardViewer()
        viewer.setAvatarFrame(Rect(x: -300, y: -20, width: 60, height: 60), time: 1)
        viewer.touchBegan(at: Point(x: 270, y: 300), time: 1)
        for step in 1...20 { viewer.touchMoved(to: Point(x: 270, y: 300 + Double(step) * 30), time: 1 + Double(step) * 0.01) }
        viewer.touchEnded(at: Point(x: 270, y: 900), time: 1.21)
        viewer.advance(to: 4)
        #expect(viewer.isClosed && viewer.closeReason == .dismissed)
        let plan = try plan(viewer)
        #expect(plan.cards.isEmpty && !plan.showsContainer)
    }

    @Test func theSceneDrawsThePlan() throws {
        var viewer = cardViewer()
        for time in [0.5, 1.05, 1.2, 1.4] {
            if time == 1.05 { viewer.showUser(4, time: 1) }
            viewer.advance(to: time)
            let plan = try plan(viewer)
            let row = try #require(viewer.scene(media: { _, _ in nil }).layers.first { $0.name == "row" })
            #expect(row.sublayers.map(\.name) == plan.cards.map { "card \($0.user)" }, "at \(time) s")
            for (layer, card) in zip(row.sublayers, plan.cards) where !card.isAtRest {
                #expect(layer.position == card.center && layer.transform.m11 == card.scale && layer.opacity == card.opacity)
                #expect(layer.cornerRadius == card.cornerRadius && layer.sublayers.last?.opacity == card.dimming)
            }
        }
    }

    @Test func theUsersWithACardAreThoseWhosePagesLoadAndPlay() throws {
        var viewer = cardViewer(user: 1)
        viewer.showUser(4, time: 1)
        var time = 1.0
        while time < 3 {
            let plan = try plan(viewer)
            #expect(Set(plan.users) == Set(viewer.pageUsers), "at \(time) s, position \(viewer.cube.position)")
            for user in 0..<5 { #expect(viewer.showsPage(ofUser: user) == plan.users.contains(user)) }
            // Every card's user has a listed player (its media shows), none other.
            #expect(Set(viewer.players.map(\.user)).isSubset(of: Set(plan.users)))
            time += 1.0 / 15
            viewer.run(to: time, from: time - 1.0 / 15)
        }
        #expect(viewer.userIndex == 4)
    }

    /// The item each card's page shows.
    private func items(of plan: StoriesCardPlan, in viewer: StoriesViewer) -> [String] {
        plan.cards.compactMap { card in viewer.item(forUser: card.user).map { viewer.users[card.user].items[$0].id } }
    }

    @Test func aPoolOfSixPlayersGivesEveryCardItsMediaAndStillPreparesTheNextItem() throws {
        let viewer = cardViewer()
        let plan = try plan(viewer)
        var pool = PlayerPool(capacity: 6)
        _ = pool.update(to: viewer)
        let held = Set(pool.slots.map(\.item.id))
        #expect(held == Set(items(of: plan, in: viewer)).union(["u2i1"]), "five cards and User 2's next item")
        #expect(pool.slots.filter(\.isPlaying).map(\.item.id) == ["u2i0"], "only the current card plays")
    }

    @Test func aPoolOfThreePlayersGivesTheCurrentCardAndItsTwoNeighboursTheirMedia() throws {
        // The default capacity: the outer cards (at the screen's edges) show no media, and the
        // next item is not prepared; every slot is a card's item, none is off screen.
        let viewer = cardViewer()
        let plan = try plan(viewer)
        var pool = PlayerPool()
        _ = pool.update(to: viewer)
        #expect(Set(pool.slots.map(\.item.id)) == ["u2i0", "u1i0", "u3i0"])
        #expect(Set(pool.slots.map(\.item.id)).isSubset(of: Set(items(of: plan, in: viewer))))
    }
}
