import MotionCore
import StoryKit
import Testing

@Suite struct StoriesViewerDismissTests {
    static let avatar = Rect(x: 20, y: 60, width: 64, height: 64)

    /// Drags down from (200, 300) at `speed` points per second for `frames` frames at 60 Hz.
    static func drag(_ viewer: inout StoriesViewer, speed: Double, frames: Int, from start: Double = 1) -> (time: Double, y: Double) {
        var t = start, y = 300.0
        viewer.touchBegan(at: Point(x: 200, y: y), time: t)
        for _ in 0..<frames {
            t += 1.0 / 60; y += speed / 60
            viewer.touchMoved(to: Point(x: 200 + (y - 300) * 0.1, y: y), time: t)
        }
        return (t, y)
    }

    @Test func thePageFollowsTheFingerFromWhereTheSlopWasCrossed() {
        var viewer = ViewerFixtures.viewer()
        viewer.setAvatarFrame(Self.avatar, time: 0.5)
        let (_, y) = Self.drag(&viewer, speed: 600, frames: 20)
        let geometry = viewer.dismissGeometry
        #expect(viewer.isDismissing && viewer.pauseReasons == .dismissing)
        // 200 pt down (and 20 sideways) less the 10-pt slop along the path.
        let slop = 10 / (200.0 * 200 + 20 * 20).squareRoot()
        #expect(abs(geometry.offset.y - (y - 300) * (1 - slop)) < 1e-6)
        #expect(abs(geometry.offset.x - 20 * (1 - slop)) < 1e-6)
        #expect(geometry.progress > 0.4 && geometry.progress < 0.5)
        #expect(geometry.scale < 1 && geometry.cornerRadius > 0 && geometry.backdropOpacity < 1)
    }

    @Test func aSlowShortDragCancelsContinuouslyAndPlaybackResumes() {
        var viewer = ViewerFixtures.viewer()
        viewer.setAvatarFrame(Self.avatar, time: 0.5)
        var (t, y) = Self.drag(&viewer, speed: 300, frames: 20)
        for _ in 0..<6 { t += 1.0 / 60; viewer.touchMoved(to: Point(x: 210, y: y), time: t) }  // stops
        let before = viewer.dismissGeometry
        viewer.touchEnded(at: Point(x: 210, y: y), time: t)
        let after = viewer.dismissGeometry
        #expect(after == before, "no snap at the hand-over")
        let events = viewer.run(to: t + 2, from: t)
        #expect(!events.contains(.closed(.dismissed)) && !viewer.isDismissing)
        #expect(viewer.dismissGeometry == .identity(ViewerFixtures.page))
        #expect(viewer.state == .playing)
    }

    @Test func aFastFlickDownFinishesIntoTheAvatarWithItsVelocity() throws {
        var viewer = ViewerFixtures.viewer()
        viewer.setAvatarFrame(Self.avatar, time: 0.5)
        let (t, y) = Self.drag(&viewer, speed: 1_500, frames: 6)
        let before = viewer.dismissGeometry
        viewer.touchEnded(at: Point(x: 200 + (y - 300) * 0.1, y: y), time: t)
        #expect(viewer.dismissGeometry == before, "no snap at the hand-over")
        // Velocity continuous: a millisecond later the page has moved on at the finger's speed
        // (1 500 pt/s is 1.5 pt a millisecond; the spring's pull changes that by under 0.1 pt).
        viewer.advance(to: t + 0.001)
        let next = viewer.dismissGeometry
        #expect(abs(next.offset.y - before.offset.y - 1.5) < 0.15)
        var closed = false, t2 = t
        var frames: [StoriesViewer.DismissGeometry] = [next]
        while !closed && t2 < t + 3 {
            t2 += 1.0 / 60
            closed = viewer.advance(to: t2).contains(.closed(.dismissed))
            if !closed { frames.append(viewer.dismissGeometry) }
        }
        #expect(closed)
        let last = try #require(frames.last)
        #expect(abs(last.offset.x - (Self.avatar.midX - 195)) < 2 && abs(last.offset.y - (Self.avatar.midY - 422)) < 2)
        #expect(abs(last.scale - 64.0 / 390) < 0.02 && abs(last.mask.height - last.mask.width) < 4)
        #expect(viewer.players.isEmpty && viewer.state == .finished)
    }

    @Test func theAvatarMovingMidFlightIsFollowedWithoutAJump() {
        var viewer = ViewerFixtures.viewer()
        viewer.setAvatarFrame(Self.avatar, time: 0.5)
        let (t, y) = Self.drag(&viewer, speed: 1_500, frames: 6)
        viewer.touchEnded(at: Point(x: 200, y: y), time: t)
        viewer.advance(to: t + 0.1)
        let before = viewer.dismissGeometry
        let moved = Rect(x: 220, y: 60, width: 64, height: 64)           // the tray scrolled
        viewer.setAvatarFrame(moved, time: t + 0.1)
        #expect(viewer.dismissGeometry == before)
        var t2 = t + 0.1, closed = false, last = before
        while !closed && t2 < t + 3 {
            t2 += 1.0 / 60
            closed = viewer.advance(to: t2).contains(.closed(.dismissed))
            if !closed { last = viewer.dismissGeometry }
        }
        #expect(closed && abs(last.offset.x - (moved.midX - 195)) < 2)
    }

    @Test func aFingerCatchesTheSettlingPageWhereItIs() {
        var viewer = ViewerFixtures.viewer()
        viewer.setAvatarFrame(Self.avatar, time: 0.5)
        let (t, y) = Self.drag(&viewer, speed: 1_500, frames: 6)
        viewer.touchEnded(at: Point(x: 200, y: y), time: t)
        viewer.advance(to: t + 0.05)
        let caught = viewer.dismissGeometry
        viewer.touchBegan(at: Point(x: 100, y: 500), time: t + 0.05)
        #expect(viewer.dismissGeometry == caught)
        viewer.touchMoved(to: Point(x: 100, y: 400), time: t + 0.1)    // back up
        #expect(abs(viewer.dismissGeometry.offset.y - (caught.offset.y - 100)) < 1e-6)
        viewer.touchEnded(at: Point(x: 100, y: 400), time: t + 0.1)
        let events = viewer.run(to: t + 3, from: t + 0.1)
        #expect(!events.contains(.closed(.dismissed)) && !viewer.isDismissing)
    }

    @Test func withoutAnAvatarItShrinksAndFadesInPlace() {
        var viewer = ViewerFixtures.viewer()
        let (t, y) = Self.drag(&viewer, speed: 1_500, frames: 6)
        viewer.touchEnded(at: Point(x: 200, y: y), time: t)
        var t2 = t, closed = false, last = viewer.dismissGeometry
        while !closed && t2 < t + 3 {
            t2 += 1.0 / 60
            closed = viewer.advance(to: t2).contains(.closed(.dismissed))
            if !closed { last = viewer.dismissGeometry }
        }
        #expect(closed)
        #expect(last.pageOpacity < 0.05 && abs(last.scale - 0.5) < 0.05 && abs(last.offset.y) < 2)
    }

    @Test func progressNeverRunsWhileDismissing() {
        var viewer = ViewerFixtures.viewer()
        viewer.advance(to: 1)
        let (t, y) = Self.drag(&viewer, speed: 300, frames: 10)
        viewer.advance(to: t + 2)
        #expect(viewer.elapsed == 1)
        viewer.touchEnded(at: Point(x: 200, y: y), time: t + 2)
        #expect(viewer.elapsed == 1)
    }
}
