import StoryKit

// MARK: - StoryOpenLayout

/// The viewer's view during the opening out of a tray avatar: a
/// ``StoryKit/StoryOpenTransition/Frame`` as the properties of the presented view itself, so
/// that the view is neither moved into another view nor snapshotted while it grows. Plain
/// values, tested on Linux against the model's frame.
///
/// The view keeps the page's bounds (its layout, safe areas included, is the final one from the
/// first frame). Its transform scales it by the frame's content scale about its centre and moves
/// that centre to the frame's centre; a mask in its own coordinates, centred, the frame's size
/// divided by the scale with the corner radius divided by it too, cuts it to the rounded
/// rectangle. On screen that is the model's frame, its corner radius, and the page aspect-filled
/// in it. Under Reduce Motion the frame is the page and only ``alpha`` changes.
package struct StoryOpenLayout: Sendable, Hashable {
    /// The view's scale about its centre (`CGAffineTransform(scaleX: s, y: s)`).
    package var scale: Double
    /// How far the view's centre moves from the page's centre, in the page's coordinates
    /// (points), applied after the scale.
    package var translation: Point
    /// The mask's frame in the view's own coordinates (its bounds are the page's size at 0, 0).
    package var mask: Rect
    /// The mask's corner radius, in the view's own points.
    package var maskCornerRadius: Double
    /// The view's alpha, 0…1.
    package var alpha: Double

    /// The view's properties for `frame`, the view's final frame being `page`.
    ///
    /// - Parameters:
    ///   - frame: The opening at one time, in the same coordinates as `page`.
    ///   - page: The presented view's final frame (the transition's page frame).
    package init(_ frame: StoryOpenTransition.Frame, page: Rect) {
        let scale = frame.contentScale.isFinite && frame.contentScale > 0 ? frame.contentScale : 1
        self.scale = scale
        translation = Point(x: frame.frame.midX - page.midX, y: frame.frame.midY - page.midY)
        let width = frame.frame.width / scale, height = frame.frame.height / scale
        mask = Rect(x: page.width / 2 - width / 2, y: page.height / 2 - height / 2, width: width, height: height)
        maskCornerRadius = frame.cornerRadius / scale
        alpha = Swift.min(Swift.max(frame.opacity, 0), 1)
    }

    /// The view at rest in its final frame `page`: no scale, no move, the mask the whole view,
    /// opaque (the opening has settled).
    package static func rest(page: Rect) -> StoryOpenLayout {
        StoryOpenLayout(scale: 1, translation: .zero, mask: Rect(x: 0, y: 0, width: page.width, height: page.height),
                        maskCornerRadius: 0, alpha: 1)
    }

    private init(scale: Double, translation: Point, mask: Rect, maskCornerRadius: Double, alpha: Double) {
        self.scale = scale
        self.translation = translation
        self.mask = mask
        self.maskCornerRadius = maskCornerRadius
        self.alpha = alpha
    }

    /// Where a point of the view's own coordinates shows, in the page's coordinates: what the
    /// transform does (the tests check the mask lands on the model's frame).
    package func apply(to point: Point, page: Rect) -> Point {
        let center = Point(x: page.width / 2, y: page.height / 2)
        return Point(x: page.midX + (point.x - center.x) * scale + translation.x,
                     y: page.midY + (point.y - center.y) * scale + translation.y)
    }

    /// Whether the layout changes nothing: the view at rest in its final frame.
    package var isIdentity: Bool {
        scale == 1 && translation == .zero && alpha == 1
    }
}

// MARK: - StoryOpenLayout + Opening

extension StoryOpenLayout {
    /// How long an opening lasts, in seconds (the model's spring settling; the frames do not
    /// change it).
    package static var duration: Double { StoryOpenTransition(from: .zero, to: .zero, start: 0).duration }

    /// The opening both front-ends play: the page, whose final frame is `page`, out of `avatar`
    /// from `start` seconds (``StoryKit/StoryOpenTransition``); a cross-fade in place under
    /// Reduce Motion or without an avatar (it was out of view).
    package static func opening(from avatar: Rect?, page: Rect, start: Double, reduceMotion: Bool) -> StoryOpenTransition {
        StoryOpenTransition(from: avatar ?? page, to: page, start: start, reduceMotion: reduceMotion || avatar == nil)
    }

    /// The view at `time` seconds of `open`: the opening's frame until it has finished, then at
    /// rest in `page`; a time before the start shows the first frame.
    package init(_ open: StoryOpenTransition, at time: Double, page: Rect) {
        let now = time.isFinite ? Swift.max(time, open.start) : open.start
        self = open.isFinished(at: now) ? .rest(page: page) : StoryOpenLayout(open.frame(at: now), page: page)
    }

    /// The SwiftUI opening's view at `now` seconds: at rest once `finished` (its timeline has
    /// stopped), else the opening out of `avatar` (nil: a fade in place) begun at `start` seconds,
    /// or at `now` when it has not been given a start yet (the first frame, before `onAppear`).
    package static func sampled(from avatar: Rect?, page: Rect, start: Double?, now: Double, finished: Bool,
                                reduceMotion: Bool) -> StoryOpenLayout {
        if finished { return .rest(page: page) }
        let open = opening(from: avatar, page: page, start: start ?? now, reduceMotion: reduceMotion)
        return StoryOpenLayout(open, at: now, page: page)
    }
}
