import MotionCore

// MARK: - StoriesViewer.Configuration + Layout direction

extension StoriesViewer.Configuration {
    /// Which way the viewer runs, the cube's ``CubePager/Configuration/layoutDirection`` (one
    /// value: setting either sets both); ``StoryLayoutDirection/leftToRight`` by default.
    ///
    /// Right to left, the viewer is its left-to-right self mirrored: the next user is on the
    /// left and a rightward drag turns to them (``CubePager/layoutDirection``); a tap in the
    /// leading part — the RIGHT ``previousTapFraction`` of the page — goes back and a tap
    /// elsewhere goes on; the progress bar's segments are ordered right to left and each fills
    /// from its right edge; the avatar sits at the right inset with the name and age
    /// right-aligned to its left. Timings, events and indices do not change.
    public var layoutDirection: StoryLayoutDirection {
        get { cube.layoutDirection }
        set { cube.layoutDirection = newValue }
    }
}

// MARK: - StoriesViewer + Layout direction

extension StoriesViewer {
    /// Whether a tap at `x` (the page's points) goes back: within the leading
    /// ``Configuration/previousTapFraction`` of the page's width — from the left edge left to
    /// right, from the right edge right to left. A non-finite `x` or width goes on.
    ///
    /// - Parameter x: Where the finger came down, in the page's points.
    /// - Returns: `true` for the previous item, `false` for the next.
    public func tapGoesBack(atX x: Double) -> Bool {
        let width = pageSize.width
        let fromLeading = configuration.layoutDirection.x(x, inWidth: width)
        return fromLeading < width * configuration.previousTapFraction
    }
}
