// The README's and the StoryKitUI DocC article's UIKit and SwiftUI snippets, verbatim inside the
// declarations they need, so that they are compiled for iOS with the rest of the front-ends:
// `../shared/ios-sdk/build.sh --target StoryKitUISnippets`. Change a snippet there, change it here.
#if canImport(SwiftUI) && canImport(UIKit)
import StoryKitUI
import StoryMedia
import SwiftUI
import UIKit

/// A user with stories, as the snippets assume.
struct User: Identifiable {
    let id: String
    let name: String
}

/// A page of the snippets' stories viewer.
struct UserStories: View {
    let user: User
    var paused = false
    var body: some View { Text(user.name) }
}

/// A UIKit page view of the snippets.
final class UserStoriesView: UIView {
    var user: User?
}

// MARK: - README: The Stories cube in your app (StoryKitUI)

final class ReadmeUIKitSnippet: UIViewController, CubePagerViewDataSource, CubePagerViewDelegate {
    let users: [User] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        // README begins
        let pager = CubePagerView()
        pager.backgroundColor = .black
        pager.dataSource = self   // numberOfPages(in:), cubePagerView(_:viewForPageAt:reusing:)
        pager.delegate = self     // willChangePageFrom:to:, didChangePageTo:, cubePagerViewDidPanPastEnd(_:)
        view.addSubview(pager)
        pager.setCurrentPage(2, animated: false)
        // README ends
    }

    func numberOfPages(in pagerView: CubePagerView) -> Int { users.count }

    func cubePagerView(_ pagerView: CubePagerView, viewForPageAt index: Int, reusing view: UIView?) -> UIView {
        view ?? UIView()
    }
}

struct ReadmeSwiftUISnippet: View {
    let users: [User]
    @Environment(\.dismiss) private var dismiss
    // README begins
    @State private var selection = "ava"      // the id of the user in front
    @State private var turning = false

    var body: some View {
        CubePages(users, selection: $selection) { user in
            UserStories(user: user, paused: turning)
        }
        .background(.black)
        .onCubePageEvent { event in                 // will / did / cancel, as the UIKit delegate has them
            if case .willChangePage = event { turning = true } else { turning = false }
        }
        .onPanPastEnd { dismiss() }                 // the modifiers go in any order
    }
    // README ends
}

// MARK: - DocC: The Stories cube in UIKit and SwiftUI

final class UserPagesViewController: UIViewController, CubePagerViewDataSource, CubePagerViewDelegate {
    let users: [User]
    private let pager = CubePagerView()

    init(users: [User]) {
        self.users = users
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError() }

    override func viewDidLoad() {
        super.viewDidLoad()
        pager.backgroundColor = .black            // seen around the cube while it turns
        pager.frame = view.bounds
        pager.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        pager.dataSource = self
        pager.delegate = self
        view.addSubview(pager)
    }

    func numberOfPages(in pagerView: CubePagerView) -> Int { users.count }

    func cubePagerView(_ pagerView: CubePagerView, viewForPageAt index: Int, reusing view: UIView?) -> UIView {
        let page = view as? UserStoriesView ?? UserStoriesView()
        page.user = users[index]
        return page
    }

    func cubePagerView(_ pagerView: CubePagerView, didChangePageTo index: Int) {
        // start the new user's first story
    }

    func cubePagerViewDidPanPastEnd(_ pagerView: CubePagerView) {
        dismiss(animated: true)
    }
}

struct UserPagesView: View {
    let users: [User]                     // Identifiable
    @State private var selection: User.ID
    @State private var progress = 0.0
    @Environment(\.dismiss) private var dismiss

    init(users: [User], first: User.ID) {
        self.users = users
        _selection = State(initialValue: first)
    }

    var body: some View {
        CubePages(users, selection: $selection) { user in
            UserStories(user: user)
        }
        .onCubeTurn { position in progress = position }
        .onPanPastEnd { dismiss() }
        .background(.black)
        .ignoresSafeArea()
    }
}

struct UserPagesByIndexView: View {
    let users: [User]
    @State private var page = 0
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        CubePages(users, currentPage: $page) { user in
            UserStories(user: user)
        }
        .onPanPastEnd { dismiss() }
        .background(.black)
        .ignoresSafeArea()
    }
}

// MARK: - One import: SwiftUI's names stay SwiftUI's beside StoryKit's

/// Uses SwiftUI's `Color`, `Path`, `Gradient` and `Spring` unqualified next to the pager's
/// configuration and StoryKit's own values, with `import StoryKitUI` alone (no `import StoryKit`):
/// if StoryKit exported a type with one of those names again, this would not compile for iOS.
@available(iOS 17.0, *)
struct OneImportSnippet: View {
    let users: [User]
    @State private var page = 0

    // In type position, where a second type of the same name would be "ambiguous for type lookup".
    let background: Color = .black
    let spring: Spring = Spring(response: 0.35, dampingRatio: 1)
    let ring: Gradient = Gradient(colors: [.orange, .pink])
    let avatar: Path = Path(ellipseIn: CGRect(x: 0, y: 0, width: 64, height: 64))
    let insets: EdgeInsets = EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)

    var body: some View {
        let cube = CubePager.Configuration(spring: SpringParameters(response: spring.response, dampingRatio: 1))
        let tint: RGBAColor = .white                                  // StoryKit's colour, for scenes
        ZStack {
            background
            avatar.stroke(ring, lineWidth: 3)
            CubePages(users, currentPage: $page, configuration: cube) { user in
                UserStories(user: user)
            }
            .opacity(tint.alpha)
            .padding(insets)
        }
        .animation(.spring(spring), value: page)
    }
}

/// SwiftUI's `Scene` beside StoryKit's `LayerScene`: an app's scene with the viewer in it.
struct OneImportScene: Scene {
    var body: some Scene {
        WindowGroup { UserPagesByIndexView(users: []) }
    }
}
#endif

// MARK: - README and DocC: The Stories viewer in UIKit and SwiftUI

#if canImport(SwiftUI) && canImport(UIKit)
final class TrayViewController: UIViewController, StoriesViewControllerDelegate {
    let feed: StoryFeed
    let store: SeenStateStore
    var seen: Set<String> = []
    var avatarViews: [StoryUser.ID: UIView] = [:]

    init(feed: StoryFeed, store: SeenStateStore) {
        self.feed = feed
        self.store = store
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError() }

    func openStories(of user: StoryUser) {
        // README begins (UIKit)
        let stories = StoriesViewController(feed: feed, seen: seen, startUser: user.id, delegate: self)
        present(stories, animated: true)      // over full screen: the tray shows through as it closes
        // README ends
    }

    // README begins (delegate)
    func storiesViewController(_ controller: StoriesViewController, didSeeItemWithID itemID: String) {
        seen.insert(itemID)
        Task { try? await store.markSeen([itemID]) }      // atomic; survives a crash
    }

    func storiesViewController(_ controller: StoriesViewController, avatarFrameForUser user: StoryUser,
                               in view: UIView) -> CGRect? {
        guard let avatar = avatarViews[user.id], avatar.window != nil else { return nil }   // scrolled away: fade in place
        return avatar.convert(avatar.bounds, to: view)
    }

    func storiesViewController(_ controller: StoriesViewController, didRequestReplyTo item: StoryItem, of user: StoryUser) {
        controller.isPaused = true                        // until the reply field closes
    }
    // README ends
}

/// A tray whose viewer reads media through the app's cache (a `MediaByteSource`: the media
/// pipeline, or your own).
final class CachedTrayViewController: UIViewController, StoriesViewControllerDelegate {
    let feed: StoryFeed
    let pipeline: any MediaByteSource

    init(feed: StoryFeed, pipeline: any MediaByteSource) {
        self.feed = feed
        self.pipeline = pipeline
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError() }

    func openStories(of user: StoryUser) {
        // README begins (cache)
        let media = StoriesMediaConfiguration(byteSource: pipeline,            // videos and images through your cache
                                              preferredForwardBufferDuration: 4)  // seconds buffered ahead
        let stories = StoriesViewController(feed: feed, startUser: user.id, delegate: self, media: media)
        present(stories, animated: true)
        // README ends
    }
}

struct TrayView: View {
    let feed: StoryFeed
    let store: SeenStateStore
    // README begins (SwiftUI)
    @State private var seen: Set<String> = []
    @State private var openUser: StoryUser?
    @State private var openFrame: CGRect?
    @State private var tray = StoryTrayLink()             // the swipe-down lands in the avatar

    var body: some View {
        StoryTrayRow(feed: feed, seen: seen, link: tray) { user, avatar in   // the ring is at rest
            openFrame = avatar
            var transaction = Transaction()
            transaction.disablesAnimations = true                  // no slide: it grows out of the avatar
            withTransaction(transaction) { openUser = user }
        }
        .task { seen = (try? await store.load()) ?? [] }
        .fullScreenCover(item: $openUser) { user in
            StoriesView(feed: feed, seen: seen, startUser: user.id, avatarFrame: tray.avatarFrame(for:)) { event in
                switch event {
                case .itemSeen(let id):
                    seen.insert(id)
                    Task { try? await store.markSeen([id]) }
                case .closed(let reason):
                    var transaction = Transaction()
                    transaction.disablesAnimations = reason == .dismissed   // it already flew into the avatar
                    withTransaction(transaction) { openUser = nil }
                default:
                    break
                }
            }
            .storyOpening(from: openFrame)
        }
    }
    // README ends
}
#endif

// MARK: - README and DocC: The story ring in UIKit and SwiftUI

#if canImport(SwiftUI) && canImport(UIKit)
/// A tray cell's avatar in UIKit: tap to load the user's first item, open the viewer at the launch.
final class RingAvatarViewController: UIViewController {
    let user: StoryUser
    let seen: Bool
    let avatar: UIImage?
    let ring: StoryRingView = StoryRingView(frame: CGRect(x: 16, y: 8, width: 66, height: 66))

    init(user: StoryUser, seen: Bool, avatar: UIImage?) {
        self.user = user
        self.seen = seen
        self.avatar = avatar
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError() }

    /// The app's prefetch: the first item displayable (the media pipeline's plan, say).
    func prepareFirstItem(of user: StoryUser) async {}

    func openStories(of user: StoryUser) {}

    override func viewDidLoad() {
        super.viewDidLoad()
        // README begins (ring, UIKit)
        ring.image = avatar
        ring.userName = user.name                            // VoiceOver: "Ava, new story"
        ring.status = seen ? .seen : .unseen
        ring.onLaunch = { [weak self] in                     // the ring is at rest: open the viewer
            guard let self else { return }
            self.openStories(of: self.user)
        }
        ring.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(avatarTapped)))
        view.addSubview(ring)
        // README ends
    }

    // README begins (ring, tap)
    @objc func avatarTapped() {
        ring.startLoading()                                  // the avatar shrinks, the segments turn
        Task {
            await prepareFirstItem(of: user)                 // however long it takes
            ring.finishLoading()                             // rest, then onLaunch
        }
    }
    // README ends
}

/// A tray avatar in SwiftUI.
@MainActor
struct RingAvatarView: View {
    let user: StoryUser
    let seen: Bool
    @Binding var openUser: StoryUser?

    /// The app's prefetch: the first item displayable.
    func prepareFirstItem(of user: StoryUser) async {}

    // README begins (ring, SwiftUI)
    @State private var loading: StoryRingLoadingState = .idle

    var body: some View {
        StoryRingAvatar(image: Image(user.id), status: seen ? .seen : .unseen, userName: user.name,
                        loading: $loading) {
            openUser = user                                  // the ring is at rest: open the viewer
        }
        .onTapGesture {
            loading = .loading                               // the avatar shrinks, the segments turn
            Task {
                await prepareFirstItem(of: user)             // however long it takes
                loading = .ready                             // rest, then the closure above
            }
        }
    }
    // README ends

    /// The view's type in a type position, beside SwiftUI's names: a collision would not compile.
    var preview: StoryRingAvatar {
        StoryRingAvatar(image: nil, status: .unseen, loading: .constant(.idle), avatarDiameter: 40,
                        configuration: StoryRing.Configuration(reduceMotion: true)) {}
    }
}
#endif

// MARK: - README and DocC: The tray row in UIKit

#if canImport(SwiftUI) && canImport(UIKit)
/// The screen above a feed, with the row of avatars and the viewer it opens.
final class FeedViewController: UIViewController, StoriesViewControllerDelegate {
    let feed: StoryFeed
    let pipeline: any MediaByteSource
    let store: SeenStateStore
    var seen: Set<String> = []

    init(feed: StoryFeed, pipeline: any MediaByteSource, store: SeenStateStore) {
        self.feed = feed
        self.pipeline = pipeline
        self.store = store
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError() }

    override func viewDidLoad() {
        super.viewDidLoad()
        // README begins (tray, UIKit)
        let tray = StoryTrayView(feed: feed, seen: seen, media: StoriesMediaConfiguration(byteSource: pipeline))
        tray.onOpen = { [weak self, weak tray] user, _ in         // read, and the ring at rest
            guard let self, let tray else { return }
            tray.presentStories(of: user, from: self, delegate: self)   // grows out of the avatar
        }
        tray.onLoadFailure = { user, error in print("\(user.name): \(error)") }
        tray.frame = CGRect(x: 0, y: 100, width: view.bounds.width, height: tray.intrinsicContentSize.height)
        view.addSubview(tray)
        // README ends
    }

    func storiesViewController(_ controller: StoriesViewController, didSeeItemWithID itemID: String) {
        seen.insert(itemID)                               // the row marks it seen itself
        Task { try? await store.markSeen([itemID]) }
    }
}
#endif

// MARK: - README and DocC: The zoom in UIKit and SwiftUI

#if canImport(SwiftUI) && canImport(UIKit)
/// A photo of the snippets' grid.
struct Photo: Identifiable {
    let id: String
    let image: UIImage
}

/// The detail of a photo: an image view in a zoomable scroll view.
final class PhotoViewController: UIViewController {
    let photo: Photo
    let scrollView = UIScrollView()
    let imageView = UIImageView()

    init(photo: Photo) {
        self.photo = photo
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError() }
}

/// The grid of photos, pushing the detail with the zoom.
final class PhotoGridViewController: UICollectionViewController {
    var photos: [Photo] = []
    let zoom = ZoomTransitionController()

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        let photo = photos[indexPath.item]
        // README begins (zoom, UIKit)
        let detail = PhotoViewController(photo: photo)
        zoom.sourceView = { [weak self] in                  // asked at the open and again at the close
            guard let self, let index = self.photos.firstIndex(where: { $0.id == photo.id }) else { return nil }
            return self.collectionView.cellForItem(at: IndexPath(item: index, section: 0))   // nil: fade in place
        }
        zoom.image = { photo.image }
        zoom.destinationImageView = { ($0 as? PhotoViewController)?.imageView }   // where it lands
        zoom.scrollViewProvider = { ($0 as? PhotoViewController)?.scrollView }   // the pan waits for its edge
        navigationController?.delegate = zoom
        zoom.installDismissGesture(on: detail)                      // the interactive pop
        navigationController?.pushViewController(detail, animated: true)
        // README ends
    }
}

/// The SwiftUI grid and its detail.
struct PhotoGrid: View {
    let photos: [Photo]

    // README begins (zoom, SwiftUI)
    @StateObject private var zoom = ZoomNamespace()
    @State private var selected: Photo?

    var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
                ForEach(photos) { photo in
                    Image(uiImage: photo.image).resizable().scaledToFill()
                        .frame(height: 120).clipped()
                        .zoomSource(id: photo.id, in: zoom)
                        .onTapGesture {
                            var transaction = Transaction()
                            transaction.disablesAnimations = true     // the zoom replaces the slide
                            withTransaction(transaction) { selected = photo }
                        }
                }
            }
        }
        .fullScreenCover(item: $selected) { photo in
            PhotoDetail(photo: photo)                           // drag right to close
                .zoomTransition(sourceID: photo.id, in: zoom, imageSize: photo.image.size)
        }
    }
    // README ends
}

/// The SwiftUI detail, closing with the zoom.
struct PhotoDetail: View {
    let photo: Photo
    // README begins (zoom, close)
    @Environment(\.zoomClose) private var close

    var body: some View {
        Image(uiImage: photo.image).resizable().scaledToFit()
            .overlay(alignment: .topLeading) {
                Button("Close") { close() }                         // back into the cell
            }
    }
    // README ends
}
#endif
