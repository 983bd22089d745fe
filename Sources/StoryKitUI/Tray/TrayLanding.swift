import StoryKit

// MARK: - TrayLanding

/// Whether a tray avatar can be landed in (or grown out of) where it is on screen: the viewer
/// asks at dismiss time, and a row scrolled sideways or a tray scrolled off the screen gives no
/// avatar, so the page fades where it is. Plain values, tested on Linux.
package enum TrayLanding {
    /// `avatar` (in the window's coordinates) if at least half of it is inside `window`'s
    /// bounds in each direction, else nil.
    package static func frame(_ avatar: Rect?, in window: Rect) -> Rect? {
        guard let avatar, avatar.isFinite, avatar.width > 0, avatar.height > 0 else { return nil }
        let shownX = Swift.min(avatar.maxX, window.maxX) - Swift.max(avatar.minX, window.minX)
        let shownY = Swift.min(avatar.maxY, window.maxY) - Swift.max(avatar.minY, window.minY)
        return shownX >= avatar.width / 2 && shownY >= avatar.height / 2 ? avatar : nil
    }
}
