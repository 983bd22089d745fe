import MotionCore

// MARK: - CubePager + Layout direction

extension CubePager {
    /// Which way the pages run: ``Configuration/layoutDirection``.
    ///
    /// Left to right (the default), the next page is on the right: a drag to the left turns
    /// forward and the current face turns away to the left. Right to left, everything mirrors
    /// about the page's vertical centre line: the next page is on the LEFT, a drag to the right
    /// turns forward, the cube turns the other way (each face's angle and slide offset change
    /// sign), the anti-aliased edges swap sides, and the rubber band at the first and last page
    /// pulls the other way. Positions, velocities, thresholds and events are in pages and do
    /// not change: the same gesture mirrored gives the same ``position`` at every frame, and
    /// ``layout`` is the left-to-right one mirrored (`M · T · M` with `M` = scale(−1, 1, 1)).
    ///
    /// ```swift
    /// var pager = CubePager(pageCount: 3, pageSize: Size(width: 390, height: 844))
    /// pager.layoutDirection = .rightToLeft
    /// pager.touchBegan(at: Point(x: 90, y: 400), time: 0)
    /// pager.touchMoved(to: Point(x: 290, y: 400), time: 0.1)   // rightward: toward page 1
    /// ```
    public var layoutDirection: StoryLayoutDirection {
        get { configuration.layoutDirection }
        set { configuration.layoutDirection = newValue }
    }
}
