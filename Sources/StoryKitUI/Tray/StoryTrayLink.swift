#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

/// Connects a ``StoryTrayRow`` to the ``StoriesView`` it opens, so that the viewer's swipe-down
/// lands in the avatar where it is at that moment (the row may have scrolled since the launch).
///
/// Keep one in the host's `@State`, give it to the row (`link:`) and its method to the viewer
/// (`avatarFrame: link.avatarFrame(for:)`).
@MainActor
public final class StoryTrayLink {
    /// The row's view, set when the row is made or updated.
    weak var tray: StoryTrayView?

    /// A link, connected when a row that was given it appears.
    public nonisolated init() {}

    /// User `user`'s avatar in the window's coordinates (`.global`) if at least half of it is on
    /// screen, else nil (the viewer then shrinks and fades where it is).
    public func avatarFrame(for user: StoryUser) -> CGRect? {
        tray?.landingFrame(of: user.id)
    }
}
#endif
