#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

/// Hears what a ``StoriesViewController`` does and gives it the tray avatar to dismiss into.
/// Every method has a default: nothing, or no avatar.
@MainActor
public protocol StoriesViewControllerDelegate: AnyObject {
    /// An item became the current one (its page is in front, its progress starts): the first
    /// item when the viewer appears, then each item shown.
    func storiesViewController(_ controller: StoriesViewController, didShow item: StoryItem, of user: StoryUser)

    /// An item was shown long enough to count as seen (once per id): persist it, for example
    /// with StoryMedia's `SeenStateStore.markSeen(_:)`.
    func storiesViewController(_ controller: StoriesViewController, didSeeItemWithID itemID: String)

    /// The user swiped up on an item: open the reply field. Set ``StoriesViewController/isPaused``
    /// while it is open.
    func storiesViewController(_ controller: StoriesViewController, didRequestReplyTo item: StoryItem, of user: StoryUser)

    /// The viewer closed: the last story ended, the page was swiped down into the avatar, the
    /// cube was dragged past the last user, or ``StoriesViewController/close()`` was called.
    /// Nothing plays from here on; the controller dismisses itself unless
    /// ``StoriesViewController/dismissesOnClose`` is false.
    func storiesViewController(_ controller: StoriesViewController, didCloseWith reason: StoriesViewer.CloseReason)

    /// Every event, in order, as a ``StoriesEvent`` (also those the methods above report, right
    /// after them): one place for all of them, or for the user changes and failures that have no
    /// method of their own.
    func storiesViewController(_ controller: StoriesViewController, didReceive event: StoriesEvent)

    /// The audio session could not be set to `.playback` and activated (another app holds a
    /// session that does not mix, the session is busy): the story plays muted. `reason` is the
    /// session's error text, also logged (subsystem `StoryKitUI`, category `AudioSession`).
    func storiesViewController(_ controller: StoriesViewController, audioSessionDidFail reason: String)

    /// Item `itemID`'s WebVTT subtitles, the feed's `url`, could not be had: an error status
    /// (`"HTTP 404"`), bytes that are not WebVTT (`"line 1: …"`, the parser's reason), a
    /// transport failure after its retries. The item plays without subtitles; give it a track
    /// with ``StoriesViewController/setSubtitles(_:forItemID:)`` when you have one.
    func storiesViewController(_ controller: StoriesViewController, subtitlesDidFailForItemWithID itemID: String,
                               url: String, reason: String)

    /// The frame of `user`'s avatar in the tray, in `view`'s coordinates (convert it:
    /// `avatarView.convert(avatarView.bounds, to: view)`), or `nil` when it is not on screen.
    /// `view` is the page's: its origin is the page's top left, below the safe area's top full
    /// screen and the current card's corner on an iPad or in landscape (the avatar then lies
    /// outside its bounds, which is fine: the page shrinks out of the card into it).
    ///
    /// Asked when a swipe-down dismiss begins and on every frame while it runs, so the page
    /// follows a tray that scrolls. Without a frame the page shrinks and fades where it is.
    func storiesViewController(_ controller: StoriesViewController, avatarFrameForUser user: StoryUser,
                               in view: UIView) -> CGRect?
}

extension StoriesViewControllerDelegate {
    /// Does nothing.
    public func storiesViewController(_ controller: StoriesViewController, didShow item: StoryItem, of user: StoryUser) {}
    /// Does nothing.
    public func storiesViewController(_ controller: StoriesViewController, didSeeItemWithID itemID: String) {}
    /// Does nothing.
    public func storiesViewController(_ controller: StoriesViewController, didRequestReplyTo item: StoryItem,
                                      of user: StoryUser) {}
    /// Does nothing.
    public func storiesViewController(_ controller: StoriesViewController, didCloseWith reason: StoriesViewer.CloseReason) {}
    /// Does nothing.
    public func storiesViewController(_ controller: StoriesViewController, didReceive event: StoriesEvent) {}
    /// Does nothing.
    public func storiesViewController(_ controller: StoriesViewController, audioSessionDidFail reason: String) {}
    /// Does nothing.
    public func storiesViewController(_ controller: StoriesViewController, subtitlesDidFailForItemWithID itemID: String,
                                      url: String, reason: String) {}
    /// No avatar: the page shrinks and fades in place.
    public func storiesViewController(_ controller: StoriesViewController, avatarFrameForUser user: StoryUser,
                                      in view: UIView) -> CGRect? { nil }
}
#endif
