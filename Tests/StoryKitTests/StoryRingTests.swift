import MotionCore
import StoryKit
import StoryKitTestSupport
import Testing

/// The story ring on a virtual clock: its looks at rest, the press, an hour of loading, the
/// resolution wherever readiness falls, cancels and hostile times.
@Suite struct StoryRingTests {
    /// A channel's velocity at `time` (per second), by a central difference on a ring that is
    /// already in its phase at both sides.
    private func velocity(_ ring: StoryRing, _ channel: StoryRing.Channel, at time: Double, h: Double = 1e-6) -> Double {
        change(channel, ring.value(channel, at: time - h), ring.value(channel, at: time + h)) / (2 * h)
    }

    /// `to − from`, for the rotation as the shortest turn (the loop's rotation wraps at a full
    /// turn, which looks the same).
    private func change(_ channel: StoryRing.Channel, _ from: Double, _ to: Double) -> Double {
        channel == .rotation ? (to - from).remainder(dividingBy: 2 * .pi) : to - from
    }

    @Test func atRestTheRingIsSolidInItsStatusLook() throws {
        let unseen = StoryRing(status: .unseen).frame(at: 5)
        #expect(unseen.lineWidth == 2.5 && unseen.openness == 0 && unseen.avatarScale == 1 && unseen.ringOpacity == 1)
        #expect(unseen.dashPattern(radius: 30).isEmpty)
        #expect(unseen.colors == StoryRing.Configuration.instagramColors)
        let seen = StoryRing(status: .seen).frame(at: 5)
        #expect(seen.lineWidth == 1 && seen.colors == [RGBAColor(red: 0.86, green: 0.86, blue: 0.86)])

        let layers = StoryRing(status: .unseen).layers(at: 0, avatarFrame: Rect(x: 10, y: 10, width: 56, height: 56), avatar: nil)
        let ringLayer = try #require(layers.last)
        // Centre line: 28 (avatar) + 3 (gap) + 1.25 (half the line): bounds exactly the ring's square.
        #expect(ringLayer.bounds == Rect(x: 0, y: 0, width: 2 * 32.25 + 2.5, height: 2 * 32.25 + 2.5))
        #expect(ringLayer.position == Point(x: 38, y: 38))
        // As the UIKit view: the conic gradient masked by one opaque arc per segment, shut at rest
        // (each from k/n to (k + 1)/n, so together a solid ring).
        #expect(ringLayer.gradient?.kind == .conic && ringLayer.shape == nil)
        let segments = (ringLayer.mask?.sublayers ?? []).compactMap(\.shape)
        let n = Double(StoryRing.Configuration().segments)
        #expect(segments.count == Int(n) && ringLayer.mask?.bounds == ringLayer.bounds)
        for (k, segment) in segments.enumerated() {
            #expect(segment.lineWidth == 2.5 && segment.lineCap == .round && segment.strokeColor?.alpha == 1)
            #expect(Approximately.equal(segment.strokeStart, Double(k) / n) && Approximately.equal(segment.strokeEnd, Double(k + 1) / n))
        }
        #expect(StoryRing(status: .none).layers(at: 0, avatarFrame: Rect(x: 0, y: 0, width: 56, height: 56), avatar: nil).count == 1)
    }

    @Test func aTapShrinksTheAvatarAndOpensTwelveSegmentsOverThePress() {
        var ring = StoryRing(status: .unseen)
        #expect(ring.tap(time: 1) == [.loadingStarted])
        #expect(ring.frame(at: 1).avatarScale == 1 && ring.frame(at: 1).openness == 0)
        let half = ring.frame(at: 1.075)
        #expect(half.avatarScale < 1 && half.avatarScale > 0.9 && half.openness > 0.5 && half.openness < 1)
        let pressed = ring.frame(at: 1.15)
        #expect(Approximately.equal(pressed.avatarScale, 0.9) && Approximately.equal(pressed.openness, 1))
        let radius = pressed.ringRadius(avatarDiameter: 56, gap: 3)
        #expect(Approximately.equal(radius, 28 * 0.9 + 3 + 1.25))
        let pattern = pressed.dashPattern(radius: radius)
        #expect(pattern.count == 2)
        #expect(Approximately.equal(12 * (pattern[0] + pattern[1]), 2 * .pi * radius))
        #expect(Approximately.equal(pattern[1] / (pattern[0] + pattern[1]), 0.4))
    }

    @Test func theSegmentsTurnAtOneRateForAnHourWithoutDrift() {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)
        let rate = 2 * Double.pi / 1.2
        for start in [0.5, 10, 600, 3_599.3] {
            #expect(Approximately.equal(velocity(ring, .rotation, at: start), rate, absolute: 1e-4), "at \(start) s")
        }
        for offset in stride(from: 0.2, to: 1.2, by: 0.13) {
            // 3,000 turns later: the same frame, to a billionth of a radian.
            #expect(abs(change(.rotation, ring.value(.rotation, at: offset), ring.value(.rotation, at: 3_600 + offset))) < 1e-9)
            let frame = ring.frame(at: 3_600 + offset)
            #expect(frame.openness == 1 && Approximately.equal(frame.avatarScale, 0.9))
            let phase = frame.dashPhase(radius: 30)
            #expect(phase >= 0 && phase < 2 * .pi * 30 / 12)
        }
        #expect(ring.advance(to: 3_600).isEmpty)
        #expect(ring.isBusy)
    }

    @Test(arguments: [0.05, 0.1, 0.149, 0.15, 0.31, 0.6, 0.77, 1.0, 1.19, 1.2, 1.35, 7.04, 3_600.5]
                     + (0..<48).map { 1.2 + Double($0) * 1.2 / 48 })
    func resolvingIsContinuousInValueAndVelocityWhereverReadinessFalls(readyAfter: Double) {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)
        let loading = ring
        let ready = readyAfter
        #expect(ring.ready(time: ready).isEmpty)
        for channel in StoryRing.Channel.allCases {
            let before = loading.value(channel, at: ready)
            #expect(Approximately.equal(ring.value(channel, at: ready), before, absolute: 1e-9), "\(channel) at \(ready)")
            let speedBefore = change(channel, loading.value(channel, at: ready - 1e-5), loading.value(channel, at: ready)) / 1e-5
            let speedAfter = change(channel, ring.value(channel, at: ready), ring.value(channel, at: ready + 1e-5)) / 1e-5
            #expect(Approximately.equal(speedBefore, speedAfter, absolute: 0.02 * max(1, abs(speedBefore))),
                    "\(channel) velocity \(speedBefore) then \(speedAfter) at \(ready)")
            // At rest at the end, with no speed left.
            let end = ready + 0.3
            #expect(abs(change(channel, ring.value(channel, at: end - 1e-5), ring.value(channel, at: end)) / 1e-5) < 0.02)
        }
        let rest = ring.frame(at: ready + 0.3)
        #expect(Approximately.equal(rest.openness, 0) && Approximately.equal(rest.avatarScale, 1))
        #expect(rest.dashPattern(radius: 30).isEmpty)
        #expect(ring.advance(to: ready + 0.299).isEmpty)
        #expect(ring.advance(to: ready + 0.3) == [.launch])
        #expect(ring.advance(to: ready + 1).isEmpty && !ring.isBusy)
    }

    @Test func aSecondTapIsIgnoredAndACancelResolvesWithoutLaunching() {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)
        #expect(ring.tap(time: 0.5).isEmpty)
        #expect(ring.cancel(time: 0.7) == [.cancelled])
        #expect(ring.ready(time: 0.8).isEmpty)
        #expect(ring.advance(to: 2).isEmpty && !ring.isBusy)
        #expect(ring.frame(at: 2).openness == 0)
        // Ready, then cancelled while resolving: still no launch.
        ring.tap(time: 3)
        ring.ready(time: 4)
        #expect(ring.cancel(time: 4.1) == [.cancelled])
        #expect(ring.advance(to: 5).isEmpty)
        // No stories: a tap does nothing.
        var none = StoryRing(status: .none)
        #expect(none.tap(time: 0).isEmpty && !none.isBusy)
    }

    @Test func readinessMidwayThroughAVeryShortDeepPressKeepsTheAvatarVisible() {
        // The storm's reproducer: the press clamped to 0.01 s down to 0.5, ready 9 ms after the
        // tap, resolving over 0.7 s; the avatar once went to scale 0.
        var ring = StoryRing(status: .seen, configuration: .init(segments: 4, turnDuration: 0.42, pressDuration: -1e9,
                                                                 pressScale: .leastNonzeroMagnitude, resolveDuration: 0.7))
        ring.tap(time: 0.0783)
        ring.ready(time: 0.0878)
        let lowest = stride(from: 0.0878, through: 0.7878, by: 0.001).map { ring.frame(at: $0).avatarScale }.min() ?? 0
        #expect(lowest >= 0.25 && lowest <= 0.55)
    }

    @Test func timesGoingBackwardsAndNonFiniteTimesCountAsTheLatest() {
        var ring = StoryRing(status: .seen)
        ring.tap(time: 10)
        #expect(ring.ready(time: 3) == [])           // counts as 10: resolving from 10
        #expect(ring.advance(to: .nan).isEmpty)
        #expect(ring.advance(to: 10.3) == [.launch])
        let frame = ring.frame(at: .infinity)
        #expect(frame.avatarScale.isFinite && frame.rotation.isFinite)
        #expect(ring.timeline.press == nil)
    }

    @Test func theTimelineIsThePressTheLoopAndTheResolutionChainedByBeginTime() throws {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 2)
        ring.ready(time: 4.5)
        let timeline = ring.timeline
        #expect(timeline.press == MediaTiming(beginTime: 2, duration: 0.15, fillMode: .forwards))
        #expect(timeline.loop == MediaTiming(beginTime: 2, duration: 1.2, repeatCount: .infinity))
        #expect(timeline.resolve == MediaTiming(beginTime: 4.5, duration: 0.3, fillMode: .forwards))
        let rotation = try #require(timeline.resolveCurves[.rotation])
        // Even deceleration from the loop's speed: a quadratic ease-out.
        #expect(Approximately.equal(rotation.curve.y1, 2.0 / 3, absolute: 1e-12))
        #expect(Approximately.equal(rotation.to - rotation.from, 2 * .pi / 1.2 * 0.3 / 2))
        #expect(timeline.resolveCurves[.scale]?.curve.y1 == 0)
    }

    @Test func underReduceMotionTheRingPulsesInsteadOfTurning() {
        var ring = StoryRing(status: .unseen, configuration: .init(reduceMotion: true))
        ring.tap(time: 0)
        let frames = stride(from: 0.0, to: 1.2, by: 0.1).map { ring.frame(at: $0) }
        #expect(frames.allSatisfy { $0.openness == 0 && $0.rotation == 0 })
        #expect(Approximately.equal(frames.map(\.ringOpacity).min()!, 0.4, absolute: 0.02))
        ring.ready(time: 0.6)   // at the pulse's lowest
        #expect(Approximately.equal(ring.frame(at: 0.9).ringOpacity, 1))
    }
}

/// Mirrors the story ring snippets of README.md and of ``StoryRing``'s and ``StoryTray``'s
/// documentation.
@Suite struct StoryRingDocumentationExamplesTests {
    @Test func theReadmeSnippetLoadsResolvesAndLaunches() {
        // README begins
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)                       // loading: segments turn, the avatar shrinks
        let frame = ring.frame(at: 1.0)         // openness, rotation, scale, dash, phase…
        ring.ready(time: 2.5)                   // the story can show: resolve
        let events = ring.advance(to: 2.8)      // [.launch]: open the viewer from the avatar
        // README ends
        #expect(events == [.launch])
        #expect(frame.openness == 1 && Approximately.equal(frame.avatarScale, 0.9))
    }

    @Test func theTraySnippetOpensFromTheTappedAvatar() throws {
        let feed = StoryFeed(users: ["a", "b", "c"].map { StoryUser(id: $0, name: $0, items: [StoryItem(id: "\($0)1", kind: .image, url: $0)]) })
        var opened: [(Int, Rect)] = []
        func open(_ user: Int, _ from: Rect) { opened.append((user, from)) }
        let touch = Point(x: 138.5, y: 49.5)
        let t = 1.0, now = 2.2
        // The documentation's snippet.
        var tray = StoryTray(feed: feed, seen: [], viewportWidth: 390)
        tray.tap(at: touch, time: t)                       // [.loadingStarted(user: 2)]
        tray.ready(time: t + 0.8)                           // the pipeline has the first item
        for case .launch(let user, let from) in tray.advance(to: now) { open(user, from) }
        #expect(opened.count == 1 && opened.first?.0 == 1 && opened.first?.1 == tray.avatarFrame(user: 1))
    }
}
