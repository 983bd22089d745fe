// MARK: - DocC: A UIKit tray over a remote feed opening the viewer (RemoteTrayFeed.md)

#if canImport(SwiftUI) && canImport(UIKit)
import StoryKitUI
import StoryMedia
import UIKit

// README begins (remote, feed)
/// Where the app's stories come from: the feed's JSON, and the folder its relative paths are in.
struct StoriesEndpoint {
    var feedURL: URL           // https://api.example.com/stories.json
    var mediaBaseURL: URL      // https://cdn.example.com/stories/ ("ava/1.jpg" is read from there)

    /// The feed, decoded strictly: an unknown key is an error naming its path.
    func loadFeed(session: URLSession = .shared) async throws -> StoryFeed {
        let (data, response) = try await session.data(from: feedURL)
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw URLError(.badServerResponse)
        }
        return try JSONDecoder().decode(StoryFeed.self, from: data)
    }
}
// README ends

/// The home screen of the article: the tray at the top, the viewer it opens, a refresh.
final class HomeViewController: UIViewController, StoriesViewControllerDelegate {
    let endpoint: StoriesEndpoint
    let pipeline: any MediaByteSource
    let store: SeenStateStore
    private var refreshTask: Task<Void, Never>?

    // README begins (remote, tray)
    /// Empty until the feed arrives; the same view takes every feed after it.
    private lazy var tray = StoryTrayView(feed: StoryFeed(users: []),
                                          media: StoriesMediaConfiguration(byteSource: pipeline),
                                          mediaBaseURL: endpoint.mediaBaseURL)
    // README ends

    init(endpoint: StoriesEndpoint, pipeline: any MediaByteSource, store: SeenStateStore) {
        self.endpoint = endpoint
        self.pipeline = pipeline
        self.store = store
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError() }

    // README begins (remote, layout)
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        tray.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(tray)                                   // its height is intrinsic
        NSLayoutConstraint.activate([
            tray.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            tray.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tray.trailingAnchor.constraint(equalTo: view.trailingAnchor),
        ])
        tray.onOpen = { [weak self, weak tray] user, _ in       // the first item is read, the ring at rest
            guard let self, let tray else { return }
            tray.presentStories(of: user, from: self, delegate: self)
        }
        tray.onLoadFailure = { [weak self] user, _ in
            self?.showError("\(user.name)'s story could not be loaded.")
        }
        refresh()
    }
    // README ends

    // README begins (remote, refresh)
    /// Loads the seen state and the feed, then gives the tray the new feed: it keeps its place
    /// and a ring that is loading, and drops a user who is gone (with their loading).
    func refresh() {
        refreshTask?.cancel()
        refreshTask = Task { [weak self] in
            guard let self else { return }
            let seen = (try? await store.load()) ?? []
            do {
                let feed = try await endpoint.loadFeed()
                guard !Task.isCancelled else { return }
                tray.seen = seen
                tray.feed = feed
            } catch {
                if !Task.isCancelled { showError("Stories could not be loaded.") }
            }
        }
    }
    // README ends

    // README begins (remote, seen)
    func storiesViewController(_ controller: StoriesViewController, didSeeItemWithID itemID: String) {
        Task { try? await store.markSeen([itemID]) }            // the tray marks it seen itself
    }
    // README ends

    private func showError(_ message: String) {
        let alert = UIAlertController(title: nil, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
#endif
