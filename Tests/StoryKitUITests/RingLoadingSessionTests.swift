import StoryKit
@testable import StoryKitUI
import Testing

/// A ring view's loading over time, on a virtual clock: what the host hears (VoiceOver's
/// "Loading", the launch) and when, and that every change redraws.
@MainActor
@Suite struct RingLoadingSessionTests {
    /// What a session told its host, in order.
    final class Log {
        var now = 0.0
        var heard: [String] = []
    }

    static func session(_ status: StoryRing.Status = .unseen, log: Log) -> RingLoadingSession {
        let session = RingLoadingSession(ring: StoryRing(status: status)) { log.now }
        session.onChange = { log.heard.append("redraw") }
        session.onAnnounce = { log.heard.append("announce " + $0) }
        session.onLaunch = { log.heard.append("launch") }
        return session
    }

    @Test func aTapAnnouncesLoadingAndReadinessLaunchesOnceAtTheSettleTime() throws {
        let log = Log()
        let session = Self.session(log: log)
        log.now = 10
        session.request(.loading)
        #expect(log.heard == ["redraw", "announce Loading"])
        #expect(session.rules.isLoading && session.rules.settleTime == nil, "it loads for as long as it takes")
        log.now = 12
        session.request(.ready)
        #expect(log.heard.last == "redraw" && !log.heard.contains("launch"), "the resolution runs first")
        let settle = try #require(session.rules.settleTime)
        log.now = settle + 0.01
        session.settle()
        #expect(log.heard.suffix(2) == ["redraw", "launch"])
        #expect(!session.rules.isLoading && session.rules.request == .idle)
        session.settle()
        #expect(log.heard.filter { $0 == "launch" }.count == 1, "the launch comes once")
    }

    @Test func aCancelComesToRestWithoutLaunchingOrAnnouncing() {
        let log = Log()
        let session = Self.session(log: log)
        session.request(.loading)
        log.now = 1
        session.request(.idle)
        #expect(!session.rules.isLoading && session.rules.settleTime != nil, "the ring resolves back to rest")
        log.now = 5
        session.settle()
        #expect(!session.rules.ring.isBusy)
        #expect(log.heard.filter { $0 != "redraw" } == ["announce Loading"], "no launch, no second announcement")
    }

    @Test func anAvatarWithoutStoriesNeitherLoadsNorAnnounces() {
        let log = Log()
        let session = Self.session(.none, log: log)
        session.request(.loading)
        #expect(log.heard == ["redraw"])
        #expect(session.rules.request == .idle && !session.rules.isLoading)
    }

    @Test func aNewStatusOrReduceMotionRedrawsAndReachesTheModel() {
        let log = Log()
        let session = Self.session(log: log)
        session.update(status: .seen, configuration: StoryRing.Configuration(), systemReduceMotion: true)
        #expect(log.heard == ["redraw"])
        #expect(session.rules.ring.status == .seen && session.rules.ring.configuration.reduceMotion)
        session.update(status: .seen, configuration: StoryRing.Configuration(), systemReduceMotion: false)
        #expect(!session.rules.ring.configuration.reduceMotion, "Reduce Motion turned off again")
    }

    @Test func eventsReachTheHostInTheirOrder() {
        var heard: [String] = []
        RingLoadingSession.deliver([.launch, .cancelled, .loadingStarted],
                                   announce: { heard.append("announce " + $0) }, launch: { heard.append("launch") })
        #expect(heard == ["launch", "announce Loading"])
        RingLoadingSession.deliver([], announce: { heard.append($0) }, launch: { heard.append("launch") })
        #expect(heard.count == 2)
    }
}
