import MotionCore
import StoryKit
import StoryKitTestSupport
import Testing

/// The profile header against values derived by hand from the layout below:
/// header bottom 47 + 120 = 167, sticky band 47…91, sticky offset 120 − 44 = 76; the avatar
/// shrinks over 72 × 1.4 = 100.8 pt per unit of scale and reaches its 0.5 floor at 50.4 pt; the
/// name label's top (215) meets the stuck header's bottom (91) at 124; the title (24 pt) travels
/// (44 + 24) / 2 = 34 pt, arriving at 158; the tab bar (y 300) sticks at 300 − 91 = 209.
@Suite struct StretchyHeaderTests {
    static let layout = StretchyHeader.Layout(width: 390, safeAreaTop: 47, headerHeight: 120, stickyHeight: 44,
                                              avatar: Rect(x: 16, y: 131, width: 72, height: 72),
                                              nameLabel: Rect(x: 16, y: 215, width: 200, height: 24),
                                              tabBar: Rect(x: 0, y: 300, width: 390, height: 44))
    let header = StretchyHeader(layout: Self.layout)

    @Test func derivesItsOffsetsFromTheLayout() {
        #expect(Self.layout.headerBottom == 167)
        #expect(Self.layout.stickyBottom == 91)
        #expect(Self.layout.stickyOffset == 76)
        #expect(Self.layout.titleStartOffset == 124)
        #expect(Self.layout.titleTravel == 34)
        #expect(Self.layout.titleEndOffset == 158)
        #expect(Self.layout.tabBarStickOffset == 209)
    }

    @Test func atRestNothingMoves() {
        let now = header.frame(offset: 0)
        #expect(now.headerScale == 1 && now.headerTranslation == 0)
        #expect(now.header == Rect(x: 0, y: 0, width: 390, height: 167))
        #expect(now.avatarScale == 1 && now.avatar == Self.layout.avatar)
        #expect(!now.isHeaderInFront)
        #expect(now.blurOpacity == 0 && now.pullDistance == 0)
        #expect(now.title.minY == 167)   // just below the header's bottom: clipped away
        #expect(now.tabBar == Rect(x: 0, y: 300, width: 390, height: 44))
    }

    @Test func pullingDownScalesTheHeaderFromItsTopEdgeWithItsBottomOnTheContent() {
        let now = header.frame(offset: -120)
        let scale = 1 + 120.0 / 167
        #expect(Approximately.equal(now.headerScale, scale))
        #expect(Approximately.equal(now.header.minY, 0))
        #expect(Approximately.equal(now.header.maxY, 287))                 // 167 + 120: the content's top
        #expect(Approximately.equal(now.header.midX, 195))
        #expect(Approximately.equal(now.header.width, 390 * scale))
        #expect(now.headerTranslation == 0)
        #expect(now.avatarScale == 1)
        #expect(now.avatar == Rect(x: 16, y: 251, width: 72, height: 72))    // moved down with the content
        #expect(now.pullDistance == 120)
        #expect(now.blurOpacity == 0 && !now.isHeaderInFront)
        #expect(Approximately.equal(now.title.minY, 287))                   // still just below the bottom
    }

    @Test func scrollingUpMovesTheHeaderAndShrinksTheAvatarAboutItsBottom() {
        let now = header.frame(offset: 30)
        #expect(now.headerTranslation == -30)
        #expect(now.header == Rect(x: 0, y: -30, width: 390, height: 167))
        let scale = 1 - 30 / 100.8
        #expect(Approximately.equal(now.avatarScale, scale))
        #expect(Approximately.equal(now.avatar.maxY, 173))                  // 203 − 30: bottom on the content
        #expect(Approximately.equal(now.avatar.height, 72 * scale))
        #expect(Approximately.equal(now.avatar.midX, 52))                   // centred horizontally
    }

    @Test func theAvatarStopsShrinkingAtItsFloor() {
        #expect(Approximately.equal(header.frame(offset: 50.4).avatarScale, 0.5))
        #expect(header.frame(offset: 60).avatarScale == 0.5)
        #expect(header.frame(offset: 500).avatarScale == 0.5)
        // Without the floor in the way the article's line runs until the header sticks.
        var deep = header
        deep.configuration.minimumAvatarScale = 0
        #expect(Approximately.equal(deep.frame(offset: 76).avatarScale, 1 - 76 / 100.8))
        #expect(Approximately.equal(deep.frame(offset: 300).avatarScale, 1 - 76 / 100.8))
    }

    @Test func theHeaderSticksAtTheStickyOffsetAndComesInFrontExactlyThere() {
        let stuck = header.frame(offset: 76)
        #expect(stuck.headerTranslation == -76)
        #expect(stuck.header.maxY == 91)
        #expect(!stuck.isHeaderInFront)
        #expect(header.frame(offset: 76.0.nextUp).isHeaderInFront)
        #expect(!header.frame(offset: 76.0.nextDown).isHeaderInFront)
        let far = header.frame(offset: 5_000)
        #expect(far.headerTranslation == -76 && far.header.maxY == 91 && far.isHeaderInFront)
        // The scene orders the layers the same way.
        func headerZ(_ offset: Double) -> Double {
            header.layers(offset: offset, header: ImageContents(image: "h"), blurredHeader: ImageContents(image: "b"),
                          avatar: ImageContents(image: "a"), title: TextContents("Ada"))[0].zPosition
        }
        #expect(headerZ(76) == 0 && headerZ(76.0.nextUp) == 2)
    }

    @Test func theTitleStartsWhenTheNameLabelReachesTheStuckHeaderAndStopsCentred() {
        let start = header.frame(offset: 124)
        #expect(215 - 124 == 91)                                             // the name label's top meets the bottom
        #expect(Approximately.equal(start.title.minY, 91))                  // the title's top at the header's bottom
        #expect(start.blurOpacity == 0)
        let half = header.frame(offset: 141)
        #expect(Approximately.equal(half.title.midY, 103 - 17))
        #expect(Approximately.equal(half.blurOpacity, 0.5))
        let centred = header.frame(offset: 158)
        #expect(Approximately.equal(centred.title.midY, 69))                // 47 + 44 / 2
        #expect(Approximately.equal(centred.title.midX, 195))
        #expect(centred.blurOpacity == 1)
        let far = header.frame(offset: 900)
        #expect(Approximately.equal(far.title.midY, 69) && far.blurOpacity == 1 && far.titleOpacity == 1)
    }

    @Test func theTabBarScrollsThenSticksBelowTheHeader() {
        #expect(header.frame(offset: 100).tabBar?.minY == 200)
        #expect(header.frame(offset: 209).tabBar?.minY == 91)
        #expect(header.frame(offset: 250).tabBar?.minY == 91)
        #expect(header.frame(offset: 250).tabBarHold == 41)
        #expect(header.frame(offset: -60).tabBar?.minY == 360)
    }

    @Test func aSafeAreaChangeMovesTheBandsButNotTheOffsets() {
        var layout = Self.layout
        layout.safeAreaTop = 20
        let landscape = StretchyHeader(layout: layout)
        #expect(landscape.layout.stickyOffset == 76)
        #expect(landscape.frame(offset: 0).header.maxY == 140)
        #expect(landscape.frame(offset: 400).header.maxY == 64)
        #expect(Approximately.equal(landscape.frame(offset: 900).title.midY, 42))   // 20 + 22
        // Live: the model follows a layout set mid-scroll.
        var live = header
        live.layout.safeAreaTop = 20
        #expect(live.frame(offset: 400) == landscape.frame(offset: 400))
    }

    @Test func aNameLabelAlreadyInTheHeaderStartsTheTitleWhenTheHeaderSticks() {
        var layout = Self.layout
        layout.nameLabel = Rect(x: 16, y: 150, width: 200, height: 24)
        let header = StretchyHeader(layout: layout)
        #expect(header.layout.titleStartOffset == 76)
        #expect(header.frame(offset: 76).blurOpacity == 0)
        #expect(Approximately.equal(header.frame(offset: 93).blurOpacity, 0.5))
    }

    @Test func reduceMotionKeepsTheAvatarsSizeAndFadesTheTitleInPlace() {
        var calm = header
        calm.configuration.reduceMotion = true
        #expect(calm.frame(offset: 60).avatarScale == 1)
        let start = calm.frame(offset: 124), half = calm.frame(offset: 141), end = calm.frame(offset: 158)
        #expect(Approximately.equal(start.title.midY, 69) && Approximately.equal(half.title.midY, 69))
        #expect(start.titleOpacity == 0 && Approximately.equal(half.titleOpacity, 0.5) && end.titleOpacity == 1)
        #expect(Approximately.equal(half.blurOpacity, 0.5))
    }

    @Test func everyOutputIsContinuousOverTheWholeOffsetRange() {
        // Piecewise linear tracks: over 0.01 pt nothing moves more than its steepest slope allows.
        let slope = 2 * 390.0 / 167 + 2
        let step = 0.01
        var previous = header.frame(offset: -600)
        var offset = -600.0
        while offset < 1_200 {
            offset += step
            let now = header.frame(offset: offset)
            let moves = [now.headerScale - previous.headerScale, now.header.minX - previous.header.minX, now.header.maxY - previous.header.maxY,
                         now.avatar.minY - previous.avatar.minY, now.avatar.width - previous.avatar.width, now.title.minY - previous.title.minY,
                         now.blurOpacity - previous.blurOpacity, (now.tabBar?.minY ?? 0) - (previous.tabBar?.minY ?? 0)]
            let largest = moves.map(abs).max() ?? 0
            #expect(largest <= slope * step * 1.000001, "a jump of \(largest) at \(offset)")
            if largest > slope * step * 1.000001 { return }
            previous = now
        }
    }

    @Test func theHeadersBoundsNeverChangeWhileScrolling() {
        for offset in stride(from: -300.0, through: 900, by: 37) {
            let top = header.layers(offset: offset, header: ImageContents(image: "h"), blurredHeader: ImageContents(image: "b"),
                                    avatar: ImageContents(image: "a"), title: TextContents("Ada"))[0]
            #expect(top.bounds == Rect(x: 0, y: 0, width: 390, height: 167))
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
    func hostileOffsetsGiveFiniteFrames(offset: Double) {
        let now = header.frame(offset: offset)
        let values = [now.offset, now.headerScale, now.header.height, now.header.width, now.avatar.minY, now.title.minY, now.blurOpacity]
        #expect(values.allSatisfy { $0.isFinite })
        if offset.isNaN { #expect(now == header.frame(offset: 0)) }
    }

    @Test func degenerateLayoutsGiveFiniteFrames() {
        let zero = StretchyHeader(layout: .init(width: 0, headerHeight: 0, stickyHeight: 0, avatar: .zero, nameLabel: .zero))
        for offset in [-100.0, 0, 100] {
            let now = zero.frame(offset: offset)
            #expect(now.headerScale == 1 && now.avatarScale == 1 && now.header == .zero)
            #expect([now.title.minY, now.blurOpacity, now.avatar.minY].allSatisfy { $0.isFinite })
        }
        let hostile = StretchyHeader(layout: .init(width: .nan, safeAreaTop: -5, headerHeight: .infinity, stickyHeight: 1e300,
                                                   avatar: Rect(x: .nan, y: 1e300, width: -4, height: .infinity),
                                                   nameLabel: Rect(x: 0, y: -.infinity, width: 1, height: 1)))
        #expect(hostile.layout.width == 0 && hostile.layout.safeAreaTop == 0)
        #expect(hostile.layout.stickyHeight <= hostile.layout.headerHeight)
        let now = hostile.frame(offset: 50)
        #expect([now.headerScale, now.header.height, now.avatar.minY, now.avatarScale, now.title.minY].allSatisfy { $0.isFinite })
        // Sticky taller than the header is the header's height: it never moves.
        let tall = StretchyHeader(layout: .init(width: 100, headerHeight: 50, stickyHeight: 80, avatar: .zero, nameLabel: .zero))
        #expect(tall.layout.stickyOffset == 0 && tall.frame(offset: 40).headerTranslation == 0 && tall.frame(offset: 40).isHeaderInFront)
    }
}

@Suite struct ProfileHeaderLayoutSanitisingTests {
    @Test func settingALayoutPropertyLaterIsSanitisedLikeTheInitialiser() {
        var layout = StretchyHeaderTests.layout
        layout.width = .nan
        layout.safeAreaTop = -3
        layout.stickyHeight = 1e300
        layout.avatar = Rect(x: .infinity, y: 0, width: -5, height: .nan)
        layout.titleSize = Size(width: .nan, height: 1e-9)
        layout.tabBar = Rect(x: 0, y: .nan, width: 10, height: 10)
        #expect(layout.width == 0 && layout.safeAreaTop == 0)
        #expect(layout.stickyHeight == 120)                       // at most the header's height
        #expect(layout.avatar == Rect(x: 0, y: 0, width: 5, height: 0))     // a negative width is folded, as Rect does
        #expect(layout.titleSize == Size(width: 0, height: 0))
        #expect(layout.tabBar == Rect(x: 0, y: 0, width: 10, height: 10))
        layout.headerHeight = 30                                  // the sticky height follows it down
        #expect(layout.stickyHeight == 30 && layout.stickyOffset == 0)
        let now = StretchyHeader(layout: layout).frame(offset: 50)
        #expect([now.header.height, now.avatar.minY, now.title.minY, now.blurOpacity].allSatisfy { $0.isFinite })
    }
}
