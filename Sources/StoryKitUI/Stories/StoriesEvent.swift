import StoryKit

// MARK: - StoriesEvent

/// Something a host of the Stories viewer reacts to, with the user and item it concerns: what
/// ``StoriesViewController``'s delegate and ``StoriesView``'s `onEvent` receive.
///
/// It is the model's ``StoryKit/StoriesViewer/Event`` with indices resolved into the feed's
/// values (the model counts only users that have items, so its indices are not the feed's).
public enum StoriesEvent: Sendable, Hashable {
    /// An item became the current one: its page is in front and its progress starts at 0.
    case itemShown(user: StoryUser, item: StoryItem)
    /// An item was shown long enough to count as seen (once per id): persist it (StoryMedia's
    /// `SeenStateStore`).
    case itemSeen(itemID: String)
    /// The cube came to rest on another user.
    case userChanged(StoryUser)
    /// The user swiped up on an item: open the reply field (pause the viewer while it is open).
    case reply(user: StoryUser, item: StoryItem)
    /// The current item's media failed; the page shows the reason and a Retry button.
    case failed(user: StoryUser, item: StoryItem, reason: String)
    /// The user tapped one of the item's tappable areas (or swiped up on an item whose action
    /// fires on a swipe up): open the link, the mentioned user or the action. The viewer does not
    /// pause for it; pause it while what opens covers it.
    case areaTapped(user: StoryUser, item: StoryItem, area: StoryArea)
    /// The viewer closed: nothing plays any more.
    case closed(StoriesViewer.CloseReason)
    /// Analytics: an item began to play (its first frame is on screen).
    case itemStarted(user: StoryUser, item: StoryItem)
    /// Analytics: a started item played to its end.
    case itemCompleted(user: StoryUser, item: StoryItem)
    /// Analytics: a started item was left before its end, `fraction` (0…1) and `seconds` of it
    /// shown.
    case itemSkipped(user: StoryUser, item: StoryItem, fraction: Double, seconds: Double)
    /// Analytics: a user's stories began (before their first ``itemStarted(user:item:)``).
    case userEntered(user: StoryUser, item: StoryItem)
    /// Analytics: the viewer left that user (on this item).
    case userLeft(user: StoryUser, item: StoryItem)
    /// Analytics: the viewer closed for `reason` on this item (``closed(_:)`` follows).
    case viewerClosed(reason: StoriesViewer.CloseReason, user: StoryUser, item: StoryItem)
    /// The sound was muted (`isMuted` true) or unmuted on this item; keep
    /// ``StoryKit/SoundPolicy/preference`` for the next viewer.
    case muteChanged(isMuted: Bool, user: StoryUser, item: StoryItem)

    /// The model's `events` in `viewer`'s terms, in order (an event naming no user or item the
    /// viewer has is dropped).
    package static func resolving(_ events: [StoriesViewer.Event], in viewer: StoriesViewer) -> [StoriesEvent] {
        let users = viewer.users
        func item(_ user: Int, _ item: Int) -> (StoryUser, StoryItem)? {
            guard users.indices.contains(user), users[user].items.indices.contains(item) else { return nil }
            return (users[user], users[user].items[item])
        }
        return events.compactMap { event in
            switch event {
            case let .itemShown(user, index, _):
                return item(user, index).map { .itemShown(user: $0.0, item: $0.1) }
            case let .itemSeen(id):
                return .itemSeen(itemID: id)
            case let .userChanged(_, to):
                return users.indices.contains(to) ? .userChanged(users[to]) : nil
            case let .reply(user, index, _):
                return item(user, index).map { .reply(user: $0.0, item: $0.1) }
            case let .failed(id, reason):
                // The current user's items first: the failure is the current item's.
                let order = users.indices.contains(viewer.userIndex) ? [viewer.userIndex] + users.indices : Array(users.indices)
                for user in order {
                    if let found = users[user].items.first(where: { $0.id == id }) {
                        return .failed(user: users[user], item: found, reason: reason)
                    }
                }
                return nil
            case let .areaTapped(user, index, _, areaID):
                return item(user, index).flatMap { found in
                    found.1.areas.first { $0.id == areaID }.map { .areaTapped(user: found.0, item: found.1, area: $0) }
                }
            case let .closed(reason):
                return .closed(reason)
            case let .itemStarted(user, index, _):
                return item(user, index).map { .itemStarted(user: $0.0, item: $0.1) }
            case let .itemCompleted(user, index, _):
                return item(user, index).map { .itemCompleted(user: $0.0, item: $0.1) }
            case let .itemSkipped(user, index, _, fraction, seconds):
                return item(user, index).map { .itemSkipped(user: $0.0, item: $0.1, fraction: fraction, seconds: seconds) }
            case let .userEntered(user, index, _):
                return item(user, index).map { .userEntered(user: $0.0, item: $0.1) }
            case let .userLeft(user, index, _):
                return item(user, index).map { .userLeft(user: $0.0, item: $0.1) }
            case let .viewerClosed(reason, user, index, _):
                return item(user, index).map { .viewerClosed(reason: reason, user: $0.0, item: $0.1) }
            case let .muteChanged(isMuted, user, index, _):
                return item(user, index).map { .muteChanged(isMuted: isMuted, user: $0.0, item: $0.1) }
            }
        }
    }
}

// MARK: - StoriesStart

/// Where a viewer starts, from the host's terms (plain values, tested on Linux).
package enum StoriesStart {
    /// The index, among the users that have items (the viewer's users), of the user `id`.
    ///
    /// A user without items starts at the next user that has some (else the last that has);
    /// an unknown or `nil` id starts at the first.
    package static func userIndex(of id: String?, in feed: StoryFeed) -> Int {
        guard let id, let position = feed.users.firstIndex(where: { $0.id == id }) else { return 0 }
        let before = feed.users[..<position].filter { !$0.items.isEmpty }.count
        let withItems = feed.users.filter { !$0.items.isEmpty }.count
        return Swift.max(Swift.min(before, withItems - 1), 0)
    }
}
