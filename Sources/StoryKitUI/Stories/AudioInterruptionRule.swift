// MARK: - AudioInterruptionRule

/// What an audio interruption (a call, an alarm, Siri, another app's non-mixable audio) does to
/// the viewer: the decision of ``StoriesViewController`` on
/// `AVAudioSession.interruptionNotification`, as a plain value tested on Linux.
///
/// - It began while the viewer was playing: pause (as the host's pause), and remember that the
///   interruption did it. While the viewer was paused already (the reply field is open), it does
///   nothing, and nothing resumes later.
/// - It ended with `.shouldResume` in its options: resume, if the interruption paused it.
/// - It ended without `.shouldResume` (the user answered the call, another app kept playing): stay
///   paused. The user resumes with the next touch on the page (``touched()``), or the host or
///   VoiceOver does (``forget()``).
/// - The host or VoiceOver pausing or resuming on purpose takes over: ``forget()``.
package struct AudioInterruptionRule: Sendable, Hashable {
    /// What to do to the viewer.
    package enum Action: Sendable, Hashable {
        /// Pause, as the host's ``StoriesViewController/isPaused``.
        case pause
        /// Resume what the interruption paused.
        case resume
    }

    /// Where the interruption is.
    package enum Phase: Sendable, Hashable {
        /// None, or one that paused nothing.
        case none
        /// Going on; it paused the viewer.
        case interrupted
        /// Over without `.shouldResume`; the viewer waits for the user.
        case waitingForUser
    }

    /// An `AVAudioSession.interruptionNotification`, read from its user info.
    package struct Notice: Sendable, Hashable {
        /// Whether the interruption began (else it ended).
        package var began: Bool
        /// Whether its options contain `.shouldResume` (sent when it ended).
        package var shouldResume: Bool

        /// A notice that the interruption began or ended.
        package init(began: Bool, shouldResume: Bool) {
            self.began = began
            self.shouldResume = shouldResume
        }

        /// The notice in a notification's user info, or `nil` without a known type: `type` is
        /// the `AVAudioSessionInterruptionTypeKey` value (`InterruptionType`'s raw value: 1
        /// began, 0 ended), `options` the `AVAudioSessionInterruptionOptionKey` value
        /// (`InterruptionOptions`' raw value: bit 0 is `.shouldResume`; none when absent).
        package init?(type: Any?, options: Any?) {
            guard let raw = type as? UInt, raw <= 1 else { return nil }
            began = raw == 1
            shouldResume = ((options as? UInt) ?? 0) & 1 != 0
        }
    }

    /// Where the interruption is now.
    package private(set) var phase = Phase.none

    /// No interruption.
    package init() {}

    /// An interruption began.
    ///
    /// - Parameter isPlaying: Whether the viewer was playing (not paused by the host).
    package mutating func began(isPlaying: Bool) -> Action? {
        guard phase != .interrupted else { return nil }
        guard isPlaying || phase == .waitingForUser else {
            phase = .none
            return nil
        }
        phase = .interrupted
        return isPlaying ? .pause : nil
    }

    /// An interruption ended.
    ///
    /// - Parameter shouldResume: Whether its options contain `.shouldResume`.
    package mutating func ended(shouldResume: Bool) -> Action? {
        guard phase == .interrupted else { return nil }
        guard shouldResume else {
            phase = .waitingForUser
            return nil
        }
        phase = .none
        return .resume
    }

    /// A finger came down on the page: it resumes a viewer that an interruption left paused.
    package mutating func touched() -> Action? {
        guard phase == .waitingForUser else { return nil }
        phase = .none
        return .resume
    }

    /// The host or VoiceOver paused or resumed on purpose: nothing resumes by itself any more.
    package mutating func forget() {
        phase = .none
    }
}
