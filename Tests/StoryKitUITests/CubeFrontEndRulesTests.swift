import StoryKit
@testable import StoryKitUI
import Testing

@Suite struct CubeFrontEndRulesTests {
    static let size = Size(width: 400, height: 800)

    // MARK: Drawn faces

    @Test func atRestOnlyTheCurrentPageIsDrawn() {
        // Given a pager at rest on page 1 of 3, then only page 1 is drawn, and it is in front.
        let pager = CubePager(pageCount: 3, pageSize: Self.size, currentIndex: 1)
        let faces = pager.layout.drawnFaces
        #expect(faces.map(\.index) == [1])
        #expect(pager.layout.front?.index == 1)
    }

    @Test(arguments: CubePager.Transition.allCases)
    func midTurnBothFacesAreDrawnAndOnlyTheNearerTakesTouches(transition: CubePager.Transition) throws {
        // Given a drag 30 % of the way from page 0 to page 1, then both pages are drawn, leading
        // first, and page 0 (offset −0.3) is frontmost while page 1 (offset 0.7) is not.
        var pager = CubePager(pageCount: 3, pageSize: Self.size,
                              configuration: CubePager.Configuration(transition: transition))
        pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 290, y: 400), time: 0.01)   // locks horizontal at the 10 pt slop
        pager.touchMoved(to: Point(x: 170, y: 400), time: 0.02)   // 120 pt = 0.3 page
        let faces = pager.layout.drawnFaces
        try #require(faces.count == 2)
        #expect(faces.map(\.index) == [0, 1])
        #expect(abs(faces[0].offset + 0.3) < 1e-9 && abs(faces[1].offset - 0.7) < 1e-9)
        #expect(pager.layout.front?.index == 0)
    }

    @Test func noPagesOrNoSizeDrawNothing() {
        #expect(CubePager(pageCount: 0, pageSize: Self.size).layout.drawnFaces.isEmpty)
        #expect(CubePager(pageCount: 3, pageSize: Size(width: 0, height: 0)).layout.drawnFaces.isEmpty)
    }

    // MARK: Edge masks

    @Test func edgesMapToCoreAnimationBitsByMinimumAndMaximumCoordinate() {
        // kCALayerLeftEdge 1 (min x), RightEdge 2 (max x), BottomEdge 4 (min y), TopEdge 8 (max y).
        #expect(Layer.Edges.left.coreAnimationEdgeMask == 1)
        #expect(Layer.Edges.right.coreAnimationEdgeMask == 2)
        #expect(Layer.Edges.top.coreAnimationEdgeMask == 4)      // UIKit's top is the minimum y
        #expect(Layer.Edges.bottom.coreAnimationEdgeMask == 8)
        #expect(Layer.Edges.all.coreAnimationEdgeMask == 15)
        #expect(Layer.Edges([]).coreAnimationEdgeMask == 0)
    }

    @Test func theCubeSeamIsLeftOutOfBothFacesMasks() {
        // Given a turn in progress, then the leading face leaves out its right edge and the
        // trailing face its left edge: the bits Core Animation gets say the same.
        var pager = CubePager(pageCount: 2, pageSize: Self.size)
        pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 290, y: 400), time: 0.01)
        pager.touchMoved(to: Point(x: 90, y: 400), time: 0.02)
        let layout = pager.layout
        #expect(layout.leading?.antialiasedEdges.coreAnimationEdgeMask == 0b1101)
        #expect(layout.trailing?.antialiasedEdges.coreAnimationEdgeMask == 0b1110)
    }

    // MARK: Nested scrolling

    @Test(arguments: [
        // (finger dx, offset, min, max, scroll view takes it)
        (-30.0, 0.0, 0.0, 600.0, true),     // at the left edge, dragging left: content scrolls right
        (30.0, 0.0, 0.0, 600.0, false),     // at the left edge, dragging right: the pager goes back
        (-30.0, 600.0, 0.0, 600.0, false),  // at the right edge, dragging left: the pager goes on
        (30.0, 600.0, 0.0, 600.0, true),
        (-30.0, 599.8, 0.0, 600.0, false),  // within half a point of the edge counts as at it
        (30.0, 300.0, 0.0, 600.0, true),
        (-30.0, -20.0, -20.0, 0.0, true),   // an inset on the left
        (-30.0, 0.0, 0.0, -50.0, false),    // content narrower than the view: nothing to scroll
        (0.0, 300.0, 0.0, 600.0, false),
        (-30.0, .nan, 0.0, 600.0, false),
    ])
    func aScrollViewKeepsTheDragWhileItCanScrollThatWay(dx: Double, offset: Double, minimum: Double,
                                                       maximum: Double, takes: Bool) {
        #expect(NestedScrolling.canScroll(fingerDeltaX: dx, contentOffsetX: offset, minimumOffsetX: minimum,
                                          maximumOffsetX: maximum) == takes)
    }

    @Test func aScrollViewsOwnNumbersGiveItsRestingOffsets() {
        // Given 1000 pt of content in a 400 pt view with 20 pt insets either side, then the
        // offsets run from −20 to 620: at 620 a leftward drag turns the cube, at 300 it scrolls.
        func takes(_ dx: Double, at offset: Double) -> Bool {
            NestedScrolling.canScroll(fingerDeltaX: dx, contentOffsetX: offset, contentWidth: 1000, boundsWidth: 400,
                                      insetLeft: 20, insetRight: 20)
        }
        #expect(!takes(-30, at: 620))
        #expect(takes(-30, at: 300))
        #expect(takes(30, at: 0))
        #expect(!takes(30, at: -20))
        // Content narrower than the view scrolls neither way.
        #expect(!NestedScrolling.canScroll(fingerDeltaX: -30, contentOffsetX: 0, contentWidth: 300, boundsWidth: 400,
                                           insetLeft: 0, insetRight: 0))
    }

    // MARK: VoiceOver

    @Test func aThreeFingerSwipeLeftOrNextTurnsForwardAndUpOrDownNotAtAll() {
        // UIAccessibilityScrollDirection: right 1, left 2, up 3, down 4, next 5, previous 6.
        #expect((1...6).map(PageAnnouncement.step(forScrollDirection:)) == [-1, 1, 0, 0, 1, -1])
        #expect(PageAnnouncement.step(forScrollDirection: 0) == 0 && PageAnnouncement.step(forScrollDirection: 7) == 0)
        #expect(PageAnnouncement.destination(from: 1, step: 0, count: 3) == nil)    // up or down: no turn, false
    }

    @Test func pagePositionCountsFromOne() {
        #expect(PageAnnouncement.pagePosition(index: 1, count: 5) == "Page 2 of 5")
    }

    @Test func nextAndPreviousExistOnlyWhereThereIsSuchAPage() {
        #expect(PageAnnouncement.destination(from: 0, step: 1, count: 3) == 1)
        #expect(PageAnnouncement.destination(from: 0, step: -1, count: 3) == nil)
        #expect(PageAnnouncement.destination(from: 2, step: 1, count: 3) == nil)
        #expect(PageAnnouncement.destination(from: 2, step: -1, count: 3) == 1)
        #expect(PageAnnouncement.destination(from: 0, step: 1, count: 1) == nil)
        #expect(PageAnnouncement.destination(from: 0, step: 1, count: 0) == nil)
    }
}

/// `CubePages(selection:)`: the element identity in, the page index out, and back.
@Suite struct PageSelectionTests {
    let ids = ["ava", "ben", "cleo"]

    @Test func anIdentityMapsToItsPageAndBack() {
        for (index, id) in ids.enumerated() {
            #expect(PageSelection.page(of: id, in: ids) == index)
            #expect(PageSelection.id(ofPage: index, in: ids) == id)
        }
    }

    @Test func anUnknownIdentityOrPageMapsToNothing() {
        #expect(PageSelection.page(of: "dan", in: ids) == nil)
        #expect(PageSelection.id(ofPage: 3, in: ids) == nil)
        #expect(PageSelection.id(ofPage: -1, in: ids) == nil)
        #expect(PageSelection.id(ofPage: 0, in: [String]()) == nil)
    }

    @Test func aRepeatedIdentitySelectsItsFirstPage() {
        #expect(PageSelection.page(of: "ben", in: ["ava", "ben", "ben"]) == 1)
    }
}
