// MARK: - AudioSessionRule

/// Whether the viewer's audio session should be active: the decision of ``AVStoryMediaSource``
/// as a plain value, tested on Linux.
///
/// The session is made active (category `.playback`, so the video is heard with the silent
/// switch on, and other apps' audio stops) while a video that has sound plays unmuted, and is
/// deactivated (`.notifyOthersOnDeactivation`, so music paused for the story resumes) when none
/// does: an image, a silent video, a pause, a muted or stopped player, the close.
///
/// While the one audible player's item has not said yet whether it has sound (it is loading),
/// the session stays as it is: going from one video with sound to the next does not switch it
/// off and on again (other apps' music would come back for a moment), and a story does not
/// stop other apps' audio before it is known to have any.
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
    /// - Parameter players: Every player of the pool (at most one is audible).
    /// - Returns: `true` to activate the session, `false` to deactivate it, `nil` to leave it.
    package mutating func update(_ players: [Player]) -> Bool? {
        let audible = players.filter(\.isAudible)
        let active: Bool
        if audible.contains(where: { $0.hasAudio == true }) {
            active = true
        } else if audible.contains(where: { $0.hasAudio == nil }) {
            active = isActive
        } else {
            active = false
        }
        guard active != isActive else { return nil }
        isActive = active
        return active
    }

    /// The viewer stopped everything: deactivate if active.
    ///
    /// - Returns: `false` if the session must be deactivated, `nil` if it was not active.
    package mutating func stop() -> Bool? {
        update([])
    }
}
