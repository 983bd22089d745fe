#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import os

/// Carries out the session steps of ``AudioSessionPlan`` (through ``StoryMediaSlots`` and
/// ``StoryMediaPlayback``) on the shared `AVAudioSession` for ``AVStoryMediaSource``. The session
/// calls can block while audio hardware starts or stops, so they run in order on one serial
/// queue, never on the main thread; an activation's result goes back from that queue (the
/// playback takes it to the main actor). Failures are logged; a failed activation's text also
/// goes back.
struct AudioSessionSwitch: AudioSessionSwitching {
    /// The queue every session call runs on, in order.
    private static let queue = DispatchQueue(label: "StoryKitUI.AudioSessionSwitch")

    /// Off the main thread: reads the app's category, mode and options, sets `settings` and
    /// activates (``AudioSessionPlan/Step/activate(_:)``); `finished` gets the settings read and
    /// the error's text (`nil` on success), on the switch's queue.
    func activate(_ settings: AudioSessionPlan.Settings,
                  finished: @escaping @Sendable (AudioSessionPlan.Settings, String?) -> Void) {
        Self.queue.async {
            let session = AVAudioSession.sharedInstance()
            let saved = AudioSessionPlan.Settings(category: session.category.rawValue, mode: session.mode.rawValue,
                                                  options: session.categoryOptions.rawValue)
            let error = Self.attempt("activate") { try session.set(settings); try session.setActive(true) }
            finished(saved, error)
        }
    }

    /// Off the main thread: deactivates (other apps' audio may resume), then restores
    /// `restoring` if given (``AudioSessionPlan/Step/deactivate(restoring:)``).
    func deactivate(restoring: AudioSessionPlan.Settings?) {
        Self.queue.async {
            let session = AVAudioSession.sharedInstance()
            Self.attempt("deactivate") { try session.setActive(false, options: .notifyOthersOnDeactivation) }
            if let restoring { Self.attempt("restore the app's settings") { try session.set(restoring) } }
        }
    }

    /// Runs `body`; an error is logged and its text returned.
    @discardableResult
    private static func attempt(_ what: String, _ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            Logger.audio.error("Audio session: could not \(what, privacy: .public): \(error.localizedDescription, privacy: .public)")
            return error.localizedDescription
        }
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
