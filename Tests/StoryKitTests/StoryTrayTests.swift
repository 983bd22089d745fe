import MotionCore
import StoryKit
import StoryKitTestSupport
import Testing

/// The tray of story avatars and the viewer opening out of one.
@Suite struct StoryTrayTests {
    /// Six users of two items; `seen` items seen.
    private func feed() -> StoryFeed {
        StoryFeed(users: ["ava", "ben", "cleo", "dan", "eve", "finn"].map { id in
            StoryUser(id: id, name: id.capitalized, items: [StoryItem(id: "\(id)-1", kind: .image, url: "\(id)1.jpg"),
                                                            StoryItem(id: "\(id)-2", kind: .image, url: "\(id)2.jpg")])
        } + [StoryUser(id: "nobody", name: "Nobody", items: [])])
    }

    @Test func unseenUsersComeFirstInFeedOrderAndSeenOnesGetTheGreyRing() {
        let tray = StoryTray(feed: feed(), seen: ["ava-1", "ava-2", "cleo-1", "cleo-2", "dan-1"], viewportWidth: 390)
        #expect(tray.users.map(\.id) == ["ben", "dan", "eve", "finn", "ava", "cleo"])
        #expect(tray.rings.map(\.status) == [.unseen, .unseen, .unseen, .unseen, .seen, .seen])
        #expect(tray.accessibilityLabel(user: 0) == "Ben, new story")
        #expect(tray.accessibilityLabel(user: 5) == "Cleo, seen")
    }

    @Test func watchingEveryItemOfAUserTurnsTheirRingGreyWithoutReordering() {
        var tray = StoryTray(feed: feed(), seen: [], viewportWidth: 390)
        tray.updateSeen(["ben-1", "cleo-1", "cleo-2"])
        #expect(tray.users.map(\.id) == ["ava", "ben", "cleo", "dan", "eve", "finn"])
        #expect(tray.rings.map(\.status) == [.unseen, .unseen, .seen, .unseen, .unseen, .unseen])
    }

    @Test func avatarsSitOnAPitchAndScrollWithTheRow() throws {
        var tray = StoryTray(feed: feed(), seen: [], viewportWidth: 200)
        // Ring room 3 + 2.5 = 5.5 a side: pitch 64 + 11 + 14 = 89.
        #expect(tray.avatarFrame(user: 0) == Rect(x: 17.5, y: 17.5, width: 64, height: 64))
        #expect(tray.avatarFrame(user: 2) == Rect(x: 17.5 + 178, y: 17.5, width: 64, height: 64))
        #expect(Approximately.equal(tray.contentWidth, 24 + 6 * 89 - 14))
        tray.scroll(to: 100)
        #expect(tray.avatarFrame(user: 2)?.minX == 95.5)
        tray.scroll(to: 10_000)
        #expect(tray.contentOffset == tray.maximumOffset)
        tray.scroll(to: -5)
        #expect(tray.contentOffset == 0)
        tray.scroll(to: .nan)
        #expect(tray.contentOffset == 0)
        #expect(tray.user(at: Point(x: 49.5, y: 49.5)) == 0)
        #expect(tray.user(at: Point(x: 49.5 + 89, y: 49.5 + 30)) == 1)      // the ring counts
        #expect(tray.user(at: Point(x: 5, y: 5)) == nil)                    // the corner, outside the circle
        #expect(tray.user(at: Point(x: .nan, y: 3)) == nil)
    }

    @Test func revealingAUserScrollsTheLeastAndAHiddenAvatarHasNoFrameToLandIn() throws {
        var tray = StoryTray(feed: feed(), seen: [], viewportWidth: 200)
        #expect(tray.visibleAvatarFrame(user: 4) == nil)
        tray.scroll(toReveal: 4)
        let frame = try #require(tray.visibleAvatarFrame(user: 4))
        #expect(Approximately.equal(frame.maxX + 5.5 + 12, 200))
        #expect(tray.visibleAvatarFrame(user: 0) == nil)
        tray.scroll(toReveal: 0)
        #expect(tray.contentOffset == 0)
    }

    @Test func aTapLoadsASecondTapElsewhereCancelsAndReadinessLaunchesFromTheAvatar() throws {
        var tray = StoryTray(feed: feed(), seen: [], viewportWidth: 390)
        #expect(tray.tap(at: Point(x: 49.5, y: 49.5), time: 1) == [.loadingStarted(user: 0)])
        #expect(tray.accessibilityLabel(user: 0) == "Ava, new story, loading")
        #expect(tray.tap(at: Point(x: 49.5, y: 49.5), time: 1.2).isEmpty)
        #expect(tray.tap(at: Point(x: 138.5, y: 49.5), time: 2) == [.cancelled(user: 0), .loadingStarted(user: 1)])
        #expect(tray.loadingUser == 1 && tray.rings[0].isBusy)
        #expect(tray.ready(time: 3).isEmpty)
        #expect(tray.advance(to: 3.2).isEmpty)
        let frame = try #require(tray.avatarFrame(user: 1))
        #expect(tray.advance(to: 3.3) == [.launch(user: 1, from: frame)])
        #expect(tray.loadingUser == nil)
        #expect(tray.advance(to: 10).isEmpty && !tray.rings[0].isBusy)
    }

    @Test(arguments: [0.0, 0.3, 0.5])
    func theOpeningStartsAtTheAvatarAndEndsAtThePage(scroll: Double) throws {
        let avatar = Rect(x: 17.5 + scroll, y: 60, width: 64, height: 64)
        let page = Rect(x: 0, y: 0, width: 390, height: 844)
        let open = StoryOpenTransition(from: avatar, to: page, start: 2)
        let first = open.frame(at: 2)
        #expect(first.frame == avatar && first.cornerRadius == 32 && first.opacity == 1)
        let fill: Double = max(64.0 / 390, 64.0 / 844)
        #expect(Approximately.equal(first.contentScale, fill))
        let middle = open.frame(at: 2 + 0.1)
        #expect(middle.progress > 0.2 && middle.progress < 0.9)
        #expect(middle.frame.width > 64 && middle.frame.width < 390 && middle.cornerRadius < 32 && middle.cornerRadius > 0)
        let end = open.frame(at: 2 + open.duration)
        #expect(Approximately.equal(end.frame.minX, 0, absolute: 0.5) && Approximately.equal(end.frame.height, 844, absolute: 0.9))
        #expect(Approximately.equal(end.contentScale, 1, absolute: 1e-3) && end.cornerRadius < 0.05)
        #expect(open.isFinished(at: 2 + open.duration + 0.01) && !open.isFinished(at: 2.1))
        #expect(open.duration > 0.3 && open.duration < 1.2)
    }

    @Test func underReduceMotionThePageFadesInWhereItIs() {
        let open = StoryOpenTransition(from: Rect(x: 10, y: 10, width: 60, height: 60), to: Rect(x: 0, y: 0, width: 390, height: 844),
                                       start: 0, reduceMotion: true)
        #expect(open.frame(at: 0).opacity == 0 && open.frame(at: 0).frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(open.frame(at: 0.1).opacity > 0 && open.frame(at: 5).opacity == 1)
    }

    @Test func hostileFramesAndTimesGiveFiniteGeometry() {
        let open = StoryOpenTransition(from: Rect(x: .nan, y: 0, width: 10, height: 10), to: Rect(x: 0, y: 0, width: 100, height: 200),
                                       start: .infinity)
        for time in [-1, 0, 0.2, .nan, .infinity] {
            let frame = open.frame(at: time)
            #expect(frame.frame.minX.isFinite && frame.frame.width.isFinite && frame.cornerRadius.isFinite && frame.contentScale.isFinite)
        }
        var tray = StoryTray(feed: StoryFeed(users: []), seen: [], viewportWidth: .nan)
        #expect(tray.users.isEmpty && tray.contentWidth == 0 && tray.maximumOffset == 0)
        #expect(tray.tap(at: Point(x: 10, y: 10), time: 0).isEmpty)
        tray.scroll(toReveal: 3)
        #expect(tray.layers(at: 0, avatar: { _ in nil }).isEmpty)
    }
}
