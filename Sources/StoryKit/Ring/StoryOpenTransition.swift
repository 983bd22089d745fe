import MotionCore

/// The viewer opening out of a story avatar: a rounded rectangle that grows from the avatar's
/// circle into the page on a spring, the page's content filling it (aspect fill, centred), so
/// that at the start the avatar's circle shows the middle of the first story and at the end the
/// page is full screen.
///
/// Position, size and corner radius are interpolated by one spring progress (0 → 1), so they
/// arrive together; at progress 0 the frame *is* the avatar's frame and the corner radius half
/// its side; at 1 the page's frame and corner radius. Under Reduce Motion the page cross-fades
/// in its place instead (``frame(at:)``'s opacity carries the progress, the frame is the page's).
///
/// ```swift
/// let open = StoryOpenTransition(from: avatarFrame, to: screen, start: launchTime)
/// let now = open.frame(at: time)      // frame, cornerRadius, contentScale, opacity
/// if open.isFinished(at: time) { /* the viewer is in place */ }
/// ```
public struct StoryOpenTransition: Sendable, Hashable {
    /// Where it starts: the avatar's frame (a square), in the page's coordinates.
    public let avatarFrame: Rect
    /// Where it ends: the page.
    public let pageFrame: Rect
    /// The page's corner radius at the end, in points (0 for a full-screen page).
    public let pageCornerRadius: Double
    /// When it starts, in seconds.
    public let start: Double
    /// The spring of its progress.
    public let spring: SpringParameters
    /// A cross-fade in place instead of the zoom.
    public let reduceMotion: Bool

    /// An opening.
    ///
    /// - Parameters:
    ///   - avatarFrame: The avatar's frame in the page's coordinates (its smaller side is used;
    ///     non-finite values give a point at the page's centre).
    ///   - pageFrame: The page's frame (standardized; non-finite parts 0, sides and coordinates
    ///     within ±10⁹ pt, sides below 10⁻⁶ pt 0).
    ///   - pageCornerRadius: The page's corner radius at the end, ≥ 0.
    ///   - start: When it starts, in seconds (non-finite: 0).
    ///   - spring: The progress's spring; by default response 0.42 s, damping ratio 0.86 (a
    ///     slight overshoot, as Instagram's).
    ///   - reduceMotion: Cross-fade instead of zooming.
    public init(from avatarFrame: Rect, to pageFrame: Rect, pageCornerRadius: Double = 0, start: Double,
                spring: SpringParameters = SpringParameters(response: 0.42, dampingRatio: 0.86), reduceMotion: Bool = false) {
        let pageFrame = pageFrame.layoutSanitized
        self.pageFrame = pageFrame
        let avatarFrame = avatarFrame.standardized
        let side = Swift.min(avatarFrame.width, avatarFrame.height)
        if side.isFinite, avatarFrame.midX.isFinite, avatarFrame.midY.isFinite {
            let square = Rect(x: avatarFrame.midX - side / 2, y: avatarFrame.midY - side / 2, width: side, height: side)
            self.avatarFrame = avatarFrame.width == avatarFrame.height ? avatarFrame.layoutSanitized : square.layoutSanitized
        } else {
            self.avatarFrame = Rect(x: pageFrame.midX, y: pageFrame.midY, width: 0, height: 0)
        }
        self.pageCornerRadius = pageCornerRadius.isFinite ? Swift.max(pageCornerRadius, 0) : 0
        self.start = start.isFinite ? start : 0
        self.spring = spring
        self.reduceMotion = reduceMotion
    }

    /// The opening at one time.
    public struct Frame: Sendable, Hashable {
        /// The spring's progress: 0 at the avatar, 1 at the page (overshooting a little).
        public var progress: Double
        /// The rounded rectangle's frame, in the page's coordinates.
        public var frame: Rect
        /// Its corner radius, in points.
        public var cornerRadius: Double
        /// The scale of the page's content inside it (aspect fill of the page into the frame,
        /// about the frame's centre).
        public var contentScale: Double
        /// Its opacity (below 1 only under Reduce Motion).
        public var opacity: Double
    }

    /// The spring progress at `time` (0 before the start).
    public func progress(at time: Double) -> Double {
        guard time.isFinite, time > start else { return 0 }
        return SpringMotion(spring: spring, from: 0.0, to: 1.0).value(at: time - start)
    }

    /// Whether the spring has settled by `time`.
    public func isFinished(at time: Double) -> Bool {
        guard time.isFinite else { return time > 0 }
        return time > start && SpringMotion(spring: spring, from: 0.0, to: 1.0).isSettled(at: time - start, tolerance: 1e-3)
    }

    /// The seconds the opening takes to settle.
    public var duration: Double { SpringMotion(spring: spring, from: 0.0, to: 1.0).settlingDuration(tolerance: 1e-3) }

    /// The opening at `time`.
    public func frame(at time: Double) -> Frame {
        let p = progress(at: time)
        if reduceMotion {
            return Frame(progress: p, frame: pageFrame, cornerRadius: pageCornerRadius, contentScale: 1,
                         opacity: Swift.min(Swift.max(p, 0), 1))
        }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        let frame = Rect(x: mix(avatarFrame.minX, pageFrame.minX), y: mix(avatarFrame.minY, pageFrame.minY),
                         width: Swift.max(mix(avatarFrame.width, pageFrame.width), 0),
                         height: Swift.max(mix(avatarFrame.height, pageFrame.height), 0))
        let radius = Swift.max(mix(avatarFrame.width / 2, pageCornerRadius), 0)
        let ratio = Swift.max(frame.width / pageFrame.width, frame.height / pageFrame.height)
        let fill = pageFrame.width > 0 && pageFrame.height > 0 && ratio.isFinite ? ratio : 1
        return Frame(progress: p, frame: frame, cornerRadius: Swift.min(radius, Swift.min(frame.width, frame.height) / 2),
                     contentScale: fill, opacity: 1)
    }

    /// `content` (the page's layers, in the page's coordinates) inside the opening at `time`:
    /// one container layer with the frame, corner radius and opacity, masking the content scaled
    /// about its centre.
    public func layer(containing content: [Layer], at time: Double, name: String = "opening") -> Layer {
        let now = frame(at: time)
        var container = Layer(name: name, frame: now.frame)
        container.cornerRadius = now.cornerRadius
        container.masksToBounds = true
        container.opacity = now.opacity
        // The page, centred on the container and scaled to fill it.
        var page = Layer(name: name + " page", bounds: Rect(x: 0, y: 0, width: pageFrame.width, height: pageFrame.height),
                         position: Point(x: now.frame.width / 2, y: now.frame.height / 2))
        page.transform = Transform3D(scaleX: now.contentScale, y: now.contentScale, z: 1)
        page.sublayers = content
        container.sublayers = [page]
        return container
    }
}
