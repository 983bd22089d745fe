// MARK: - CaptionPresentation

/// The text a Stories page shows over its item: the feed's caption, and the subtitle of a video
/// at its playhead when subtitles are on.
///
/// Subtitles follow ``SubtitleMode``: `.automatic` (the default) shows them while the viewer is
/// muted, as accessibility guidelines ask of autoplaying video without sound, and hides them
/// when the sound is on; `.always` and `.never` override. A front-end passes `.always` when the
/// system's "Closed Captions + SDH" setting is on (`UIAccessibility.isClosedCaptioningEnabled`).
public struct CaptionPresentation: Sendable, Hashable {
    /// When subtitles are shown.
    public enum SubtitleMode: String, Sendable, Hashable, Codable, CaseIterable {
        /// While muted only.
        case automatic
        /// Whenever the item has them.
        case always
        /// Never.
        case never

        /// The mode in effect: `.always` while the system's "Closed Captions + SDH" setting is on
        /// (`UIAccessibility.isClosedCaptioningEnabled`), else the app's `configured` mode.
        public static func effective(configured: SubtitleMode, closedCaptioningEnabled: Bool) -> SubtitleMode {
            closedCaptioningEnabled ? .always : configured
        }
    }

    /// The item's caption, if it has a non-empty one.
    public var caption: String?
    /// The subtitle on screen now, if any.
    public var subtitle: String?

    /// A presentation of `caption` and `subtitle`.
    public init(caption: String? = nil, subtitle: String? = nil) {
        self.caption = caption
        self.subtitle = subtitle
    }

    /// What a page shows.
    ///
    /// - Parameters:
    ///   - caption: The feed's caption for the item; empty or only white space shows none.
    ///   - subtitles: The item's subtitle track, if it has one.
    ///   - playhead: The video's playhead in seconds (nil before the media reports one: no
    ///     subtitle yet).
    ///   - isMuted: Whether the viewer's sound is off.
    ///   - mode: When subtitles are shown.
    public init(caption: String?, subtitles: SubtitleTrack?, playhead: Double?, isMuted: Bool,
                mode: SubtitleMode = .automatic) {
        let trimmed = caption.map { String($0.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()) }
        self.caption = trimmed?.isEmpty == false ? trimmed : nil
        let shows: Bool
        switch mode {
        case .automatic: shows = isMuted
        case .always: shows = true
        case .never: shows = false
        }
        subtitle = shows ? playhead.flatMap { subtitles?.text(at: $0) } : nil
    }

    /// Whether there is nothing to show.
    ///
    /// (See ``SubtitleMode/effective(configured:closedCaptioningEnabled:)`` for the system setting.)
    public var isEmpty: Bool { caption == nil && subtitle == nil }
}
