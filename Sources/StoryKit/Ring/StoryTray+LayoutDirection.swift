import MotionCore

// MARK: - StoryTray + Layout direction

extension StoryTray {
    /// Which end the row starts at: ``Configuration/layoutDirection``.
    ///
    /// Left to right, the first user is at the left and scrolling (``contentOffset`` growing)
    /// reveals users to the right. Right to left, the row is mirrored in the viewport: the first
    /// user is at the RIGHT, and the same offset reveals users to the left, so the row scrolls
    /// from the right. ``contentOffset`` stays the distance scrolled from the row's start (0 at
    /// rest) in both; ``avatarFrame(user:)``, ``user(at:)``, the launch frames and the scene are
    /// in the viewport's own (unmirrored) points.
    public var layoutDirection: StoryLayoutDirection { configuration.layoutDirection }

    /// User `user`'s avatar frame as if the row ran left to right (the start at the left), in
    /// the viewport's points, scrolled; `nil` for an index out of range.
    func leadingAvatarFrame(user: Int) -> Rect? {
        guard users.indices.contains(user) else { return nil }
        let x = configuration.inset + configuration.ringRoom + Double(user) * configuration.pitch - contentOffset
        return Rect(x: x, y: configuration.inset + configuration.ringRoom,
                    width: configuration.avatarDiameter, height: configuration.avatarDiameter)
    }

    /// The offset a horizontal scroll view's `contentOffset.x` (points from the content's left
    /// edge) means, for a front-end whose scroll view does not flip under right to left:
    /// the same left to right, ``maximumOffset`` − `x` right to left (its content's left end is
    /// the row's far end). Use it both ways: it is its own inverse.
    ///
    /// - Parameter x: The scroll view's horizontal offset, in points.
    /// - Returns: The tray's ``contentOffset`` for it (or the scroll view's for a tray offset).
    public func offset(fromScrollViewOffset x: Double) -> Double {
        layoutDirection == .rightToLeft ? maximumOffset - x : x
    }
}

// MARK: - StoryTray + Dragging

extension StoryTray {
    /// The offset a sideways drag of `dx` points (rightward positive) from a row at `offset`
    /// asks for: a leftward drag scrolls on left to right, a rightward one right to left (the row
    /// follows the finger either way). Pass the result to ``scroll(to:)``, which clamps it.
    ///
    /// - Parameters:
    ///   - dx: The finger's horizontal travel since the drag began, in points.
    ///   - offset: ``contentOffset`` when the drag began, in points.
    /// - Returns: The offset to scroll to, in points (unclamped).
    public func offset(afterDragging dx: Double, from offset: Double) -> Double {
        offset - layoutDirection.sign * dx
    }
}
