import MotionCore

// MARK: - StoriesViewer + Analytics

extension StoriesViewer {
    /// What the analytics events have said so far: the item started and not yet ended, and the
    /// user entered and not yet left.
    ///
    /// The rules the events keep (the storm checks them after every step):
    /// - An item starts (``Event/itemStarted(user:item:id:)``) when it is current and its first
    ///   frame is on screen; exactly one ``Event/itemCompleted(user:item:id:)`` (it played to its
    ///   end) or ``Event/itemSkipped(user:item:id:fraction:seconds:)`` (anything else that made
    ///   another item current, or the close) follows before the next start.
    /// - ``Event/userEntered(user:item:id:)`` comes just before the first start of a user's item;
    ///   ``Event/userLeft(user:item:id:)`` when the cube settles on another user or the viewer
    ///   closes, after that user's item ended.
    /// - ``Event/viewerClosed(reason:user:item:id:)`` comes last but for ``Event/closed(_:)``.
    struct Analytics: Sendable, Hashable {
        /// A started item: its user, index and id.
        struct Started: Sendable, Hashable {
            var user: Int, item: Int, id: String
        }
        /// The started item that has not ended.
        var started: Started?
        /// The user entered and not left.
        var entered: Int?
    }

    /// Starts the current item for analytics if it is on screen and not started yet (with the
    /// user's entry first when the viewer has not entered them).
    mutating func startItemIfShown(events: inout [Event]) {
        guard analytics.started == nil, !isClosed, let item = currentItem, reports.isDisplaying(item.id) else { return }
        if analytics.entered != userIndex {
            leaveUser(events: &events)
            analytics.entered = userIndex
            events.append(.userEntered(user: userIndex, item: itemIndex, id: item.id))
        }
        analytics.started = Analytics.Started(user: userIndex, item: itemIndex, id: item.id)
        events.append(.itemStarted(user: userIndex, item: itemIndex, id: item.id))
    }

    /// Ends the started item: completed (it played to its end) or skipped, with how much of it
    /// was shown (read before the current item changes).
    mutating func endStartedItem(completed: Bool, events: inout [Event]) {
        guard let started = analytics.started else { return }
        analytics.started = nil
        if completed {
            events.append(.itemCompleted(user: started.user, item: started.item, id: started.id))
        } else {
            let isCurrent = started.user == userIndex && started.item == itemIndex
            let fraction = isCurrent ? Swift.min(Swift.max(progress, 0), 1) : 0
            let seconds = isCurrent && elapsed.isFinite ? Swift.max(elapsed, 0) : 0
            events.append(.itemSkipped(user: started.user, item: started.item, id: started.id, fraction: fraction, seconds: seconds))
        }
    }

    /// Leaves the entered user (after their item ended), on the item shown now.
    mutating func leaveUser(events: inout [Event]) {
        guard let user = analytics.entered else { return }
        analytics.entered = nil
        guard users.indices.contains(user), let item = self.item(forUser: user),
              users[user].items.indices.contains(item) else { return }
        events.append(.userLeft(user: user, item: item, id: users[user].items[item].id))
    }

    /// The viewer closes for `reason`: the started item is skipped, the user left, and
    /// ``Event/viewerClosed(reason:user:item:id:)`` sent (before ``Event/closed(_:)``).
    mutating func closeAnalytics(_ reason: CloseReason, events: inout [Event]) {
        endStartedItem(completed: false, events: &events)
        leaveUser(events: &events)
        if let item = currentItem {
            events.append(.viewerClosed(reason: reason, user: userIndex, item: itemIndex, id: item.id))
        }
    }
}
