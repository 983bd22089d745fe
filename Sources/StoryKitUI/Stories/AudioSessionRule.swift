import StoryKit

// MARK: - AudioSessionRule

/// Whether the viewer's audio session should be active: the decision of ``AVStoryMediaSource``
/// as a plain value, tested on Linux.
///
/// The session is made active (category `.playback`, so the video is heard with the silent
/// switch on, and other apps' audio stops) while a video that has sound plays unmuted, and is
/// deactivated (`.notifyOthersOnDeactivation`, so music paused for the story resumes) when none
/// does: an image, a silent video, a pause, a muted or stopped player, the close.
///
/// The session stays as it is, so that other apps' music does not come back for a moment only
/// to stop again:
/// - while the audible player's item has not said yet whether it has sound (it is loading):
///   going from one video with sound to the next keeps the session on, and a story does not
///   stop other apps' audio before it is known to have any;
/// - while playback holds only for a moment (``isMomentary(_:)``): a finger on the screen (every
///   tap holds at once), a cube turn, a swipe-down being dragged, a stall, VoiceOver's focus.
///   The app going to the background, a pause of the host's (a reply field) or a failure
///   deactivate it.
package struct AudioSessionRule: Sendable, Hashable {
    /// One player as the rule sees it.
    package struct Player: Sendable, Hashable {
        /// Whether it plays and is not muted (``StoryKit/PlayerPool/Slot/isAudible``).
        package var isAudible: Bool
        /// Whether its item has an audio track: `nil` while not known (loading), `false` for an
        /// image.
        package var hasAudio: Bool?

        /// A player.
        package init(isAudible: Bool, hasAudio: Bool?) {
            self.isAudible = isAudible
            self.hasAudio = hasAudio
        }
    }

    /// Whether the session is active now (as last decided).
    package private(set) var isActive = false

    /// An inactive session.
    package init() {}

    /// Decides from the players now; returns the new state if it changed, `nil` if not.
    ///
    /// - Parameters:
    ///   - players: Every player of the pool (at most one is audible).
    ///   - momentaryPause: Whether playback holds only for a moment (``isMomentary(_:)`` of the
    ///     viewer's pause reasons).
    /// - Returns: `true` to activate the session, `false` to deactivate it, `nil` to leave it.
    package mutating func update(_ players: [Player], momentaryPause: Bool = false) -> Bool? {
        let audible = players.filter(\.isAudible)
        let active: Bool
        if audible.contains(where: { $0.hasAudio == true }) {
            active = true
        } else if momentaryPause || audible.contains(where: { $0.hasAudio == nil }) {
            active = isActive
        } else {
            active = false
        }
        guard active != isActive else { return nil }
        isActive = active
        return active
    }

    /// Whether the viewer holds playback only for a moment: it is paused, and by nothing but a
    /// hold, a turn, a dismiss, a stall or VoiceOver's focus (not the background or the host).
    ///
    /// - Parameter reasons: ``StoryKit/StoriesViewer/pauseReasons``.
    package static func isMomentary(_ reasons: StoriesViewer.PauseReasons) -> Bool {
        !reasons.isEmpty && reasons.isDisjoint(with: [.background, .user])
    }

    /// The viewer stopped everything: deactivate if active.
    ///
    /// - Returns: `false` if the session must be deactivated, `nil` if it was not active.
    package mutating func stop() -> Bool? {
        update([])
    }
}
