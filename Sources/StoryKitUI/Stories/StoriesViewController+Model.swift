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
        guard changeQueue.start(change) else { return }   // after the change being applied
        let wasDismissing = viewer.isDismissing
        var events = change(&viewer)
        if viewer.isDismissing, !wasDismissing {
            // A dismiss began: where is the avatar?
            let avatar = avatarFrame()
            let time = viewer.time
            events += viewer.setAvatarFrame(avatar, time: time)
        }
        update()
        hapticPlayer.play(haptics.observe(viewer.cube))
        changeQueue.applied()
        for event in StoriesEvent.resolving(events, in: viewer) { dispatch(event) }   // in order
        if let next = changeQueue.next() { perform(next) }
    }

    /// Makes `changes` in the model, one after the other, each at its own time; `nil` (nothing
    /// changes) brings the media, the views and the frame driver up to date.
    func run(_ changes: [StoriesSession<ObjectIdentifier>.Change]?) {
        guard let changes else { return update() }
        for change in changes { perform { change.apply(to: &$0) } }
    }

    /// Makes the media, the subtitle fetches, the views and the frame driver match the model.
    func update() {
        media.apply(viewer)
        subtitleFetcher.update(to: viewer)
        render()
        let needed = viewer.needsFrames && isViewLoaded && view.window != nil
        frameDriver.run(if: needed) { [weak self] time in self?.frame(at: time) }
    }

    /// One display frame: the avatar's place if a dismiss runs (the tray may have scrolled),
    /// then the model at the frame's time.
    func frame(at time: Double) {
        run([.frame(time: time, avatar: viewer.isDismissing ? avatarFrame() : nil)])
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
        // The shown items' natural sizes, for placing their tappable areas (aspect-filled).
        let sizes = viewer.players.compactMap { player in media.view(for: player.id)?.naturalSize.map { (player.id, $0) } }
        perform { viewer in
            for (id, size) in sizes where viewer.mediaSize(forItem: id) != size { viewer.setMediaSize(size, forItem: id) }
            return viewer.takeReports(through: time, from: &source)
        }
    }

    // MARK: Events

    /// Tells the delegate about one event; a close stops the media first and dismisses after.
    func dispatch(_ event: StoriesEvent) {
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
            media.stopAll()         // (the players were already released: the model lists none)
            conditionsMonitor.stop()
            frameDriver.stop()
            delegate?.storiesViewController(self, didCloseWith: reason)
        default:
            break               // (the rest is the delegate's: user changes, failures, areas, analytics, sound)
        }
        delegate?.storiesViewController(self, didReceive: event)
        if case let .closed(reason) = event { finishClose(reason) }
    }

    /// After the close (the media and frames stopped before the delegate heard of it):
    /// dismissed without animation after a swipe-down (the page is in the avatar already),
    /// animated otherwise.
    func finishClose(_ reason: StoriesViewer.CloseReason) {
        let step = session.closed(reason, dismissesOnClose: dismissesOnClose, isPresented: presentingViewController != nil,
                                  isBeingDismissed: isBeingDismissed)
        if case let .stopAndDismiss(animated) = step { dismiss(animated: animated) }
    }

    // MARK: Configuration and activity

    /// Puts the host's configuration with Reduce Motion into the model.
    func updateEffectiveConfiguration() {
        var effective = configuration.effective(prefersReducedMotion: prefersReducedMotion,
                                                systemReduceMotion: UIAccessibility.isReduceMotionEnabled)
        effective.layoutDirection = LayoutDirectionRule.direction(
            preferred: preferredLayoutDirection, view: viewIfLoaded.map { StoryLayoutDirection($0.effectiveUserInterfaceLayoutDirection) },
            configured: configuration.layoutDirection)
        guard effective != viewer.configuration else { return }
        run([.configuration(effective)])
    }

    /// Playback holds while the app is inactive or the controller is off screen.
    func updateActivity() {
        run(session.activityChange(in: viewer, now: now))   // nil: frames may start or stop with the window
    }
}
#endif
