#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation

/// Turns the shared `AVAudioSession` on and off as ``AudioSessionRule`` decides, for
/// ``AVStoryMediaSource``: on is category `.playback` (heard with the silent switch on; other
/// apps' audio stops) and active; off is inactive with `.notifyOthersOnDeactivation` (music
/// paused for a story resumes).
///
/// The session calls can block while audio hardware starts or stops, so they run in order on a
/// serial queue, never on the main thread; their errors (another app holds a non-mixable
/// session, the session is busy) are ignored: the story then plays as the session lets it.
@MainActor
final class AudioSessionSwitch {
    private var rule = AudioSessionRule()
    private let queue = DispatchQueue(label: "StoryKitUI.AudioSessionSwitch")

    /// A switch that has not touched the session.
    init() {}

    /// Applies the rule to the pool's players now.
    ///
    /// - Parameters:
    ///   - players: The pool's players.
    ///   - momentaryPause: ``AudioSessionRule/isMomentary(_:)`` of the viewer's pause reasons.
    func update(_ players: [AudioSessionRule.Player], momentaryPause: Bool) {
        if let active = rule.update(players, momentaryPause: momentaryPause) { set(active) }
    }

    /// Deactivates the session if this switch activated it.
    func stop() {
        if let active = rule.stop() { set(active) }
    }

    private func set(_ active: Bool) {
        queue.async {
            let session = AVAudioSession.sharedInstance()
            if active {
                try? session.setCategory(.playback, mode: .moviePlayback)
                try? session.setActive(true)
            } else {
                try? session.setActive(false, options: .notifyOthersOnDeactivation)
            }
        }
    }

    deinit {
        guard Thread.isMainThread else { return }
        MainActor.assumeIsolated { stop() }
    }
}
#endif
