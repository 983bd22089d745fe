import StoryKit

/// A ``MediaByteSource`` that also prefetches: told where the viewer is, it loads ahead of it.
/// ``MediaPipeline`` is one; ``PrefetchFeed`` tells it.
public protocol MediaPrefetching: MediaByteSource {
    /// Loads what `plan` wants, in its order (called after every change of the viewer).
    func update(_ plan: PrefetchPlan) async
    /// Tries a failed URL again (the viewer's retry).
    func retry(url: String) async
}

extension MediaPipeline: MediaPrefetching {}

/// Tells a ``MediaPrefetching`` source where a viewer is, from synchronous code: a view
/// controller calls ``update(to:)`` after every change of its ``StoryKit/StoriesViewer``, and the
/// plans reach the source in order, each only when it differs from the last.
///
/// A viewer's retry (a player directive's ``StoryKit/StoriesViewer/PlayerDirective/attempt``
/// going up) retries the item's URL in the source. ``stop()`` (the viewer closed) sends an
/// empty plan, which cancels every download.
///
/// ```swift
/// let feed = PrefetchFeed(source: pipeline)
/// feed.update(to: viewer)          // after every touch, frame and media report
/// feed.conditions = PrefetchConditions(isLowDataMode: true)   // the system's, as they change
/// feed.stop()                      // when the viewer closes
/// ```
public final class PrefetchFeed: Sendable {
    /// What the feed remembers between updates.
    private struct State {
        var plan: PrefetchPlan?
        var conditions = PrefetchConditions()
        var attempts: [String: Int] = [:]
        var stopped = false
    }

    /// How far ahead plans look.
    public let configuration: PrefetchPlan.Configuration
    /// The ordered queue to the source.
    private let queue: AsyncStream<Message>.Continuation
    /// The last plan and attempts.
    private let state = Locked(State())

    /// What goes to the source.
    private enum Message: Sendable {
        case plan(PrefetchPlan)
        case retry(String)
    }

    /// A feed to `source`.
    ///
    /// - Parameters:
    ///   - source: The media pipeline (or another prefetching source).
    ///   - configuration: How far ahead to look and how much of a video to prefetch.
    public init(source: any MediaPrefetching, configuration: PrefetchPlan.Configuration = PrefetchPlan.Configuration()) {
        self.configuration = configuration
        let (messages, queue) = AsyncStream.makeStream(of: Message.self)
        self.queue = queue
        Task {
            for await message in messages {
                switch message {
                case .plan(let plan): await source.update(plan)
                case .retry(let url): await source.retry(url: url)
                }
            }
        }
    }

    deinit {
        queue.finish()
    }

    /// Sends the plan for `viewer` as it is now, if it changed, and retries the URLs of items
    /// the viewer is loading again.
    public func update(to viewer: StoriesViewer) {
        let messages: [Message] = state.withLock { state in
            guard !state.stopped else { return [] }
            var messages: [Message] = []
            for directive in viewer.players {
                let before = state.attempts[directive.id] ?? directive.attempt
                if directive.attempt > before, let item = viewer.users.indices.contains(directive.user)
                    ? viewer.users[directive.user].items.first(where: { $0.id == directive.id }) : nil {
                    messages.append(.retry(item.url))
                }
                state.attempts[directive.id] = directive.attempt
            }
            if state.attempts.count > 64 {
                let listed = Set(viewer.players.map(\.id))
                state.attempts = state.attempts.filter { listed.contains($0.key) }
            }
            let plan = PrefetchPlan(viewer: viewer, following: state.plan, configuration: configuration,
                                    conditions: state.conditions)
            if plan != state.plan {
                state.plan = plan
                messages.insert(.plan(plan), at: 0)
            }
            return messages
        }
        for message in messages { queue.yield(message) }
    }

    /// The device's data, power and screen conditions the next plans are made under: the
    /// front-end passes them as they change (Low Data Mode, an expensive network, Low Power Mode),
    /// then calls ``update(to:)``.
    public var conditions: PrefetchConditions {
        get { state.withLock { $0.conditions } }
        set { state.withLock { $0.conditions = newValue } }
    }

    /// Cancels every download (an empty plan) and ignores later updates.
    public func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        queue.yield(.plan(PrefetchPlan(requests: [], mayPrefetch: false)))
        queue.finish()
    }
}
