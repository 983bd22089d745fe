// The Stories viewer's sound and analytics snippet, compiled for iOS; the block between
// `// README begins` and `// README ends` here appears verbatim in the DocC article
// `TheStoriesViewer.md` (checked by `SoundSnippetsTests`).

#if canImport(SwiftUI) && canImport(UIKit)
import StoryKitUI
import SwiftUI

// MARK: - DocC: Sound and analytics events

/// Logs an analytics event (the app's own).
@MainActor func track(_ name: String, _ values: [String: String]) {}

struct SoundAndAnalyticsStories: View {
    let feed: StoryFeed
    @Binding var isOpen: Bool

    // README begins (sound)
    @State private var sound = SoundPreference.muted     // kept for the app session

    var body: some View {
        StoriesView(feed: feed) { event in
            switch event {
            case let .muteChanged(isMuted, _, _):
                sound = isMuted ? .muted : .unmuted      // the next viewer starts the same
            case let .itemSkipped(user, item, fraction, seconds):
                track("story_skipped", ["user": user.id, "item": item.id,
                                        "percent": "\(Int(fraction * 100))", "seconds": "\(seconds)"])
            case let .itemCompleted(user, item):
                track("story_completed", ["user": user.id, "item": item.id])
            case let .viewerClosed(reason, user, item):
                track("stories_closed", ["reason": reason.rawValue, "user": user.id, "item": item.id])
            case .closed:
                isOpen = false
            default:
                break
            }
        }
        .soundPreference(sound)
    }
    // README ends
}
#endif
