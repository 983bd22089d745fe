import StoryKit

// MARK: - AudioSessionPlan

/// What the viewer does to the shared audio session and its players' mute switches, and in which
/// order: the decision of ``StoryMediaSlots`` for ``AudioSessionSwitch``, as plain values tested on Linux.
///
/// - Sound is wanted when ``AudioSessionRule`` says the session should be active (a playing,
///   unmuted video that has sound; held through a momentary pause or a load).
/// - Before the viewer changes anything it saves the app's category, mode and options
///   (``Step/activate(_:)`` reads them as its first act), then sets ``Settings/playback`` and
///   activates the session, off the main thread. Only once activation succeeded
///   (``activationFinished(saved:error:)``) are players unmuted: a player is never heard through a
///   session that is not ours (wrong category: silent with the silent switch, mixed with music).
/// - If activation fails, the app's settings are put back, every player stays muted, and the
///   error is reported (``Step/report(_:)``); no new attempt is made until sound stops being
///   wanted and is wanted again (the next video with sound), so a busy session is not hammered.
/// - When sound is no longer wanted (or ``stop()``): players are muted first, then the session is
///   deactivated with `.notifyOthersOnDeactivation` (music paused for the story resumes), then the
///   app's saved category, mode and options are restored (``Step/deactivate(restoring:)``).
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
        /// nothing to restore, they were ours already).
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
        /// Ours: `.playback`, active.
        case active
        /// Activation failed; stays so until sound is not wanted any more.
        case failed
    }

    /// Where the session is now.
    package private(set) var phase = Phase.inactive
    /// The app's settings, saved by the last activation.
    package private(set) var saved: Settings?
    /// The slots whose players are unmuted now.
    package private(set) var unmuted: Set<Int> = []
    private var players: [Player] = []
    private var momentaryPause = false
    private var rule = AudioSessionRule()

    /// A plan that has touched nothing.
    package init() {}

    /// The steps for the pool's players now.
    ///
    /// - Parameters:
    ///   - players: Every player of the pool.
    ///   - momentaryPause: ``AudioSessionRule/isMomentary(_:)`` of the viewer's pause reasons.
    package mutating func update(_ players: [Player], momentaryPause: Bool) -> [Step] {
        self.players = players
        self.momentaryPause = momentaryPause
        return steps()
    }

    /// The session calls of an ``Step/activate(_:)`` returned.
    ///
    /// - Parameters:
    ///   - saved: The settings read before any change (`nil` if they could not be read).
    ///   - error: Why setting or activating failed, `nil` on success.
    package mutating func activationFinished(saved: Settings?, error: String?) -> [Step] {
        guard phase == .activating else { return [] }
        self.saved = saved
        if let error {
            phase = .failed
            return [.deactivate(restoring: restoration), .report(error)] + steps()
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
        update([], momentaryPause: false)
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
        let wanted = rule.isActive
        let before = phase
        switch (phase, wanted) {
        case (.inactive, true): phase = .activating
        case (.active, false), (.failed, false): phase = .inactive
        default: break
        }
        var steps: [Step] = []
        let heard = Set(players.filter { !$0.isMuted }.map(\.slot))
        let live = Set(players.map(\.slot))
        // Muting is always safe, and comes first: nothing stays unmuted unless the session is ours.
        for slot in unmuted.subtracting(phase == .active ? heard : []).sorted() {
            if live.contains(slot) { steps.append(.mute(slot: slot)) }
            unmuted.remove(slot)
        }
        if before == .active, phase == .inactive { steps.append(.deactivate(restoring: restoration)) }
        if phase == .activating, before == .inactive { steps.append(.activate(.playback)) }
        if phase == .active {
            for slot in heard.subtracting(unmuted).sorted() {
                unmuted.insert(slot)
                steps.append(.unmute(slot: slot))
            }
        }
        return steps
    }
}
