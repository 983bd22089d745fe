// MARK: - UnrequestedPauseRule

/// What a player that stops by itself means: the decision of ``PooledPlayer`` as a plain value,
/// tested on Linux.
///
/// An **unrequested pause** is a player that the pool says plays (``requested(playing:)`` last
/// said `true`) observed with `timeControlStatus == .paused` and a rate of 0, when its item is not
/// at its end (the end is `.ended`, not a pause). AVFoundation does this when the buffer runs dry
/// (this player does not wait to minimise stalls), when the output device goes away (headphones
/// unplugged: `routeChangeNotification` with `.oldDeviceUnavailable`), after an interruption or a
/// media-services reset.
///
/// It is reported to the model as a stall (``MediaReportRules/pausedUnrequested(_:)`` gives
/// `.stalled`), so progress stops with the picture instead of running over a frozen video; the
/// player playing again gives `.resumed`.
///
/// It plays again by itself only when the buffer refills (``replaysOnRefill``) and the pause was
/// not a lost output device: audio meant for headphones is never moved to the speaker. After
/// that, the viewer's next play request (a hold released, another item) plays it.
package struct UnrequestedPauseRule: Sendable, Hashable {
    /// Whether the pool says the player plays.
    package private(set) var isRequestedPlaying = false
    /// Whether the player is in an unrequested pause now.
    package private(set) var isPausedUnrequested = false
    /// Whether its output device went away while it was asked to play.
    package private(set) var lostOutput = false

    /// A player asked for nothing yet.
    package init() {}

    /// The pool asked the player to play or pause (we called `play()` or `pause()`).
    ///
    /// - Returns: The new ``isPausedUnrequested`` if it changed (a request ends an unrequested
    ///   pause: a pause is now ours; a play is tried again).
    package mutating func requested(playing: Bool) -> Bool? {
        isRequestedPlaying = playing
        lostOutput = false
        return set(false)
    }

    /// The player's state as observed now.
    ///
    /// - Parameters:
    ///   - status: `timeControlStatus`.
    ///   - rate: `rate` (0 when stopped).
    ///   - atEnd: Whether the item's time reached its duration.
    /// - Returns: The new ``isPausedUnrequested`` if it changed.
    package mutating func observed(_ status: MediaReportRules.TimeControl, rate: Double, atEnd: Bool) -> Bool? {
        switch status {
        case .playing, .waiting:
            return set(false)
        case .paused:
            guard isRequestedPlaying, rate == 0, !atEnd else { return nil }
            return set(true)
        }
    }

    /// `routeChangeNotification` with `.oldDeviceUnavailable`: the player pauses itself (its
    /// status comes through ``observed(_:rate:atEnd:)``) and must not play again on its own.
    package mutating func outputDeviceLost() {
        if isRequestedPlaying { lostOutput = true }
    }

    /// Whether a refilled buffer should make the player play again: asked to play, stopped by
    /// itself, and not because its output device went away.
    package var replaysOnRefill: Bool {
        isRequestedPlaying && !lostOutput
    }

    /// Whether a playhead at `seconds` is at the end of a media `duration` seconds long (within
    /// 0.05 s, as a player stops a frame short); never for an unknown or infinite duration.
    package static func isAtEnd(_ seconds: Double, duration: Double) -> Bool {
        duration.isFinite && seconds.isFinite && seconds >= duration - 0.05
    }

    private mutating func set(_ paused: Bool) -> Bool? {
        guard paused != isPausedUnrequested else { return nil }
        isPausedUnrequested = paused
        return paused
    }
}
