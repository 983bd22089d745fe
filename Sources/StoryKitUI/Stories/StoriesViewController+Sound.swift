#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

// MARK: - StoriesViewController + Sound

extension StoriesViewController {
    /// Whether the stories start with sound: give it the ``StoryKit/SoundPreference`` your app
    /// kept from the last viewer (``StoryKit/SoundPolicy/preference``, also in each
    /// ``StoriesEvent/muteChanged(isMuted:user:item:)``) before presenting. Muted by default;
    /// headphones connected when it is set count as consent to sound.
    ///
    /// The mute button on video pages toggles the sound, a volume button unmutes, and
    /// headphones going away mute again (``StoryKit/SoundPolicy``).
    public var soundPreference: SoundPreference {
        get { viewer.sound.preference }
        set { viewer.sound = SoundPolicy(preference: newValue, headphonesConnected: SoundSystemObserver.headphonesConnected) }
    }

    /// A volume button or a headphones change, into the model.
    func soundInput(_ input: SoundPolicy.Input) {
        run([.sound(input, time: now)])
    }
}
#endif
