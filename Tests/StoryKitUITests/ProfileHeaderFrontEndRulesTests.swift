import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The profile header's UIKit arithmetic: the offset fed to the model is measured from rest (safe
/// area, insets and a spinning refresh control included), the header's space is reserved with the
/// top inset only while the content is still, and the views' transforms put them exactly where
/// the model's frame says.
@Suite struct ProfileHeaderFrontEndRulesTests {
    /// An iPhone in portrait: 47 pt of status bar, a 120 pt header sticking at 44 pt.
    static let layout = StretchyHeader.Layout(
        width: 390, safeAreaTop: 47, headerHeight: 120, stickyHeight: 44,
        avatar: Rect(x: 16, y: 131, width: 72, height: 72), nameLabel: Rect(x: 16, y: 215, width: 200, height: 24),
        titleSize: Size(width: 120, height: 20), tabBar: Rect(x: 0, y: 300, width: 390, height: 44))

    typealias Scroll = ProfileHeaderScrollRule.Scroll

    // MARK: Offset from rest

    struct OffsetCase: Sendable, CustomTestStringConvertible {
        let name: String
        let scroll: Scroll
        let restInsetTop: Double
        let offset: Double
        var testDescription: String { name }
    }

    static let offsetCases: [OffsetCase] = [
        // Automatic adjustment: UIKit adds the 47 pt safe area to the 120 pt reserved inset.
        OffsetCase(name: "rest", scroll: Scroll(contentOffsetY: -167, contentInsetTop: 120, adjustedInsetTop: 167),
                   restInsetTop: 167, offset: 0),
        OffsetCase(name: "pulled down 50", scroll: Scroll(contentOffsetY: -217, contentInsetTop: 120, adjustedInsetTop: 167, isTracking: true),
                   restInsetTop: 167, offset: -50),
        OffsetCase(name: "scrolled up 100", scroll: Scroll(contentOffsetY: -67, contentInsetTop: 120, adjustedInsetTop: 167),
                   restInsetTop: 167, offset: 100),
        // A refreshing refresh control adds its 60 pt to the adjusted inset and the content rests
        // under it: that is a pull of 60, not the rest.
        OffsetCase(name: "refreshing, content resting under the spinner",
                   scroll: Scroll(contentOffsetY: -227, contentInsetTop: 120, adjustedInsetTop: 227, refreshingHeight: 60),
                   restInsetTop: 167, offset: -60),
        OffsetCase(name: "refreshing, scrolled up 30",
                   scroll: Scroll(contentOffsetY: -137, contentInsetTop: 120, adjustedInsetTop: 227, refreshingHeight: 60),
                   restInsetTop: 167, offset: 30),
        // No adjustment (`.never`): the inset holds the safe area too.
        OffsetCase(name: "never-adjusted rest", scroll: Scroll(contentOffsetY: -167, contentInsetTop: 167, adjustedInsetTop: 167),
                   restInsetTop: 167, offset: 0),
        // Landscape: no status bar, the adjusted inset is the header alone.
        OffsetCase(name: "landscape rest", scroll: Scroll(contentOffsetY: -120, contentInsetTop: 120, adjustedInsetTop: 120),
                   restInsetTop: 120, offset: 0),
        OffsetCase(name: "NaN offset", scroll: Scroll(contentOffsetY: .nan, contentInsetTop: 120, adjustedInsetTop: 167),
                   restInsetTop: 167, offset: 0),
        OffsetCase(name: "NaN inset", scroll: Scroll(contentOffsetY: -20, contentInsetTop: .nan, adjustedInsetTop: .nan),
                   restInsetTop: 0, offset: -20),
        OffsetCase(name: "infinite refresh height",
                   scroll: Scroll(contentOffsetY: -167, contentInsetTop: 120, adjustedInsetTop: 167, refreshingHeight: .infinity),
                   restInsetTop: 167, offset: 0),
    ]

    @Test(arguments: offsetCases)
    func theOffsetIsMeasuredFromRest(_ c: OffsetCase) {
        #expect(ProfileHeaderScrollRule.restInsetTop(c.scroll) == c.restInsetTop)
        #expect(ProfileHeaderScrollRule.offset(c.scroll) == c.offset)
    }

    @Test func aRefreshingControlKeepsTheHeaderStretched() {
        let model = StretchyHeader(layout: Self.layout)
        let refreshing = Scroll(contentOffsetY: -227, contentInsetTop: 120, adjustedInsetTop: 227, refreshingHeight: 60)
        let frame = model.frame(offset: ProfileHeaderScrollRule.offset(refreshing))
        #expect(frame.pullDistance == 60)
        #expect(frame.headerScale > 1)
        #expect(Approximately.equal(frame.header.maxY, 167 + 60))   // its bottom stays on the content's top
        // Had the refresh control's inset been taken for the rest, the header would be at rest.
        let wrong = model.frame(offset: refreshing.contentOffsetY + refreshing.adjustedInsetTop)
        #expect(wrong.headerScale == 1)
    }

    // MARK: Reserved inset

    struct InsetCase: Sendable, CustomTestStringConvertible {
        let name: String
        let headerBottom: Double
        let scroll: Scroll
        let decision: ProfileHeaderScrollRule.InsetDecision
        var testDescription: String { name }
    }

    static let insetCases: [InsetCase] = [
        InsetCase(name: "already reserved", headerBottom: 167,
                  scroll: Scroll(contentOffsetY: -167, contentInsetTop: 120, adjustedInsetTop: 167), decision: .keep),
        InsetCase(name: "half a point off is kept", headerBottom: 167.4,
                  scroll: Scroll(contentOffsetY: -167, contentInsetTop: 120, adjustedInsetTop: 167), decision: .keep),
        // Attaching: the app's inset is 0, UIKit adds the safe area; the content stays at rest.
        InsetCase(name: "attach at rest", headerBottom: 167,
                  scroll: Scroll(contentOffsetY: -47, contentInsetTop: 0, adjustedInsetTop: 47),
                  decision: .apply(contentInsetTop: 120, contentOffsetY: -167)),
        InsetCase(name: "attach scrolled 200 down the content", headerBottom: 167,
                  scroll: Scroll(contentOffsetY: 153, contentInsetTop: 0, adjustedInsetTop: 47),
                  decision: .apply(contentInsetTop: 120, contentOffsetY: 33)),
        InsetCase(name: "attach with the app's own inset of 10", headerBottom: 167,
                  scroll: Scroll(contentOffsetY: -57, contentInsetTop: 10, adjustedInsetTop: 57),
                  decision: .apply(contentInsetTop: 120, contentOffsetY: -167)),
        InsetCase(name: "never-adjusted attach", headerBottom: 167,
                  scroll: Scroll(contentOffsetY: 0, contentInsetTop: 0, adjustedInsetTop: 0),
                  decision: .apply(contentInsetTop: 167, contentOffsetY: -167)),
        // A safe-area change under `.never`: 47 → 0 (landscape), the header's bottom 167 → 120.
        InsetCase(name: "safe area shrinks, never-adjusted", headerBottom: 120,
                  scroll: Scroll(contentOffsetY: -167, contentInsetTop: 167, adjustedInsetTop: 167),
                  decision: .apply(contentInsetTop: 120, contentOffsetY: -120)),
        // Under automatic adjustment UIKit's own safe area follows: nothing to change.
        InsetCase(name: "safe area shrinks, automatic", headerBottom: 120,
                  scroll: Scroll(contentOffsetY: -120, contentInsetTop: 120, adjustedInsetTop: 120), decision: .keep),
        InsetCase(name: "header height changes", headerBottom: 247,
                  scroll: Scroll(contentOffsetY: -167, contentInsetTop: 120, adjustedInsetTop: 167),
                  decision: .apply(contentInsetTop: 200, contentOffsetY: -247)),
        InsetCase(name: "inset change deferred while tracking", headerBottom: 247,
                  scroll: Scroll(contentOffsetY: -100, contentInsetTop: 120, adjustedInsetTop: 167, isTracking: true),
                  decision: .deferred),
        InsetCase(name: "inset change deferred while decelerating", headerBottom: 247,
                  scroll: Scroll(contentOffsetY: -100, contentInsetTop: 120, adjustedInsetTop: 167, isDecelerating: true),
                  decision: .deferred),
        InsetCase(name: "inset change deferred while refreshing", headerBottom: 247,
                  scroll: Scroll(contentOffsetY: -227, contentInsetTop: 120, adjustedInsetTop: 227, refreshingHeight: 60),
                  decision: .deferred),
        InsetCase(name: "refreshing with the inset right", headerBottom: 167,
                  scroll: Scroll(contentOffsetY: -227, contentInsetTop: 120, adjustedInsetTop: 227, refreshingHeight: 60),
                  decision: .keep),
        InsetCase(name: "NaN header bottom reserves nothing", headerBottom: .nan,
                  scroll: Scroll(contentOffsetY: -167, contentInsetTop: 120, adjustedInsetTop: 167),
                  decision: .apply(contentInsetTop: 0, contentOffsetY: -47)),
        InsetCase(name: "NaN scroll state", headerBottom: 167,
                  scroll: Scroll(contentOffsetY: .nan, contentInsetTop: .nan, adjustedInsetTop: .nan),
                  decision: .apply(contentInsetTop: 167, contentOffsetY: -167)),
    ]

    @Test(arguments: insetCases)
    func theHeadersSpaceIsReservedOnlyWhileStill(_ c: InsetCase) {
        #expect(ProfileHeaderScrollRule.insetDecision(headerBottom: c.headerBottom, c.scroll) == c.decision)
    }

    @Test(arguments: insetCases)
    func applyingTheInsetKeepsTheOffsetFromRest(_ c: InsetCase) {
        guard case let .apply(insetTop, offsetY) = ProfileHeaderScrollRule.insetDecision(headerBottom: c.headerBottom, c.scroll),
              c.scroll.contentOffsetY.isFinite, c.scroll.adjustedInsetTop.isFinite, c.scroll.contentInsetTop.isFinite else { return }
        // UIKit's adjusted inset moves with the content inset by the same amount.
        var after = c.scroll
        after.adjustedInsetTop += insetTop - c.scroll.contentInsetTop
        after.contentInsetTop = insetTop
        after.contentOffsetY = offsetY
        #expect(ProfileHeaderScrollRule.offset(after) == ProfileHeaderScrollRule.offset(c.scroll))
        // And the content's rest top is the header's bottom.
        let expected = c.headerBottom.isFinite ? c.headerBottom : ProfileHeaderScrollRule.systemInsetTop(c.scroll)
        #expect(ProfileHeaderScrollRule.restInsetTop(after) == expected)
        #expect(ProfileHeaderScrollRule.insetDecision(headerBottom: c.headerBottom, after) == .keep)
    }

    @Test func viewsInTheContentAreMeasuredAtRestInVisibleCoordinates() {
        let rest = Scroll(contentOffsetY: -167, contentInsetTop: 120, adjustedInsetTop: 167)
        let scrolled = Scroll(contentOffsetY: 300, contentInsetTop: 120, adjustedInsetTop: 167, isTracking: true)
        let refreshing = Scroll(contentOffsetY: -227, contentInsetTop: 120, adjustedInsetTop: 227, refreshingHeight: 60)
        // The avatar overlaps the header: 36 pt above the content's top.
        let avatar = Rect(x: 16, y: -36, width: 72, height: 72)
        for scroll in [rest, scrolled, refreshing] {
            #expect(ProfileHeaderScrollRule.restRect(contentRect: avatar, scroll) == Rect(x: 16, y: 131, width: 72, height: 72))
        }
        let inset = Scroll(contentOffsetY: -167, contentOffsetX: -8, contentInsetTop: 120, adjustedInsetTop: 167, adjustedInsetLeft: 8)
        #expect(ProfileHeaderScrollRule.restRect(contentRect: avatar, inset) == Rect(x: 24, y: 131, width: 72, height: 72))
        let hostile = ProfileHeaderScrollRule.restRect(contentRect: Rect(x: .nan, y: .infinity, width: 10, height: .nan), rest)
        #expect(hostile == Rect(x: 0, y: 167, width: 10, height: 0))
    }

    // MARK: Views

    static let offsets: [Double] = [-300, -100, -60, -1, 0, 1, 40, 75.5, 76, 76.5, 120, 180, 260, 400, 5000]

    @Test(arguments: offsets)
    func theViewsTransformsPutThemWhereTheModelSays(offset: Double) throws {
        let model = StretchyHeader(layout: Self.layout)
        let frame = model.frame(offset: offset)
        let views = ProfileHeaderViewLayout(frame, layout: model.layout)
        #expect(views.headerSize == Size(width: 390, height: 167))     // never resized by scrolling
        #expect(Approximately.equal(views.headerFrame, frame.header, absolute: 1e-9))
        // The header's top centre is where the model lifts it.
        #expect(Approximately.equal(views.headerFrame.midX, 195) && Approximately.equal(views.headerFrame.minY, frame.headerTranslation))
        // The avatar moves with the content; its transform scales it about its bottom centre.
        let rest = Self.layout.avatar
        let scrolledAvatar = Rect(x: rest.minX, y: rest.minY - offset, width: rest.width, height: rest.height)
        let avatar = ProfileHeaderViewLayout.apply(views.avatarTransform, about: scrolledAvatar.center, to: scrolledAvatar)
        #expect(Approximately.equal(avatar, frame.avatar, absolute: 1e-9))
        #expect(Approximately.equal(avatar.maxY, scrolledAvatar.maxY, absolute: 1e-9) && Approximately.equal(avatar.midX, rest.midX))
        // The tab bar moves with the content and is held down by the transform.
        let bar = try #require(Self.layout.tabBar)
        let scrolledBar = Rect(x: bar.minX, y: bar.minY - offset, width: bar.width, height: bar.height)
        let tabBar = ProfileHeaderViewLayout.apply(views.tabBarTransform, about: scrolledBar.center, to: scrolledBar)
        #expect(Approximately.equal(tabBar, try #require(frame.tabBar), absolute: 1e-9))
        #expect(views.titleCenter == frame.titleCenter && views.titleSize == Size(width: 120, height: 20))
        #expect(views.blurAlpha == frame.blurOpacity && views.titleAlpha == frame.titleOpacity)
    }

    @Test func theHeaderGoesInFrontExactlyPastTheStickyOffset() {
        let model = StretchyHeader(layout: Self.layout)
        let z = { (offset: Double) in ProfileHeaderViewLayout(model.frame(offset: offset), layout: model.layout).headerZPosition }
        #expect(z(-100) == -1 && z(0) == -1 && z(75.9) == -1 && z(76) == -1)
        #expect(z(76.001) == 1 && z(200) == 1)
    }

    @Test func pullingStretchesTheHeaderFromItsTopAndStuckItKeepsTheStickyBand() {
        let model = StretchyHeader(layout: Self.layout)
        let pulled = ProfileHeaderViewLayout(model.frame(offset: -100), layout: model.layout).headerFrame
        #expect(Approximately.equal(pulled.minY, 0) && Approximately.equal(pulled.maxY, 267), "\(pulled)")
        let stuck = ProfileHeaderViewLayout(model.frame(offset: 1000), layout: model.layout).headerFrame
        #expect(Approximately.equal(stuck.minY, -76) && Approximately.equal(stuck.maxY, 47 + 44))
        #expect(Approximately.equal(stuck.height, 167))
    }

    @Test func hostileFramesGiveDrawableTransforms() {
        let model = StretchyHeader(layout: Self.layout)
        var frame = model.frame(offset: 10)
        frame.headerScale = .nan
        frame.headerTranslation = .infinity
        frame.avatarScale = -2
        frame.tabBarHold = .nan
        frame.blurOpacity = .nan
        frame.titleOpacity = 3
        let views = ProfileHeaderViewLayout(frame, layout: model.layout)
        #expect(views.headerTransform.isFinite && views.avatarTransform.isFinite && views.tabBarTransform.isFinite)
        #expect(views.headerTransform == .identity)
        #expect(views.blurAlpha == 0 && views.titleAlpha == 1)
    }
}
