#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

// MARK: - StoryTrayView + Presentation

extension StoryTrayView {
    /// Presents the Stories viewer at `user`, growing out of their avatar, and keeps the row in
    /// step with it while it is up.
    ///
    /// The viewer is a ``StoriesViewController`` over the row's feed, seen state, media and
    /// base URL. It opens with ``StoryKit/StoryOpenTransition`` out of the avatar's circle (frame,
    /// corner radius and content scale on one spring, sampled on a display link), or cross-fades
    /// under Reduce Motion or when the avatar is out of view. While it is up, the row follows its
    /// user (``StoryKit/StoryTray/scroll(toReveal:)``), marks what it reports seen, and gives it
    /// the avatar to land in at the swipe-down — `nil` when it is less than half on screen, so the
    /// page fades where it is. Everything it reports is passed on to `delegate`.
    ///
    /// ```swift
    /// tray.onOpen = { [weak self, weak tray] user, _ in
    ///     guard let self, let tray else { return }
    ///     tray.presentStories(of: user, from: self, delegate: self)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - user: The user to open at (from ``onOpen``).
    ///   - presenter: The view controller that presents it.
    ///   - configuration: The viewer's constants.
    ///   - delegate: Hears everything the viewer reports (held weakly); its
    ///     ``StoriesViewControllerDelegate/storiesViewController(_:avatarFrameForUser:in:)`` is
    ///     not asked: the row answers.
    /// - Returns: The presented controller.
    @discardableResult
    public func presentStories(of user: StoryUser, from presenter: UIViewController,
                               configuration: StoriesViewer.Configuration = StoriesViewer.Configuration(),
                               delegate: (any StoriesViewControllerDelegate)? = nil) -> StoriesViewController {
        let link = StoryTrayViewerLink(tray: self, delegate: delegate)
        let controller = StoriesViewController(feed: feed, seen: seen, startUser: user.id, configuration: configuration,
                                               delegate: link, mediaBaseURL: mediaBaseURL, media: media)
        let reduceMotion = configuration.reduceMotion || UIAccessibility.isReduceMotionEnabled
        link.animator = StoryOpenAnimator(avatarFrame: landingFrame(of: user.id), reduceMotion: reduceMotion)
        link.controller = controller
        controller.transitioningDelegate = link.animator
        viewerLink = link
        presenter.present(controller, animated: true)
        return controller
    }

    /// User `id`'s avatar picture in the window's coordinates, if at least half of it is on
    /// screen (the row scrolled, or the row itself scrolled off, give nil).
    public func landingFrame(of id: StoryUser.ID) -> CGRect? {
        guard let window, !isHidden, alpha > 0 else { return nil }
        return session.landingFrame(of: id, in: Rect(window.bounds)) { Rect(convert(CGRect($0), to: nil)) }.map(CGRect.init)
    }

    /// Scrolls the row the least that shows user `id`'s avatar (the viewer moved to them).
    public func reveal(_ id: StoryUser.ID) {
        session.reveal(id)
        showModelOffset()
    }
}

// MARK: - StoryTrayViewerLink

/// The delegate of a viewer presented from a ``StoryTrayView``: the row's part (the avatar to
/// land in, following the viewer's user, the seen state) and everything passed on to the host's
/// delegate. It also keeps the opening's animator (a transitioning delegate is held weakly).
@MainActor
final class StoryTrayViewerLink: StoriesViewControllerDelegate {
    weak var tray: StoryTrayView?
    weak var delegate: (any StoriesViewControllerDelegate)?
    weak var controller: StoriesViewController?
    var animator: StoryOpenAnimator?

    init(tray: StoryTrayView, delegate: (any StoriesViewControllerDelegate)?) {
        self.tray = tray
        self.delegate = delegate
    }

    func storiesViewController(_ controller: StoriesViewController, didShow item: StoryItem, of user: StoryUser) {
        delegate?.storiesViewController(controller, didShow: item, of: user)
    }

    func storiesViewController(_ controller: StoriesViewController, didSeeItemWithID itemID: String) {
        tray?.seen.insert(itemID)
        delegate?.storiesViewController(controller, didSeeItemWithID: itemID)
    }

    func storiesViewController(_ controller: StoriesViewController, didRequestReplyTo item: StoryItem, of user: StoryUser) {
        delegate?.storiesViewController(controller, didRequestReplyTo: item, of: user)
    }

    func storiesViewController(_ controller: StoriesViewController, didCloseWith reason: StoriesViewer.CloseReason) {
        delegate?.storiesViewController(controller, didCloseWith: reason)
    }

    func storiesViewController(_ controller: StoriesViewController, didReceive event: StoriesEvent) {
        if case .userChanged(let user) = event { tray?.reveal(user.id) }
        delegate?.storiesViewController(controller, didReceive: event)
    }

    func storiesViewController(_ controller: StoriesViewController, audioSessionDidFail reason: String) {
        delegate?.storiesViewController(controller, audioSessionDidFail: reason)
    }

    func storiesViewController(_ controller: StoriesViewController, avatarFrameForUser user: StoryUser,
                               in view: UIView) -> CGRect? {
        guard let frame = tray?.landingFrame(of: user.id) else { return nil }
        return view.convert(frame, from: nil)       // from the window's coordinates
    }
}
#endif
