import Foundation
import StoryKit
import StoryMedia

// MARK: - TrayRowInput

/// What a tray row is made from, compared to follow a change: the feed, the sizes and rings, and
/// the folder relative media paths are in.
package struct TrayRowInput: Sendable, Hashable {
    /// The stories; users without items are left out.
    package var feed: StoryFeed
    /// The avatars' diameter, spacing, insets, names' size and the rings.
    package var configuration: StoryTray.Configuration
    /// The folder relative media paths are in.
    package var baseURL: URL?

    /// The input of a row over `feed`, laid out by `configuration`, its relative media paths in
    /// `baseURL`, running the way the host and the view say (``LayoutDirectionRule``): the host's
    /// explicit direction (SwiftUI's `\.layoutDirection`) first, then the view's
    /// (`effectiveUserInterfaceLayoutDirection`), then `configuration`'s. Right to left, the row
    /// starts at the right and scrolls from the right, as ``StoryKit/StoryTray`` and its scene do;
    /// ``TrayLayout`` puts the cells where that model has them in the scroll view's content.
    ///
    /// - Parameters:
    ///   - preferred: The host's explicit direction, if it set one.
    ///   - view: The view's direction; nil before there is a view.
    package init(feed: StoryFeed, configuration: StoryTray.Configuration, baseURL: URL?,
                 preferred: StoryLayoutDirection? = nil, view: StoryLayoutDirection? = nil) {
        var configuration = configuration
        configuration.layoutDirection = LayoutDirectionRule.direction(preferred: preferred, view: view,
                                                                      configured: configuration.layoutDirection)
        self.feed = feed
        self.configuration = configuration
        self.baseURL = baseURL
    }
}

// MARK: - TrayRowSession

/// The tray row's loading, for both front-ends (``StoryTrayView``, which ``StoryTrayRow`` wraps):
/// the ``TrayLoadingRules`` and the work they ask for, carried out in one place and tested on
/// Linux.
///
/// It owns the rules, the tapped user's read (``TrayRead``), the alarm at the settle time
/// (``SettleAlarm``), the prefetching (``TrayPrefetcher``) and the layout of the cells
/// (``TrayLayout``). What the front-end must draw or tell the host comes out as ``Effect``s,
/// through ``onEffect``, with the user looked up once here: an action for a user who is no
/// longer in the row tells nobody. The front-end hands in its events (taps, scroll offsets, the
/// viewport's width, the seen state, a new feed) and applies the effects to its views.
///
/// Time comes from `clock`, in seconds (`CACurrentMediaTime()` on a device; a virtual clock in
/// tests). Being driven by events over time (taps, reads ending, the settle alarm, new feeds),
/// it is a state machine.
@MainActor
package final class TrayRowSession {
    /// What the front-end does for the session.
    package enum Effect {
        /// Ask the ring of the user at row `user` (id `id`) for `state`: `.loading` starts it,
        /// `.ready` resolves it towards the launch, `.idle` brings it to rest.
        case ring(user: Int, id: StoryUser.ID, state: StoryRingLoadingState)
        /// `user`'s first item could not be read (their ring is at rest): tell the host.
        case failed(StoryUser, any Error)
        /// `user`'s story is ready and their ring at rest: open the viewer out of `from`, the
        /// avatar's picture in the row's viewport (points).
        case open(StoryUser, from: Rect)
    }

    /// The rules: the model, the read in flight.
    package private(set) var rules: TrayLoadingRules
    /// Where each cell sits in the content (it changes with the feed or the sizes, not with
    /// the scroll).
    package private(set) var layout: TrayLayout
    /// Receives the effects, in order, on the main actor.
    package var onEffect: (@MainActor (Effect) -> Void)?
    /// Rows the front-end expects to show soon (a collection view's prefetching), read ahead
    /// after those near the viewport.
    package private(set) var hintedUsers: Set<Int> = []
    /// The reads last asked of the prefetcher, in priority order.
    package private(set) var prefetchRequests: [TrayMediaRequest] = []

    /// The feed, sizes and media folder the row shows.
    package private(set) var input: TrayRowInput
    private let clock: @MainActor () -> Double
    private let source: (any MediaByteSource)?
    private let read = TrayRead()
    private let settleAlarm = SettleAlarm()
    private let prefetcher: TrayPrefetcher?

    /// A session for a row over `input`'s feed.
    ///
    /// - Parameters:
    ///   - input: The stories (users without items are left out), the row's sizes and rings,
    ///     and the folder relative media paths are in.
    ///   - seen: The ids of the items seen.
    ///   - source: Where the taps' reads and the prefetches read from; without one, a tap is
    ///     ready at once and nothing is prefetched.
    ///   - clock: Now, in seconds, on the rings' clock.
    package init(_ input: TrayRowInput, seen: Set<String>, source: (any MediaByteSource)?,
                 clock: @escaping @MainActor () -> Double) {
        self.input = input
        rules = TrayLoadingRules(feed: input.feed, seen: seen, viewportWidth: 0, configuration: input.configuration,
                                 baseURL: input.baseURL, readsThroughSource: source != nil)
        layout = TrayLayout(tray: rules.tray)
        self.source = source
        self.clock = clock
        prefetcher = source.map { TrayPrefetcher(source: $0) }
    }

    /// The user at row `index`, if there is one.
    package func user(at index: Int) -> StoryUser? {
        rules.tray.users.indices.contains(index) ? rules.tray.users[index] : nil
    }

    // MARK: Inputs

    /// A tap at `point` in the row's viewport (points).
    package func tap(at point: Point) {
        perform(rules.tap(at: point, time: clock()))
    }

    /// The settle time came (or the ring's own launch): a resolved ring opens the viewer.
    package func settle() {
        let now = clock()
        perform(rules.advance(to: Swift.max(now, rules.settleTime ?? now)))
    }

    /// Gives up a loading ring (the row left the window): nothing opens.
    package func cancelLoading() {
        guard rules.tray.loadingUser != nil else { return }
        perform(rules.cancel(time: clock()))
    }

    /// The row's content is scrolled to `offset` points; a non-finite offset is ignored.
    package func scroll(to offset: Double) {
        guard offset.isFinite, offset != rules.tray.contentOffset else { return }
        rules.scroll(to: offset)
        updatePrefetching()
    }

    /// The row's scroll view is scrolled to `x` (its `contentOffset.x`, points from its content's
    /// left edge): the model's offset is the same left to right, measured from the right end
    /// right to left (``StoryKit/StoryTray/offset(fromScrollViewOffset:)``).
    package func scroll(toScrollViewOffset x: Double) {
        scroll(to: rules.tray.offset(fromScrollViewOffset: x))
    }

    /// The scroll view's `contentOffset.x` that shows the model's offset (points from the
    /// content's left edge; the row's far end's distance right to left).
    package var scrollViewOffset: Double { rules.tray.scrollViewOffset }

    /// Scrolls the least that shows user `id`'s avatar (the viewer moved to them); the front-end
    /// then puts ``scrollViewOffset`` on its scroll view.
    package func reveal(_ id: StoryUser.ID) {
        guard let index = rules.index(of: id) else { return }
        rules.scroll(toReveal: index)
        updatePrefetching()
    }

    /// The row's visible width is `width` points. The model keeps its offset (the distance
    /// scrolled from the row's start, clamped); the cells are laid out again (right to left
    /// they hang from the content's right end, which moves with the width).
    ///
    /// - Parameters:
    ///   - width: The viewport's width, in points.
    ///   - redraw: Called with the new layout when the width changed, to put it on the
    ///     collection view and then ``scrollViewOffset`` on its scroll view.
    package func setViewportWidth(_ width: Double, redraw: (TrayLayout) -> Void = { _ in }) {
        guard width != rules.tray.viewportWidth else { return }
        rules.setViewportWidth(width)
        layout = TrayLayout(tray: rules.tray)
        redraw(layout)
        updatePrefetching()
    }

    /// Takes the ids of the items seen.
    ///
    /// - Returns: Whether they changed (the rings' colours may have).
    @discardableResult
    package func updateSeen(_ seen: Set<String>) -> Bool {
        guard seen != rules.seen else { return false }
        rules.updateSeen(seen)
        updatePrefetching()
        return true
    }

    /// Rows `users` will show soon (`true`), or no longer (`false`): their first items are read
    /// ahead after those near the viewport.
    package func hint(_ users: [Int], soon: Bool) {
        if soon { hintedUsers.formUnion(users) } else { hintedUsers.subtract(users) }
        updatePrefetching()
    }

    /// Takes a new feed, sizes or media folder as ``TrayFeedMerge`` says: the row keeps its place
    /// and a kept user's ring; a gone user's read stops. The input the row has already changes
    /// nothing.
    ///
    /// - Parameters:
    ///   - input: The feed, the sizes and the media folder.
    ///   - redraw: Shows the merge (reloads its rows, puts the new offset back), before the
    ///     rings are told what changed, so that they find their new cells.
    package func replace(_ input: TrayRowInput, redraw: (TrayFeedMerge) -> Void) {
        guard input != self.input else { return }
        self.input = input
        let (merge, actions) = rules.replaceFeed(input.feed, configuration: input.configuration, baseURL: input.baseURL,
                                                 time: clock())
        layout = TrayLayout(tray: rules.tray)
        if merge.rows == .all { hintedUsers = [] }
        redraw(merge)
        perform(actions)
        updatePrefetching()
    }

    /// User `id`'s avatar picture on screen, if at least half of it shows in the row and in the
    /// window (``TrayLanding``).
    ///
    /// - Parameters:
    ///   - window: The window's bounds (the scene's, not the screen's).
    ///   - toWindow: The row's viewport coordinates to the window's.
    package func landingFrame(of id: StoryUser.ID, in window: Rect, toWindow: (Rect) -> Rect) -> Rect? {
        guard let index = rules.index(of: id), let frame = rules.tray.visibleAvatarFrame(user: index) else { return nil }
        return TrayLanding.frame(toWindow(frame), in: window)
    }

    // MARK: Actions

    /// Carries out the rules' actions, in order, then sets the alarm for the next settle.
    private func perform(_ actions: [TrayLoadingRules.Action]) {
        for action in actions {
            switch action {
            case .startRing(let index): ring(index, .loading)
            case .finishRing(let index): ring(index, .ready)
            case .cancelRing(let index): ring(index, .idle)
            case .read(let request, _, let token): startRead(request, token: token)
            case .cancelRead: read.cancel()
            case .failed(let index, _):
                let error = read.takeError()
                if let user = user(at: index) { onEffect?(.failed(user, error)) }
            case .open(let index, let from):
                if let user = user(at: index) { onEffect?(.open(user, from: from)) }
            }
        }
        settleAlarm.set(at: rules.settleTime, now: clock()) { [weak self] in self?.settle() }
    }

    private func ring(_ index: Int, _ state: StoryRingLoadingState) {
        guard let user = user(at: index) else { return }
        onEffect?(.ring(user: index, id: user.id, state: state))
    }

    /// Reads the tapped user's first item; its end goes back into the rules with its token.
    private func startRead(_ request: TrayMediaRequest, token: Int) {
        read.start(request, token: token, source: source) { [weak self] token, error in
            guard let self else { return }
            let now = self.clock()
            self.perform(error == nil ? self.rules.readFinished(token: token, time: now)
                                      : self.rules.readFailed(token: token, time: now))
        }
    }

    /// Reads ahead the first items near the viewport, then those hinted; far-away reads stop.
    private func updatePrefetching() {
        guard let prefetcher else { return }
        let requests = rules.prefetchRequests(layout: layout, also: hintedUsers.sorted())
        guard requests != prefetchRequests else { return }
        prefetchRequests = requests
        prefetcher.want(requests)
    }
}
