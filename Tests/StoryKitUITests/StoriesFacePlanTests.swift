import MotionCore
import StoryKit
@testable import StoryKitUI
import Testing

/// The Stories viewer's drawing without UIKit: full screen the cube's faces; as a card, a face
/// per card, the current one in the dismiss's container, the neighbours in the row, each where
/// the compositor draws it.
@Suite struct StoriesFacePlanTests {
    /// A stand-in for a face view.
    final class Face {
        var user: Int
        init(user: Int) { self.user = user }
    }

    static let feed = StoryFeed(users: (0..<6).map { user in
        StoryUser(id: "u\(user)", name: "User \(user)", items: [StoryItem(id: "u\(user)", kind: .image, url: "x.jpg")])
    })

    static func viewer(user: Int = 2, card: Bool = true) -> StoriesViewer {
        var viewer = StoriesViewer(feed: feed, user: user, pageSize: Size(width: 390, height: 844))
        if card { viewer.layOut(screen: Size(width: 1366, height: 1024), horizontalSizeClass: .regular) }
        return viewer
    }

    /// The plan of `viewer` over `slots`; `made` counts the faces made.
    static func plan(_ viewer: StoriesViewer, slots: PageSlots<Face> = PageSlots(capacity: 2),
                     made: inout Int) -> StoriesFacePlan<Face> {
        var count = made
        let plan = StoriesFacePlan(viewer, slots: slots, provide: { user, reusable in
            let face = reusable ?? { count += 1; return Face(user: user) }()
            face.user = user
            return face
        }, hasPageView: { _ in true })
        made = count
        return plan
    }

    /// The frame a face with `appearance` takes in a `size` view, placed about its centre.
    static func frame(_ appearance: CubeFaceAppearance, size: Size) -> Rect {
        let t = appearance.transform
        let width = size.width * t.m11, height = size.height * t.m22
        return Rect(x: size.width / 2 + t.m41 - width / 2, y: size.height / 2 + t.m42 - height / 2, width: width, height: height)
    }

    @Test func fullScreenItIsTheCubesPlanInTheContainer() {
        var made = 0
        let viewer = Self.viewer(card: false)
        let plan = Self.plan(viewer, made: &made)
        #expect(plan.placements.map(\.appearance.index) == [2] && plan.placements.map(\.parent) == [.cube])
        #expect(plan.sublayerTransform == viewer.cube.layout.sublayerTransform)
        #expect(plan.container == DismissContainerLayout(viewer.dismissGeometry, pageSize: viewer.pageSize))
        #expect(!plan.isContainerHidden && plan.placements.first?.appearance.cornerRadius == 0)
    }

    @Test func asACardTheNeighboursGoInTheRowWhereTheCompositorDrawsThem() throws {
        var made = 0
        let viewer = Self.viewer()
        let layout = try #require(viewer.cardLayout)
        let plan = Self.plan(viewer, made: &made)
        let cards = StoriesCardPlan(viewer, layout: layout).cards
        #expect(plan.users == [2, 3, 1, 4, 0] && made == 5)
        #expect(plan.sublayerTransform == .identity, "no cube turns inside the card")
        for (placement, card) in zip(plan.placements, cards) {
            #expect(placement.appearance.index == card.user)
            #expect(placement.parent == (card.isCurrent ? .cube : .row))
            #expect(placement.appearance.isFront == card.isCurrent)
            #expect(placement.appearance.shadingOpacity == card.dimming)
            guard !card.isCurrent else { continue }
            // In the row (the card's size, at its place), the face lands on the compositor's frame.
            let frame = Self.frame(placement.appearance, size: layout.card.size)
            let expected = card.frame(pageSize: layout.card.size)
            #expect(Swift.abs(frame.minX + layout.card.minX - expected.minX) < 1e-9)
            #expect(Swift.abs(frame.minY + layout.card.minY - expected.minY) < 1e-9 && Swift.abs(frame.width - expected.width) < 1e-9)
            #expect(placement.appearance.cornerRadius == 24 && placement.appearance.masksToBounds)
        }
        let current = try #require(plan.placements.last)
        #expect(current.appearance.transform == .identity && current.appearance.cornerRadius == 0)
        #expect(plan.frontmost === current.face)
        #expect(plan.container.cornerRadius == 12 && plan.container.clipsToBounds && !plan.isContainerHidden)
    }

    @Test func aTurnReusesTheFacesThatLeftTheRow() {
        var made = 0
        var viewer = Self.viewer(user: 0)
        var plan = Self.plan(viewer, made: &made)
        #expect(made == 3 && plan.users == [0, 1, 2])
        viewer.showUser(5, time: 0.1)
        viewer.advance(to: 5)
        #expect(viewer.userIndex == 5 && viewer.cube.phase == .idle)
        plan = Self.plan(viewer, slots: plan.slots, made: &made)
        #expect(plan.users == [5, 4, 3])
        #expect(made == 3 + 1, "two of the three faces that left are pooled and reused")
        #expect(Set(plan.changes.unmountedIndices) == [0, 1, 2])
    }

    @Test func theCurrentCardInTheContainerTakesTheViewersUserAfterATurn() {
        var made = 0
        var viewer = Self.viewer(user: 2)
        viewer.showUser(3, time: 0.1)
        viewer.advance(to: 0.2)
        let plan = Self.plan(viewer, made: &made)
        let current = plan.placements.filter { $0.parent == .cube }
        #expect(current.map(\.appearance.index) == [viewer.userIndex], "one card in the container: the current user's")
        #expect(plan.placements.filter { $0.parent == .row }.allSatisfy { !$0.appearance.isFront })
    }
}
