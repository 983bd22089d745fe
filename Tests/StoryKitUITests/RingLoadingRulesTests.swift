import StoryKit
import StoryKitUI
import Testing

/// The host's requests against the ring's phases, on a virtual clock: nothing is lost, the launch
/// comes once, after readiness and the resolution.
@Suite struct RingLoadingRulesTests {
    @Test func loadingThenReadyLaunchesOnceAfterTheResolution() {
        var rules = RingLoadingRules(ring: StoryRing(status: .unseen))
        #expect(rules.request(.loading, time: 1) == [.loadingStarted])
        #expect(rules.isLoading && rules.settleTime == nil)
        #expect(rules.advance(to: 60).isEmpty, "loads for as long as it takes")
        #expect(rules.request(.ready, time: 61).isEmpty)
        #expect(rules.settleTime == 61.3)
        #expect(rules.advance(to: 61.29).isEmpty)
        #expect(rules.advance(to: 61.3) == [.launch])
        #expect(rules.request == .idle && !rules.isLoading && !rules.ring.isBusy)
        #expect(rules.advance(to: 70).isEmpty)
    }

    @Test func aCancelRestsWithoutLaunching() {
        var rules = RingLoadingRules(ring: StoryRing(status: .unseen))
        rules.request(.loading, time: 0)
        #expect(rules.request(.idle, time: 2) == [.cancelled])
        #expect(!rules.isLoading && rules.ring.isBusy && rules.settleTime == 2.3)
        #expect(rules.advance(to: 3).isEmpty)
        #expect(!rules.ring.isBusy)
        // A cancel after readiness stops the launch too.
        rules.request(.ready, time: 4)
        #expect(rules.request(.idle, time: 4.1) == [.cancelled])
        #expect(rules.advance(to: 5).isEmpty)
    }

    @Test func aTapWhileACancelResolvesLoadsWhenItEnds() {
        var rules = RingLoadingRules(ring: StoryRing(status: .unseen))
        rules.request(.loading, time: 0)
        rules.request(.idle, time: 1)
        #expect(rules.request(.loading, time: 1.1).isEmpty, "the cancel's resolution runs on")
        #expect(rules.isLoading)
        #expect(rules.advance(to: 1.3) == [.loadingStarted])
        guard case .loading(let tap) = rules.ring.phase else { Issue.record("not loading"); return }
        #expect(tap == 1.3)
        rules.request(.ready, time: 2)
        #expect(rules.advance(to: 2.3) == [.launch])
    }

    @Test func readyAtRestPressesAndResolvesAtOnce() {
        var rules = RingLoadingRules(ring: StoryRing(status: .seen))
        #expect(rules.request(.ready, time: 3) == [.loadingStarted])
        #expect(rules.ring.phase == .resolving(tap: 3, from: 3, launches: true))
        #expect(rules.advance(to: 3.3) == [.launch])
    }

    @Test func aLaunchDueBeforeARequestIsReportedFirst() {
        var rules = RingLoadingRules(ring: StoryRing(status: .unseen))
        rules.request(.ready, time: 0)
        // The host's timer has not fired yet when the avatar is tapped again.
        #expect(rules.request(.loading, time: 0.5) == [.launch, .loadingStarted])
        #expect(rules.isLoading)
    }

    @Test func readinessOnceGivenLaunchesWhateverIsRequestedButIdle() {
        var rules = RingLoadingRules(ring: StoryRing(status: .unseen))
        rules.request(.ready, time: 0)
        #expect(rules.request(.loading, time: 0.1).isEmpty)
        #expect(rules.advance(to: 0.3) == [.launch])
        #expect(rules.request == .idle)
    }

    @Test func aSettleWithAClockThatIsNotFiniteStillLaunches() {
        // Found by RingLoadingRulesStorm: `max(.nan, due)` is NaN, which the ring ignores, so
        // the ring kept resolving (and the host's next delay was NaN: a wait forever).
        for now in [Double.nan, .infinity, -.infinity] {
            var rules = RingLoadingRules(ring: StoryRing(status: .seen))
            rules.request(.ready, time: 0)
            #expect(rules.settle(now: now) == [.launch], "now \(now)")
            #expect(!rules.ring.isBusy && rules.settleTime == nil)
        }
    }

    @Test func anAvatarWithoutStoriesDoesNotLoad() {
        var rules = RingLoadingRules(ring: StoryRing(status: .none))
        #expect(rules.request(.loading, time: 0).isEmpty)
        #expect(rules.request == .idle && !rules.ring.isBusy)
        rules.update(status: .unseen, configuration: .init(resolveDuration: 0.5))
        #expect(rules.request(.ready, time: 1) == [.loadingStarted])
        #expect(rules.settleTime == 1.5)
    }
}

@Suite struct StoryRingAccessibilityTests {
    @Test func theLabelSaysWhoseStoryAndWhetherItIsNew() {
        #expect(StoryRingAccessibility.label(userName: "Ava", status: .unseen) == "Ava, new story")
        #expect(StoryRingAccessibility.label(userName: "Ava", status: .seen) == "Ava, seen")
        #expect(StoryRingAccessibility.label(userName: " Ava ", status: .none) == "Ava")
        #expect(StoryRingAccessibility.label(userName: "", status: .unseen) == "New story")
        #expect(StoryRingAccessibility.label(userName: "", status: .seen) == "Story, seen")
        #expect(StoryRingAccessibility.value(isLoading: true) == "loading")
        #expect(StoryRingAccessibility.value(isLoading: false) == nil)
        #expect(StoryRingAccessibility.loadingAnnouncement == "Loading")
    }
}
