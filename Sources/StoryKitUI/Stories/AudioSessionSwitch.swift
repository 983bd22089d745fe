#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import os

/// Carries out ``AudioSessionPlan`` on the shared `AVAudioSession` for ``AVStoryMediaSource``:
/// it saves the app's category, mode and options, sets `.playback` and activates before any
/// player is unmuted, and deactivates (`.notifyOthersOnDeactivation`) and restores the app's
/// settings when the viewer no longer needs sound.
///
/// The session calls can block while audio hardware starts or stops, so they run in order on a
/// serial queue, never on the main thread; the result comes back to the main actor. A failed
/// activation leaves the players muted and is logged and passed to ``onFailure``; a failed
/// deactivation or restoration is logged.
@MainActor
final class AudioSessionSwitch {
    /// Mutes (`true`) or unmutes the player in a pool slot, as the plan says.
    var onMute: ((_ slot: Int, _ muted: Bool) -> Void)?
    /// The session could not be activated: the reason; the story plays silent.
    var onFailure: ((String) -> Void)?
    private var plan = AudioSessionPlan()
    private let queue = DispatchQueue(label: "StoryKitUI.AudioSessionSwitch")

    /// A switch that has not touched the session.
    init() {}

    /// Applies the plan to the pool's players now.
    ///
    /// - Parameters:
    ///   - players: The pool's players.
    ///   - momentaryPause: ``AudioSessionRule/isMomentary(_:)`` of the viewer's pause reasons.
    func update(_ players: [AudioSessionPlan.Player], momentaryPause: Bool) {
        run(plan.update(players, momentaryPause: momentaryPause))
    }

    /// Mutes every player this switch unmuted and gives the session back.
    func stop() {
        run(plan.stop())
    }

    private func run(_ steps: [AudioSessionPlan.Step]) {
        for step in steps {
            switch step {
            case .mute(let slot): onMute?(slot, true)
            case .unmute(let slot): onMute?(slot, false)
            case .report(let reason):
                audioLog.error("The audio session could not be activated: \(reason, privacy: .public)")
                onFailure?(reason)
            case .deactivate(let restoring):
                queue.async { Self.deactivate(restoring: restoring) }
            case .activate(let settings):
                queue.async { [weak self] in
                    let (saved, error) = Self.activate(settings)
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            guard let self else {
                                // Gone meanwhile: give the session back at once.
                                if error == nil { Self.deactivate(restoring: saved == settings ? nil : saved) }
                                return
                            }
                            self.run(self.plan.activationFinished(saved: saved, error: error))
                        }
                    }
                }
            }
        }
    }

    /// Reads the session's settings, then sets `settings` and activates.
    ///
    /// - Returns: The settings before, and the error's text if setting or activating failed.
    private nonisolated static func activate(_ settings: AudioSessionPlan.Settings) -> (AudioSessionPlan.Settings?, String?) {
        let session = AVAudioSession.sharedInstance()
        let saved = AudioSessionPlan.Settings(category: session.category.rawValue, mode: session.mode.rawValue,
                                              options: session.categoryOptions.rawValue)
        do {
            try session.set(settings)
            try session.setActive(true)
            return (saved, nil)
        } catch {
            return (saved, error.localizedDescription)
        }
    }

    /// Deactivates (other apps' audio may resume), then restores `restoring` if given.
    private nonisolated static func deactivate(restoring: AudioSessionPlan.Settings?) {
        let session = AVAudioSession.sharedInstance()
        do {
            try session.setActive(false, options: .notifyOthersOnDeactivation)
        } catch {
            audioLog.error("The audio session could not be deactivated: \(error.localizedDescription, privacy: .public)")
        }
        guard let restoring else { return }
        do {
            try session.set(restoring)
        } catch {
            audioLog.error("The app's audio category could not be restored: \(error.localizedDescription, privacy: .public)")
        }
    }

    deinit {
        guard Thread.isMainThread else { return }
        MainActor.assumeIsolated { stop() }
    }
}

private extension AVAudioSession {
    /// Sets a plan's category, mode and options.
    func set(_ settings: AudioSessionPlan.Settings) throws {
        try setCategory(Category(rawValue: settings.category), mode: Mode(rawValue: settings.mode),
                        options: CategoryOptions(rawValue: settings.options))
    }
}

/// The viewer's audio-session log (made at each use: `Logger` is not `Sendable` before iOS 16's SDK).
private var audioLog: Logger { Logger(subsystem: "StoryKitUI", category: "AudioSession") }
#endif
