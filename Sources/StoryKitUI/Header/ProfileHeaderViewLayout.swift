import StoryKit

// MARK: - ProfileHeaderViewLayout

/// The profile header's views at one scroll offset: a ``StoryKit/StretchyHeader/Frame`` as
/// the transforms, alphas and z order the front-ends set. Plain values (points), tested on Linux
/// against the model's frame.
///
/// Every transform here is about the view's centre (the default anchor point, so an app's view
/// keeps its own `anchorPoint`), composed so that the point the model scales about stays put:
///
/// - The header's bounds are `width × headerBottom`, its centre at `(width / 2, headerBottom / 2)`
///   of the scroll view's top-left; ``headerTransform`` scales it about its top centre and lifts
///   it, so its top centre lands at `(width / 2, headerTranslation)` and its frame is the model's
///   ``StoryKit/StretchyHeader/Frame/header``.
/// - The avatar scrolls with the content; ``avatarTransform`` scales it about its bottom centre
///   (a translation of `height × (1 − scale) / 2` after the scale).
/// - The tab bar scrolls with the content; ``tabBarTransform`` holds it down by
///   ``StoryKit/StretchyHeader/Frame/tabBarHold``.
package struct ProfileHeaderViewLayout: Sendable, Hashable {
    /// The header's bounds size: `width × headerBottom`, never changed by scrolling.
    package var headerSize: Size
    /// The header's transform about its centre.
    package var headerTransform: AffineTransform2D
    /// The header's `zPosition` against the scroll view (at 0): 1 in front, −1 behind.
    package var headerZPosition: Double
    /// The avatar's transform about its centre.
    package var avatarTransform: AffineTransform2D
    /// The tab bar's transform about its centre (a translation down).
    package var tabBarTransform: AffineTransform2D
    /// The title's centre in the header's own coordinates.
    package var titleCenter: Point
    /// The title's bounds size.
    package var titleSize: Size
    /// The title's alpha, 0…1.
    package var titleAlpha: Double
    /// The blurred copy's alpha over the header image, 0…1.
    package var blurAlpha: Double

    /// The views' values for `frame`, evaluated by a model with `layout`.
    package init(_ frame: StretchyHeader.Frame, layout: StretchyHeader.Layout) {
        let height = layout.headerBottom
        headerSize = Size(width: layout.width, height: height)
        let scale = Self.positive(frame.headerScale)
        // About the centre: scale, then move the top centre (−h/2 → −h·s/2) back to −h/2 + lift.
        headerTransform = AffineTransform2D(scaleX: scale, y: scale)
            .concatenating(AffineTransform2D(translationX: 0, y: Self.finite(frame.headerTranslation) + height * (scale - 1) / 2))
        headerZPosition = frame.isHeaderInFront ? 1 : -1
        let avatarScale = Self.positive(frame.avatarScale)
        // About the centre: scale, then move the bottom centre (h·s/2 → h/2) back down.
        avatarTransform = AffineTransform2D(scaleX: avatarScale, y: avatarScale)
            .concatenating(AffineTransform2D(translationX: 0, y: layout.avatar.height * (1 - avatarScale) / 2))
        tabBarTransform = AffineTransform2D(translationX: 0, y: Self.finite(frame.tabBarHold))
        titleCenter = frame.titleCenter
        titleSize = layout.titleSize
        titleAlpha = Self.unit(frame.titleOpacity)
        blurAlpha = Self.unit(frame.blurOpacity)
    }

    /// The header's `center` in the container for a scroll view whose visible top-left is at
    /// `origin` there: the middle of its bounds placed at that top-left (its transform does the
    /// rest).
    package func headerCenter(origin: Point) -> Point {
        Point(x: origin.x + headerSize.width / 2, y: origin.y + headerSize.height / 2)
    }

    /// The header's frame on screen in the scroll view's visible coordinates: its bounds at the
    /// top left, through ``headerTransform`` about their centre.
    package var headerFrame: Rect {
        let centre = Point(x: headerSize.width / 2, y: headerSize.height / 2)
        return Self.apply(headerTransform, about: centre, to: Rect(x: 0, y: 0, width: headerSize.width, height: headerSize.height))
    }

    /// `rect` (a view's untransformed frame) through `transform` applied about `centre`, as
    /// Core Animation applies a view's transform about its anchor point.
    package static func apply(_ transform: AffineTransform2D, about centre: Point, to rect: Rect) -> Rect {
        let there = AffineTransform2D(translationX: -centre.x, y: -centre.y)
            .concatenating(transform).concatenating(AffineTransform2D(translationX: centre.x, y: centre.y))
        return there.apply(to: rect)
    }

    static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    /// A usable scale: non-finite or negative is 1 (non-finite) or 0 (negative).
    static func positive(_ value: Double) -> Double { value.isFinite ? Swift.max(value, 0) : 1 }

    static func unit(_ value: Double) -> Double { value.isFinite ? Swift.min(Swift.max(value, 0), 1) : 0 }
}
