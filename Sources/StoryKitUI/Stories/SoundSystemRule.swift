import StoryKit

// MARK: - SoundSystemRule

/// What the system's audio notifications mean for the viewer's ``StoryKit/SoundPolicy``, as plain
/// values tested on Linux: the platform file (`SoundSystemObserver`) reads `AVAudioSession` and
/// passes raw values here, and hands the answer to the model.
///
/// - A volume button: iOS has no public API for the hardware buttons; the one public way is to
///   observe `AVAudioSession.outputVolume` with key-value observing (it changes when a button is
///   pressed, and only while the app's audio session is active; at the ends of the scale a press
///   changes nothing and is not seen). A change of volume is a press: unmute.
/// - Route changes (`AVAudioSession.routeChangeNotification`): a new device
///   (`.newDeviceAvailable`) that is a headset is consent to sound; the headset in use going away
///   (`.oldDeviceUnavailable`, the previous route's output was one) mutes again, so sound never
///   moves from the ears to the loudspeaker.
/// - The session category follows the policy (``settings(for:)``): ambient while muted (mixes with
///   other apps' audio, obeys the ring/silent switch, interrupts nothing), playback while unmuted.
package enum SoundSystemRule {
    /// `AVAudioSession.RouteChangeReason.newDeviceAvailable.rawValue`.
    package static let newDeviceAvailable: UInt = 1
    /// `AVAudioSession.RouteChangeReason.oldDeviceUnavailable.rawValue`.
    package static let oldDeviceUnavailable: UInt = 2

    /// The `AVAudioSession.Port` raw values that are worn: wired headphones, Bluetooth (A2DP, LE,
    /// hands-free) and the USB headsets' `USBAudio` are not in it (a USB interface may be a
    /// speaker).
    package static let headphonePorts: Set<String> = ["Headphones", "BluetoothA2DPOutput", "BluetoothLE", "BluetoothHFP"]

    /// Whether a route with these output port types (`AVAudioSessionPortDescription.portType`
    /// raw values) plays into headphones.
    package static func isHeadphones(_ outputs: [String]) -> Bool {
        outputs.contains(where: headphonePorts.contains)
    }

    /// The policy input of a route change, if any.
    ///
    /// - Parameters:
    ///   - reason: `AVAudioSessionRouteChangeReasonKey`'s value, `nil` if absent.
    ///   - previousOutputs: The port types of `AVAudioSessionRouteChangePreviousRouteKey`'s outputs.
    ///   - currentOutputs: The port types of the current route's outputs.
    package static func input(routeChangeReason reason: UInt?, previousOutputs: [String],
                              currentOutputs: [String]) -> SoundPolicy.Input? {
        switch reason {
        case newDeviceAvailable where isHeadphones(currentOutputs):
            return .headphones(connected: true)
        case oldDeviceUnavailable where isHeadphones(previousOutputs) && !isHeadphones(currentOutputs):
            return .headphones(connected: false)
        default:
            return nil
        }
    }

    /// The policy input of a change of `AVAudioSession.outputVolume` (0…1) seen by key-value
    /// observing: a volume button when the volume really changed.
    package static func input(volumeFrom old: Float?, to new: Float?) -> SoundPolicy.Input? {
        guard let old, let new, old.isFinite, new.isFinite, old != new else { return nil }
        return .volumeButton
    }

    /// The audio session settings for a category of the policy: ``AudioSessionPlan/Settings/ambient``
    /// while muted, ``AudioSessionPlan/Settings/playback`` while unmuted.
    package static func settings(for category: SoundPolicy.SessionCategory) -> AudioSessionPlan.Settings {
        switch category {
        case .ambient: .ambient
        case .playback: .playback
        }
    }
}

// MARK: - AudioSessionPlan.Settings + Ambient

extension AudioSessionPlan.Settings {
    /// What the viewer holds while muted: `.ambient` (mixes with other apps' audio, silenced by
    /// the ring/silent switch, never interrupts), the default mode, no options.
    package static let ambient = AudioSessionPlan.Settings(category: "AVAudioSessionCategoryAmbient",
                                                           mode: "AVAudioSessionModeDefault", options: 0)
}
