import MotionCore

// MARK: - StoriesViewer.Chrome

extension StoriesViewer {
    /// The page's chrome (the progress bars and the header) as a model of its own: its fade,
    /// out while a finger holds the page and back in after, and where its parts sit.
    ///
    /// The viewer holds one and forwards to it: a hold fades the chrome out, the end of a hold or
    /// a drag fades it back in, and every frame asks its opacity. The places (``layout(pageSize:style:)``
    /// and ``segment(_:of:current:currentFill:pageWidth:style:)``) depend on the page and the
    /// bar style only. Times and durations in seconds, places in the page's points.
    ///
    /// ```swift
    /// var chrome = StoriesViewer.Chrome()
    /// chrome.fade(to: 0, at: 1, duration: 0.2)    // a hold
    /// chrome.opacity(at: 1.1, duration: 0.2)      // 0.5
    /// ```
    struct Chrome: Sendable, Hashable {
        /// The opacity the latest fade started from, 0…1.
        private(set) var from = 1.0
        /// The opacity the chrome fades to, or rests at, 0…1.
        private(set) var target = 1.0
        /// When the latest fade started, in seconds (−∞: at rest from the start).
        private(set) var start = -Double.infinity

        /// The chrome's opacity at `time`, 0…1: linear from ``from`` to ``target`` over a fade of
        /// `duration` seconds (at once when the duration is not positive).
        func opacity(at time: Double, duration: Double) -> Double {
            guard duration > 0 else { return target }
            let f = Swift.min(Swift.max((time - start) / duration, 0), 1)
            return from + (target - from) * f
        }

        /// Whether a fade of `duration` seconds is still under way at `time`.
        func isFading(at time: Double, duration: Double) -> Bool {
            opacity(at: time, duration: duration) != target
        }

        /// Fades to `target` (0…1) from the opacity at `time`, over `duration` seconds; a fade to
        /// where it already goes changes nothing (it does not restart).
        mutating func fade(to target: Double, at time: Double, duration: Double) {
            guard target != self.target else { return }
            from = opacity(at: time, duration: duration)
            self.target = target
            start = time
        }

        /// Where each page's scrim, avatar, name and age go on a page of `pageSize` points with
        /// bars of `style`: a 140-pt scrim across the top (at most the page), a 32-pt avatar 8 pt
        /// under the bars at the left inset, and the title from 8 pt right of the avatar to the
        /// right inset; all mirrored about the page's centre under right to left (avatar at the
        /// right, text right-aligned). A non-finite or negative side counts as 0.
        static func layout(pageSize: Size, style: SegmentStyle, direction: StoryLayoutDirection = .leftToRight) -> ChromeLayout {
            let width = pageSize.width.isFinite ? Swift.max(pageSize.width, 0) : 0
            let height = pageSize.height.isFinite ? Swift.max(pageSize.height, 0) : 0
            let side = 32.0
            let avatar = Rect(x: style.inset, y: style.inset + style.height + 8, width: side, height: side)
            let titleX = avatar.maxX + 8
            let title = Rect(x: titleX, y: avatar.minY, width: Swift.max(width - style.inset - titleX, 0), height: side)
            return ChromeLayout(
                scrim: Rect(x: 0, y: 0, width: width, height: Swift.min(height, 140)),
                scrimGradient: ColorGradient(colors: [RGBAColor(white: 0, alpha: 0.45), RGBAColor(white: 0, alpha: 0)],
                                             startPoint: Point(x: 0.5, y: 0), endPoint: Point(x: 0.5, y: 1)),
                avatar: direction.rect(avatar, inWidth: width),
                title: direction.rect(title, inWidth: width), titleAlignment: direction.leadingAlignment)
        }

        /// Segment `index` of a bar of `count` items on a page `pageWidth` points wide: equal
        /// segments with `style`'s gaps between the insets (the gaps shrink to share the width
        /// when they would take half of it), filled 1 before `current`, `currentFill` at it and 0
        /// after it. Under right to left the bar is mirrored: segment 0 at the right, each
        /// filling from its right edge.
        ///
        /// - Returns: The segment, or `nil` for an index outside `0..<count`.
        static func segment(_ index: Int, of count: Int, current: Int, currentFill: Double, pageWidth: Double,
                            style: SegmentStyle, direction: StoryLayoutDirection = .leftToRight) -> Segment? {
            guard (0..<count).contains(index) else { return nil }
            let available = Swift.max(pageWidth - 2 * style.inset, 0)
            var gap = style.gap
            if gap * Double(count - 1) >= available * 0.5 { gap = available * 0.5 / Double(Swift.max(count, 1)) }
            let width = Swift.max((available - gap * Double(count - 1)) / Double(count), 0)
            let fraction: Double
            if index < current { fraction = 1 } else if index > current { fraction = 0 } else { fraction = currentFill }
            let frame = Rect(x: style.inset + Double(index) * (width + gap), y: style.inset, width: width, height: style.height)
            return Segment(frame: direction.rect(frame, inWidth: pageWidth), fraction: fraction, layoutDirection: direction)
        }
    }
}
