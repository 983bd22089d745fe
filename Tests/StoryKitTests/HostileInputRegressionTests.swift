import MotionCore
import StoryKit
import StoryKitTestSupport
import Testing

/// The six places where hostile input sequences broke the models' own documentation (issue 29),
/// each reproduced with the public API as found, and held to the documented promise.
@Suite struct HostileInputRegressionTests {
    // MARK: 1. Progress never goes backwards within an item

    /// A video reported as 10 s, shown for 5 s, then reported as 20 s (an HLS stream refining
    /// its length).
    private func videoViewer() -> StoriesViewer {
        let feed = StoryFeed(users: [StoryUser(id: "u", name: "U", items: [StoryItem(id: "v", kind: .video, url: "v.mp4")])])
        var viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
        viewer.media(.duration(10), for: "v", time: 0)
        viewer.media(.ready, for: "v", time: 0)
        viewer.media(.displaying, for: "v", time: 0)
        viewer.advance(to: 5)
        return viewer
    }

    @Test func aLongerVideoLengthDoesNotTakeTheBarBack() {
        var viewer = videoViewer()
        #expect(viewer.progress == 0.5)
        viewer.media(.duration(20), for: "v", time: 5)
        #expect(viewer.progress == 0.5)                 // was 0.25
        #expect(viewer.elapsed == 5)                    // the playhead did not move
        // It fills the other half over the 15 s left, reaching 1 with the video's end.
        viewer.advance(to: 12.5)
        #expect(Approximately.equal(viewer.progress, 0.75, absolute: 1e-12))
        let events = viewer.advance(to: 20.001)
        #expect(viewer.isClosed || events.contains { if case .closed = $0 { true } else { false } })
    }

    @Test func aShorterVideoLengthDoesNotJumpTheBarForward() {
        var viewer = videoViewer()
        viewer.media(.duration(8), for: "v", time: 5)
        #expect(viewer.progress == 0.5)                 // was 0.625
        viewer.advance(to: 6.5)
        #expect(Approximately.equal(viewer.progress, 0.75, absolute: 1e-12))
    }

    @Test func aRepeatedLengthThroughAMediaSourceKeepsTheBarMonotone() {
        // The same through advance(to:media:): a source whose reports repeat the length, longer.
        var viewer = videoViewer()
        var last = viewer.progress
        for (step, length) in [(6.0, 20.0), (7.0, 30.0), (8.0, 12.0), (9.0, 40.0)] {
            viewer.media(.duration(length), for: "v", time: step)
            #expect(viewer.progress >= last, "progress went back at \(step) s (length \(length))")
            last = viewer.progress
        }
    }

    @Test func aRetryKeepsTheBarWhereItWas() {
        // Found by the storm: a retry forgot the video's length, so the bar dropped to 0.
        var viewer = videoViewer()
        viewer.media(.failed(reason: "reset"), for: "v", time: 5)
        let before = viewer.progress
        viewer.retry(time: 6)
        #expect(before == 0.5 && viewer.progress == before)
    }

    // MARK: 2. The zoom's mask never has a negative size

    @Test(arguments: [0.9, 0.7, 0.5, 0.2])
    func aBouncyCloseIntoASmallCellKeepsTheMaskPositiveAndItsAspectSane(damping: Double) {
        let cell = Rect(x: 190, y: 417, width: 10, height: 10)
        let geometry = ZoomTransition.Geometry(container: Size(width: 390, height: 844), source: cell, sourceCornerRadius: 0,
                                               destination: Rect(x: 0, y: 0, width: 390, height: 844),
                                               imageSize: Size(width: 390, height: 844))
        let configuration = ZoomTransition.Configuration(spring: SpringParameters(response: 0.45, dampingRatio: damping))
        for drag in [false, true] {
            var zoom = ZoomTransition(geometry: geometry, configuration: configuration, presented: true)
            if drag {
                // A fast drag to the right and a release: the close carries the finger's speed.
                zoom.touchBegan(at: Point(x: 20, y: 400), time: 0)
                for i in 1...5 { zoom.touchMoved(to: Point(x: 20 + Double(i) * 40, y: 400), time: Double(i) * 0.008) }
                zoom.touchEnded(at: Point(x: 220, y: 400), time: 0.04, source: cell)
            } else {
                zoom.close(time: 0, source: cell)
            }
            var smallest = Double.infinity, worstAspect = 1.0
            for i in 0...2_000 {
                let mask = zoom.frame(at: Double(i) * 0.002).mask
                smallest = Swift.min(smallest, mask.size.width, mask.size.height)
                if mask.size.width > 0, mask.size.height > 0 {
                    let aspect = mask.size.width / mask.size.height
                    worstAspect = Swift.max(worstAspect, aspect, 1 / aspect)
                }
            }
            #expect(smallest >= 0, "damping \(damping), drag \(drag): a side reached \(smallest) pt")
            // Near the 1:1 cell the mask stays within 1:3 (the linear overshoot made it 1:∞).
            if damping >= 0.5 { #expect(worstAspect < 3, "damping \(damping), drag \(drag): aspect \(worstAspect)") }
        }
    }

    // MARK: 3. Every didChangePage is preceded by its willChangePage

    @Test func aTouchReplacingALongDragAnnouncesThePageItLandsOn() {
        var pager = CubePager(pageCount: 2, pageSize: Size(width: 390, height: 844))
        var events = pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        events += pager.touchMoved(to: Point(x: -1000, y: 400), time: 0.016)
        events += pager.touchBegan(at: Point(x: -1000, y: 420), time: 0.02)
        events += pager.touchEnded(at: Point(x: -1000, y: 420), time: 0.03)
        events += pager.advance(to: 2)
        #expect(events == [.willChangePage(from: 0, to: 1), .didChangePage(1)])
    }

    // MARK: 4. scroll(toReveal:) shows the avatar and its ring

    private func tray(inset: Double) -> StoryTray {
        let users = (0..<6).map { i in StoryUser(id: "u\(i)", name: "U\(i)", items: [StoryItem(id: "i\(i)", kind: .image, url: "\(i).jpg")]) }
        return StoryTray(feed: StoryFeed(users: users), seen: [], viewportWidth: 100,
                         configuration: StoryTray.Configuration(inset: inset))
    }

    @Test(arguments: [0.0, 12, 40, 100])
    func revealingAnAvatarInANarrowTrayShowsAllOfItsRing(inset: Double) throws {
        for user in 0..<6 {
            for start in [0.0, 1e9] {
                var tray = tray(inset: inset)
                tray.scroll(to: start)
                tray.scroll(toReveal: user)
                let frame = try #require(tray.avatarFrame(user: user))
                // Ring room 3 + 2.5 = 5.5 pt a side (the default ring).
                let ring = 5.5
                #expect(frame.minX - ring >= -1e-9 && frame.maxX + ring <= 100 + 1e-9,
                        "inset \(inset), user \(user) from \(start): avatar at \(frame.minX)…\(frame.maxX)")
            }
        }
    }

    @Test func revealingAnAvatarAlreadyInViewDoesNotScroll() {
        var tray = StoryTray(feed: StoryFeed(users: (0..<6).map { StoryUser(id: "u\($0)", name: "U", items: [StoryItem(id: "i\($0)", kind: .image, url: "x")]) }),
                             seen: [], viewportWidth: 390)
        tray.scroll(to: 30)
        tray.scroll(toReveal: 2)
        #expect(tray.contentOffset == 30)
    }

    // MARK: 5. RetryPolicy

    @Test func aSubnormalBaseDelayReturnsAtOnceAndFollowsTheFormula() {
        let policy = RetryPolicy(baseDelay: Double.leastNonzeroMagnitude, multiplier: 1.4)
        #expect(policy.delay(afterAttempt: .max, random: 0) == policy.maximumDelay)   // never returned before
        // Double.leastNonzeroMagnitude · 1.4^2000 ≈ Double.leastNonzeroMagnitude · 2.6e292: the formula's value, not the subnormal stuck in place.
        let formula = Double.leastNonzeroMagnitude * Double.pow(1.4, 2000)
        #expect(Approximately.equal(policy.delay(afterAttempt: 2001, random: 0), Swift.min(formula, policy.maximumDelay), absolute: 1e-6 * policy.maximumDelay))
    }

    @Test func attemptsBelowOneCountAsOneForTheDecisionToo() {
        let once = RetryPolicy(maximumAttempts: 1)
        #expect(once.decision(after: .status(503), attempt: 0, random: 0) == .giveUp)
        #expect(once.decision(after: .status(503), attempt: -5, random: 0) == .giveUp)
        let twice = RetryPolicy(jitter: 0, maximumAttempts: 2)
        #expect(twice.decision(after: .status(503), attempt: 0, random: 0) == .retry(after: twice.delay(afterAttempt: 0, random: 0)))
    }

    // MARK: 6. Smaller promises

    @Test func anEndSegmentASubnormalDistanceLongHoldsItsValue() {
        let track = ScrollKeyframes<Double>([.init(offset: -Double.leastNonzeroMagnitude, value: 0), .init(offset: 0, value: 1)], before: .extend, after: .extend)
        #expect(track.value(at: 1) == 1)      // was 0
        #expect(track.value(at: -1) == 0)
        #expect(track.value(at: 1e9).isFinite)
    }

    @Test func theOpeningSanitisesItsPageFrame() {
        for page in [Rect(x: 0, y: 0, width: -390, height: -844), Rect(x: 0, y: 0, width: Double.leastNonzeroMagnitude * 2000, height: 844),
                     Rect(x: 0, y: 0, width: .nan, height: 844), Rect(x: 1e300, y: 0, width: 1e300, height: 1e300)] {
            let open = StoryOpenTransition(from: Rect(x: 10, y: 10, width: 64, height: 64), to: page, start: 0)
            for t in stride(from: 0.0, through: 1.5, by: 0.05) {
                let f = open.frame(at: t)
                #expect(f.frame.isFinite && f.contentScale.isFinite && f.cornerRadius.isFinite, "page \(page) at \(t): \(f)")
            }
        }
    }

    @Test func theViewersSceneForAnUnusableSizeIsAValidEmptyScene() {
        for size in [Size(width: 0, height: 844), Size(width: .nan, height: 844), Size(width: -1, height: -1)] {
            let viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: size)
            let scene = viewer.scene(media: { _, _ in nil })
            #expect(scene.layers.isEmpty && scene.size == .zero)
            #expect(scene.isValid, "\(scene.validationErrors())")
        }
    }

    @Test(arguments: [1e13, 1e300, .greatestFiniteMagnitude, 1e-300, Double.leastNormalMagnitude, Double.leastNonzeroMagnitude])
    func absurdButFiniteSizesGiveFiniteOutput(side: Double) {
        let size = Size(width: side, height: side * 2)
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: size)
        viewer.displayEverythingListed(time: 0)
        viewer.advance(to: 1)
        func check(_ moment: String) {
            let scene = viewer.scene(media: { _, _ in ImageContents(image: "m") }, avatar: { _ in ImageContents(image: "a") })
            #expect(scene.isValid, "viewer at \(side), \(moment): \(scene.validationErrors().prefix(3))")
            let g = viewer.dismissGeometry
            #expect(g.offset.isFinite && g.scale.isFinite && g.mask.isFinite && g.cornerRadius.isFinite, "\(moment): \(g)")
        }
        check("at rest")
        // Half a page's drag to the left, then a drag down with the avatar set.
        viewer.touchBegan(at: Point(x: side * 0.8, y: side), time: 1)
        viewer.touchMoved(to: Point(x: side * 0.3, y: side), time: 1.05)
        check("turning")
        viewer.touchEnded(at: Point(x: side * 0.3, y: side), time: 1.1)
        viewer.advance(to: 3)
        viewer.setAvatarFrame(Rect(x: side / 10, y: side / 10, width: side / 20, height: side / 20), time: 3)
        viewer.touchBegan(at: Point(x: side / 2, y: side / 2), time: 3)
        viewer.touchMoved(to: Point(x: side / 2, y: side), time: 3.05)
        check("dismissing")
        viewer.touchEnded(at: Point(x: side / 2, y: side * 1.5), time: 3.1)
        viewer.advance(to: 3.2)
        check("settling into the avatar")
        let open = StoryOpenTransition(from: Rect(x: 1, y: 1, width: 64, height: 64), to: Rect(origin: .zero, size: size), start: 0)
        #expect(open.frame(at: 0.2).frame.isFinite && open.frame(at: 0.2).contentScale.isFinite)
        let geometry = ZoomTransition.Geometry(container: size, source: Rect(x: 0, y: 0, width: side / 10, height: side / 10),
                                               sourceCornerRadius: 0, destination: Rect(origin: .zero, size: size), imageSize: size)
        var zoom = ZoomTransition(geometry: geometry, presented: true)
        zoom.close(time: 0, source: geometry.source)
        let frame = zoom.frame(at: 0.1)
        #expect(frame.mask.isFinite && frame.imageFrame.isFinite && frame.cornerRadius.isFinite && frame.openness.isFinite,
                "zoom at \(side): \(frame)")
    }

    @Test func anAbsurdPageSizeIsUnusableAndGivesTheEmptyScene() {
        // Found by the storm's scene check: a 1e300 pt page and a finger at the largest Double put
        // the viewer at y = inf. Sides beyond 1e9 pt (or below 1e-6 pt) are not laid out.
        for size in [Size(width: 826, height: 1e300), Size(width: 2e9, height: 800), Size(width: 390, height: 1e-7)] {
            var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: size)
            #expect(!viewer.cube.hasUsableSize)
            viewer.touchBegan(at: Point(x: 0, y: 0), time: 0.26)
            viewer.touchMoved(to: Point(x: 0, y: .greatestFiniteMagnitude), time: 0.35)
            let scene = viewer.scene(media: { _, _ in ImageContents(image: "m") })
            #expect(scene.isEmptyScene && scene.isValid)
        }
    }

    @Test func aSubnormalDampingRatioCountsAsUndamped() {
        let motion = SpringMotion(spring: SpringParameters(response: 0.155, dampingRatio: Double.leastNonzeroMagnitude), from: -861.0, to: 877.0, initialVelocity: 0)
        let undamped = SpringMotion(spring: SpringParameters(response: 0.155, dampingRatio: 0), from: -861.0, to: 877.0, initialVelocity: 0)
        #expect(motion.settlingDuration() == undamped.settlingDuration())
        #expect(SpringParameters(response: 0.155, dampingRatio: Double.leastNonzeroMagnitude).dampingRatio == 0)
    }
}
