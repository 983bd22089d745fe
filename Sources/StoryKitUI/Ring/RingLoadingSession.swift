import StoryKit

// MARK: - RingLoadingSession

/// One ``StoryRingView``'s loading over time: the host's requests and the model
/// (``RingLoadingRules``), the alarm at the model's settle time, and what each change means for
/// the host, carried out through callbacks in order.
///
/// The view hands over what happens to it (a request, a new status or configuration, Reduce
/// Motion turned on or off) and redraws in ``onChange``; ``onAnnounce`` gets the text VoiceOver
/// says when loading starts, and ``onLaunch`` comes when the resolution after readiness ends.
/// Times are seconds of the session's clock (`CACurrentMediaTime()` on a device).
@MainActor
package final class RingLoadingSession {
    /// The host's requests and the model: what is on screen.
    package private(set) var rules: RingLoadingRules
    /// Called after every change of ``rules``, before the events' callbacks: redraw the ring and
    /// update VoiceOver's label and value.
    package var onChange: (@MainActor () -> Void)?
    /// Called with the text VoiceOver is to announce ("Loading") when loading starts.
    package var onAnnounce: (@MainActor (String) -> Void)?
    /// Called when the resolution after readiness ends: the host opens the viewer.
    package var onLaunch: (@MainActor () -> Void)?

    /// The current time, in seconds.
    private let clock: @MainActor () -> Double
    /// Wakes the session at the model's settle time.
    private let settleAlarm = SettleAlarm()

    /// A session over `ring`, idle, reading the time from `clock` (seconds).
    package init(ring: StoryRing, clock: @escaping @MainActor () -> Double) {
        rules = RingLoadingRules(ring: ring)
        self.clock = clock
    }

    /// Puts `status` and `configuration` into the model, Reduce Motion on when the
    /// configuration's or the system's (`systemReduceMotion`) is.
    package func update(status: StoryRing.Status, configuration: StoryRing.Configuration, systemReduceMotion: Bool) {
        rules.update(status: status, configuration: configuration, systemReduceMotion: systemReduceMotion)
        changed([])
    }

    /// The host asks for `state` now: ``StoryRingLoadingState/loading`` on a tap,
    /// ``StoryRingLoadingState/ready`` when the story can show, ``StoryRingLoadingState/idle`` to
    /// give up (``RingLoadingRules/request(_:time:)``).
    package func request(_ state: StoryRingLoadingState) {
        changed(rules.request(state, time: clock()))
    }

    /// Moves the model to its settle time, or to now if that is later (the alarm calls it): the
    /// launch, or the end of a cancel's resolution.
    package func settle() {
        changed(rules.settle(now: clock()))
    }

    /// Sets the alarm for the new settle time, then tells the host.
    private func changed(_ events: [StoryRing.Event]) {
        settleAlarm.set(at: rules.settleTime, now: clock()) { [weak self] in self?.settle() }
        onChange?()
        Self.deliver(events, announce: { onAnnounce?($0) }, launch: { onLaunch?() })
    }

    /// Carries out a ring's `events` for a front-end, in their order: `announce` with
    /// ``StoryRingAccessibility/loadingAnnouncement`` when loading starts, `launch` at the launch;
    /// a cancel tells the host nothing. The SwiftUI avatar calls it too.
    package static func deliver(_ events: [StoryRing.Event], announce: (String) -> Void, launch: () -> Void) {
        for event in events {
            switch event {
            case .loadingStarted: announce(StoryRingAccessibility.loadingAnnouncement)
            case .launch: launch()
            case .cancelled: break
            }
        }
    }
}
