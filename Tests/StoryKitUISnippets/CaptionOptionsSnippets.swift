// The Stories viewer's captions and haptics options, compiled for iOS; the same lines appear in
// the DocC article `StoriesViewerFrontEnds.md` ("Captions, subtitles and haptics").

#if canImport(SwiftUI) && canImport(UIKit)
import StoryKitUI
import SwiftUI

// MARK: - DocC: Captions, subtitles and haptics

struct CaptionOptionsStories: View {
    let feed: StoryFeed
    @Binding var isOpen: Bool

    var body: some View {
        StoriesView(feed: feed) { event in
            if case .closed = event { isOpen = false }
        }
        .subtitleMode(.always)          // subtitles with sound too
        .playsHaptics(false)
    }
}
#endif
