import MotionCore

/// The zoom between a grid cell and its detail (Instagram's shared-frame transition), with an
/// interactive, interruptible way back: the model of the open, the close, and the drag that
/// shrinks the detail and lets it go.
///
/// The state is one rectangle, the **mask**: the frame through which the image shows, in the
/// container's points. At rest presented it is the detail image's frame (``Geometry/destination``);
/// at rest closed, the cell's (``Geometry/source``). The image always aspect-fills the mask (so in
/// the cell it is cropped as the grid crops it, and in the detail it fits exactly); the corner
/// radius, the dimming of the revealed grid and the detail chrome's opacity follow how far the
/// mask is between the two frames.
///
/// - ``open(time:)`` and ``close(time:source:)`` move the mask on a spring.
/// - ``touchBegan(at:time:)``, ``touchMoved(to:time:)``, ``touchEnded(at:time:source:)`` (it is
///   ``TouchDriven``): the detail follows
///   the finger in both axes and shrinks with the progress (horizontal translation over the
///   container's width, or downward with ``Configuration/downwardDismiss``):
///   `scale = clamp(1 − 0.4 · progress, 0.6, 1)` (the article's numbers). At release the model
///   finishes (to the cell, asked for again: the grid may have scrolled) or cancels (back to the
///   detail) as ``Configuration/decision`` says, on a spring that starts from the mask's frame and
///   velocity at the release — no snap at the hand-over. A touch during either grabs it again
///   where it is.
/// - A source that is gone (nil) closes with a fade and shrink in place instead.
/// - Reduce Motion: a cross-fade, no movement.
///
/// ```swift
/// var zoom = ZoomTransition(geometry: geometry)
/// zoom.open(time: 0)                                 // grid → detail
/// zoom.touchBegan(at: finger, time: 2)
/// zoom.touchMoved(to: finger2, time: 2.1)             // the detail follows and shrinks
/// let events = zoom.touchEnded(at: finger3, time: 2.2, source: cell)  // finish or cancel, no snap
/// let scene = zoom.frame(at: 2.3)                     // mask, radius, image, dimming…
/// ```
public struct ZoomTransition: Sendable, Hashable {
    /// The two ends of the transition, in the container's points.
    public struct Geometry: Sendable, Hashable {
        /// The container (the window's content), in points.
        public var container: Size
        /// The grid cell's frame.
        public var source: Rect
        /// The cell's corner radius.
        public var sourceCornerRadius: Double
        /// The detail image's frame at rest.
        public var destination: Rect
        /// The image's pixel size (its aspect decides the fill).
        public var imageSize: Size

        /// The largest coordinate or size kept, in points (10⁷); larger values are lowered to it.
        public static let limit = 1e7

        /// Geometry; non-finite or negative sizes count as zero, and every value is kept within
        /// ±``limit``.
        public init(container: Size, source: Rect, sourceCornerRadius: Double = 0, destination: Rect, imageSize: Size) {
            self.container = Size(width: Self.clean(container.width), height: Self.clean(container.height))
            self.source = Self.clean(source)
            self.sourceCornerRadius = Self.clean(sourceCornerRadius)
            self.destination = Self.clean(destination)
            self.imageSize = Size(width: Self.clean(imageSize.width), height: Self.clean(imageSize.height))
        }

        static func clean(_ value: Double) -> Double { value.isFinite ? Swift.min(Swift.max(value, 0), limit) : 0 }

        static func coordinate(_ value: Double) -> Double { value.isFinite ? Swift.min(Swift.max(value, -limit), limit) : 0 }

        static func clean(_ rect: Rect) -> Rect {
            Rect(x: coordinate(rect.minX), y: coordinate(rect.minY), width: clean(rect.width), height: clean(rect.height))
        }
    }

    /// Where the transition is.
    public enum Phase: Sendable, Hashable {
        /// At rest: presented (the detail) or not (the grid).
        case rest(presented: Bool)
        /// Moving on a spring towards the detail (`presenting`) or the cell; `cancelling`: an
        /// interactive pop let go back to the detail.
        case settling(SpringMotion<Rect>, start: Double, presenting: Bool, cancelling: Bool)
        /// Following a finger: the grab's point and time, the mask when it was grabbed, the mask
        /// now and the finger now.
        case dragging(grab: Point, grabTime: Double, grabbed: Rect, mask: Rect, finger: Point)
        /// Closing with a fade and shrink in place (the source is gone), from `start`.
        case fading(from: Rect, start: Double)
        /// Reduce Motion: cross-fading in (`presenting`) or out, from `start`, starting at opacity
        /// `from`.
        case crossFading(start: Double, presenting: Bool, from: Double)
    }

    /// What the transition tells its host.
    public enum Event: Sendable, Hashable {
        /// A transition began (open, close or an interactive pop).
        case began
        /// It ended presented (`true`: at the detail) or not (at the cell, or faded).
        case finished(presented: Bool)
        /// An interactive pop was let go back to the detail.
        case cancelled
    }

    /// The two ends.
    public var geometry: Geometry
    /// Springs, the drag's numbers and the release rule.
    public let configuration: Configuration
    /// Where it is.
    public internal(set) var phase: Phase
    /// The latest time given, in seconds.
    public internal(set) var time: Double
    /// Touch samples of the current drag.
    var tracker: VelocityTracker

    /// A transition at rest, closed (the grid shows).
    public init(geometry: Geometry, configuration: Configuration = Configuration(), presented: Bool = false, time: Double = 0) {
        self.geometry = geometry
        self.configuration = configuration
        phase = .rest(presented: presented)
        self.time = time.isFinite ? time : 0
        tracker = VelocityTracker(configuration: configuration.tracking)
    }

    /// `time` if finite and not before the latest, else the latest; kept.
    @discardableResult
    mutating func accept(_ time: Double) -> Double {
        if time.isFinite, time > self.time { self.time = time }
        return self.time
    }
}
