#if canImport(SwiftUI) && canImport(UIKit)
import Combine
import Foundation
import QuartzCore
import StoryKit
import UIKit

// MARK: - StoryTrayRowModel

/// The state behind ``StoryTrayRow``: its ``TrayRowSession`` (the loading, the reads, the
/// prefetching, shared with ``StoryTrayView``), each ring's request and the avatars' pictures.
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
    /// Where the scroll view is to be put after a new feed
    /// (``TrayRowSession/scrollAnchor(after:)``).
    @Published private(set) var scrollTarget: TrayRowDisplay.ScrollAnchor?
    /// The loading, reads and prefetching; not published (the offset changes every frame).
    let session: TrayRowSession
    /// The row's frame in the window's coordinates (SwiftUI's `.global`).
    var globalFrame: CGRect = .zero
    /// A view inside the row, for its window's bounds (split view, Stage Manager).
    weak var windowProbe: UIView?
    var onOpen: (@MainActor (StoryUser, CGRect?) -> Void)?
    var onLoadFailure: (@MainActor (StoryUser, any Error) -> Void)?

    private let images: StoryImageLoader
    /// Which pictures were asked for, and which to keep (``TrayPictureRequests``).
    private var pictureRequests = TrayPictureRequests()

    init(input: TrayRowInput, seen: Set<String>, media: StoriesMediaConfiguration) {
        session = TrayRowSession(input, seen: seen, source: media.byteSource) { CACurrentMediaTime() }
        display = TrayRowDisplay(tray: session.rules.tray)
        images = StoryImageLoader(session: .shared, source: media.byteSource)
        session.onEffect = { [weak self] effect in self?.apply(effect) }
    }

    /// A new feed, sizes or media folder (``TrayFeedMerge``): the row keeps its place and the
    /// ring of a user still in it; a gone user's loading stops.
    func replace(_ input: TrayRowInput) {
        session.replace(input) { merge in
            loading = session.keepingUsers(loading)
            avatars = pictureRequests.keep(avatars, of: session.rules.tray.users)
            publish()
            if let target = session.scrollAnchor(after: merge) { scrollTarget = target }
        }
    }

    /// Takes the items seen: the rings' colours.
    func updateSeen(_ seen: Set<String>) {
        if session.updateSeen(seen) { publish() }
    }

    /// User `id`'s avatar picture in the window's coordinates, if at least half of it shows in
    /// the row and in the row's window (its scene's bounds, not the screen's).
    func landingFrame(of id: StoryUser.ID) -> CGRect? {
        guard let window = windowProbe?.window else { return nil }
        return session.landingFrame(of: id, in: Rect(window.bounds), rowOrigin: Point(globalFrame.origin)).map(CGRect.init)
    }

    /// Loads `user`'s picture into ``avatars`` for an avatar of `diameter` points at `scale`, once.
    func loadAvatar(of user: StoryUser, diameter: Double, scale: Double) {
        guard let request = pictureRequests.request(user, loaded: avatars, baseURL: session.rules.baseURL) else { return }
        let size = Size(width: diameter, height: diameter)
        if let cached = images.avatar(at: request.location, points: size, scale: scale,
                                      completion: { [weak self] image in self?.avatars[request.key] = image }) {
            avatars[request.key] = cached
        }
    }

    /// Publishes ``display`` if what is drawn changed.
    private func publish() {
        let display = TrayRowDisplay(tray: session.rules.tray)
        if display != self.display { self.display = display }
    }

    /// Carries out what the session asks: a ring's request, or the host's callbacks.
    private func apply(_ effect: TrayRowSession.Effect) {
        switch effect {
        case .ring(_, let id, let state): loading[id] = state
        case .failed(let user, let error): onLoadFailure?(user, error)
        case .open(let user, _): onOpen?(user, landingFrame(of: user.id))
        }
    }
}
#endif
