import StoryKit

// MARK: - StoriesAccessibilityAction

/// The VoiceOver actions of the Stories viewer's page, as plain values (tested on Linux): which
/// exist in a state, what they are called, and which model input each one is.
package enum StoriesAccessibilityAction: Sendable, Hashable, CaseIterable {
    /// The next item (the next user's at the last item; the viewer closes after the very last).
    case nextItem
    /// The previous item (the previous user's page at the first item).
    case previousItem
    /// The next user's page.
    case nextUser
    /// The previous user's page.
    case previousUser
    /// Pause on purpose (``StoryKit/StoriesViewer/PauseReasons/user``).
    case pause
    /// Resume after a pause on purpose.
    case resume
    /// Load a failed item again.
    case retry
    /// Close the viewer.
    case close
    /// Mute the stories (the chrome's mute button, on a video).
    case mute
    /// Unmute the stories (the chrome's mute button, on a video).
    case unmute

    /// The action's name as VoiceOver reads it.
    package var name: String {
        switch self {
        case .nextItem: "Next story"
        case .previousItem: "Previous story"
        case .nextUser: "Next user"
        case .previousUser: "Previous user"
        case .pause: "Pause"
        case .resume: "Resume"
        case .retry: "Retry"
        case .close: "Close"
        case .mute: "Mute"
        case .unmute: "Unmute"
        }
    }

    /// The actions offered in `viewer`'s state, in the rotor's order: next and previous item;
    /// next and previous user where there is one (counted from the user the cube is heading
    /// to); pause or resume; retry while the item has failed; mute or unmute where the page
    /// shows the mute button (a video: ``StoryKit/SoundPolicy/buttonLabel``); close. None once
    /// closed.
    package static func available(in viewer: StoriesViewer) -> [StoriesAccessibilityAction] {
        guard !viewer.isClosed, viewer.currentItem != nil else { return [] }
        var actions: [StoriesAccessibilityAction] = [.nextItem, .previousItem]
        let target = viewer.cube.targetIndex
        if target + 1 < viewer.users.count { actions.append(.nextUser) }
        if target > 0 { actions.append(.previousUser) }
        actions.append(viewer.pauseReasons.contains(.user) ? .resume : .pause)
        if case .failed = viewer.state { actions.append(.retry) }
        if viewer.showsMuteButton(forUser: viewer.userIndex) { actions.append(viewer.isMuted ? .unmute : .mute) }
        actions.append(.close)
        return actions
    }

    /// Gives the action to `viewer` at `time` (seconds on the frame clock).
    ///
    /// - Returns: The model's events.
    @discardableResult
    package func perform(on viewer: inout StoriesViewer, time: Double) -> [StoriesViewer.Event] {
        switch self {
        case .nextItem: viewer.nextItem(time: time)
        case .previousItem: viewer.previousItem(time: time)
        case .nextUser: viewer.showUser(viewer.cube.targetIndex + 1, time: time)
        case .previousUser: viewer.showUser(viewer.cube.targetIndex - 1, time: time)
        case .pause: viewer.setPaused(true, time: time)
        case .resume: viewer.setPaused(false, time: time)
        case .retry: viewer.retry(time: time)
        case .close: viewer.close(time: time)
        case .mute: viewer.sound(.set(muted: true), time: time)
        case .unmute: viewer.sound(.set(muted: false), time: time)
        }
    }
}
