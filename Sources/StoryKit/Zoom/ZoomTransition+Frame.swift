import MotionCore

// MARK: - ZoomTransition + Frame

extension ZoomTransition {
    /// What to draw at one time.
    public struct Frame: Sendable, Hashable {
        /// The mask through which the image shows, in the container's points.
        public var mask: Rect
        /// Its corner radius (continuous corners), in points.
        public var cornerRadius: Double
        /// The image's frame: aspect-filling the mask, centred.
        public var imageFrame: Rect
        /// How far the mask is from the cell towards the detail, 0…1.
        public var openness: Double
        /// The black overlay's opacity over the revealed grid.
        public var dimming: Double
        /// The opacity of the detail's own background and chrome: 1 at rest presented, gone once
        /// the mask has shrunk by a quarter or is half way to the cell.
        public var chromeOpacity: Double
        /// The moving image's opacity (below 1 while fading or cross-fading).
        public var opacity: Double
        /// Whether the grid cell is hidden under a placeholder (while the image is away from it).
        public var sourceHidden: Bool

        /// A frame, for front-ends' tests that feed values directly.
        public init(mask: Rect, cornerRadius: Double, imageFrame: Rect, openness: Double, dimming: Double,
                    chromeOpacity: Double, opacity: Double, sourceHidden: Bool) {
            self.mask = mask
            self.cornerRadius = cornerRadius
            self.imageFrame = imageFrame
            self.openness = openness
            self.dimming = dimming
            self.chromeOpacity = chromeOpacity
            self.opacity = opacity
            self.sourceHidden = sourceHidden
        }
    }

    /// What to draw at `time`.
    public func frame(at time: Double) -> Frame {
        let time = time.isFinite ? time : self.time
        let mask = self.mask(at: time)
        let source = geometry.source, destination = geometry.destination
        let span = destination.width - source.width
        var openness = abs(span) > 1e-9 ? (mask.width - source.width) / span : (isPresentedSide ? 1 : 0)
        openness = openness.isFinite ? Swift.min(Swift.max(openness, 0), 1) : 0
        var opacity = 1.0
        switch phase {
        case let .fading(_, start): opacity = 1 - Self.fade(time - start)
        case let .crossFading(start, presenting, from):
            let f = Self.fade(time - start)
            opacity = from + ((presenting ? 1 : 0) - from) * f
            openness = opacity
        case .dragging where configuration.reduceMotion:
            opacity = Swift.min(Swift.max(1 - dragProgress, 0), 1)
            openness = opacity
        default: break
        }
        // The rounding comes in over the first tenth of the shrink.
        let shrink = Swift.min(Swift.max((1 - scale(of: mask)) / 0.1, 0), 1)
        let atRest: Bool = { if case .rest = phase { true } else { false } }()
        let detailRadius = atRest ? 0 : configuration.maskCornerRadius * shrink
        var radius = geometry.sourceCornerRadius + (detailRadius - geometry.sourceCornerRadius) * openness
        radius = Swift.min(Swift.max(radius.isFinite ? radius : 0, 0), Swift.min(mask.width, mask.height) / 2)
        let sourceHidden: Bool = { if case .rest(false) = phase { false } else { true } }()
        // The detail's own background and chrome: gone by a quarter shrink while dragging, and in
        // the first half of the way from the detail to the cell.
        let shrinkFade = Swift.min(Swift.max(1 - (1 - scale(of: mask)) / 0.25, 0), 1)
        let chrome = configuration.reduceMotion ? openness : Swift.min(Swift.max(2 * openness - 1, 0), shrinkFade)
        return Frame(mask: mask, cornerRadius: radius, imageFrame: Self.aspectFill(geometry.imageSize, in: mask), openness: openness,
                     dimming: configuration.dimming * openness, chromeOpacity: chrome, opacity: opacity, sourceHidden: sourceHidden)
    }

    /// Whether the current phase belongs to the detail's side (for degenerate equal sizes).
    var isPresentedSide: Bool {
        switch phase {
        case .rest(let presented): presented
        case let .settling(_, _, presenting, _): presenting
        case .dragging: true
        case .fading: false
        case .crossFading(_, let presenting, _): presenting
        }
    }

    /// `size` scaled to cover `rect`, centred (a zero size: `rect`).
    static func aspectFill(_ size: Size, in rect: Rect) -> Rect {
        guard size.width > 0, size.height > 0 else { return rect }
        let scale = Swift.max(rect.width / size.width, rect.height / size.height)
        let width = size.width * scale, height = size.height * scale
        return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
    }

    /// Whether a dismiss pan may begin on a detail whose scroll view is at `offset` (points from
    /// its top-left edge) with `zoomScale`, for a drag moving by `translation`: only when the
    /// scroll view is not zoomed in and is at its edge in the drag's direction (the leading edge
    /// for a rightward drag, the top for a downward one), so the pan never fights the scroll.
    public func dismissMayBegin(scrollOffset offset: Point, zoomScale: Double, translation: Point) -> Bool {
        guard offset.x.isFinite, offset.y.isFinite, translation.x.isFinite, translation.y.isFinite else { return false }
        if zoomScale.isFinite, zoomScale > 1.001 { return false }
        if configuration.downwardDismiss {
            return translation.y > abs(translation.x) && offset.y <= 0.5
        }
        // Right to left the pop runs leftward (``Configuration/layoutDirection``); `offset.x` is
        // then the caller's distance from the scroll view's right edge.
        return configuration.layoutDirection.sign * translation.x > abs(translation.y) && offset.x <= 0.5
    }
}
