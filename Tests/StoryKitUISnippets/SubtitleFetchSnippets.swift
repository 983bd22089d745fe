// The UIKit viewer fetching the feed's WebVTT subtitles itself, compiled for iOS: the app only
// hears about tracks that could not be had (README text of the WebVTT change).

#if canImport(UIKit) && canImport(AVFoundation)
import StoryKitUI
import UIKit

// MARK: - README: subtitles fetched by the viewer

/// Keeps, per item id, why its subtitles are missing (for a log or a bug report).
@MainActor final class SubtitleFailureLog: StoriesViewControllerDelegate {
    private(set) var missing: [String: String] = [:]

    // README begins (subtitles)
    func storiesViewController(_ controller: StoriesViewController, subtitlesDidFailForItemWithID itemID: String,
                               url: String, reason: String) {
        missing[itemID] = "\(url): \(reason)"     // "https://cdn.example.com/stories/ava-1.vtt: HTTP 404"
    }
    // README ends
}

/// Opens the viewer on a remote feed: each item's `subtitles` path is fetched relative to the
/// same base URL as its media, when the item is shown or next.
@MainActor func presentStoriesWithSubtitles(feed: StoryFeed, from host: UIViewController, log: SubtitleFailureLog) {
    let stories = StoriesViewController(feed: feed, delegate: log,
                                        mediaBaseURL: URL(string: "https://cdn.example.com/stories/"))
    host.present(stories, animated: true)
}
#endif
