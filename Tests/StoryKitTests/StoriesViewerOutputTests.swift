import MotionCore
import StoryKit
import Testing

@Suite struct StoriesViewerOutputTests {
    @Test func theBarsShareTheWidthWithGapsAndInsets() {
        var viewer = ViewerFixtures.viewer()
        viewer.media(.displaying, for: "a2", time: 0)            // preloaded
        viewer.advance(to: 6.25)                                 // Ava's second item at a quarter
        let bars = viewer.segments(forUser: 0)
        // 390 − 2·8 = 374 pt for 3 segments and 2 gaps of 4 pt: 122 pt each.
        #expect(bars.map(\.frame) == [Rect(x: 8, y: 8, width: 122, height: 2), Rect(x: 134, y: 8, width: 122, height: 2),
                                      Rect(x: 260, y: 8, width: 122, height: 2)])
        #expect(bars.map(\.fraction) == [1, 0.25, 0])
        #expect(viewer.segments(forUser: 1).map(\.fraction) == [0, 0], "a user not in front shows where they start")
    }

    @Test func aThousandItemsStillFitTheWidth() {
        let items = (0..<1_000).map { StoryItem(id: "x\($0)", kind: .image, url: "") }
        let viewer = StoriesViewer(feed: StoryFeed(users: [StoryUser(id: "x", name: "X", items: items)]), pageSize: ViewerFixtures.page)
        let bars = viewer.segments(forUser: 0)
        #expect(bars.count == 1_000)
        #expect(bars.allSatisfy { $0.frame.width > 0 } && abs(bars.last!.frame.maxX - 382) < 1e-6)
    }

    @Test func voiceOverHearsWhoWhichStoryAndHowOld() {
        let feed = StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [
            StoryItem(id: "1", kind: .image, url: "", createdAt: 1_000),
            StoryItem(id: "2", kind: .image, url: "", createdAt: 2_000),
        ])])
        var viewer = StoriesViewer(feed: feed, pageSize: ViewerFixtures.page)
        viewer.nextItem(time: 0)
        #expect(viewer.accessibilityLabel(now: 2_000 + 2 * 3_600 + 59) == "Ava, story 2 of 2, 2 hours ago")
        #expect(StoriesViewer.spokenAge(since: 0, now: 61) == "1 minute ago")
        #expect(StoriesViewer.relativeTime(since: 0, now: 3 * 86_400) == "3d")
        #expect(StoriesViewer.relativeTime(since: 0, now: 30) == "now" && StoriesViewer.relativeTime(since: .nan, now: 0) == "now")
    }

    @Test func aUserPauseHoldsProgressUntilResumed() {
        var viewer = ViewerFixtures.viewer()
        viewer.setPaused(true, time: 1)
        viewer.advance(to: 3)
        #expect(viewer.elapsed == 1 && viewer.state == .paused(.user))
        #expect(viewer.players.allSatisfy { !$0.isPlaying && $0.isMuted })
        viewer.setPaused(false, time: 3)
        viewer.advance(to: 3.5)
        #expect(viewer.elapsed == 1.5)
    }

    @Test func reduceMotionCrossFadesUsersAndFadesTheDismissInPlace() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page,
                                   configuration: StoriesViewer.Configuration(reduceMotion: true))
        #expect(viewer.cube.configuration.transition == .crossFade)
        viewer.displayEverythingListed(time: 0)
        viewer.setAvatarFrame(Rect(x: 20, y: 60, width: 64, height: 64), time: 0)
        viewer.touchBegan(at: Point(x: 200, y: 300), time: 1)
        viewer.touchMoved(to: Point(x: 200, y: 320), time: 1.02)
        viewer.touchMoved(to: Point(x: 200, y: 410), time: 1.04)
        let g = viewer.dismissGeometry
        #expect(g.offset == .zero && g.scale == 1 && g.progress > 0.2 && abs(g.pageOpacity - (1 - g.progress)) < 1e-12)
    }
}

@Suite struct StoriesViewerConfigurationTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, -1, 0, 1e300])
    func everyValueIsSanitisedInTheInitialiserAndTheSetterAlike(hostile: Double) {
        let made = StoriesViewer.Configuration(imageDuration: hostile, seenAfter: hostile, holdDelay: hostile, stallGrace: hostile,
                                               previousTapFraction: hostile, chromeFadeDuration: hostile,
                                               dismissDistance: hostile, dismissVelocity: hostile,
                                               inPlaceDismissScale: hostile, dismissCornerRadius: hostile,
                                               segments: .init(height: hostile, gap: hostile, inset: hostile))
        var set = StoriesViewer.Configuration()
        set.imageDuration = hostile; set.seenAfter = hostile; set.holdDelay = hostile; set.stallGrace = hostile
        set.previousTapFraction = hostile; set.chromeFadeDuration = hostile; set.dismissDistance = hostile
        set.dismissVelocity = hostile; set.inPlaceDismissScale = hostile; set.dismissCornerRadius = hostile
        set.segments.height = hostile; set.segments.gap = hostile; set.segments.inset = hostile
        #expect(made == set)
        // Non-finite gives the default; finite values are clamped into the range.
        #expect(made.imageDuration == (hostile.isFinite ? min(max(hostile, 0.5), 600) : 5))
        #expect(made.dismissVelocity == (hostile.isFinite ? min(max(hostile, 0), 100_000) : 600))
        #expect(made.holdDelay >= 0.05 && made.holdDelay <= 5 && made.dismissDistance >= 0.05)
        #expect(made.previousTapFraction >= 0 && made.previousTapFraction <= 1)
    }
}
