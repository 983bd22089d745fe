#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import os

/// Carries out ``AudioSessionPlan``'s steps on the shared `AVAudioSession` for
/// ``AVStoryMediaSource``. The session calls can block while audio hardware starts or stops, so
/// they run in order on a serial queue, never on the main thread; an activation's result comes
/// back to the main actor (the switch lives until it has, so a close meanwhile still gives the
/// session back). Failures are logged; a failed activation also goes to ``onFailure``.
@MainActor
final class AudioSessionSwitch {
    /// Mutes (`true`) or unmutes the player in a pool slot, as the plan says.
    var onMute: ((_ slot: Int, _ muted: Bool) -> Void)?
    /// The session could not be activated: the reason; the story plays muted.
    var onFailure: ((String) -> Void)?
    private var plan = AudioSessionPlan()
    private let queue = DispatchQueue(label: "StoryKitUI.AudioSessionSwitch")

    /// Applies the plan to the pool's players now (``AudioSessionPlan/update(_:momentaryPause:)``).
    func update(_ players: [AudioSessionPlan.Player], momentaryPause: Bool) {
        run(plan.update(players, momentaryPause: momentaryPause))
    }

    /// The player in `slot` muted itself (``AudioSessionPlan/playerMuted(slot:)``).
    func playerMuted(slot: Int) {
        plan.playerMuted(slot: slot)
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
            case .report(let reason): onFailure?(reason)       // logged by `attempt`
            case .deactivate(let restoring):
                queue.async { Self.deactivate(restoring: restoring) }
            case .activate(let settings):
                queue.async {
                    let session = AVAudioSession.sharedInstance()
                    let saved = AudioSessionPlan.Settings(category: session.category.rawValue, mode: session.mode.rawValue,
                                                          options: session.categoryOptions.rawValue)
                    let error = Self.attempt("activate") { try session.set(settings); try session.setActive(true) }
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated { self.run(self.plan.activationFinished(saved: saved, error: error)) }
                    }
                }
            }
        }
    }

    /// Deactivates (other apps' audio may resume), then restores `restoring` if given.
    private nonisolated static func deactivate(restoring: AudioSessionPlan.Settings?) {
        let session = AVAudioSession.sharedInstance()
        attempt("deactivate") { try session.setActive(false, options: .notifyOthersOnDeactivation) }
        if let restoring { attempt("restore the app's settings") { try session.set(restoring) } }
    }

    /// Runs `body`; an error is logged and its text returned.
    @discardableResult
    private nonisolated static func attempt(_ what: String, _ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            Logger.audio.error("Audio session: could not \(what, privacy: .public): \(error.localizedDescription, privacy: .public)")
            return error.localizedDescription
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

private extension Logger {
    /// The viewer's audio-session log (made at each use: `Logger` is not `Sendable` in every SDK).
    static var audio: Logger { Logger(subsystem: "StoryKitUI", category: "AudioSession") }
}
#endif
