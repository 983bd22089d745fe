import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// What the UIKit profile header measures and where it puts things in its container: a view's
/// frame without the controller's transform, the title's size (measured once per text, font and
/// width), the content kept in place when the app's inset is given back, and the header and the
/// touch router placed at the scroll view's visible top-left.
@Suite struct ProfileHeaderMeasuringTests {
    @Test func aViewsFrameWithoutItsTransformComesFromItsCentreAndAnchor() {
        // The avatar, scaled about its bottom by a transform, keeps its centre and bounds.
        let centred = ProfileHeaderScrollRule.untransformedFrame(center: Point(x: 52, y: 0), size: Size(width: 72, height: 72),
                                                                 anchor: Point(x: 0.5, y: 0.5))
        #expect(centred == Rect(x: 16, y: -36, width: 72, height: 72))
        // An app that moved the avatar's anchor to its bottom: the position is the bottom centre.
        let bottom = ProfileHeaderScrollRule.untransformedFrame(center: Point(x: 52, y: 36), size: Size(width: 72, height: 72),
                                                                anchor: Point(x: 0.5, y: 1))
        #expect(bottom == centred)
    }

    @Test func givingBackTheAppsInsetKeepsTheContentsOffsetFromRest() {
        // Attached: 120 pt reserved (167 with the safe area), scrolled 50 pt past rest.
        let attached = ProfileHeaderScrollRule.Scroll(contentOffsetY: -117, contentInsetTop: 120, adjustedInsetTop: 167)
        let offset = ProfileHeaderScrollRule.offsetY(-117, keepingContentFrom: 120, to: 0)
        #expect(offset == 3)
        // Detached: the app's 0 inset (47 with the safe area); still 50 pt past rest.
        let detached = ProfileHeaderScrollRule.Scroll(contentOffsetY: offset, contentInsetTop: 0, adjustedInsetTop: 47)
        #expect(ProfileHeaderScrollRule.offset(detached) == ProfileHeaderScrollRule.offset(attached))
        #expect(ProfileHeaderScrollRule.offsetY(.nan, keepingContentFrom: 120, to: 20) == 100)
    }

    @Test func theTitleIsMeasuredOncePerTextFontAndWidth() {
        var measure = ProfileHeaderTitleMeasure()
        let key = ProfileHeaderTitleMeasure.Key(text: "Ada Lovelace", font: AnyHashable("headline 17"), width: 390)
        #expect(key.room == 358)
        #expect(measure.size(for: key) == nil)
        let size = measure.remember(fitting: Size(width: 110.2, height: 20.3), for: key)
        #expect(size == Size(width: 111, height: 21))
        // The next scroll step: nothing to measure.
        #expect(measure.size(for: key) == size)
        // A larger Dynamic Type font, a new text or a rotation measures again.
        #expect(measure.size(for: .init(text: "Ada Lovelace", font: AnyHashable("headline 23"), width: 390)) == nil)
        #expect(measure.size(for: .init(text: "Ada", font: AnyHashable("headline 17"), width: 390)) == nil)
        #expect(measure.size(for: .init(text: "Ada Lovelace", font: AnyHashable("headline 17"), width: 844)) == nil)
    }

    @Test func aLongTitleIsCutToTheHeaderLessItsMargins() {
        var measure = ProfileHeaderTitleMeasure()
        let narrow = ProfileHeaderTitleMeasure.Key(text: String(repeating: "A", count: 200), font: nil, width: 320)
        #expect(measure.remember(fitting: Size(width: 2_000, height: 20), for: narrow) == Size(width: 288, height: 20))
        let hostile = ProfileHeaderTitleMeasure.Key(text: "A", font: nil, width: .nan)
        #expect(hostile.room == 0)
        #expect(measure.remember(fitting: Size(width: .infinity, height: .nan), for: hostile) == Size(width: 0, height: 0))
    }

    @Test func theHeaderAndTheTouchRouterArePlacedAtTheScrollViewsTopLeft() throws {
        let model = ProfileHeaderTableRulesTests.model
        let origin = Point(x: 0, y: 88)  // the scroll view 88 pt down its container
        let views = ProfileHeaderViewLayout(model.frame(offset: 0), layout: model.layout)
        #expect(views.headerCenter(origin: origin) == Point(x: 195, y: 88 + 83.5))
        let stick = try #require(model.layout.tabBarStickOffset)
        let pinned = model.frame(offset: stick + 200)
        let rect = try #require(ProfileHeaderBarHitRule.touchRect(pinned, origin: origin))
        #expect(rect == Rect(x: 0, y: 91 + 88, width: 390, height: 44))
        #expect(ProfileHeaderBarHitRule.touchRect(model.frame(offset: 0), origin: origin) == nil)
    }

    @Test func aTableWhoseHeaderViewWasReplacedGetsItsSpacerBack() {
        let split = ProfileHeaderInsetSplit(kind: .init(pinsSections: true), headerHeight: 120, stickyHeight: 44, safeAreaTop: 47,
                                            systemInsetTop: 47)
        #expect(split.spacerHeight == 76)
        let still = ProfileHeaderScrollRule.Scroll(contentOffsetY: -91, contentInsetTop: 44, adjustedInsetTop: 91)
        #expect(split.decision(still, currentSpacerHeight: 76) == .keep)
        // The app set a new tableHeaderView: the spacer is gone though its height is remembered.
        #expect(split.decision(still, currentSpacerHeight: 76, spacerInPlace: false) == .apply(contentInsetTop: 44, contentOffsetY: -91))
        #expect(ProfileHeaderInsetSplit.Kind(pinsSections: false) == .plain)
        #expect(ProfileHeaderInsetSplit.tableHeaderHeight(spacer: 76, contentHeight: 240) == 316)
        #expect(ProfileHeaderInsetSplit.tableHeaderHeight(spacer: .nan, contentHeight: -5) == 0)
    }
}
