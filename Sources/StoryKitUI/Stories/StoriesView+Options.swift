#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import SwiftUI

// MARK: - StoriesView + Options

extension StoriesView {
    /// The viewer with subtitles shown while muted (`.automatic`, the default), `.always` or
    /// `.never` (``StoriesViewController/subtitleMode``); the system's "Closed Captions + SDH"
    /// setting makes them always show whatever this says. Follows changes while the viewer shows.
    public func subtitleMode(_ mode: CaptionPresentation.SubtitleMode) -> StoriesView {
        var view = self
        view.subtitleMode = mode
        return view
    }

    /// The viewer with the turns between users felt (`true`, the default) or not
    /// (``StoriesViewController/playsHaptics``): a tap at the release that turns the cube, and
    /// at the rubber band's close threshold. The system's haptics setting applies as well.
    /// Follows changes while the viewer shows.
    public func playsHaptics(_ enabled: Bool) -> StoriesView {
        var view = self
        view.playsHaptics = enabled
        return view
    }
}
#endif
