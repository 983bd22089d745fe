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
@MainActor
final class StoryTrayRowModel: ObservableObject {
    @Published private(set) var rules: TrayLoadingRules
    /// Each ring's request, by user index (idle when absent).
    @Published var loading: [Int: StoryRingLoadingState] = [:]
    /// The avatars' pictures, by user id.
    @Published private(set) var avatars: [StoryUser.ID: UIImage] = [:]
    /// The row's frame in the window's coordinates (SwiftUI's `.global`).
    var globalFrame: CGRect = .zero
    var onOpen: (@MainActor (StoryUser, CGRect?) -> Void)?
    var onLoadFailure: (@MainActor (StoryUser, any Error) -> Void)?

    let media: StoriesMediaConfiguration
    let baseURL: URL?
    private let images: StoryImageLoader
    private let prefetcher: TrayPrefetcher?
    private var prefetchRequests: [TrayMediaRequest] = []
    private var readTask: Task<Void, Never>?
    private var readError: (any Error)?
    private var settleTask: Task<Void, Never>?
    private var requestedAvatars: Set<StoryUser.ID> = []

    init(feed: StoryFeed, seen: Set<String>, configuration: StoryTray.Configuration, media: StoriesMediaConfiguration,
         baseURL: URL?) {
        rules = TrayLoadingRules(feed: feed, seen: seen, viewportWidth: 0, configuration: configuration,
                                 baseURL: baseURL, readsThroughSource: media.byteSource != nil)
        self.media = media
        self.baseURL = baseURL
        images = StoryImageLoader(session: .shared, source: media.byteSource)
        prefetcher = media.byteSource.map { TrayPrefetcher(source: $0) }
    }

    deinit {
        readTask?.cancel()
        settleTask?.cancel()
    }

    private var now: Double { CACurrentMediaTime() }

    /// The row's layout from the model.
    var layout: TrayLayout { TrayLayout(tray: rules.tray) }

    // MARK: Inputs

    func tap(user: Int) { perform(rules.tap(user: user, time: now)) }

    /// The ring came to rest (the avatar's `onLaunch`), or the settle time came: the launch.
    func settle() {
        perform(rules.advance(to: Swift.max(now, rules.settleTime ?? now)))
    }

    func scroll(to offset: Double) {
        guard offset.isFinite, offset != rules.tray.contentOffset else { return }
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
        updatePrefetching()
    }

    /// User `id`'s avatar picture in the window's coordinates, if at least half of it shows.
    func landingFrame(of id: StoryUser.ID) -> CGRect? {
        guard let index = rules.index(of: id), let frame = rules.tray.visibleAvatarFrame(user: index) else { return nil }
        let global = CGRect(frame).offsetBy(dx: globalFrame.minX, dy: globalFrame.minY)
        let screen = UIScreen.main.bounds
        return TrayLanding.frame(Rect(global), in: Rect(screen)).map(CGRect.init)
    }

    /// Loads `user`'s picture into ``avatars``, once.
    func loadAvatar(of user: StoryUser) {
        guard avatars[user.id] == nil, !requestedAvatars.contains(user.id), let avatar = user.avatar,
              let location = StoryMediaLocation.resolve(avatar, relativeTo: baseURL) else { return }
        requestedAvatars.insert(user.id)
        let id = user.id
        if let cached = images.avatar(at: location, completion: { [weak self] image in self?.avatars[id] = image }) {
            avatars[id] = cached
        }
    }

    // MARK: Actions

    private func perform(_ actions: [TrayLoadingRules.Action]) {
        for action in actions {
            switch action {
            case .startRing(let user): loading[user] = .loading
            case .finishRing(let user): loading[user] = .ready
            case .cancelRing(let user): loading[user] = .idle
            case .read(let request, _, let token): startRead(request, token: token)
            case .cancelRead:
                readTask?.cancel()
                readTask = nil
            case .failed(let user, _):
                let error = readError ?? CancellationError()
                readError = nil
                onLoadFailure?(rules.tray.users[user], error)
            case .open(let user, _):
                onOpen?(rules.tray.users[user], landingFrame(of: rules.tray.users[user].id))
            }
        }
        scheduleSettle()
    }

    private func startRead(_ request: TrayMediaRequest, token: Int) {
        readTask?.cancel()
        guard let source = media.byteSource else { return perform(rules.readFinished(token: token, time: now)) }
        readTask = Task { [weak self] in
            do {
                try await request.read(from: source)
                guard !Task.isCancelled, let self else { return }
                self.perform(self.rules.readFinished(token: token, time: self.now))
            } catch {
                guard !Task.isCancelled, let self else { return }
                self.readError = error
                self.perform(self.rules.readFailed(token: token, time: self.now))
            }
        }
    }

    /// Wakes at the model's settle time (the loading ring at rest), should the ring's own
    /// `onLaunch` not come first (its view scrolled away).
    private func scheduleSettle() {
        settleTask?.cancel()
        guard let time = rules.settleTime else { return }
        let delay = Swift.max(time - now, 0)
        settleTask = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            guard !Task.isCancelled else { return }
            self?.settle()
        }
    }

    private func updatePrefetching() {
        guard let prefetcher else { return }
        let tray = rules.tray
        let users = layout.usersNearViewport(of: tray, margin: Swift.max(tray.viewportWidth / 2, 100))
        let requests = users.compactMap { rules.request(for: $0) }
        guard requests != prefetchRequests else { return }
        prefetchRequests = requests
        prefetcher.want(requests)
    }
}
#endif
