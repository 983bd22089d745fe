#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

// MARK: - StoriesViewController + Model

extension StoriesViewController {
    /// Changes the model, then makes everything match it (media, views, frame driver), then
    /// reports the events (the delegate may change the controller again from its callbacks).
    ///
    /// `change` must not call out: the delegate is asked before or after, never while the model
    /// is being changed.
    func perform(_ change: @escaping (inout StoriesViewer) -> [StoriesViewer.Event]) {
        guard !isApplying else {
            pendingChanges.append(change)
            return
        }
        isApplying = true
        let wasDismissing = viewer.isDismissing
        var events = change(&viewer)
        if viewer.isDismissing, !wasDismissing {
            // A dismiss began: where is the avatar?
            let avatar = avatarFrame()
            let time = viewer.time
            events += viewer.setAvatarFrame(avatar, time: time)
        }
        update()
        isApplying = false
        handle(events)
        if !pendingChanges.isEmpty { perform(pendingChanges.removeFirst()) }
    }

    /// Makes the media, the views and the frame driver match the model.
    func update() {
        media.apply(viewer)
        render()
        let needed = viewer.needsFrames && isViewLoaded && view.window != nil
        frameDriver.run(if: needed) { [weak self] time in self?.frame(at: time) }
    }

    /// One display frame: the avatar's place if a dismiss runs (the tray may have scrolled),
    /// then the model at the frame's time.
    func frame(at time: Double) {
        let avatar = viewer.isDismissing ? avatarFrame() : nil
        perform { viewer in
            var events: [StoriesViewer.Event] = []
            if viewer.isDismissing { events += viewer.setAvatarFrame(avatar, time: time) }
            events += viewer.advance(to: time)
            return events
        }
    }

    /// The delegate's frame of the current user's tray avatar, in the page's coordinates.
    func avatarFrame() -> Rect? {
        guard let delegate, viewer.users.indices.contains(viewer.userIndex) else { return nil }
        let user = viewer.users[viewer.userIndex]
        return delegate.storiesViewController(self, avatarFrameForUser: user, in: stageView).map(Rect.init)
    }

    /// Media reports arrived: into the model, each at its own time, through the
    /// ``StoryKit/StoryMediaSource`` contract.
    func mediaReported() {
        let time = now
        var source = media
        perform { $0.takeReports(through: time, from: &source) }
    }

    /// Load the failed item again (the Retry button, VoiceOver's action).
    func retry() {
        let time = now
        perform { $0.retry(time: time) }
    }

    // MARK: Events

    /// Tells the delegate about `events`, in order.
    func handle(_ events: [StoriesViewer.Event]) {
        guard !events.isEmpty else { return }
        for event in StoriesEvent.resolving(events, in: viewer) { dispatch(event) }
    }

    /// Tells the delegate about one event; a close stops the media first and dismisses after.
    func dispatch(_ event: StoriesEvent) {
        if case .closed = event {
            media.stopAll()         // (the players were already released: the model lists none)
            frameDriver.stop()
        }
        switch event {
        case let .itemShown(user, item):
            media.restart(item.id)      // its progress starts at 0: so does its video
            delegate?.storiesViewController(self, didShow: item, of: user)
            announceItemIfFocused()
        case let .itemSeen(id):
            delegate?.storiesViewController(self, didSeeItemWithID: id)
        case let .reply(user, item):
            delegate?.storiesViewController(self, didRequestReplyTo: item, of: user)
        case let .closed(reason):
            delegate?.storiesViewController(self, didCloseWith: reason)
        case .userChanged, .failed:
            break
        }
        delegate?.storiesViewController(self, didReceive: event)
        if case let .closed(reason) = event { finishClose(reason) }
    }

    /// After the close: nothing plays; dismissed without animation after a swipe-down (the page
    /// is in the avatar already), animated otherwise.
    func finishClose(_ reason: StoriesViewer.CloseReason) {
        guard !closeHandled else { return }
        closeHandled = true
        media.stopAll()
        frameDriver.stop()
        _ = touchBridge.reset()
        guard dismissesOnClose, presentingViewController != nil, !isBeingDismissed else { return }
        dismiss(animated: reason != .dismissed)
    }

    // MARK: Configuration and activity

    /// Puts the host's configuration with Reduce Motion into the model.
    func updateEffectiveConfiguration() {
        var effective = configuration
        effective.reduceMotion = configuration.reduceMotion || (prefersReducedMotion ?? UIAccessibility.isReduceMotionEnabled)
        guard effective != viewer.configuration else { return }
        perform { viewer in
            viewer.configuration = effective
            return []
        }
    }

    /// Playback holds while the app is inactive or the controller is off screen.
    func updateActivity() {
        let active = appIsActive && isOnScreen
        guard active == viewer.pauseReasons.contains(.background) else {
            update()        // no change; frames may start or stop with the window
            return
        }
        let time = now
        perform { $0.setAppActive(active, time: time) }
    }
}
#endif
