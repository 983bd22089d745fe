#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

// MARK: - StoriesViewController + Captions

extension StoriesViewController {
    /// Gives the item with id `itemID` its subtitles (a ``StoryKit/SubtitleTrack``), or takes
    /// them away with `nil`, in place of the feed's track. The page shows them at the item's
    /// playhead while muted (see ``subtitleMode``).
    ///
    /// You rarely need it: the controller fetches each item's `subtitles` WebVTT file itself
    /// when the item is shown or next (relative to `mediaBaseURL`, through the media
    /// configuration's byte source when it has one), and a file that fails leaves the item
    /// without subtitles and tells the delegate why
    /// (``StoriesViewControllerDelegate/storiesViewController(_:subtitlesDidFailForItemWithID:url:reason:)``).
    /// A track set here wins over the fetched one, before or after it arrives.
    ///
    /// ```swift
    /// let (data, _) = try await URLSession.shared.data(from: vttURL)
    /// controller.setSubtitles(try SubtitleTrack(webVTT: String(decoding: data, as: UTF8.self)), forItemID: item.id)
    /// ```
    public func setSubtitles(_ track: SubtitleTrack?, forItemID itemID: String) {
        subtitleFetcher.override(itemID)
        perform { viewer in
            viewer.setSubtitles(track, forItem: itemID)
            return []
        }
    }

    /// Fetched tracks go to the model; the items whose track failed for good have none, and the
    /// delegate hears why.
    func subtitlesFetched(_ outcomes: [SubtitleLoads.Outcome]) {
        perform { viewer in
            for case let .loaded(id, track) in outcomes { viewer.setSubtitles(track, forItem: id) }
            return []
        }
        for case let .failed(id, url, reason) in outcomes {
            delegate?.storiesViewController(self, subtitlesDidFailForItemWithID: id, url: url, reason: reason)
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
