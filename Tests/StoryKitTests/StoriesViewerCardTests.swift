import MotionCore
import StoryKit
import Testing

/// The viewer on iPad and in landscape: a centred 9:16 card with the neighbours beside it.
@Suite struct StoriesViewerCardTests {
    typealias CardLayout = StoriesViewer.CardLayout

    /// The card's aspect is 9:16 within half a point and it lies inside `area`.
    private func expectCard(_ layout: CardLayout, inside area: Rect, sourceLocation: SourceLocation = #_sourceLocation) {
        let card = layout.card
        #expect(Swift.abs(card.width - card.height * 9 / 16) <= 0.5, "9:16", sourceLocation: sourceLocation)
        #expect(card.minX >= area.minX - 1e-9 && card.maxX <= area.maxX + 1e-9 && card.minY >= area.minY - 1e-9
                    && card.maxY <= area.maxY + 1e-9, "inside the safe area", sourceLocation: sourceLocation)
        #expect(Swift.abs(card.midX - area.midX) < 1e-9 && Swift.abs(card.midY - area.midY) < 1e-9, "centred",
                sourceLocation: sourceLocation)
    }

    @Test func anIPhoneUprightIsFullScreenOnTheSafeArea() {
        let safe = Rect(x: 0, y: 47, width: 390, height: 763)
        let layout = CardLayout(screen: Size(width: 390, height: 844), safeArea: safe, horizontalSizeClass: .compact)
        #expect(layout.presentation == .fullScreen)
        #expect(layout.card == safe)
        #expect(layout.cornerRadius == 0)
    }

    @Test func anIPadLandscapeShowsA549By976CardCentredWith24PointMargins() {
        let layout = CardLayout(screen: Size(width: 1366, height: 1024), horizontalSizeClass: .regular)
        #expect(layout.presentation == .card)
        #expect(layout.card.height == 976 && layout.card.width == 549)
        #expect(layout.card.minY == 24 && layout.card.minX == 408.5)
        expectCard(layout, inside: Rect(x: 0, y: 0, width: 1366, height: 1024))
    }

    @Test func anIPadPortraitShowsACardAsTallAsTheScreenLessMargins() {
        let layout = CardLayout(screen: Size(width: 820, height: 1180), horizontalSizeClass: .regular)
        #expect(layout.presentation == .card)
        #expect(layout.card.height == 1132)
        #expect(Swift.abs(layout.card.width - 636.75) < 1e-9)
        expectCard(layout, inside: Rect(x: 0, y: 0, width: 820, height: 1180))
        // The neighbours peek in at the sides: the next card's left edge is on the screen.
        let next = layout.slot(offset: 1).frame(cardSize: layout.card.size)
        #expect(next.minX < 820 && next.maxX > 820)
    }

    @Test func splitViewWidthsFollowTheSizeClass() {
        // A third of a 12.9-inch iPad (compact): full screen; a half (regular): a card.
        let third = CardLayout(screen: Size(width: 375, height: 1024), horizontalSizeClass: .compact)
        #expect(third.presentation == .fullScreen && third.card.width == 375)
        let half = CardLayout(screen: Size(width: 678, height: 1024), horizontalSizeClass: .regular)
        #expect(half.presentation == .card && half.card.height == 976)
        expectCard(half, inside: Rect(x: 0, y: 0, width: 678, height: 1024))
        // Two thirds in landscape (regular), wider than tall.
        let twoThirds = CardLayout(screen: Size(width: 981, height: 1024), horizontalSizeClass: .regular)
        #expect(twoThirds.presentation == .card)
    }

    @Test func anIPhoneInLandscapeShowsACardWith12PointMarginsInsideTheSafeArea() {
        let safe = Rect(x: 47, y: 0, width: 750, height: 369)
        let layout = CardLayout(screen: Size(width: 844, height: 390), safeArea: safe, horizontalSizeClass: .compact)
        #expect(layout.presentation == .card)
        #expect(layout.card.height == 345)
        expectCard(layout, inside: safe)
    }

    @Test func withoutASizeClassALandscapeScreenShowsTheCard() {
        #expect(CardLayout.presentation(screen: Size(width: 390, height: 844), horizontalSizeClass: .unspecified) == .fullScreen)
        #expect(CardLayout.presentation(screen: Size(width: 1080, height: 1920), horizontalSizeClass: .unspecified) == .fullScreen)
        #expect(CardLayout.presentation(screen: Size(width: 2048, height: 1536), horizontalSizeClass: .unspecified) == .card)
    }

    @Test func unusableScreensGiveAnEmptyCardAndNoTrap() {
        for screen in [Size(width: 0, height: 0), Size(width: .nan, height: 100), Size(width: -5, height: .infinity)] {
            let layout = CardLayout(screen: screen, safeArea: Rect(x: .nan, y: 0, width: 10, height: 10), horizontalSizeClass: .regular)
            #expect(layout.card.width >= 0 && layout.card.height >= 0 && layout.card.width.isFinite && layout.card.height.isFinite)
            let slot = layout.slot(offset: .nan)
            #expect(slot.center.isFinite)
        }
    }

    /// The storm's find: on a screen of `.greatestFiniteMagnitude` points the card's arithmetic
    /// lost whole points (1e308 × 9/16), so the card was not 9:16.
    @Test func aHugeScreenCountsAsAMillionPointsAndKeepsTheCardAt9To16() {
        let huge = Double.greatestFiniteMagnitude
        for screen in [Size(width: huge, height: huge), Size(width: huge, height: 800), Size(width: 3e6, height: 2e6)] {
            let layout = CardLayout(screen: screen, horizontalSizeClass: .regular)
            let card = layout.card
            #expect(layout.screen.width <= CardLayout.maximumScreenDimension && layout.screen.height <= CardLayout.maximumScreenDimension)
            #expect(abs(card.width - card.height * 9 / 16) <= 0.5, "\(card)")
            #expect(card.minX >= 0 && card.maxX <= layout.screen.width && card.minY >= 0 && card.maxY <= layout.screen.height, "\(card)")
        }
        #expect(CardLayout(screen: Size(width: huge, height: huge), horizontalSizeClass: .regular).card
                == Rect(x: 218_763.5, y: 24, width: 562_473, height: 999_952))
    }

    @Test func theRowSlidesTheCardToTheNeighboursPlaceShrinkingAndDimming() {
        let layout = CardLayout(screen: Size(width: 1366, height: 1024), horizontalSizeClass: .regular)
        let current = layout.slot(offset: 0)
        #expect(current.center == Point(x: 683, y: 512) && current.scale == 1 && current.dimming == 0)
        let next = layout.slot(offset: 1)
        #expect(next.scale == 0.5 && next.dimming == 0.5)
        // 24 points between the card's right edge and the neighbour's left edge.
        #expect(Swift.abs(next.frame(cardSize: layout.card.size).minX - (layout.card.maxX + 24)) < 1e-9)
        let half = layout.slot(offset: -0.5)
        #expect(half.center.x < 683 && half.scale == 0.75 && half.dimming == 0.25)
        // Right to left: the next user is on the left.
        #expect(layout.slot(offset: 1, direction: .rightToLeft).center.x == 683 - (next.center.x - 683))
    }

    // MARK: - The viewer

    private func cardViewer() -> StoriesViewer {
        var viewer = ViewerFixtures.viewer(user: 1)
        viewer.layOut(screen: Size(width: 1366, height: 1024), horizontalSizeClass: .regular)
        viewer.displayEverythingListed(time: 0)
        return viewer
    }

    @Test func layingOutAsACardMakesThePageTheCard() {
        let viewer = cardViewer()
        #expect(viewer.isCard)
        #expect(viewer.pageSize == Size(width: 549, height: 976))
        #expect(viewer.sceneSize == Size(width: 1366, height: 1024))
    }

    @Test func aTapLeftOfTheCardGoesToThePreviousUserAndRightToTheNext() {
        var viewer = cardViewer()
        viewer.advance(to: 1)
        let left = Point(x: -100, y: 488)            // on the previous user's card, in page points
        viewer.touchBegan(at: left, time: 1)
        #expect(!viewer.pauseReasons.contains(.held), "beside the card nothing holds")
        viewer.touchEnded(at: left, time: 1.05)
        #expect(viewer.cube.targetIndex == 0)
        viewer.run(to: 3, from: 1.05)
        #expect(viewer.userIndex == 0)
        let right = Point(x: 549 + 300, y: 100)      // on the backdrop right of the card
        viewer.touchBegan(at: right, time: 3.1)
        viewer.touchEnded(at: right, time: 3.15)
        viewer.run(to: 5, from: 3.15)
        #expect(viewer.userIndex == 1)
    }

    @Test func aTapOnTheCardKeepsTheUsualZones() {
        var viewer = cardViewer()
        viewer.advance(to: 1)
        viewer.tap(x: 500, at: 1)                    // the card's right part: next item
        #expect(viewer.userIndex == 1 && viewer.itemIndex == 1)
        viewer.tap(x: 40, at: 1.5)                   // its left third: back
        #expect(viewer.itemIndex == 0)
    }

    @Test func aDragBesideTheCardOrATapRightToLeftMirrors() {
        var viewer = cardViewer()
        viewer.touchBegan(at: Point(x: -100, y: 400), time: 1)
        viewer.touchEnded(at: Point(x: -100, y: 480), time: 1.2)     // moved 80 points: not a tap
        #expect(viewer.cube.targetIndex == 1)
        var mirrored = cardViewer()
        mirrored.configuration.layoutDirection = .rightToLeft
        mirrored.touchBegan(at: Point(x: -100, y: 400), time: 1)
        mirrored.touchEnded(at: Point(x: -100, y: 400), time: 1.05)
        #expect(mirrored.cube.targetIndex == 2, "right to left, the next user is on the left")
    }

    @Test func aTapBesideTheLastUserGoesNowhere() {
        var viewer = ViewerFixtures.viewer(user: 2)
        viewer.layOut(screen: Size(width: 1366, height: 1024), horizontalSizeClass: .regular)
        viewer.touchBegan(at: Point(x: 700, y: 400), time: 1)
        viewer.touchEnded(at: Point(x: 700, y: 400), time: 1.05)
        #expect(viewer.cube.targetIndex == 2 && viewer.cube.phase == .idle && !viewer.isClosed)
    }

    @Test func rotatingMidItemKeepsTheUserTheItemAndItsElapsedTime() {
        var viewer = cardViewer()
        viewer.tap(x: 500, at: 0.5)                  // Ben's second item
        viewer.displayEverythingListed(time: 0.55)
        viewer.advance(to: 2.5)
        let elapsed = viewer.elapsed
        #expect(elapsed > 1.9)
        viewer.layOut(screen: Size(width: 1024, height: 1366), horizontalSizeClass: .regular)   // to portrait
        #expect(viewer.pageSize.height == 1318)
        #expect(viewer.userIndex == 1 && viewer.itemIndex == 1 && viewer.elapsed == elapsed)
        viewer.advance(to: 3)
        #expect(Swift.abs(viewer.elapsed - (elapsed + 0.5)) < 1e-9, "progress goes on where it was")
        viewer.layOut(screen: Size(width: 375, height: 1366), horizontalSizeClass: .compact)    // a narrow split
        #expect(!viewer.isCard && viewer.pageSize == Size(width: 375, height: 1366))
        #expect(viewer.userIndex == 1 && viewer.itemIndex == 1 && viewer.elapsed >= elapsed + 0.5)
    }

    @Test func theCardSceneDrawsTheCardCentredWithItsNeighboursBesideIt() {
        let viewer = cardViewer()
        let scene = viewer.scene(media: { _, _ in nil })
        #expect(scene.size == Size(width: 1366, height: 1024))
        let row = scene.layers.first { $0.name == "row" }
        let names = row?.sublayers.map(\.name) ?? []
        #expect(names.last == "card 1", "the current card on top")
        #expect(Set(names) == ["card 0", "card 1", "card 2"])
        let previous = row?.sublayers.first { $0.name == "card 0" }
        let neighbourPitch: Double = 549.0 / 2 + 24 + 549.0 / 4
        #expect(previous?.position.x == 683 - neighbourPitch)
        #expect(previous?.sublayers.last?.name == "dim" && previous?.sublayers.last?.opacity == 0.5)
        let current = row?.sublayers.last
        #expect(current?.position == Point(x: 683, y: 512))
        #expect(current?.sublayers.first?.name == "viewer")
    }

    @Test func midTurnTheRowHasSlidBetweenTheCards() {
        var viewer = cardViewer()
        viewer.showUser(2, time: 1)
        viewer.advance(to: 1.1)
        #expect(viewer.cube.phase == .settling)
        let position = viewer.cube.position
        #expect(position > 1 && position < 2)
        let row = viewer.scene(media: { _, _ in nil }).layers.first { $0.name == "row" }
        let next = row?.sublayers.first { $0.name == "card 2" }
        let expected = viewer.cardLayout?.slot(offset: 2 - position).center.x ?? 0
        #expect(next.map { Swift.abs($0.position.x - expected) < 1e-9 } == true)
        let neighbourPitch: Double = 549.0 / 2 + 24 + 549.0 / 4
        let nextX: Double = next?.position.x ?? 0
        #expect(nextX < 683 + neighbourPitch)
    }
}
