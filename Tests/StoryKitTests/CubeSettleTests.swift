import StoryKit
import StoryKitTestSupport
import Testing

/// The cube's settle sub-model on its own: the page a release goes to, the spring from where the
/// cube is with the velocity carried across, the positions it draws and when it ends.
@Suite struct CubeSettleTests {
    typealias Settle = CubePager.Settle
    typealias Release = CubePager.Release
    /// The cube's default spring (response 0.35 s, critically damped).
    static let spring = CubePager.Configuration.defaultSpring

    // MARK: - Release

    @Test(arguments: [
        (1.3, 0.0, 1), (1.6, 0.0, 2), (1.2, 1.0, 2), (0.6, -0.5, 0), (0.7, 0.0, 1),
        (1.1, 5.0, 2), (0.9, -5.0, 0), (1.45, 0.05, 1), (1.45, 0.2, 2),
    ])
    func aReleaseGoesToTheNeighbourWhenItsProjectionPassesHalfWay(position: Double, velocity: Double, target: Int) {
        // Given a gesture from page 1 of 4, the target is the neighbour the projection
        // (position + velocity · 0.499 s) passes half a page toward, never further.
        let release = Release(position: position, velocity: velocity, startPage: 1, lastIndex: 3,
                              snapThreshold: 0.5, pastEndThreshold: 0.15)
        #expect(release.target == target)
        #expect(!release.isPastEnd)
    }

    @Test func aReleaseNeverGoesBeforeTheFirstOrAfterTheLastPage() {
        let back = Release(position: -0.2, velocity: -3, startPage: 0, lastIndex: 2, snapThreshold: 0.5, pastEndThreshold: 0.15)
        #expect(back.target == 0)
        let on = Release(position: 2.2, velocity: 3, startPage: 2, lastIndex: 2, snapThreshold: 0.5, pastEndThreshold: 0.15)
        #expect(on.target == 2)
    }

    @Test(arguments: [(2.2, 0.0, true), (2.1, 0.0, false), (2.1, 1.0, true), (1.9, 10.0, false), (2.05, -1.0, false)])
    func aReleaseFarEnoughOrFlickedPastTheLastPageGoesPastTheEnd(position: Double, velocity: Double, pastEnd: Bool) {
        // Past the last page (2) by more than 0.15 page, or projected half a page past it.
        let release = Release(position: position, velocity: velocity, startPage: 2, lastIndex: 2,
                              snapThreshold: 0.5, pastEndThreshold: 0.15)
        #expect(release.isPastEnd == pastEnd)
    }

    // MARK: - Spring

    @Test func aSettleStartsWhereTheCubeIsWithTheVelocityCarriedAcross() throws {
        let settle = try #require(Settle(spring: Self.spring, from: 0.6, to: 1, velocity: 2, time: 10))
        let start = settle.sample(at: 10, lastIndex: 3)
        #expect(start.value == 0.6 && start.velocity == 2)
        #expect(settle.initialVelocity == 2 && settle.target == 1)
        #expect(settle.startTime == 10 && settle.latestFrameTime == 10)
        #expect(settle.endTime == 10 + settle.duration && settle.duration > 0)
    }

    @Test func aSettleEndsExactlyAtItsSettlingTime() throws {
        let settle = try #require(Settle(spring: Self.spring, from: 0.3, to: 0, velocity: 0, time: 0))
        #expect(!settle.hasEnded(by: settle.endTime - 1e-9))
        #expect(settle.hasEnded(by: settle.endTime))
        #expect(settle.duration == settle.motion.settlingDuration())
        // Close to the page by then: the snap to it is invisible.
        #expect(abs(settle.sample(at: settle.endTime, lastIndex: 3).value) <= 1e-3)
    }

    @Test(arguments: [0.1, 0.3, 0.6])
    func aBouncySettleNeverPassesItsTarget(dampingRatio: Double) throws {
        // An under-damped spring would overshoot page 1; the cube stops on it instead.
        let spring = SpringParameters(response: 0.5, dampingRatio: dampingRatio)
        let settle = try #require(Settle(spring: spring, from: 0.2, to: 1, velocity: 5, time: 0))
        var reachedTarget = false
        for step in 0...400 {
            let sample = settle.sample(at: Double(step) * 0.01, lastIndex: 3)
            #expect(sample.value > 0 && sample.value <= 1)
            if sample.value == 1 {
                #expect(sample.velocity == 0)
                reachedTarget = true
            }
        }
        #expect(reachedTarget)
    }

    @Test func aSettleFlungOutwardAtAnEndComesBackFromOnePageOut() throws {
        // From 2.2 (past the last page, 2) flung outward at 50 pages/s: the cube stops one page
        // past the end, never further, and comes back.
        let settle = try #require(Settle(spring: Self.spring, from: 2.2, to: 2, velocity: 50, time: 0))
        var maximum = -Double.infinity
        for step in 0...200 {
            maximum = max(maximum, settle.sample(at: Double(step) * 0.005, lastIndex: 2).value)
        }
        #expect(maximum == 3)
        let early = try #require(Settle(spring: Self.spring, from: -0.2, to: 0, velocity: -50, time: 0))
        let stopped = early.sample(at: 0.05, lastIndex: 2)
        #expect(stopped.value == -1 && stopped.velocity == 0)
    }

    @Test func nothingToMoveMakesNoSettle() {
        #expect(Settle(spring: Self.spring, from: 1, to: 1, velocity: 0, time: 0) == nil)
    }

    @Test func anUndampedSpringIsCutShortAtTheLongestSettle() throws {
        let spring = SpringParameters(response: 0.35, dampingRatio: 0)
        let settle = try #require(Settle(spring: spring, from: 0, to: 1, velocity: 0, time: 2))
        #expect(settle.duration == Settle.maximumDuration)
        #expect(settle.hasEnded(by: 12))
    }

    @Test func nonFiniteVelocityAndTimeCountAsZero() throws {
        let settle = try #require(Settle(spring: Self.spring, from: 0, to: 1, velocity: .nan, time: .infinity))
        #expect(settle.initialVelocity == 0)
        #expect(settle.startTime == 0 && settle.latestFrameTime == 0)
    }

    @Test func framesOnlyGoForward() throws {
        // A display link a frame ahead of the touch clock: an input before the frame on screen
        // finds the cube where that frame drew it.
        var settle = try #require(Settle(spring: Self.spring, from: 0, to: 1, velocity: 0, time: 0))
        settle.drawFrame(at: 0.1)
        settle.drawFrame(at: 0.05)
        #expect(settle.latestFrameTime == 0.1)
        #expect(settle.inputTime(0.08) == 0.1)
        #expect(settle.inputTime(0.2) == 0.2)
    }
}
