import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The profile header on a table or collection view: section headers pin right under the stuck
/// header (the inset is split into a pinned part and a spacer), the header goes in the app's
/// container or its view controller's view and never in UIKit's private wrapper, a pinned tab bar
/// keeps its touches, and the blurred copy is keyed on the image's content.
@Suite struct ProfileHeaderTableRulesTests {
    typealias Split = ProfileHeaderInsetSplit

    // MARK: Inset split

    struct SplitCase: Sendable, CustomTestStringConvertible {
        let name: String
        let kind: Split.Kind
        let safeAreaTop: Double
        let systemInsetTop: Double
        let barHeight: Double
        let contentInsetTop: Double
        let spacer: Double
        let pinOffset: Double
        var testDescription: String { name }
    }

    /// A 120 pt header sticking at 44 pt under a 47 pt status bar.
    static let splitCases: [SplitCase] = [
        SplitCase(name: "plain scroll view, automatic adjustment", kind: .plain, safeAreaTop: 47, systemInsetTop: 47,
                  barHeight: 0, contentInsetTop: 120, spacer: 0, pinOffset: 167),
        SplitCase(name: "plain scroll view, .never adjustment", kind: .plain, safeAreaTop: 47, systemInsetTop: 0,
                  barHeight: 0, contentInsetTop: 167, spacer: 0, pinOffset: 167),
        SplitCase(name: "table, automatic adjustment", kind: .pinnedSections, safeAreaTop: 47, systemInsetTop: 47,
                  barHeight: 0, contentInsetTop: 44, spacer: 76, pinOffset: 91),
        SplitCase(name: "table, .never adjustment", kind: .pinnedSections, safeAreaTop: 47, systemInsetTop: 0,
                  barHeight: 0, contentInsetTop: 91, spacer: 76, pinOffset: 91),
        SplitCase(name: "table with a 32 pt tab bar held under the stuck header", kind: .pinnedSections, safeAreaTop: 47,
                  systemInsetTop: 47, barHeight: 32, contentInsetTop: 76, spacer: 44, pinOffset: 123),
        SplitCase(name: "tab bar taller than the header's scrolling part: pins at the header's bottom",
                  kind: .pinnedSections, safeAreaTop: 47, systemInsetTop: 47, barHeight: 100, contentInsetTop: 120,
                  spacer: 0, pinOffset: 167),
        SplitCase(name: "landscape, no safe area", kind: .pinnedSections, safeAreaTop: 0, systemInsetTop: 0,
                  barHeight: 0, contentInsetTop: 44, spacer: 76, pinOffset: 44),
    ]

    @Test(arguments: splitCases)
    func sectionHeadersPinRightUnderTheStuckHeader(_ c: SplitCase) {
        let split = Split(kind: c.kind, headerHeight: 120, stickyHeight: 44, safeAreaTop: c.safeAreaTop,
                          systemInsetTop: c.systemInsetTop, pinnedBarHeight: c.barHeight)
        #expect(split.contentInsetTop == c.contentInsetTop)
        #expect(split.spacerHeight == c.spacer)
        #expect(split.pinOffset == c.pinOffset)
        #expect(split.scrollIndicatorInsetTop == 0)
        // At rest the content below the spacer starts at the header's bottom, whatever the split.
        #expect(split.pinOffset + split.spacerHeight == c.safeAreaTop + 120)
    }

    @Test func theOldWholeHeaderInsetPinnedSectionHeaders76PointsLow() throws {
        // The scroll rule alone reserves the whole header: a table's section headers would pin
        // at 167, 76 pt under the stuck header's bottom (91). The split pins them at 91.
        let scroll = ProfileHeaderScrollRule.Scroll(contentOffsetY: -47, contentInsetTop: 0, adjustedInsetTop: 47)
        let old = ProfileHeaderScrollRule.reservedInsetTop(headerBottom: 167, scroll) + ProfileHeaderScrollRule.systemInsetTop(scroll)
        let split = Split(kind: .pinnedSections, headerHeight: 120, stickyHeight: 44, safeAreaTop: 47,
                          systemInsetTop: ProfileHeaderScrollRule.systemInsetTop(scroll))
        #expect(old - split.pinOffset == 76)
        let decision = ProfileHeaderScrollRule.insetDecision(reservedInsetTop: split.contentInsetTop, scroll)
        #expect(decision == .apply(contentInsetTop: 44, contentOffsetY: -91))
    }

    @Test func theSplitIsDeferredWhileScrolling() {
        let scroll = ProfileHeaderScrollRule.Scroll(contentOffsetY: 10, contentInsetTop: 120, adjustedInsetTop: 167, isDecelerating: true)
        #expect(ProfileHeaderScrollRule.insetDecision(reservedInsetTop: 44, scroll) == .deferred)
    }

    @Test func aWrongSpacerIsFixedOnlyWhileTheContentIsStill() {
        let split = Split(kind: .pinnedSections, headerHeight: 120, stickyHeight: 44, safeAreaTop: 47, systemInsetTop: 47)
        let still = ProfileHeaderScrollRule.Scroll(contentOffsetY: -91, contentInsetTop: 44, adjustedInsetTop: 91)
        #expect(split.decision(still, currentSpacerHeight: 76) == .keep)
        // The inset is right but the spacer is not (first attach, a rotation): fix it in place.
        #expect(split.decision(still, currentSpacerHeight: 0) == .apply(contentInsetTop: 44, contentOffsetY: -91))
        var moving = still
        moving.isTracking = true
        #expect(split.decision(moving, currentSpacerHeight: 0) == .deferred)
    }

    @Test func nonFiniteInputsGiveAFiniteSplit() {
        let split = Split(kind: .pinnedSections, headerHeight: .nan, stickyHeight: .infinity, safeAreaTop: -3, systemInsetTop: .nan)
        #expect(split == Split(kind: .pinnedSections, headerHeight: 0, stickyHeight: 0, safeAreaTop: 0, systemInsetTop: 0))
        #expect(split.contentInsetTop == 0 && split.spacerHeight == 0)
    }

    // MARK: Container

    typealias Hierarchy = ProfileHeaderContainerRule.Hierarchy

    @Test func theAppsContainerWinsOnceItHoldsTheScrollView() {
        #expect(ProfileHeaderContainerRule.choose(Hierarchy(explicitContainer: true, explicitContainsScrollView: true,
                                                            viewControllerView: true)) == .explicitContainer)
        // In viewDidLoad before the table is added to it: wait, do not fall back.
        #expect(ProfileHeaderContainerRule.choose(Hierarchy(explicitContainer: true, viewControllerView: true)) == .deferred)
    }

    @Test func withoutAContainerTheViewControllersViewAndNeverTheWrapper() {
        #expect(ProfileHeaderContainerRule.choose(Hierarchy(viewControllerView: true)) == .viewControllerView)
        // A UITableViewController: its view is the table, its superview UIKit's private wrapper.
        #expect(ProfileHeaderContainerRule.choose(Hierarchy(viewControllerView: true, viewControllerViewIsScrollView: true))
                == .unavailable)
        // Not in any view controller's view yet (no superview, no window): wait for the layout.
        #expect(ProfileHeaderContainerRule.choose(Hierarchy()) == .deferred)
    }

    // MARK: Pinned tab bar

    /// The suite's iPhone layout with a 44 pt tab bar 300 pt down the content.
    static let model = StretchyHeader(layout: ProfileHeaderFrontEndRulesTests.layout)

    @Test func aPinnedTabBarTakesItsTouches() throws {
        let stick = try #require(Self.model.layout.tabBarStickOffset)  // 300 − 91 = 209
        let pinned = Self.model.frame(offset: stick + 200)
        let rect = try #require(ProfileHeaderBarHitRule.touchRect(pinned))
        #expect(rect == Rect(x: 0, y: 91, width: 390, height: 44))
        #expect(ProfileHeaderBarHitRule.routesToBar(Point(x: 200, y: 100), pinned))
        // The stuck header above it and the rows below it keep scrolling the content.
        #expect(!ProfileHeaderBarHitRule.routesToBar(Point(x: 200, y: 60), pinned))
        #expect(!ProfileHeaderBarHitRule.routesToBar(Point(x: 200, y: 140), pinned))
    }

    @Test func aScrollingTabBarIsLeftToUIKit() {
        #expect(ProfileHeaderBarHitRule.touchRect(Self.model.frame(offset: 0)) == nil)
        #expect(ProfileHeaderBarHitRule.touchRect(Self.model.frame(offset: 100)) == nil)
        let noBar = StretchyHeader(layout: StretchyHeader.Layout(
            width: 390, safeAreaTop: 47, headerHeight: 120, stickyHeight: 44,
            avatar: Rect(x: 16, y: 131, width: 72, height: 72), nameLabel: Rect(x: 16, y: 215, width: 200, height: 24)))
        #expect(ProfileHeaderBarHitRule.touchRect(noBar.frame(offset: 500)) == nil)
    }

    // MARK: Blur key

    static func key(_ bytes: [UInt8], sigma: Double = 3) -> ProfileHeaderBlurKey {
        let hash = bytes.withUnsafeBytes { ProfileHeaderBlurKey.contentHash($0) }
        return ProfileHeaderBlurKey(content: .pixels(width: 2, height: 2, scale: 3, hash: hash), sigma: sigma)
    }

    @Test func aSupersededJobsEndDoesNotClearTheNewerRequestOfTheSameKey() {
        // Given keys asked A, B, A quickly (a resize back and forth), when the first job for A
        // ends cancelled, then the third job's copy of A is still shown when it arrives.
        var cache = ProfileHeaderBlurCache()
        let a = Self.key([1, 2, 3]), b = Self.key([4, 5, 6])
        let startsA = cache.request(a)
        let first = cache.job
        let startsB = cache.request(b), startsAAgain = cache.request(a)
        let third = cache.job
        #expect(startsA && startsB && startsAAgain)
        cache.failed(a, job: first)
        #expect(cache.pending == a)
        let staleShown = cache.finished(a, job: first)
        #expect(!staleShown, "a superseded job's copy is dropped")
        let shown = cache.finished(a, job: third)
        #expect(shown && cache.shown == a)
    }

    @Test func theSamePictureInANewInstanceIsNotBlurredAgain() {
        var cache = ProfileHeaderBlurCache()
        let pixels: [UInt8] = Array(0..<16)
        let makes = cache.request(Self.key(pixels))
        #expect(makes)
        let shows = cache.finished(Self.key(pixels))
        #expect(shows)
        // Decoded again (a new UIImage, a new buffer), same bytes: same key, nothing to make.
        let makesAgain = cache.request(Self.key(Array(pixels)))
        #expect(!makesAgain)
        #expect(cache.shown == Self.key(pixels))
        // Rounded to a tenth of a pixel: a tiny width change does not blur again.
        let makesForATinyChange = cache.request(Self.key(pixels, sigma: 3.02))
        #expect(!makesForATinyChange)
    }

    @Test func aNewPictureKeepsTheOldCopyUntilItsOwnIsReady() {
        var cache = ProfileHeaderBlurCache()
        let first = Self.key(Array(0..<16)), second = Self.key(Array(1..<17)), third = Self.key(Array(2..<18))
        _ = cache.request(first)
        _ = cache.finished(first)
        #expect(first != second)
        let makesTheSecond = cache.request(second)
        #expect(makesTheSecond)
        #expect(cache.shown == first)  // no blank copy in between: no flicker
        let makesTheThird = cache.request(third)
        #expect(makesTheThird)
        let showsTheStaleOne = cache.finished(second)
        #expect(!showsTheStaleOne)  // a copy nobody wants any more is dropped
        #expect(cache.shown == first)
        let showsTheThird = cache.finished(third)
        #expect(showsTheThird)
        #expect(cache.shown == third)
    }

    @Test func anAppIdNamesTheContent() {
        let a = ProfileHeaderBlurKey(content: .id("banner-42"), sigma: 3)
        #expect(a == ProfileHeaderBlurKey(content: .id("banner-42"), sigma: 3.04))
        #expect(a != ProfileHeaderBlurKey(content: .id("banner-43"), sigma: 3))
    }

    @Test func theContentHashSeesLengthAndSampledBytes() {
        let big = [UInt8](repeating: 7, count: 100_000)
        var changed = big
        changed[0] = 8
        let hash = { (bytes: [UInt8]) in bytes.withUnsafeBytes { ProfileHeaderBlurKey.contentHash($0) } }
        #expect(hash(big) != hash(changed))
        #expect(hash(big) != hash(Array(big.dropLast())))
        #expect(hash(big) == hash(Array(big)))
    }

    @Test func theBlurIsMeasuredOnThePictureAsDisplayed() {
        // A portrait photo from the camera: its bitmap lies on its side (4032 × 3024 px) and its
        // orientation stands it up, 1008 × 1344 pt at 3×. The UIKit front-end measured the bitmap,
        // so the blur came out a third too strong; both front-ends now measure what is shown.
        let model = StretchyHeader(layout: ProfileHeaderFrontEndRulesTests.layout)
        let key = ProfileHeaderBlurKey(content: .id("portrait"), model: model, imageSize: Size(width: 1008, height: 1344), scale: 3)
        let shown = model.blurSigma(imagePixels: Size(width: 3024, height: 4032))
        let lyingBitmap = model.blurSigma(imagePixels: Size(width: 4032, height: 3024))
        #expect(shown > 0)
        #expect(abs(key.sigma - shown) <= 0.05)
        #expect(abs(key.sigma - lyingBitmap) > 1)
    }
}
