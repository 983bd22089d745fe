import MotionCore
@testable import StoryKit
import StoryKitTestSupport
import Testing

/// The swipe-down dismiss on its own (``StoriesViewer/Dismissal``): where the page goes for a
/// finger's drag, release, cancel and catch, and where it lands.
@Suite struct StoriesDismissalTests {
    typealias Dismissal = StoriesViewer.Dismissal
    static let page = Size(width: 390, height: 844)
    static let avatar = Rect(x: 20, y: 60, width: 64, height: 64)
    /// The avatar's centre from the page's centre: (52, 92) - (195, 422).
    static let avatarOffset = Point(x: -143, y: -330)

    /// Starts a swipe at (200, 300) at `start` seconds and drags it `dy` points down over
    /// `frames` frames at 60 Hz, then holds the finger still for `rest` frames.
    /// - Returns: The time of the last sample.
    static func swipe(_ dismissal: inout Dismissal, by dy: Double, frames: Int, rest: Int = 0, from start: Double = 1,
                      configuration: StoriesViewer.Configuration = .init()) -> Double {
        let origin = Point(x: 200, y: 300)
        dismissal.begin(at: origin, finger: origin, time: start, pageSize: page, configuration: configuration)
        var t = start
        for frame in 1...frames {
            t = start + Double(frame) / 60
            dismissal.drag(to: Point(x: 200, y: 300 + dy * Double(frame) / Double(frames)), at: t)
        }
        for _ in 0..<rest {
            t += 1.0 / 60
            dismissal.drag(to: Point(x: 200, y: 300 + dy), at: t)
        }
        return t
    }

    /// Advances at 60 Hz from `start` for up to `seconds`, returning the outcome and its time.
    static func settle(_ dismissal: inout Dismissal, from start: Double, seconds: Double = 3)
        -> (outcome: InteractiveTransition.Outcome?, time: Double) {
        var t = start
        while t < start + seconds {
            t += 1.0 / 60
            if let outcome = dismissal.advance(to: t) { return (outcome, t) }
        }
        return (nil, t)
    }

    @Test func atRestThePageIsWholeAndNothingRuns() {
        var dismissal = Dismissal()
        #expect(!dismissal.isActive)
        #expect(dismissal.geometry(at: 5, pageSize: Self.page, configuration: .init()) == .identity(Self.page))
        let outcomeAtRest = dismissal.advance(to: 10)
        #expect(outcomeAtRest == nil)
        // Input for a swipe that is not there changes nothing.
        dismissal.drag(to: Point(x: 1, y: 500), at: 1)
        dismissal.release(at: 2)
        #expect(!dismissal.isActive)
    }

    @Test func anUnusableAvatarFrameCountsAsNone() {
        var dismissal = Dismissal()
        dismissal.setAvatarFrame(Self.avatar, at: 0, pageSize: Self.page)
        #expect(dismissal.avatarFrame == Self.avatar)
        for bad in [Rect(x: .nan, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 0, height: 10),
                    Rect(x: 0, y: 0, width: 10, height: -1), Rect(x: 0, y: 0, width: .infinity, height: 10)] {
            dismissal.setAvatarFrame(bad, at: 0, pageSize: Self.page)
            #expect(dismissal.avatarFrame == nil)
        }
    }

    @Test func thePageFollowsTheFingerAndProgressIsTheDragOverHalfThePage() {
        var dismissal = Dismissal()
        dismissal.setAvatarFrame(Self.avatar, at: 0, pageSize: Self.page)
        let t = Self.swipe(&dismissal, by: 211, frames: 10)
        let geometry = dismissal.geometry(at: t, pageSize: Self.page, configuration: .init())
        #expect(dismissal.isActive)
        #expect(Approximately.equal(geometry.offset, Point(x: 0, y: 211)))
        // 211 pt of a 422-pt dismiss (half the page's height): half way.
        #expect(Approximately.equal(geometry.progress, 0.5))
        #expect(Approximately.equal(geometry.scale, 1 + (64.0 / 390 - 1) * 0.5))
        #expect(Approximately.equal(geometry.backdropOpacity, 0.5) && geometry.pageOpacity == 1)
    }

    @Test func aReleasePastHalfWayLandsInTheAvatarAsACircle() {
        var dismissal = Dismissal()
        dismissal.setAvatarFrame(Self.avatar, at: 0, pageSize: Self.page)
        let t = Self.swipe(&dismissal, by: 300, frames: 30, rest: 10)
        dismissal.release(at: t)
        let (outcome, end) = Self.settle(&dismissal, from: t)
        #expect(outcome == .finished)
        let landed = dismissal.geometry(at: end, pageSize: Self.page, configuration: .init())
        // Landed: within the settle's tenth of a point of the avatar's centre.
        #expect(Approximately.equal(landed.offset, Self.avatarOffset, absolute: 0.1))
        #expect(Approximately.equal(landed.scale, 64.0 / 390, absolute: 1e-6))
        // The mask is the page's centred 390-pt square, round.
        #expect(Approximately.equal(landed.mask.height, 390, absolute: 1e-6) && landed.mask.width == 390)
        #expect(Approximately.equal(landed.cornerRadius, 195, absolute: 1e-6))
        #expect(Approximately.equal(landed.backdropOpacity, 0, absolute: 1e-6))
        #expect(dismissal.isActive, "a landed swipe stays for the closed viewer's last frame")
    }

    @Test func aShortSlowReleaseGoesBackAndTheSwipeEnds() {
        var dismissal = Dismissal()
        dismissal.setAvatarFrame(Self.avatar, at: 0, pageSize: Self.page)
        let t = Self.swipe(&dismissal, by: 80, frames: 30, rest: 10)
        dismissal.release(at: t)
        let (outcome, end) = Self.settle(&dismissal, from: t)
        #expect(outcome == .cancelled)
        #expect(!dismissal.isActive)
        #expect(dismissal.geometry(at: end, pageSize: Self.page, configuration: .init()) == .identity(Self.page))
    }

    @Test func aFastFlickDownFinishesEvenWhenShort() {
        var dismissal = Dismissal()
        // 60 pt in 50 ms: 1 200 pt/s, past the 600 pt/s that always finishes.
        let t = Self.swipe(&dismissal, by: 60, frames: 3)
        dismissal.release(at: t)
        #expect(Self.settle(&dismissal, from: t).outcome == .finished)
    }

    @Test func aCancelledTouchGoesBackEvenPastHalfWay() {
        var dismissal = Dismissal()
        dismissal.setAvatarFrame(Self.avatar, at: 0, pageSize: Self.page)
        let t = Self.swipe(&dismissal, by: 400, frames: 20)
        dismissal.cancel(at: t)
        #expect(Self.settle(&dismissal, from: t).outcome == .cancelled)
        #expect(!dismissal.isActive)
    }

    @Test func aReleaseHasNoJumpAndMovingTheAvatarLandsAtItsNewPlace() {
        var dismissal = Dismissal()
        dismissal.setAvatarFrame(Self.avatar, at: 0, pageSize: Self.page)
        let t = Self.swipe(&dismissal, by: 300, frames: 30, rest: 10)
        let held = dismissal.geometry(at: t, pageSize: Self.page, configuration: .init())
        dismissal.release(at: t)
        #expect(dismissal.geometry(at: t, pageSize: Self.page, configuration: .init()) == held)
        _ = dismissal.advance(to: t + 0.1)
        let before = dismissal.geometry(at: t + 0.1, pageSize: Self.page, configuration: .init())
        // The tray scrolled 100 pt left under the settle: the page turns toward it from where it is.
        dismissal.setAvatarFrame(Rect(x: -80, y: 60, width: 64, height: 64), at: t + 0.1, pageSize: Self.page)
        let after = dismissal.geometry(at: t + 0.1, pageSize: Self.page, configuration: .init())
        #expect(Approximately.equal(after.offset, before.offset, absolute: 1e-9))
        let (outcome, end) = Self.settle(&dismissal, from: t + 0.1)
        #expect(outcome == .finished)
        let landed = dismissal.geometry(at: end, pageSize: Self.page, configuration: .init())
        #expect(Approximately.equal(landed.offset, Point(x: -243, y: -330), absolute: 0.1))
    }

    @Test func aResizedPageLandsOnTheAvatarsPlaceOnTheNewPage() {
        var dismissal = Dismissal()
        dismissal.setAvatarFrame(Self.avatar, at: 0, pageSize: Self.page)
        let t = Self.swipe(&dismissal, by: 300, frames: 30, rest: 10)
        dismissal.release(at: t)
        let rotated = Size(width: 844, height: 390)
        dismissal.resize(to: rotated, at: t + 0.05)
        let (outcome, end) = Self.settle(&dismissal, from: t + 0.05)
        #expect(outcome == .finished)
        let landed = dismissal.geometry(at: end, pageSize: rotated, configuration: .init())
        #expect(Approximately.equal(landed.offset, Point(x: 52 - 422, y: 92 - 195), absolute: 0.1))
    }

    @Test func aFingerCatchesTheSettlingPageWhereItIs() {
        var dismissal = Dismissal()
        dismissal.setAvatarFrame(Self.avatar, at: 0, pageSize: Self.page)
        let t = Self.swipe(&dismissal, by: 300, frames: 30, rest: 10)
        dismissal.release(at: t)
        _ = dismissal.advance(to: t + 0.1)
        let moving = dismissal.geometry(at: t + 0.1, pageSize: Self.page, configuration: .init())
        dismissal.grab(finger: Point(x: 100, y: 100), at: t + 0.1)
        #expect(Approximately.equal(dismissal.geometry(at: t + 0.1, pageSize: Self.page, configuration: .init()).offset,
                                    moving.offset))
        // Held: time alone moves nothing and nothing ends.
        let outcomeHeld = dismissal.advance(to: t + 2)
        #expect(outcomeHeld == nil)
        #expect(Approximately.equal(dismissal.geometry(at: t + 2, pageSize: Self.page, configuration: .init()).offset,
                                    moving.offset))
        // The finger moves the page from there.
        dismissal.drag(to: Point(x: 110, y: 130), at: t + 2.1)
        let dragged = dismissal.geometry(at: t + 2.1, pageSize: Self.page, configuration: .init())
        #expect(Approximately.equal(dragged.offset, Point(x: moving.offset.x + 10, y: moving.offset.y + 30), absolute: 1e-9))
    }

    @Test func withoutAnAvatarThePageShrinksAndFadesInPlace() {
        var dismissal = Dismissal()
        let t = Self.swipe(&dismissal, by: 211, frames: 10)
        let geometry = dismissal.geometry(at: t, pageSize: Self.page, configuration: .init())
        #expect(Approximately.equal(geometry.progress, 0.5))
        #expect(Approximately.equal(geometry.scale, 0.75))         // half way to 0.5
        #expect(Approximately.equal(geometry.pageOpacity, 0.5) && Approximately.equal(geometry.backdropOpacity, 0.5))
        #expect(geometry.cornerRadius == 24)                       // full radius from a quarter on
        #expect(geometry.mask == Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func reduceMotionFadesThePageWhereItIs() {
        var dismissal = Dismissal()
        dismissal.setAvatarFrame(Self.avatar, at: 0, pageSize: Self.page)
        let configuration = StoriesViewer.Configuration(reduceMotion: true)
        let t = Self.swipe(&dismissal, by: 211, frames: 10, configuration: configuration)
        let geometry = dismissal.geometry(at: t, pageSize: Self.page, configuration: configuration)
        #expect(geometry.offset == .zero && geometry.scale == 1 && geometry.cornerRadius == 0)
        #expect(Approximately.equal(geometry.pageOpacity, 0.5) && Approximately.equal(geometry.backdropOpacity, 0.5))
    }
}
