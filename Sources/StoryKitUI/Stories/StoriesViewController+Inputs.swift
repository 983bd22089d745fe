#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import StoryKit
import UIKit

// MARK: - StoriesViewController + Touches

extension StoriesViewController {
    /// A touch phase from the recogniser: the tracked finger's place on the page, at the event's
    /// time, into the model.
    func touches(_ phase: StoriesTouchRecognizer.Phase, _ touches: Set<UITouch>, timestamp: Double) {
        guard !viewer.isClosed else { return }
        let located = touches.map { (id: ObjectIdentifier($0), location: Point($0.location(in: stageView))) }
        let inputs: [StoriesTouchBridge<ObjectIdentifier>.Input]
        switch phase {
        case .began: inputs = touchBridge.began(located)
        case .moved: inputs = touchBridge.moved(located)
        case .ended: inputs = touchBridge.ended(located)
        case .cancelled: inputs = touchBridge.cancelled(located.map(\.id))
        }
        if phase == .began { carryOut(interruption.touched()) }
        for input in inputs { perform { input.apply(to: &$0, time: timestamp) } }
    }

    /// The recogniser is done with the sequence: a finger still tracked was lost (another
    /// recogniser took the touches), so the model's touch is cancelled.
    func touchesReset() {
        let time = now
        for input in touchBridge.reset() { perform { input.apply(to: &$0, time: time) } }
    }
}

// MARK: - StoriesViewController + System

extension StoriesViewController {
    /// The app's activity, audio interruptions, Reduce Motion and VoiceOver, observed on the main
    /// queue until the controller goes.
    func observeSystem() {
        notifications.observe(UIApplication.willResignActiveNotification) { [weak self] _ in
            MainActor.assumeIsolated { self?.appActivityChanged(false) }
        }
        notifications.observe(UIApplication.didBecomeActiveNotification) { [weak self] _ in
            MainActor.assumeIsolated { self?.appActivityChanged(true) }
        }
        notifications.observe(AVAudioSession.interruptionNotification) { [weak self] notification in
            guard let info = notification.userInfo, let raw = info[AVAudioSessionInterruptionTypeKey] as? UInt,
                  let type = AVAudioSession.InterruptionType(rawValue: raw) else { return }
            let options = AVAudioSession.InterruptionOptions(rawValue: info[AVAudioSessionInterruptionOptionKey] as? UInt ?? 0)
            let began = type == .began, shouldResume = options.contains(.shouldResume)
            MainActor.assumeIsolated { self?.audioInterrupted(began: began, shouldResume: shouldResume) }
        }
        notifications.observe(UIAccessibility.reduceMotionStatusDidChangeNotification) { [weak self] _ in
            MainActor.assumeIsolated { self?.updateEffectiveConfiguration() }
        }
        notifications.observe(UIAccessibility.voiceOverStatusDidChangeNotification) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self, !UIAccessibility.isVoiceOverRunning, self.isVoiceOverFocused else { return }
                self.voiceOverFocusChanged(false)
            }
        }
    }

    func appActivityChanged(_ active: Bool) {
        appIsActive = active
        updateActivity()
    }

    /// A call or another app's audio interrupted ours, or the interruption ended: pause or
    /// resume as ``AudioInterruptionRule`` says (resume only with `.shouldResume`).
    func audioInterrupted(began: Bool, shouldResume: Bool) {
        carryOut(began ? interruption.began(isPlaying: !isPaused) : interruption.ended(shouldResume: shouldResume))
    }

    /// Pauses or resumes for the interruption rule, as the host's pause would (but without
    /// making the rule forget).
    func carryOut(_ action: AudioInterruptionRule.Action?) {
        guard let action else { return }
        let time = now
        perform { $0.setPaused(action == .pause, time: time) }
    }
}

// MARK: - StoriesViewController + VoiceOver

extension StoriesViewController {
    /// "Ava, story 2 of 5, 2 hours ago".
    var accessibilityPageLabel: String {
        viewer.accessibilityLabel(now: frameClockDate.secondsSince1970(atFrameTime: now))
    }

    /// The actions VoiceOver offers now.
    var accessibilityActions: [StoriesAccessibilityAction] {
        StoriesAccessibilityAction.available(in: viewer)
    }

    /// Performs a VoiceOver action if it exists now.
    ///
    /// - Returns: Whether it did.
    func performAccessibilityAction(_ action: StoriesAccessibilityAction) -> Bool {
        guard accessibilityActions.contains(action) else { return false }
        if action == .pause || action == .resume { interruption.forget() }
        let time = now
        perform { action.perform(on: &$0, time: time) }
        return true
    }

    /// VoiceOver's focus came to the page or left it: progress does not run out while it reads.
    func voiceOverFocusChanged(_ focused: Bool) {
        isVoiceOverFocused = focused
        let time = now
        perform { $0.setVoiceOverFocus(focused, time: time) }
    }

    /// Says the new item when VoiceOver is on the page (an action or a turn moved it).
    func announceItemIfFocused() {
        guard isVoiceOverFocused, UIAccessibility.isVoiceOverRunning else { return }
        PageScrolledAnnouncer.post(accessibilityPageLabel)
    }
}
#endif
