import Foundation
import StoryKit
import StoryKitTestSupport
import StoryKitUI
import Testing

/// The story ring as both front-ends stroke it: the same circle, width, dashes, caps, gradient
/// or colour as the compositor's scene, at every phase; and the clock arithmetic the front-ends
/// wait on (the settle delay, a launch once however early a timer wakes).
@Suite struct RingStrokeTests {
    /// The ring as the compositor's scene draws it (a gradient or colour masked by one arc per
    /// segment, as the UIKit view), read back as one stroke: its width, the dashes its segments
    /// make and their phase, its caps and its paint.
    struct SceneRing {
        var lineWidth: Double
        var dash: [Double]
        var dashPhase: Double
        var roundCaps: Bool
        var gradient: ColorGradient?
        var color: RGBAColor?
    }

    /// The ring in the compositor's scene and as ``RingStroke`` for the same frame.
    static func sceneAndStroke(_ ring: StoryRing, at time: Double) throws -> (SceneRing, RingStroke) {
        let layers = ring.layers(at: time, avatarFrame: Rect(x: 0, y: 0, width: 55, height: 55), avatar: nil)
        let ringLayer = try #require(layers.last)
        let segments = (ringLayer.mask?.sublayers ?? []).compactMap(\.shape)
        let first = try #require(segments.first)
        guard case .arc(_, let radius, let startAngle, _, _)? = first.path.elements.first else {
            throw SceneRingError.notAnArc
        }
        let circumference = 2 * Double.pi * radius, period = circumference / Double(segments.count)
        let length = (first.strokeEnd - first.strokeStart) * circumference
        let isOpen = length < period - 1e-9
        var phase = (-(startAngle + Double.pi / 2) * radius).truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        let scene = SceneRing(lineWidth: first.lineWidth, dash: isOpen ? [length, period - length] : [],
                              dashPhase: isOpen ? phase : 0, roundCaps: isOpen && first.lineCap == .round,
                              gradient: ringLayer.gradient, color: ringLayer.backgroundColor)
        let layout = RingLayout(avatarDiameter: 55, ring: ring)
        return (scene, RingStroke(ring.frame(at: time), layout: layout))
    }

    /// The scene's ring mask does not stroke an arc.
    enum SceneRingError: Error { case notAnArc }

    @Test(arguments: [0.0, 0.05, 0.3, 2.0, 61.1, 61.2, 61.4])
    func theFrontEndsStrokeTheRingAsTheScene(time: Double) throws {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)
        if time > 61 { ring.ready(time: 61) }
        let (shape, stroke) = try Self.sceneAndStroke(ring, at: time)
        #expect(stroke.lineWidth == shape.lineWidth)
        #expect(stroke.dash.count == shape.dash.count && zip(stroke.dash, shape.dash).allSatisfy { Approximately.equal($0, $1) })
        #expect(Approximately.equal(stroke.dashPhase, shape.dashPhase) || stroke.dash.isEmpty)
        #expect(stroke.roundCaps == shape.roundCaps)
        #expect(stroke.fill.gradient == shape.gradient)
        #expect(stroke.fill.gradientColors != nil && stroke.fill.color == .clear)
    }

    @Test func theSeenRingIsItsOneColourAndNoStoriesDrawNothing() throws {
        let (shape, stroke) = try Self.sceneAndStroke(StoryRing(status: .seen), at: 0)
        #expect(stroke.fill.gradientColors == nil && stroke.fill.gradient == nil)
        #expect(shape.color == stroke.fill.color && shape.gradient == nil)
        #expect(stroke.isVisible && !stroke.roundCaps && stroke.dash.isEmpty)
        let none = RingStroke(StoryRing(status: .none).frame(at: 0), layout: RingLayout(avatarDiameter: 55, ring: StoryRing(status: .none)))
        #expect(!none.isVisible)
    }

    /// The UIKit ring's fill layer: the gradient's colours for new stories, else one colour
    /// (the seen grey), never both, so the seen ring never shows the gradient behind it.
    @Test func theFillLayerShowsTheGradientOrOneColourNeverBoth() {
        let unseen = RingStroke.Fill(colors: StoryRing.Configuration().unseenColors)
        #expect(unseen.gradientColors != nil && unseen.solidColor == nil)
        let seen = RingStroke.Fill(colors: [StoryRing.Configuration().seenColor])
        #expect(seen.gradientColors == nil && seen.solidColor == StoryRing.Configuration().seenColor)
        #expect(RingStroke.Fill(colors: []).solidColor == .clear, "no colours: a clear fill, nothing drawn")
    }

    @Test func theGradientStartsAtTheBottomLeftForBothFrontEnds() {
        // Core Animation's conic gradient goes from its start point (the centre) towards its end
        // point; SwiftUI's angular gradient from an angle clockwise from the trailing side.
        #expect(Approximately.equal(RingStroke.gradientStartDegrees, 135))
        let layout = RingLayout(side: 66, ring: StoryRing(status: .unseen))
        #expect(layout.ringCenter == Point(x: layout.ringSide / 2, y: layout.ringSide / 2))
    }

    @Test func aViewThatIsNotSquareHoldsTheRingInItsSmallerSide() {
        let ring = StoryRing(status: .unseen)
        #expect(RingLayout(width: 80, height: 66, ring: ring) == RingLayout(side: 66, ring: ring))
        #expect(RingLayout(width: 66, height: .nan, ring: ring).side == 0)
        let layout = RingLayout(side: 66, ring: ring)
        #expect(layout.avatarCornerRadius == 27.5)  // a 55 pt circle
    }

    @Test func eachStageHasItsOwnAnimationKey() {
        let keys = Set(RingAnimationPlan.Stage.allCases.map(\.animationKey))
        #expect(keys.count == RingAnimationPlan.Stage.allCases.count)
        #expect(RingAnimationPlan.Stage.loop.animationKey == "storyRing.loop")
    }

    @Test func thePlanChangesWhenTheColoursDo() {
        var configuration = StoryRing.Configuration()
        let ring = StoryRing(status: .unseen, configuration: configuration)
        configuration.unseenColors = [.white, .black, .white]
        let recoloured = StoryRing(status: .unseen, configuration: configuration)
        let layout = RingLayout(side: 66, ring: ring)
        #expect(RingAnimationPlan(ring: ring, layout: layout) != RingAnimationPlan(ring: recoloured, layout: layout))
        // Time alone never changes the plan (nothing is installed again while it loads).
        var loading = ring
        loading.tap(time: 1)
        let plan = RingAnimationPlan(ring: loading, layout: layout)
        loading.advance(to: 30)
        #expect(RingAnimationPlan(ring: loading, layout: layout) == plan)
    }

    // MARK: Clock

    @Test func theSettleDelayCountsDownToTheResolutionsEnd() throws {
        var rules = RingLoadingRules(ring: StoryRing(status: .unseen))
        #expect(rules.settleDelay(now: 0) == nil && rules.settleDelayNanoseconds(now: 0) == nil)
        rules.request(.ready, time: 10)
        let end = try #require(rules.settleTime)
        #expect(Approximately.equal(rules.settleDelay(now: 10) ?? -1, end - 10))
        #expect(rules.settleDelay(now: 100) == 0)
        #expect(rules.settleDelayNanoseconds(now: 100) == 0)
        let nanoseconds = Double(rules.settleDelayNanoseconds(now: 10) ?? 0)
        #expect(abs(nanoseconds - (end - 10) * 1e9) < 1_000)
    }

    @Test func anAbsurdClockWaitsRatherThanTraps() {
        // A host clock that jumped: readiness stamped 10^12 s on (10^21 ns, past UInt64), asked
        // about at 0.
        var rules = RingLoadingRules(ring: StoryRing(status: .unseen))
        rules.request(.ready, time: 1e12)
        #expect(rules.settleTime != nil)
        #expect(rules.settleDelayNanoseconds(now: 0) == .max)
    }

    @Test func aTimerThatWakesEarlyStillLaunchesOnce() throws {
        var rules = RingLoadingRules(ring: StoryRing(status: .unseen))
        rules.request(.loading, time: 1)
        rules.request(.ready, time: 5)
        let end = try #require(rules.settleTime)
        // Another clock says it is a microsecond before the end: the ring settles all the same.
        #expect(rules.settle(now: end - 1e-6) == [.launch])
        #expect(rules.settle(now: end + 1) == [])
        #expect(rules.request == .idle)
    }

    @Test func reduceMotionIsOnWhenTheAppOrTheSystemSaysSo() {
        var rules = RingLoadingRules(ring: StoryRing(status: .unseen))
        rules.update(status: .unseen, configuration: .init(), systemReduceMotion: true)
        #expect(rules.ring.configuration.reduceMotion)
        rules.update(status: .seen, configuration: .init(), systemReduceMotion: false)
        #expect(!rules.ring.configuration.reduceMotion && rules.ring.status == .seen)
        var appChoice = StoryRing.Configuration()
        appChoice.reduceMotion = true
        rules.update(status: .seen, configuration: appChoice, systemReduceMotion: false)
        #expect(rules.ring.configuration.reduceMotion)
        let read = rules.updated(status: .unseen, configuration: .init(), systemReduceMotion: false)
        #expect(!read.ring.configuration.reduceMotion && read.ring.status == .unseen)
        #expect(rules.ring.status == .seen, "reading leaves the rules as they were")
    }
}
