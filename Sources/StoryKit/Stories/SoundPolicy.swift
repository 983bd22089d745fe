// MARK: - SoundPreference

/// Whether the user wants sound, as the app keeps it between viewer openings (for the app's
/// session, as Instagram does: stories open muted until the user unmutes once).
///
/// The viewer starts from it (``SoundPolicy/init(preference:headphonesConnected:)``) and hands
/// back the latest choice (``SoundPolicy/preference``) for the app to keep.
public enum SoundPreference: String, Sendable, Hashable, Codable {
    /// Stories start muted (the default: the user has not asked for sound yet).
    case muted
    /// The user unmuted earlier in this app session: stories start with sound.
    case unmuted
}

// MARK: - SoundPolicy

/// Whether the viewer's stories are heard, from what the user did: a plain rule, tested on Linux,
/// that the viewer asks for every player directive (``StoriesViewer/PlayerDirective/isMuted``)
/// and the front-end for the audio session's category.
///
/// - Stories start muted unless the ``SoundPreference`` says the user unmuted earlier, or
///   headphones are connected (wearing them counts as consent to sound).
/// - The chrome's mute button (``Input/toggle``) flips it; the choice holds across items and
///   users.
/// - A press on a volume button (``Input/volumeButton``) unmutes, as Instagram and Telegram do.
/// - Headphones connected (``Input/headphones(connected:)``) unmute; headphones disconnected mute
///   again, as iOS players pause when the route's "old device" becomes unavailable: sound never
///   jumps from the ears to the loudspeaker.
/// - While muted the audio session is ambient (it mixes with other apps' audio, obeys the
///   ring/silent switch and interrupts nothing); unmuted it is playback (``sessionCategory``).
///
/// ```swift
/// var sound = SoundPolicy(preference: .muted)
/// sound.isMuted                    // true
/// sound.apply(.volumeButton)       // true: it changed
/// sound.isMuted                    // false
/// sound.preference                 // .unmuted, for the app to keep
/// ```
public struct SoundPolicy: Sendable, Hashable {
    /// Something that changes whether stories are heard.
    public enum Input: Sendable, Hashable {
        /// The chrome's mute button was tapped (or its VoiceOver action): mute ⇄ unmute.
        case toggle
        /// The host sets it (a control of its own).
        case set(muted: Bool)
        /// A hardware volume button was pressed (the output volume changed): unmute.
        case volumeButton
        /// Headphones (wired, Bluetooth, AirPods) were connected (`true`): unmute; or the
        /// headphones in use went away (`false`): mute.
        case headphones(connected: Bool)
    }

    /// The audio session category the front-end sets for the current sound state.
    public enum SessionCategory: String, Sendable, Hashable {
        /// `AVAudioSession.Category.ambient`: mixes with other apps' audio, silenced by the
        /// ring/silent switch; while muted.
        case ambient
        /// `AVAudioSession.Category.playback`: heard with the silent switch on; while unmuted.
        case playback
    }

    /// Whether stories are silent now.
    public private(set) var isMuted: Bool
    /// Whether headphones are the output now, as last reported.
    public private(set) var headphonesConnected: Bool

    /// A policy at the start of a viewer.
    ///
    /// - Parameters:
    ///   - preference: What the user chose earlier in the app session (``preference`` of the
    ///     last viewer); muted by default.
    ///   - headphonesConnected: Whether headphones are the output when the viewer opens: they
    ///     count as consent to sound.
    public init(preference: SoundPreference = .muted, headphonesConnected: Bool = false) {
        isMuted = preference == .muted && !headphonesConnected
        self.headphonesConnected = headphonesConnected
    }

    /// The user's latest choice, for the app to keep and give the next viewer.
    public var preference: SoundPreference { isMuted ? .muted : .unmuted }

    /// The audio session category for now: ``SessionCategory/ambient`` while muted,
    /// ``SessionCategory/playback`` while unmuted.
    public var sessionCategory: SessionCategory { isMuted ? .ambient : .playback }

    /// The mute button's accessibility label: what a tap does ("Unmute" while muted, "Mute"
    /// while unmuted).
    public var buttonLabel: String { isMuted ? "Unmute" : "Mute" }

    /// Applies `input`.
    ///
    /// - Returns: Whether ``isMuted`` changed.
    @discardableResult
    public mutating func apply(_ input: Input) -> Bool {
        let before = isMuted
        switch input {
        case .toggle:
            isMuted.toggle()
        case .set(let muted):
            isMuted = muted
        case .volumeButton:
            isMuted = false
        case .headphones(let connected):
            // Only a change of route counts: a repeated report changes nothing.
            guard connected != headphonesConnected else { return false }
            headphonesConnected = connected
            isMuted = !connected
        }
        return isMuted != before
    }
}
