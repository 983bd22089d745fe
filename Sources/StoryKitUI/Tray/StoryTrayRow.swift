#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import SwiftUI
import UIKit

/// The row of story avatars above a feed, in SwiftUI: the front-end of ``StoryKit/StoryTray``
/// (named so that it does not shadow the model).
///
/// It is ``StoryTrayView`` in a `UIViewRepresentable`: one row for both front-ends, so each
/// avatar is a ``StoryRingView`` and its name, placed where the model puts it, users with
/// something unseen first. A tap starts the avatar's ring loading and reads the user's first
/// unseen item through the media configuration's `MediaByteSource`; when it is there the ring
/// comes to rest and `onOpen` is called with the user and the avatar's frame in the window's
/// coordinates (`.global`), for ``SwiftUI/View/storyOpening(from:)``:
///
/// ```swift
/// StoryTrayRow(feed: feed, seen: seen, media: media) { user, avatar in
///     openFrame = avatar
///     var transaction = Transaction()
///     transaction.disablesAnimations = true          // the viewer grows out of the avatar instead
///     withTransaction(transaction) { openUser = user }
/// }
/// ```
///
/// Failed reads bring the ring to rest and go to `onLoadFailure`; without a byte source a tap
/// opens at once. A touch that only stops the row's glide opens nothing (``TrayTapRule``). The
/// first items of the avatars in view and half a screen beyond are read ahead, at most three at
/// once. Each avatar reads as a VoiceOver button ("Ava, new story"). Model times are
/// `CACurrentMediaTime()` seconds.
///
/// The row follows its `feed`, `configuration` and `mediaBaseURL`: give it a new feed (it came
/// late, or refreshed) and it keeps its place and any loading ring as ``TrayFeedMerge`` says.
/// Its cells are a collection view's, reused as they scroll; scrolling redraws no SwiftUI view.
/// Under a right-to-left `\.layoutDirection` the row starts at the right and scrolls from the
/// right.
@MainActor
public struct StoryTrayRow: View {
    let input: TrayRowInput
    let seen: Set<String>
    let media: StoriesMediaConfiguration
    let onOpen: @MainActor (StoryUser, CGRect?) -> Void
    let onLoadFailure: (@MainActor (StoryUser, any Error) -> Void)?
    let nameColor: Color
    let link: StoryTrayLink?

    /// A row over `feed`.
    ///
    /// - Parameters:
    ///   - feed: The stories; users without items are left out. A new feed is merged in
    ///     (``TrayFeedMerge``).
    ///   - seen: The ids of items seen: rings of users with nothing left unseen turn grey (the
    ///     order stays while the row is on screen).
    ///   - configuration: The avatars' diameter, spacing, insets, names' size and the rings.
    ///   - media: Where media bytes come from (the `MediaByteSource` the viewer uses too); read
    ///     once, when the row is made.
    ///   - mediaBaseURL: The folder relative media paths are in; the app bundle's resources by
    ///     default.
    ///   - nameColor: The names' colour (the seen ones' at 55 % opacity).
    ///   - onLoadFailure: Called when a tapped user's first item could not be read.
    ///   - link: Connects the row to the viewer it opens, for the swipe-down to land in the
    ///     avatar (``StoryTrayLink``).
    ///   - onOpen: Called when a tapped avatar's story is ready and its ring at rest, with the
    ///     user and the avatar's frame in the window's coordinates (nil if it is out of view).
    public init(feed: StoryFeed, seen: Set<String> = [], configuration: StoryTray.Configuration = StoryTray.Configuration(),
                media: StoriesMediaConfiguration = StoriesMediaConfiguration(), mediaBaseURL: URL? = Bundle.main.resourceURL,
                nameColor: Color = .primary, onLoadFailure: (@MainActor (StoryUser, any Error) -> Void)? = nil,
                link: StoryTrayLink? = nil, onOpen: @escaping @MainActor (_ user: StoryUser, _ avatarFrame: CGRect?) -> Void) {
        self.input = TrayRowInput(feed: feed, configuration: configuration, baseURL: mediaBaseURL)
        self.seen = seen
        self.media = media
        self.onOpen = onOpen
        self.onLoadFailure = onLoadFailure
        self.nameColor = nameColor
        self.link = link
    }

    public var body: some View {
        StoryTrayRowHost(row: self)
            .frame(height: CGFloat(input.rowHeight))
    }
}

/// The ``StoryTrayView`` inside ``StoryTrayRow``: made once with the row's media, then given
/// each new feed, seen state, sizes, name colour and callbacks (the view merges only changes).
private struct StoryTrayRowHost: UIViewRepresentable {
    let row: StoryTrayRow

    func makeUIView(context: Context) -> StoryTrayView {
        StoryTrayView(feed: row.input.feed, seen: row.seen, configuration: row.input.configuration, media: row.media,
                      mediaBaseURL: row.input.baseURL)
    }

    func updateUIView(_ tray: StoryTrayView, context: Context) {
        tray.feed = row.input.feed
        tray.configuration = row.input.configuration
        tray.mediaBaseURL = row.input.baseURL
        tray.seen = row.seen
        tray.preferredLayoutDirection = StoryLayoutDirection(context.environment.layoutDirection)
        if context.coordinator.nameColor != row.nameColor {
            context.coordinator.nameColor = row.nameColor
            tray.nameColor = UIColor(row.nameColor)
        }
        let onOpen = row.onOpen
        tray.onOpen = { [weak tray] user, _ in onOpen(user, tray?.landingFrame(of: user.id)) }
        tray.onLoadFailure = row.onLoadFailure
        row.link?.tray = tray
    }

    func makeCoordinator() -> Coordinator { Coordinator() }

    /// The name colour last given to the view (a `UIColor` made from a `Color` compares unequal).
    final class Coordinator {
        var nameColor: Color?
    }
}
#endif
