#if canImport(UIKit) && canImport(AVFoundation)
import AVFoundation
import StoryKit

/// Hands the system's audio events to the viewer as ``StoryKit/SoundPolicy`` inputs: volume
/// button presses (key-value observing of `AVAudioSession.outputVolume`, the only public way to
/// see them; it reports while the app's audio session is active) and headphones connected or
/// gone (`AVAudioSession.routeChangeNotification`). ``SoundSystemRule`` decides what each means;
/// this only reads the session and forwards, on the main actor.
@MainActor
final class SoundSystemObserver {
    private var volume: NSKeyValueObservation?
    private let notifications = NotificationTokens()

    /// Starts observing; `onInput` gets each input on the main actor until this object goes.
    init(onInput: @escaping @MainActor (SoundPolicy.Input) -> Void) {
        let session = AVAudioSession.sharedInstance()
        volume = session.observe(\.outputVolume, options: [.old, .new]) { _, change in
            let input = SoundSystemRule.input(volumeFrom: change.oldValue, to: change.newValue)
            DispatchQueue.main.async { MainActor.assumeIsolated { input.map(onInput) } }
        }
        notifications.observe(AVAudioSession.routeChangeNotification) { notification in
            let info = notification.userInfo
            let previous = info?[AVAudioSessionRouteChangePreviousRouteKey] as? AVAudioSessionRouteDescription
            let input = SoundSystemRule.input(routeChangeReason: (info?[AVAudioSessionRouteChangeReasonKey] as? NSNumber)?.uintValue,
                                              previousOutputs: previous?.outputs.map(\.portType.rawValue) ?? [],
                                              currentOutputs: Self.currentOutputs)
            MainActor.assumeIsolated { input.map(onInput) }
        }
    }

    /// Whether headphones are the output now (consent to sound when the viewer opens).
    static var headphonesConnected: Bool {
        SoundSystemRule.isHeadphones(currentOutputs)
    }

    /// The port types of the current route's outputs.
    nonisolated private static var currentOutputs: [String] {
        AVAudioSession.sharedInstance().currentRoute.outputs.map(\.portType.rawValue)
    }
}
#endif
