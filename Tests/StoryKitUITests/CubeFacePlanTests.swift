import StoryKit
@testable import StoryKitUI
import Testing

/// The drawing of a cube's faces without UIKit: which faces are mounted, what each shows, which
/// one is on top.
@Suite struct CubeFacePlanTests {
    /// A stand-in for a face view.
    final class Face {
        var page: Int
        var hasPageView = true
        init(page: Int) { self.page = page }
    }

    static let size = Size(width: 400, height: 800)

    /// A plan of `pager`'s layout over `slots`, making new faces as needed.
    static func plan(_ pager: CubePager, slots: PageSlots<Face> = PageSlots(capacity: 2),
                     hasPageView: Bool = true) -> CubeFacePlan<Face> {
        CubeFacePlan(pager.layout, faces: pager.layout.drawnFaces, slots: slots,
                     provide: { index, reusable in
                         let face = reusable ?? Face(page: index)
                         face.page = index
                         face.hasPageView = hasPageView
                         return face
                     },
                     hasPageView: { $0.hasPageView })
    }

    @Test func atRestOneFaceIsPlacedAndNoneIsBroughtToTheFront() {
        let plan = Self.plan(CubePager(pageCount: 3, pageSize: Self.size, currentIndex: 1))
        #expect(plan.placements.map(\.appearance.index) == [1])
        #expect(plan.placements.first?.appearance.isFront == true)
        #expect(plan.frontmost == nil)
        #expect(plan.changes.mounted == [1])
    }

    @Test func midTurnTheTrailingFaceDrawsOverTheLeadingOne() throws {
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 290, y: 400), time: 0.01)
        pager.touchMoved(to: Point(x: 170, y: 400), time: 0.02)
        let plan = Self.plan(pager)
        #expect(plan.placements.map(\.appearance.index) == [0, 1])
        let front = try #require(plan.frontmost)
        #expect(front.page == 1)
        #expect(plan.placements.last?.face === front)
    }

    @Test func aFaceWithoutAPageViewIsHiddenAndNoFacesUnmountEverything() {
        let pager = CubePager(pageCount: 3, pageSize: Self.size)
        let hidden = Self.plan(pager, hasPageView: false)
        #expect(hidden.placements.map(\.appearance.isHidden) == [true])
        // Drawing no faces (no data source) takes every face out, into the pool.
        let empty = CubeFacePlan(pager.layout, faces: [], slots: hidden.slots,
                                 provide: { index, _ in Face(page: index) }, hasPageView: { _ in true })
        #expect(empty.placements.isEmpty && empty.frontmost == nil)
        #expect(empty.changes.unmountedIndices == [0])
        #expect(empty.slots.pool.count == 1)
    }
}
