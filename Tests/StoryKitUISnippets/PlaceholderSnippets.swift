// MARK: - DocC: Placeholders while an item loads (StoriesViewerFrontEnds.md, "Placeholders")

#if canImport(SwiftUI) && canImport(UIKit)
import StoryKitUI
import UIKit

/// A viewer opened on items whose placeholders the app's server sends beside their URLs.
final class PlaceholderStoriesController: UIViewController, StoriesViewControllerDelegate {
    func openStories() throws {
        // README begins (placeholder)
        var item = StoryItem(id: "ava-1", kind: .image, url: "https://cdn.example.com/ava/1.jpg")
        item.placeholder = .blurHash(try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"))   // throws on a malformed hash
        let feed = StoryFeed(users: [StoryUser(id: "ava", name: "Ava", items: [item])])
        present(StoriesViewController(feed: feed, delegate: self), animated: true)
        // README ends
    }
}
#endif
