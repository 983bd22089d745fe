import MotionCore

// MARK: - StoriesViewer + Front-end outputs

extension StoriesViewer {
    /// Where a page's fixed chrome sits, in the page's points: the places a front-end with views
    /// of its own (a gradient layer, an image view, labels) gives them, the same places
    /// ``scene(media:avatar:behind:now:)`` puts its `"scrim"` and `"avatar"` layers.
    public struct ChromeLayout: Sendable, Hashable {
        /// The scrim that keeps the chrome legible: a band across the page's top.
        public var scrim: Rect
        /// The scrim's gradient, top to bottom, in the scrim's unit coordinates.
        public var scrimGradient: ColorGradient
        /// The avatar, under the progress bars at the left inset; a circle (its corner radius is
        /// half its side).
        public var avatar: Rect
        /// The space for the user's name and the post's age: from 8 points right of the avatar to
        /// the right inset, as tall as the avatar.
        public var title: Rect
        /// How the name and age sit in ``title``: against its left edge, or its right one under
        /// ``StoryLayoutDirection/rightToLeft`` (where the avatar is at the right inset and the
        /// title left of it).
        public var titleAlignment: TextContents.Alignment = .left

        /// The avatar's corner radius, in points: half its side, so it is a circle.
        public var avatarCornerRadius: Double {
            avatar.width / 2
        }
    }

    /// Where each page's scrim, avatar, name and age go (the same for every page).
    public var chromeLayout: ChromeLayout { Chrome.layout(pageSize: pageSize, style: configuration.segments,
                                                                direction: configuration.layoutDirection) }

    /// Whether the viewer changes with time alone now, so that a front-end must advance it every
    /// display frame: progress runs, the cube settles, a dismiss runs (the host's avatar may move
    /// under it), a resting finger may become a hold, the chrome fades, a stall is inside its
    /// grace period, or the loading ring shows (``showsLoadingIndicator``: it turns with time, in
    /// the compositor and in UIKit alike).
    ///
    /// False once closed, and while only an input can change anything: failed media (the
    /// media's reports come as inputs), a pause, a cube dragged by a finger. A front-end stops
    /// its display link then and starts it again after the next input that makes this true.
    public var needsFrames: Bool {
        guard !isClosed else { return false }
        if canProgress, currentDuration != nil { return true }
        if cube.phase == .settling || dismissal.isActive || holdTime != nil { return true }
        if chrome.isFading(at: time, duration: configuration.chromeFadeDuration) { return true }
        if let id = currentItem?.id, reports.isStallInGrace(id, at: time, grace: configuration.stallGrace) { return true }
        if showsLoadingIndicator { return true }       // the loading ring turns (StoriesViewer+Overlay.swift)
        return false
    }
}
