#if canImport(SwiftUI) && canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import SwiftUI

// MARK: - StoriesView + Sound

extension StoriesView {
    /// The viewer with stories starting muted (the default) or with sound: give it the
    /// ``StoryKit/SoundPreference`` your app kept from the last viewer (each
    /// ``StoriesEvent/muteChanged(isMuted:user:item:)`` says the latest choice). Read once, when
    /// the viewer is made.
    ///
    /// ```swift
    /// StoriesView(feed: feed) { event in
    ///     if case .muteChanged(let muted, _, _) = event { sound = muted ? .muted : .unmuted }
    /// }
    /// .soundPreference(sound)
    /// ```
    public func soundPreference(_ preference: SoundPreference) -> StoriesView {
        var view = self
        view.soundPreference = preference
        return view
    }
}
#endif
