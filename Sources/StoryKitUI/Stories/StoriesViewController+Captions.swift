#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

// MARK: - StoriesViewController + Captions

extension StoriesViewController {
    /// Gives the item with id `itemID` its subtitles (a ``StoryKit/SubtitleTrack`` read from the
    /// feed's `subtitles` WebVTT file), or takes them away with `nil`. The page shows them at the
    /// item's playhead while muted (see ``subtitleMode``).
    ///
    /// ```swift
    /// let (data, _) = try await URLSession.shared.data(from: vttURL)
    /// controller.setSubtitles(try SubtitleTrack(webVTT: String(decoding: data, as: UTF8.self)), forItemID: item.id)
    /// ```
    public func setSubtitles(_ track: SubtitleTrack?, forItemID itemID: String) {
        perform { viewer in
            viewer.setSubtitles(track, forItem: itemID)
            return []
        }
    }

    /// Puts Dynamic Type's body scale and the subtitle mode in effect into the model: the text
    /// size as UIKit scales 17 pt body text, `.always` while "Closed Captions + SDH" is on.
    func updateCaptionSettings() {
        let scale = LayoutDirectionRule.captionTextScale(
            scaledBodyPointSize: Double(UIFontMetrics(forTextStyle: .body).scaledValue(for: 17, compatibleWith: traitCollection)))
        let mode = CaptionPresentation.SubtitleMode.effective(configured: subtitleMode,
                                                              closedCaptioningEnabled: UIAccessibility.isClosedCaptioningEnabled)
        guard scale != viewer.captionTextScale || mode != viewer.subtitleMode else { return }
        perform { viewer in
            viewer.captionTextScale = scale
            viewer.subtitleMode = mode
            return []
        }
    }
}
#endif
