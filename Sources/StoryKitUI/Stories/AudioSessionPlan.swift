import StoryKit

// MARK: - AudioSessionPlan

/// What the viewer does to the shared audio session and its players' mute switches, and in which
/// order: the decision of ``StoryMediaSlots`` for ``AudioSessionSwitch``, as plain values tested on Linux.
///
/// - While the viewer has players the session is the viewer's, in the settings the
///   ``StoryKit/SoundPolicy/sessionCategory`` names (``SoundSystemRule/settings(for:)``):
///   ``Settings/ambient`` while muted (other apps' audio plays on, the ring/silent switch is
///   obeyed), ``Settings/playback`` only while unmuted and ``AudioSessionRule`` says sound is
///   wanted (a playing, unmuted video that has sound; held through a momentary pause or a load).
///   Before its first change it saves the app's category, mode and options (``Step/activate(_:)``
///   reads them as its first act; the first read is kept until the close), then sets the
///   settings and activates the session, off the main thread.
/// - Only once `.playback` is active (``activationFinished(saved:error:)``) are players unmuted:
///   a player is never heard through a session that is not ours (wrong category: silent with the
///   silent switch, mixed with music). Leaving `.playback` mutes the players first, then
///   deactivates with `.notifyOthersOnDeactivation` (music paused for the story resumes), then
///   activates `.ambient`; going to `.playback` from `.ambient` needs no deactivation.
/// - If an activation fails, the app's settings are put back, every player stays muted, and the
///   error is reported (``Step/report(_:)``); no new attempt is made until the settings wanted
///   change (the next video with sound, a mute), so a busy session is not hammered.
/// - When the viewer has no player any more (or ``stop()``): players are muted first, then the
///   session is deactivated and the app's saved category, mode and options are restored
///   (``Step/deactivate(restoring:)``).
///
/// The output route (speaker, headphones, AirPlay) does not change the category: `.playback` is
/// right for each. A route that goes away is a pause of the player's own
/// (``UnrequestedPauseRule``), not a session decision.
package struct AudioSessionPlan: Sendable, Hashable {
    /// An audio session's category, mode and options, as their raw values
    /// (`AVAudioSession.Category.rawValue`, `AVAudioSession.Mode.rawValue`,
    /// `AVAudioSession.CategoryOptions.rawValue`).
    package struct Settings: Sendable, Hashable {
        /// The category's raw value.
        package var category: String
        /// The mode's raw value.
        package var mode: String
        /// The options' raw value (a bit set).
        package var options: UInt

        /// Settings.
        package init(category: String, mode: String, options: UInt) {
            self.category = category
            self.mode = mode
            self.options = options
        }

        /// What the viewer plays with: `.playback` (heard with the silent switch on, other apps'
        /// audio stops), `.moviePlayback`, no options.
        package static let playback = Settings(category: "AVAudioSessionCategoryPlayback",
                                               mode: "AVAudioSessionModeMoviePlayback", options: 0)
    }

    /// One player as the plan sees it.
    package struct Player: Sendable, Hashable {
        /// The pool slot it is in.
        package var slot: Int
        /// Whether the pool says it plays.
        package var isPlaying: Bool
        /// Whether the pool says it is silent.
        package var isMuted: Bool
        /// Whether its item has sound: `nil` while not known (loading), `false` for an image.
        package var hasAudio: Bool?

        /// A player.
        package init(slot: Int, isPlaying: Bool, isMuted: Bool, hasAudio: Bool?) {
            self.slot = slot
            self.isPlaying = isPlaying
            self.isMuted = isMuted
            self.hasAudio = hasAudio
        }
    }

    /// One thing to do, in the order given.
    package enum Step: Sendable, Hashable {
        /// Off the main thread: read and keep the session's settings, then set these and
        /// activate; call ``activationFinished(saved:error:)`` with the result.
        case activate(Settings)
        /// Deactivate with `.notifyOthersOnDeactivation`, then set these saved settings (`nil`:
        /// nothing to restore: the viewer keeps the session, or the app's settings were ours).
        case deactivate(restoring: Settings?)
        /// Unmute the player in this slot (the session is active).
        case unmute(slot: Int)
        /// Mute the player in this slot.
        case mute(slot: Int)
        /// Tell the host: the session could not be activated, the story plays silent.
        case report(String)
    }

    /// Where the session is.
    package enum Phase: Sendable, Hashable {
        /// Not ours: the app's settings are in place.
        case inactive
        /// Activation asked for, result not known yet.
        case activating
        /// Ours: ``held``, active.
        case active
        /// Activation failed; stays so until sound is not wanted any more.
        case failed
    }

    /// Where the session is now.
    package private(set) var phase = Phase.inactive
    /// The settings of the last activation asked for: in place while ``phase`` is
    /// ``Phase/active``, failed while it is ``Phase/failed``; `nil` while inactive.
    package private(set) var held: Settings?
    /// The app's settings, saved by the first activation since the session was last given back.
    package private(set) var saved: Settings?
    /// The slots whose players are unmuted now.
    package private(set) var unmuted: Set<Int> = []
    private var players: [Player] = []
    private var momentaryPause = false
    private var category = SoundPolicy.SessionCategory.ambient
    private var rule = AudioSessionRule()

    /// A plan that has touched nothing.
    package init() {}

    /// The steps for the pool's players now.
    ///
    /// - Parameters:
    ///   - players: Every player of the pool.
    ///   - momentaryPause: ``AudioSessionRule/isMomentary(_:)`` of the viewer's pause reasons.
    ///   - category: The viewer's ``StoryKit/SoundPolicy/sessionCategory``: never `.playback`
    ///     while it is ``StoryKit/SoundPolicy/SessionCategory/ambient`` (muted).
    package mutating func update(_ players: [Player], momentaryPause: Bool,
                                 category: SoundPolicy.SessionCategory) -> [Step] {
        self.players = players
        self.momentaryPause = momentaryPause
        self.category = category
        return steps()
    }

    /// The session calls of an ``Step/activate(_:)`` returned.
    ///
    /// - Parameters:
    ///   - saved: The settings read before any change (`nil` if they could not be read).
    ///   - error: Why setting or activating failed, `nil` on success.
    package mutating func activationFinished(saved: Settings?, error: String?) -> [Step] {
        guard phase == .activating else { return [] }
        self.saved = self.saved ?? saved
        if let error {
            phase = .failed
            let restoring = restoration
            self.saved = nil
            return [.deactivate(restoring: restoring), .report(error)] + steps()
        }
        phase = .active
        return steps()
    }

    /// The player in `slot` muted itself (it was given another item, or emptied): the next
    /// ``update(_:momentaryPause:)`` unmutes it again if it should be heard.
    package mutating func playerMuted(slot: Int) {
        unmuted.remove(slot)
    }

    /// The viewer closed: mute everything, give the session back.
    package mutating func stop() -> [Step] {
        update([], momentaryPause: false, category: .ambient)
    }

    private var restoration: Settings? {
        Self.restoration(of: saved)
    }

    /// The settings to put back when the session is given back: `saved`, unless they were ours
    /// already (`nil`: nothing to restore).
    ///
    /// An activation that returns after the viewer that asked for it is gone (its plan went with
    /// it) is undone with this, as the plan's ``stop()`` would have done once the result was
    /// known: deactivate, then restore `restoration(of: saved)`.
    package static func restoration(of saved: Settings?) -> Settings? {
        saved.flatMap { $0 == .playback ? nil : $0 }
    }

    private mutating func steps() -> [Step] {
        _ = rule.update(players.map { AudioSessionRule.Player(isAudible: $0.isPlaying && !$0.isMuted, hasAudio: $0.hasAudio) },
                        momentaryPause: momentaryPause)
        let target = players.isEmpty ? nil : SoundSystemRule.settings(for: rule.isActive ? category : .ambient)
        var session: [Step] = []
        if phase == .failed, target != held {   // a new wish after a failure: try again
            phase = .inactive
            held = nil
        }
        if phase == .active, target != held {
            // Other apps' audio resumes when `.playback` goes; the app's settings only at the close.
            if held == .playback || target == nil { session.append(.deactivate(restoring: target == nil ? restoration : nil)) }
            if target == nil { saved = nil }
            phase = .inactive
            held = nil
        }
        if phase == .inactive, let target {
            phase = .activating
            held = target
            session.append(.activate(target))
        }
        var steps: [Step] = []
        let heard = Set(players.filter { !$0.isMuted }.map(\.slot))
        let live = Set(players.map(\.slot))
        let audible = phase == .active && held == .playback
        // Muting is always safe, and comes first: nothing stays unmuted unless `.playback` is ours.
        for slot in unmuted.subtracting(audible ? heard : []).sorted() {
            if live.contains(slot) { steps.append(.mute(slot: slot)) }
            unmuted.remove(slot)
        }
        steps += session
        if audible {
            for slot in heard.subtracting(unmuted).sorted() {
                unmuted.insert(slot)
                steps.append(.unmute(slot: slot))
            }
        }
        return steps
    }
}
