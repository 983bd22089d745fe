#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import StoryKit
import UIKit

// MARK: - StoriesViewController + Touches

extension StoriesViewController {
    /// A touch phase from the recogniser: the tracked finger's place on the page, at the event's
    /// time, into the model.
    func touches(_ phase: StoriesTouchPhase, _ touches: Set<UITouch>, timestamp: Double) {
        if phase == .began { hapticPlayer.prepare() }
        let located = touches.map { (id: ObjectIdentifier($0), location: Point($0.location(in: stageView))) }
        run(session.touch(phase, located, timestamp: timestamp, now: now, in: viewer))
    }

    /// The recogniser is done with the sequence: a finger still tracked was lost (another
    /// recogniser took the touches), so the model's touch is cancelled.
    func touchesReset() {
        run(session.touchesReset(now: now))
    }
}

// MARK: - StoriesViewController + System

extension StoriesViewController {
    /// The app's activity, audio interruptions, Reduce Motion and VoiceOver, observed on the main
    /// queue until the controller goes.
    func observeSystem() {
        notifications.observeOnMain(UIApplication.willResignActiveNotification) { [weak self] in self?.appActivityChanged(false) }
        notifications.observeOnMain(UIApplication.didBecomeActiveNotification) { [weak self] in self?.appActivityChanged(true) }
        observeConditions()
        notifications.observe(AVAudioSession.interruptionNotification) { [weak self] notification in
            guard let notice = AudioInterruptionRule.Notice(type: notification.userInfo?[AVAudioSessionInterruptionTypeKey],
                                                            options: notification.userInfo?[AVAudioSessionInterruptionOptionKey])
            else { return }
            MainActor.assumeIsolated { self?.audioInterrupted(notice) }
        }
        soundPreference = soundPreference           // headphones worn at the start count as consent
        soundObserver = SoundSystemObserver { [weak self] input in self?.soundInput(input) }
        notifications.observeOnMain(UIAccessibility.closedCaptioningStatusDidChangeNotification) { [weak self] in
            self?.updateCaptionSettings()
        }
        notifications.observeOnMain(UIAccessibility.reduceMotionStatusDidChangeNotification) { [weak self] in
            self?.updateEffectiveConfiguration()
        }
        notifications.observeOnMain(UIAccessibility.voiceOverStatusDidChangeNotification) { [weak self] in
            guard let self else { return }
            self.run(self.session.voiceOverStatusChanged(running: UIAccessibility.isVoiceOverRunning, now: self.now))
        }
    }

    /// UIKit says the app became active or stopped being active: playback holds while it is not.
    func appActivityChanged(_ active: Bool) {
        run(session.appActivityChanged(active, in: viewer, now: now))
    }

    /// A call or another app's audio interrupted ours, or the interruption ended: pause or
    /// resume as ``AudioInterruptionRule`` says (resume only with `.shouldResume`).
    func audioInterrupted(_ notice: AudioInterruptionRule.Notice) {
        run(session.audioInterruption(notice, in: viewer, now: now))
    }
}

// MARK: - StoriesViewController + VoiceOver

extension StoriesViewController {
    /// "Ava, story 2 of 5, 2 hours ago".
    var accessibilityPageLabel: String {
        viewer.accessibilityLabel(now: frameClockDate.secondsSince1970(atFrameTime: now))
    }

    /// Performs a VoiceOver action if it exists now.
    ///
    /// - Returns: Whether it did.
    func performAccessibilityAction(_ action: StoriesAccessibilityAction) -> Bool {
        guard let changes = session.perform(action, in: viewer, now: now) else { return false }
        run(changes)
        return true
    }

    /// VoiceOver activated one of the page's elements (a tappable area, the Retry button): the
    /// model's ``StoryKit/StoriesViewer/activateAccessibilityElement(_:time:)``.
    ///
    /// - Returns: Whether the page has that element.
    func tapArea(_ id: String) -> Bool {
        let exists = viewer.pageAccessibilityElements.contains { $0.id == id }
        let time = now
        perform { $0.activateAccessibilityElement(id, time: time) }
        return exists
    }

    /// VoiceOver's focus came to the page or left it: progress does not run out while it reads.
    func voiceOverFocusChanged(_ focused: Bool) {
        run(session.voiceOverFocus(focused, now: now))
    }

    /// Says the new item when VoiceOver is on the page (an action or a turn moved it).
    func announceItemIfFocused() {
        guard session.announcesItems(voiceOverRunning: UIAccessibility.isVoiceOverRunning) else { return }
        PageScrolledAnnouncer.post(accessibilityPageLabel)
    }
}
#endif
