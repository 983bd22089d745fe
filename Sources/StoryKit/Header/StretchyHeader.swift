import MotionCore

/// The stretchy, sticky profile header (Twitter's) as a model: one scroll offset in, every layer's place out.
///
/// The UIKit front-end is `ProfileHeaderController` and the SwiftUI one the `ProfileHeader`
/// container, both in StoryKitUI.
///
/// The model is a handful of ``ScrollKeyframes`` tracks built from the ``Layout`` (what the
/// screen measures) and the ``Configuration``; ``frame(offset:)`` evaluates them, and
/// ``layers(offset:header:blurredHeader:avatar:title:content:tabBar:background:avatarBorderWidth:)``
/// turns the result into a scene for the compositor. The scroll offset is measured from rest (0:
/// the content's top at the scroll view's top; negative: pulled down into the bounce area; any
/// value is accepted, past the content's end too).
///
/// - Pull-down: the header scales from its top edge by `1 + (−offset) / headerBottom`, so its
///   bottom stays on the content's top and the top stays under the status bar.
/// - Scrolling up: the header moves up with the content until ``Layout/stickyOffset``, then sticks
///   at ``Layout/stickyHeight`` below the safe area. Its bounds never change (the scroll view's
///   content size never does either): only its transform.
/// - The avatar scrolls with the content and scales down about its bottom edge,
///   `1 − offset / (avatar height × 1.4)` (never below ``Configuration/minimumAvatarScale``),
///   until the header sticks; from just past that offset the header is in front of the content,
///   so the avatar goes behind it.
/// - A second title slides up into the centre of the sticky band from the moment the body's name
///   label reaches the stuck header, and a blurred copy of the header image (computed once)
///   fades in over the same range.
/// - An optional tab bar scrolls with the content, then sticks below the header.
///
/// ```swift
/// let header = StretchyHeader(layout: .init(width: 390, safeAreaTop: 47, headerHeight: 120, stickyHeight: 44,
///                                      avatar: Rect(x: 16, y: 131, width: 72, height: 72),
///                                      nameLabel: Rect(x: 16, y: 260, width: 200, height: 24)))
/// // The offset from rest: contentOffset.y plus the top inset at rest, which leaves out a
/// // refreshing refresh control's height (its spin is a pull: the header stays stretched).
/// // StoryKitUI's ProfileHeaderController does this for you.
/// let now = header.frame(offset: contentOffsetY + restInsetTop)
/// // now.headerTranslation, now.avatarScale, now.isHeaderInFront, now.titleCenter, now.blurOpacity …
/// ```
public struct StretchyHeader: Sendable, Hashable {
    /// What the screen measures; changing it rebuilds the tracks.
    public var layout: Layout { didSet { tracks = Tracks(layout: layout, configuration: configuration) } }
    /// The effect's choices; changing them rebuilds the tracks.
    public var configuration: Configuration { didSet { tracks = Tracks(layout: layout, configuration: configuration) } }
    /// The keyframe tracks derived from the layout and configuration.
    public private(set) var tracks: Tracks

    /// A header for `layout`.
    public init(layout: Layout, configuration: Configuration = Configuration()) {
        self.layout = layout
        self.configuration = configuration
        tracks = Tracks(layout: layout, configuration: configuration)
    }

    /// The effect as scroll-driven keyframes: every continuous output of ``StretchyHeader`` is one
    /// of these tracks evaluated at the offset. Exposed so an app can read or reuse them (for
    /// example to drive its own views from the same numbers).
    public struct Tracks: Sendable, Hashable {
        /// The header's scale about its top edge: 1 from offset 0 up, growing by `1 / headerBottom`
        /// per point pulled down.
        public var headerScale: ScrollKeyframes<Double>
        /// The header's vertical translation, in points: follows the content up to the sticky
        /// offset, then holds.
        public var headerTranslation: ScrollKeyframes<Double>
        /// The avatar's scale about its bottom edge.
        public var avatarScale: ScrollKeyframes<Double>
        /// The title's centre y in the header's own coordinates, in points: just below the
        /// header's bottom until the title starts, centred in the sticky band at its end.
        public var titleCenterY: ScrollKeyframes<Double>
        /// The title's opacity: 1, or fading in over the title's range under Reduce Motion.
        public var titleOpacity: ScrollKeyframes<Double>
        /// The blurred copy's opacity: 0 until the title starts, 1 once it is centred.
        public var blurOpacity: ScrollKeyframes<Double>
        /// How far the tab bar is held down against the content's scroll, in points: 0 until it
        /// reaches the stuck header, then the offset past that.
        public var tabBarHold: ScrollKeyframes<Double>

        /// The tracks for a layout and configuration.
        public init(layout: Layout, configuration: Configuration) {
            let bottom = layout.headerBottom, stop = layout.stickyOffset
            headerScale = bottom > 0
                ? ScrollKeyframes([.init(offset: -bottom, value: 2), .init(offset: 0, value: 1)], before: .extend)
                : ScrollKeyframes(constant: 1)
            headerTranslation = ScrollKeyframes([.init(offset: 0, value: 0), .init(offset: stop, value: -stop)])
            // The article's 1 − offset / (height × slowdown), until the header sticks or the floor.
            let shrinkSpan = layout.avatar.height * configuration.avatarSlowdown
            if configuration.reduceMotion || shrinkSpan <= 0 {
                avatarScale = ScrollKeyframes(constant: 1)
            } else {
                let end = Swift.min(stop, (1 - configuration.minimumAvatarScale) * shrinkSpan)
                avatarScale = ScrollKeyframes([.init(offset: 0, value: 1), .init(offset: end, value: 1 - end / shrinkSpan)])
            }
            let start = layout.titleStartOffset, end = layout.titleEndOffset
            let hidden = bottom + layout.titleSize.height / 2
            let centred = stop + layout.safeAreaTop + layout.stickyHeight / 2
            let curve = configuration.titleCurve
            if configuration.reduceMotion {
                titleCenterY = ScrollKeyframes(constant: centred)
                titleOpacity = ScrollKeyframes([.init(offset: start, value: 0), .init(offset: end, value: 1, curve: curve)])
            } else {
                titleCenterY = ScrollKeyframes([.init(offset: start, value: hidden), .init(offset: end, value: centred, curve: curve)])
                titleOpacity = ScrollKeyframes(constant: 1)
            }
            blurOpacity = ScrollKeyframes([.init(offset: start, value: 0), .init(offset: end, value: 1, curve: curve)])
            if let stick = layout.tabBarStickOffset {
                tabBarHold = ScrollKeyframes([.init(offset: stick, value: 0), .init(offset: stick + 1, value: 1)], after: .extend)
            } else {
                tabBarHold = ScrollKeyframes(constant: 0)
            }
        }
    }
}

// MARK: - StretchyHeader + Blur

extension StretchyHeader {
    /// The standard deviation, in pixels of the header image, that blurs it by
    /// ``Configuration/blurRadius`` points as it is shown (aspect-filling the header's bounds):
    /// what to give Core Image's `CIGaussianBlur` or the compositor's `RGBAImage.blurred(sigma:)`
    /// when computing the blurred copy once. 0 for an empty image or header.
    ///
    /// - Parameter imagePixels: The header image's size in pixels.
    public func blurSigma(imagePixels: Size) -> Double {
        let w = imagePixels.width.finite(or: 0), h = imagePixels.height.finite(or: 0)
        guard w > 0, h > 0, layout.width > 0, layout.headerBottom > 0 else { return 0 }
        // Aspect fill shows the image at max(width / w, bottom / h) points per pixel.
        let pointsPerPixel = Swift.max(layout.width / w, layout.headerBottom / h)
        return configuration.blurRadius / pointsPerPixel
    }
}

/// The stretchy header's former name: ``StretchyHeader``, named for the effect as ``CubePager``
/// and ``StoryRing`` are (`ProfileHeader` is StoryKitUI's SwiftUI view).
@available(*, deprecated, renamed: "StretchyHeader")
public typealias ProfileHeaderModel = StretchyHeader
