#if canImport(SwiftUI) && canImport(UIKit)
import Combine
import Foundation
import QuartzCore
import StoryKit
import StoryMedia
import UIKit

// MARK: - StoryTrayRowModel

/// The state behind ``StoryTrayRow``: the ``TrayLoadingRules`` (the model, the tapped user's
/// read), each ring's request, the avatars' pictures and the prefetcher, carrying out the
/// rules' actions as ``StoryTrayView`` does.
///
/// Only what is drawn is published (``display``, ``loading``, ``avatars``, ``scrollTarget``),
/// and only when it changes: the scroll offset, fed in every frame, publishes nothing.
@MainActor
final class StoryTrayRowModel: ObservableObject {
    /// What the row draws (``TrayRowDisplay``).
    @Published private(set) var display: TrayRowDisplay
    /// Each ring's request, by user id (idle when absent).
    @Published var loading: [StoryUser.ID: StoryRingLoadingState] = [:]
    /// The avatars' pictures, by the feed's avatar string.
    @Published private(set) var avatars: [String: UIImage] = [:]
    /// Where the scroll view is to be put after a new feed: the user to scroll to and the
    /// anchor's x (``TrayRowDisplay/scrollAnchor(offset:viewportWidth:preferring:)``), with a
    /// serial number so that the same place asked twice scrolls twice.
    @Published private(set) var scrollTarget: TrayRowDisplay.ScrollAnchor?
    /// The rules; not published (the offset changes every scroll frame).
    private(set) var rules: TrayLoadingRules
    /// The row's frame in the window's coordinates (SwiftUI's `.global`).
    var globalFrame: CGRect = .zero
    /// A view inside the row, for its window's bounds (split view, Stage Manager).
    weak var windowProbe: UIView?
    var onOpen: (@MainActor (StoryUser, CGRect?) -> Void)?
    var onLoadFailure: (@MainActor (StoryUser, any Error) -> Void)?

    let media: StoriesMediaConfiguration
    private var input: StoryTrayRow.Input
    private var tapRule = TrayTapRule()
    private let images: StoryImageLoader
    private let prefetcher: TrayPrefetcher?
    private var prefetchRequests: [TrayMediaRequest] = []
    private let read = TrayRead()
    private let settleAlarm = TraySettleAlarm()
    private var requestedAvatars: Set<String> = []
    private var scrollSerial = 0
    /// The cells' places (they change with the feed or the sizes, not with the scroll).
    private var layout: TrayLayout

    init(input: StoryTrayRow.Input, seen: Set<String>, media: StoriesMediaConfiguration) {
        let rules = TrayLoadingRules(feed: input.feed, seen: seen, viewportWidth: 0, configuration: input.configuration,
                                     baseURL: input.baseURL, readsThroughSource: media.byteSource != nil)
        self.rules = rules
        display = TrayRowDisplay(tray: rules.tray)
        layout = TrayLayout(tray: rules.tray)
        self.input = input
        self.media = media
        images = StoryImageLoader(session: .shared, source: media.byteSource)
        prefetcher = media.byteSource.map { TrayPrefetcher(source: $0) }
    }

    private var now: Double { CACurrentMediaTime() }

    // MARK: Inputs

    /// A tap on user `id`'s avatar; a tap that only stopped the row's glide opens nothing
    /// (``TrayTapRule``), VoiceOver's activation (`checksMotion` false) always does.
    func tap(user id: StoryUser.ID, checksMotion: Bool) {
        guard !checksMotion || tapRule.opens(tapAt: now), let index = rules.index(of: id) else { return }
        perform(rules.tap(user: index, time: now))
    }

    /// The ring came to rest (the avatar's `onLaunch`), or the settle time came: the launch.
    func settle() {
        perform(rules.advance(to: Swift.max(now, rules.settleTime ?? now)))
    }

    func scroll(to offset: Double) {
        guard offset.isFinite else { return }
        tapRule.scrolled(to: offset, time: now)
        guard offset != rules.tray.contentOffset else { return }
        rules.scroll(to: offset)
        updatePrefetching()
    }

    func setViewportWidth(_ width: Double) {
        guard width != rules.tray.viewportWidth else { return }
        rules.setViewportWidth(width)
        updatePrefetching()
    }

    func updateSeen(_ seen: Set<String>) {
        guard seen != rules.seen else { return }
        rules.updateSeen(seen)
        publish()
        updatePrefetching()
    }

    /// A new feed, sizes or media folder (``TrayFeedMerge``): the row keeps its place and the
    /// ring of a user still in it; a gone user's loading stops.
    func replace(_ input: StoryTrayRow.Input) {
        guard input != self.input else { return }
        self.input = input
        let (merge, actions) = rules.replaceFeed(input.feed, configuration: input.configuration,
                                                 baseURL: input.baseURL, time: now)
        let ids = Set(rules.tray.users.map(\.id))
        loading = loading.filter { ids.contains($0.key) }
        let pictures = Set(rules.tray.users.compactMap(\.avatar))
        avatars = avatars.filter { pictures.contains($0.key) }
        requestedAvatars.formIntersection(pictures)
        layout = TrayLayout(tray: rules.tray)
        perform(actions)
        publish()
        if merge.rows != .none || merge.anchor != nil,
           var target = display.scrollAnchor(offset: rules.tray.contentOffset, viewportWidth: rules.tray.viewportWidth,
                                             preferring: merge.anchor) {
            scrollSerial += 1
            target.serial = scrollSerial
            scrollTarget = target
        }
        updatePrefetching()
    }

    /// User `id`'s avatar picture in the window's coordinates, if at least half of it shows in
    /// the row and in the row's window (its scene's bounds, not the screen's).
    func landingFrame(of id: StoryUser.ID) -> CGRect? {
        guard let window = windowProbe?.window, let index = rules.index(of: id),
              let frame = rules.tray.visibleAvatarFrame(user: index) else { return nil }
        let global = CGRect(frame).offsetBy(dx: globalFrame.minX, dy: globalFrame.minY)
        return TrayLanding.frame(Rect(global), in: Rect(window.bounds)).map(CGRect.init)
    }

    /// Loads `user`'s picture into ``avatars`` for an avatar of `diameter` points at `scale`, once.
    func loadAvatar(of user: StoryUser, diameter: Double, scale: Double) {
        guard let avatar = user.avatar, avatars[avatar] == nil, !requestedAvatars.contains(avatar),
              let location = StoryMediaLocation.resolve(avatar, relativeTo: rules.baseURL) else { return }
        requestedAvatars.insert(avatar)
        let size = Size(width: diameter, height: diameter)
        if let cached = images.avatar(at: location, points: size, scale: scale,
                                      completion: { [weak self] image in self?.avatars[avatar] = image }) {
            avatars[avatar] = cached
        }
    }

    // MARK: Actions

    /// Publishes ``display`` if what is drawn changed.
    private func publish() {
        let display = TrayRowDisplay(tray: rules.tray)
        if display != self.display { self.display = display }
    }

    private func user(_ index: Int) -> StoryUser? {
        rules.tray.users.indices.contains(index) ? rules.tray.users[index] : nil
    }

    private func perform(_ actions: [TrayLoadingRules.Action]) {
        for action in actions {
            switch action {
            case .startRing(let index): if let id = user(index)?.id { loading[id] = .loading }
            case .finishRing(let index): if let id = user(index)?.id { loading[id] = .ready }
            case .cancelRing(let index): if let id = user(index)?.id { loading[id] = .idle }
            case .read(let request, _, let token): startRead(request, token: token)
            case .cancelRead:
                read.cancel()
            case .failed(let index, _):
                let error = read.takeError()
                if let user = user(index) { onLoadFailure?(user, error) }
            case .open(let index, _):
                if let user = user(index) { onOpen?(user, landingFrame(of: user.id)) }
            }
        }
        scheduleSettle()
    }

    private func startRead(_ request: TrayMediaRequest, token: Int) {
        read.start(request, token: token, source: media.byteSource) { [weak self] token, error in
            guard let self else { return }
            self.perform(error == nil ? self.rules.readFinished(token: token, time: self.now)
                                      : self.rules.readFailed(token: token, time: self.now))
        }
    }

    /// Wakes at the model's settle time (the loading ring at rest), should the ring's own
    /// `onLaunch` not come first (its view scrolled away).
    private func scheduleSettle() {
        settleAlarm.set(at: rules.settleTime, now: now) { [weak self] in self?.settle() }
    }

    private func updatePrefetching() {
        guard let prefetcher else { return }
        let requests = rules.prefetchRequests(layout: layout)
        guard requests != prefetchRequests else { return }
        prefetchRequests = requests
        prefetcher.want(requests)
    }
}
#endif
