import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The presented view's transform and mask show exactly the model's opening frame.
@Suite struct StoryOpenLayoutTests {
    static let page = Rect(x: 0, y: 0, width: 390, height: 844)
    static let avatar = Rect(x: 95, y: 61, width: 64, height: 64)

    @Test(arguments: [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2])
    func theMaskLandsOnTheModelsFrame(elapsed: Double) {
        let open = StoryOpenTransition(from: Self.avatar, to: Self.page, start: 10)
        let frame = open.frame(at: 10 + elapsed)
        let layout = StoryOpenLayout(frame, page: Self.page)
        let topLeft = layout.apply(to: layout.mask.origin, page: Self.page)
        let bottomRight = layout.apply(to: Point(x: layout.mask.maxX, y: layout.mask.maxY), page: Self.page)
        #expect(Approximately.equal(topLeft, frame.frame.origin, absolute: 1e-9))
        #expect(Approximately.equal(bottomRight, Point(x: frame.frame.maxX, y: frame.frame.maxY), absolute: 1e-9))
        #expect(Approximately.equal(layout.maskCornerRadius * layout.scale, frame.cornerRadius))
        // The page's centre is the frame's centre (aspect fill about it).
        let centre = layout.apply(to: Point(x: Self.page.width / 2, y: Self.page.height / 2), page: Self.page)
        #expect(Approximately.equal(centre, frame.frame.center, absolute: 1e-9))
        // The mask stays inside the page: the content fills the frame, never shows past it.
        #expect(layout.mask.minX >= -1e-9 && layout.mask.minY >= -1e-9)
        #expect(layout.mask.maxX <= Self.page.width + 1e-9 && layout.mask.maxY <= Self.page.height + 1e-9)
    }

    @Test func itStartsInTheAvatarsCircleAndEndsAtRest() {
        let open = StoryOpenTransition(from: Self.avatar, to: Self.page, start: 0)
        let start = StoryOpenLayout(open.frame(at: 0), page: Self.page)
        #expect(Approximately.equal(start.apply(to: start.mask.origin, page: Self.page), Self.avatar.origin))
        #expect(Approximately.equal(start.maskCornerRadius * start.scale, 32))
        let end = StoryOpenLayout(open.frame(at: open.duration + 1), page: Self.page)
        #expect(Approximately.equal(end.scale, 1, absolute: 1e-3) && Approximately.equal(end.alpha, 1))
        #expect(Approximately.equal(end.mask, Rect(x: 0, y: 0, width: 390, height: 844), absolute: 1))
        let rest = StoryOpenLayout.rest(page: Self.page)
        #expect(rest.isIdentity && rest.mask == Rect(x: 0, y: 0, width: 390, height: 844) && rest.maskCornerRadius == 0)
        #expect(Approximately.equal(end.mask, rest.mask, absolute: 1) && Approximately.equal(end.scale, rest.scale, absolute: 1e-3))
    }

    @Test func reduceMotionOnlyFades() {
        let open = StoryOpenTransition(from: Self.avatar, to: Self.page, start: 0, reduceMotion: true)
        let middle = StoryOpenLayout(open.frame(at: 0.1), page: Self.page)
        #expect(middle.scale == 1 && middle.translation == .zero && middle.mask == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(middle.alpha > 0 && middle.alpha < 1)
        #expect(StoryOpenLayout(open.frame(at: 5), page: Self.page).isIdentity)
    }

    @Test func aPageNotAtTheOriginKeepsItsOwnCoordinates() {
        let page = Rect(x: 0, y: 47, width: 390, height: 750)
        let open = StoryOpenTransition(from: Self.avatar, to: page, start: 0)
        let layout = StoryOpenLayout(open.frame(at: 0), page: page)
        #expect(Approximately.equal(layout.apply(to: layout.mask.origin, page: page), Self.avatar.origin))
    }

    @Test func landingNeedsHalfTheAvatarOnScreen() {
        let window = Rect(x: 0, y: 0, width: 390, height: 844)
        #expect(TrayLanding.frame(Self.avatar, in: window) == Self.avatar)
        #expect(TrayLanding.frame(Rect(x: -40, y: 61, width: 64, height: 64), in: window) == nil)
        #expect(TrayLanding.frame(Rect(x: -30, y: 61, width: 64, height: 64), in: window) != nil)
        #expect(TrayLanding.frame(Rect(x: 95, y: -40, width: 64, height: 64), in: window) == nil, "the tray scrolled up")
        #expect(TrayLanding.frame(nil, in: window) == nil)
        #expect(TrayLanding.frame(Rect(x: .nan, y: 0, width: 64, height: 64), in: window) == nil)
    }

    @Test func theOpeningGrowsOutOfTheAvatarAndSettlesAtRest() {
        let open = StoryOpenLayout.opening(from: Self.avatar, page: Self.page, start: 5, reduceMotion: false)
        let first = StoryOpenLayout(open, at: 4, page: Self.page)
        #expect(first == StoryOpenLayout(open.frame(at: 5), page: Self.page), "before the start: the first frame")
        #expect(first.scale < 1 && first.mask.height < Self.page.height)
        let middle = StoryOpenLayout(open, at: 5.1, page: Self.page)
        #expect(middle == StoryOpenLayout(open.frame(at: 5.1), page: Self.page) && !middle.isIdentity)
        let end = StoryOpenLayout(open, at: 5 + StoryOpenLayout.duration + 0.01, page: Self.page)
        #expect(end == .rest(page: Self.page) && end.isIdentity)
        #expect(StoryOpenLayout(open, at: .nan, page: Self.page) == first)
    }

    @Test func withoutAnAvatarOrUnderReduceMotionThePageFadesInPlace() {
        for open in [StoryOpenLayout.opening(from: nil, page: Self.page, start: 0, reduceMotion: false),
                     StoryOpenLayout.opening(from: Self.avatar, page: Self.page, start: 0, reduceMotion: true)] {
            let layout = StoryOpenLayout(open, at: 0, page: Self.page)
            #expect(layout.scale == 1 && layout.translation == .zero && layout.alpha < 1)
            #expect(layout.mask == Rect(x: 0, y: 0, width: Self.page.width, height: Self.page.height))
        }
        #expect(StoryOpenLayout.duration > 0.2 && StoryOpenLayout.duration < 2)
    }

    /// The SwiftUI cover's frames: its first frame (no start yet) is the opening's first, a frame
    /// later it follows the model from that start, and once its timeline stops it is at rest.
    @Test func theSwiftUIOpeningFollowsTheModelFromItsStartThenRests() {
        let first = StoryOpenLayout.sampled(from: Self.avatar, page: Self.page, start: nil, now: 7, finished: false,
                                            reduceMotion: false)
        let open = StoryOpenLayout.opening(from: Self.avatar, page: Self.page, start: 7, reduceMotion: false)
        #expect(first == StoryOpenLayout(open, at: 7, page: Self.page) && first.scale < 1)
        let later = StoryOpenLayout.sampled(from: Self.avatar, page: Self.page, start: 7, now: 7.1, finished: false,
                                            reduceMotion: false)
        #expect(later == StoryOpenLayout(open, at: 7.1, page: Self.page) && later.scale > first.scale)
        #expect(StoryOpenLayout.sampled(from: Self.avatar, page: Self.page, start: 7, now: 7.01, finished: true,
                                        reduceMotion: false) == .rest(page: Self.page), "stopped: at rest at once")
        let fade = StoryOpenLayout.sampled(from: nil, page: Self.page, start: 7, now: 7, finished: false, reduceMotion: false)
        #expect(fade.scale == 1 && fade.alpha < 1, "no avatar: a fade in place")
    }
}
