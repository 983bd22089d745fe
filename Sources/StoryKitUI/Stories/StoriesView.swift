#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import SwiftUI
import UIKit

/// The Stories viewer in SwiftUI: a ``StoriesViewController`` with its gestures, media,
/// VoiceOver and Reduce Motion, reporting through `onEvent`.
///
/// Present it full screen and close it when it says so; persist the items it reports seen:
///
/// ```swift
/// .fullScreenCover(item: $openUser) { user in
///     StoriesView(feed: feed, seen: seen, startUser: user.id) { event in
///         switch event {
///         case .itemSeen(let id): seen.insert(id)          // and SeenStateStore.markSeen([id])
///         case .closed: openUser = nil
///         default: break
///         }
///     }
/// }
/// ```
///
/// It hides the status bar, and from iOS 16 the home indicator (`persistentSystemOverlays`).
/// SwiftUI cannot say which orientations a presented view supports: on iPhone the viewer is
/// portrait, so an app that rotates returns ``StoriesOrientationRule/orientations(idiom:allowed:)``
/// from `application(_:supportedInterfaceOrientationsFor:)` while it shows (on iPad it follows
/// the app).
///
/// It fills the screen, safe areas included (the pages stay inside them), and from iOS 16.4 makes
/// the presentation's background clear, so the screen behind shows as the page is swiped down
/// into its avatar (earlier, the cover's own background shows there). SwiftUI owns the
/// presentation, so the controller does not dismiss itself: set your presentation state to
/// false or nil on ``StoriesEvent/closed(_:)``. `accessibilityReduceMotion` from the environment
/// replaces the system's Reduce Motion setting (previews can set it).
public struct StoriesView: View {
    let feed: StoryFeed
    let seen: Set<String>
    let startUser: StoryUser.ID?
    let configuration: StoriesViewer.Configuration
    let media: StoriesMediaConfiguration
    let avatarFrame: (@MainActor (StoryUser) -> CGRect?)?
    let onEvent: @MainActor (StoriesEvent) -> Void
    /// Whether the stories start with sound (``soundPreference(_:)``, StoriesView+Sound.swift).
    var soundPreference = SoundPreference.muted
    /// When subtitles show (``subtitleMode(_:)``, StoriesView+Options.swift).
    var subtitleMode = CaptionPresentation.SubtitleMode.automatic
    /// Whether the turns between users are felt (``playsHaptics(_:)``, StoriesView+Options.swift).
    var playsHaptics = true
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    /// A viewer of `feed`.
    ///
    /// - Parameters:
    ///   - feed: The stories; users without items are left out.
    ///   - seen: The ids already seen: each user starts at their first unseen item. Read once,
    ///     when the viewer is made.
    ///   - startUser: The id of the user to open at; the first user with items when nil or unknown.
    ///   - configuration: The viewer's constants.
    ///   - media: Where media bytes come from (a `MediaByteSource`, or their URLs), how many
    ///     players are kept and how far they buffer. Read once, when the viewer is made.
    ///   - avatarFrame: The tray avatar of a user in the window's coordinates (SwiftUI's
    ///     `.global` space), for the swipe-down to land in; asked when the dismiss begins and on
    ///     every frame while it runs. Nil (the default) shrinks and fades the page in place.
    ///   - onEvent: Called on the main actor with every ``StoriesEvent``, in order. Required: the
    ///     host ends the presentation on ``StoriesEvent/closed(_:)``.
    public init(feed: StoryFeed, seen: Set<String> = [], startUser: StoryUser.ID? = nil,
                configuration: StoriesViewer.Configuration = StoriesViewer.Configuration(),
                media: StoriesMediaConfiguration = StoriesMediaConfiguration(),
                avatarFrame: (@MainActor (StoryUser) -> CGRect?)? = nil,
                onEvent: @escaping @MainActor (StoriesEvent) -> Void) {
        self.feed = feed
        self.seen = seen
        self.startUser = startUser
        self.configuration = configuration
        self.media = media
        self.avatarFrame = avatarFrame
        self.onEvent = onEvent
    }

    public var body: some View {
        // The hosting controller, not the wrapped one, decides the status bar and home indicator.
        let viewer = StoriesViewRepresentable(view: self, reduceMotion: reduceMotion).ignoresSafeArea().statusBarHidden()
        if #available(iOS 16.4, *) {
            // The screen behind shows through the backdrop as the page is swiped into its avatar.
            viewer.persistentSystemOverlays(.hidden).presentationBackground(.clear)
        } else if #available(iOS 16, *) {
            viewer.persistentSystemOverlays(.hidden)
        } else {
            viewer
        }
    }
}

/// The `UIViewControllerRepresentable` behind ``StoriesView``.
struct StoriesViewRepresentable: UIViewControllerRepresentable {
    let view: StoriesView
    let reduceMotion: Bool

    func makeCoordinator() -> Coordinator { Coordinator(view: view) }

    func makeUIViewController(context: Context) -> StoriesViewController {
        let controller = StoriesViewController(feed: view.feed, seen: view.seen, startUser: view.startUser,
                                               configuration: view.configuration, delegate: context.coordinator,
                                               media: view.media)
        controller.dismissesOnClose = false
        controller.prefersReducedMotion = reduceMotion
        controller.preferredLayoutDirection = StoryLayoutDirection(context.environment.layoutDirection)
        controller.soundPreference = view.soundPreference
        apply(view, to: controller)
        return controller
    }

    func updateUIViewController(_ controller: StoriesViewController, context: Context) {
        context.coordinator.view = view
        if controller.configuration != view.configuration { controller.configuration = view.configuration }
        if controller.prefersReducedMotion != reduceMotion { controller.prefersReducedMotion = reduceMotion }
        apply(view, to: controller)
        let direction = StoryLayoutDirection(context.environment.layoutDirection)
        if controller.preferredLayoutDirection != direction { controller.preferredLayoutDirection = direction }
    }

    /// The view's options that may change while it shows (each setter does nothing when unchanged).
    @MainActor private func apply(_ view: StoriesView, to controller: StoriesViewController) {
        controller.subtitleMode = view.subtitleMode
        controller.playsHaptics = view.playsHaptics
    }

    /// The controller's delegate: events to `onEvent`, avatar frames from window coordinates.
    @MainActor
    final class Coordinator: StoriesViewControllerDelegate {
        var view: StoriesView

        init(view: StoriesView) { self.view = view }

        func storiesViewController(_ controller: StoriesViewController, didReceive event: StoriesEvent) {
            view.onEvent(event)
        }

        func storiesViewController(_ controller: StoriesViewController, avatarFrameForUser user: StoryUser,
                                   in view: UIView) -> CGRect? {
            guard let frame = self.view.avatarFrame?(user) else { return nil }
            return view.convert(frame, from: nil)     // from the window's coordinates
        }
    }
}
#endif
