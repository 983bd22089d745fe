import MotionCore

// MARK: - StoriesViewer + Captions

extension StoriesViewer {
    /// Gives item `id` its subtitle track (read from the feed's `subtitles` WebVTT file by the
    /// front-end or the CLI), or takes it away with `nil`.
    public mutating func setSubtitles(_ track: SubtitleTrack?, forItem id: String) {
        subtitleTracks[id] = track
    }

    /// The subtitle track item `id` was given, if any.
    public func subtitles(forItem id: String) -> SubtitleTrack? {
        subtitleTracks[id]
    }

    /// What `user`'s page shows over its item: the feed's caption of the item the page shows,
    /// and, on the current page only, the subtitle at the item's playhead (``elapsed``, which
    /// follows a video's playhead) when ``subtitleMode`` and the sound say so
    /// (``CaptionPresentation``).
    public func captions(forUser user: Int) -> CaptionPresentation {
        guard users.indices.contains(user), let index = item(forUser: user), users[user].items.indices.contains(index)
        else { return CaptionPresentation() }
        let item = users[user].items[index]
        let isCurrent = user == userIndex && index == itemIndex
        return CaptionPresentation(caption: item.caption, subtitles: isCurrent ? subtitleTracks[item.id] : nil,
                                   playhead: isCurrent ? elapsed : nil, isMuted: isMuted, mode: subtitleMode)
    }

    /// Where a page's caption and subtitle go, in the page's points, and how large their text is.
    public struct CaptionLayout: Sendable, Hashable {
        /// The caption's box: the page's width less the insets, as many lines as the text is
        /// estimated to take (at most ``maximumCaptionLines``), its bottom ``bottomInset`` above
        /// the page's bottom. Zero without a caption.
        public var caption: Rect
        /// The subtitle's box, centred, above the caption (or where the caption would be).
        /// Zero without a subtitle.
        public var subtitle: Rect
        /// The darkening band under both, from clear at its top to ``scrimAlpha`` black at the
        /// page's bottom. Zero when there is no text.
        public var scrim: Rect
        /// The caption's font size in points (15 pt at the default text size).
        public var captionFontSize: Double
        /// The subtitle's font size in points (17 pt at the default text size).
        public var subtitleFontSize: Double

        /// The most lines a caption takes; a longer one ends in an ellipsis.
        public static let maximumCaptionLines = 3
        /// The most lines a subtitle takes.
        public static let maximumSubtitleLines = 2
        /// Points between the page's bottom and the lowest text (room for a reply field's
        /// swipe-up hint on the page below).
        public static let bottomInset = 28.0
        /// The band's black at the page's bottom.
        public static let scrimAlpha = 0.6
        /// The line height as a multiple of the font size (the text renderer's and UIKit's
        /// system font's, near enough).
        public static let lineHeight = 1.25
        /// An average glyph's advance as a multiple of the font size, for estimating how many
        /// lines a text takes (a UIKit label measures exactly; the compositor's text is close).
        public static let averageAdvance = 0.5

        /// How many lines `text` takes at `fontSize` in boxes `width` points wide, estimated from
        /// its length and its explicit line breaks: at least 1, at most `maximum`.
        public static func estimatedLines(of text: String, fontSize: Double, width: Double, maximum: Int) -> Int {
            guard width > 0, fontSize > 0, fontSize.isFinite, width.isFinite else { return 1 }
            // At most a billion glyphs a line: a huge width must not overflow Int.
            let perLine = Swift.max(1, Int(Swift.min(width / (fontSize * averageAdvance), 1e9)))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                .reduce(0) { $0 + Swift.max(1, ($1.count + perLine - 1) / perLine) }
            return Swift.min(Swift.max(lines, 1), maximum)
        }
    }

    /// The layout of `captions` on a page of ``pageSize``, the text scaled by ``captionTextScale``
    /// (Dynamic Type).
    public func captionLayout(for captions: CaptionPresentation) -> CaptionLayout {
        let width = pageSize.width.isFinite ? Swift.max(pageSize.width, 0) : 0
        let height = pageSize.height.isFinite ? Swift.max(pageSize.height, 0) : 0
        let scale = captionTextScale.isFinite ? Swift.min(Swift.max(captionTextScale, 0.5), 3.5) : 1
        let inset = configuration.segments.inset + 8
        let textWidth = Swift.max(width - 2 * inset, 0)
        var layout = CaptionLayout(caption: .zero, subtitle: .zero, scrim: .zero,
                                   captionFontSize: 15 * scale, subtitleFontSize: 17 * scale)
        var bottom = height - CaptionLayout.bottomInset
        if let caption = captions.caption {
            let lines = CaptionLayout.estimatedLines(of: caption, fontSize: layout.captionFontSize, width: textWidth,
                                                     maximum: CaptionLayout.maximumCaptionLines)
            let boxHeight = Double(lines) * layout.captionFontSize * CaptionLayout.lineHeight
            layout.caption = Rect(x: inset, y: bottom - boxHeight, width: textWidth, height: boxHeight)
            bottom -= boxHeight + 12
        }
        if let subtitle = captions.subtitle {
            let lines = CaptionLayout.estimatedLines(of: subtitle, fontSize: layout.subtitleFontSize, width: textWidth,
                                                     maximum: CaptionLayout.maximumSubtitleLines)
            let boxHeight = Double(lines) * layout.subtitleFontSize * CaptionLayout.lineHeight
            layout.subtitle = Rect(x: inset, y: bottom - boxHeight, width: textWidth, height: boxHeight)
            bottom -= boxHeight
        }
        if !captions.isEmpty {
            let top = Swift.max(bottom - 48, 0)
            layout.scrim = Rect(x: 0, y: top, width: width, height: Swift.max(height - top, 0))
        }
        return layout
    }

    /// `user`'s `"captions"` layer, as large as the page: `"captionScrim"` (the band), then
    /// `"subtitle"` (centred, semibold) and `"caption"` (leading-aligned) in white with a soft
    /// shadow; `nil` when the page shows neither.
    package func captionLayer(forUser user: Int) -> Layer? {
        let captions = captions(forUser: user)
        guard !captions.isEmpty, cube.hasUsableSize else { return nil }
        let layout = captionLayout(for: captions)
        let size = pageSize
        var sublayers = [Layer(name: "captionScrim", bounds: Rect(x: 0, y: 0, width: layout.scrim.width, height: layout.scrim.height),
                               position: Point(x: layout.scrim.midX, y: layout.scrim.midY),
                               gradient: ColorGradient(colors: [RGBAColor(white: 0, alpha: 0),
                                                                RGBAColor(white: 0, alpha: CaptionLayout.scrimAlpha)],
                                                       startPoint: Point(x: 0.5, y: 0), endPoint: Point(x: 0.5, y: 1)))]
        if let subtitle = captions.subtitle {
            sublayers.append(textLayer("subtitle", subtitle, in: layout.subtitle, fontSize: layout.subtitleFontSize,
                                       weight: .semibold, alignment: .center, lines: CaptionLayout.maximumSubtitleLines))
        }
        if let caption = captions.caption {
            sublayers.append(textLayer("caption", caption, in: layout.caption, fontSize: layout.captionFontSize,
                                       weight: .regular, alignment: configuration.layoutDirection == .rightToLeft ? .right : .left,
                                       lines: CaptionLayout.maximumCaptionLines))
        }
        return Layer(name: "captions", bounds: Rect(x: 0, y: 0, width: size.width, height: size.height),
                     position: Point(x: size.width / 2, y: size.height / 2), sublayers: sublayers)
    }

    private func textLayer(_ name: String, _ string: String, in frame: Rect, fontSize: Double, weight: TextContents.Weight,
                           alignment: TextContents.Alignment, lines: Int) -> Layer {
        var layer = Layer(name: name, bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                          position: Point(x: frame.midX, y: frame.midY),
                          text: TextContents(string, fontSize: fontSize, fontWeight: weight, color: .white,
                                             alignment: alignment, numberOfLines: lines))
        layer.shadowColor = .black
        layer.shadowOpacity = 0.5
        layer.shadowRadius = 2
        layer.shadowOffset = Size(width: 0, height: 1)
        return layer
    }
}
