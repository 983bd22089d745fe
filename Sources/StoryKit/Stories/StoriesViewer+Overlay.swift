import MotionCore
import RealModule

// MARK: - StoriesViewer + Overlay

extension StoriesViewer {
    /// Where a failed page's retry state goes, in the page's points: the circular-arrow glyph,
    /// "Couldn't load", the failure's reason and the Retry button, stacked and centred on the
    /// page (the text sized with ``captionTextScale``, Dynamic Type).
    public struct RetryLayout: Sendable, Hashable {
        /// The circular arrow, 36 points square (zero size on a page too short for it).
        public var glyph: Rect
        /// "Couldn't load", one line (zero size on a page too short for it).
        public var message: Rect
        /// The failure's reason, at most ``maximumReasonLines`` lines; zero height without one
        /// (or on a page too short for it).
        public var reason: Rect
        /// The Retry button: a pill with "Retry" in it.
        public var button: Rect
        /// The title's font size, in points (15 at the default text size).
        public var messageFontSize: Double
        /// The reason's font size, in points (13 at the default text size).
        public var reasonFontSize: Double
        /// The button's label's font size, in points (15 at the default text size).
        public var buttonFontSize: Double

        /// The most lines the reason takes; a longer one ends in an ellipsis.
        public static let maximumReasonLines = 4
        /// The button's label.
        public static let buttonTitle = "Retry"
        /// The title over the reason.
        public static let message = "Couldn\u{2019}t load"
    }

    /// The id of the Retry button's VoiceOver element among ``pageAccessibilityElements`` (no
    /// feed area can have it: feed ids have no control characters).
    public static let retryElementID = "\u{1}retry"

    /// The retry state's layout for a failure with `reason` on a page of ``pageSize``. On a page
    /// too short for the whole stack the reason and the glyph go first, then the title: the
    /// Retry button always stays, inside the page.
    public func retryLayout(reason: String?) -> RetryLayout {
        let width = pageSize.width.isFinite ? Swift.max(pageSize.width, 0) : 0
        let height = pageSize.height.isFinite ? Swift.max(pageSize.height, 0) : 0
        let scale = captionTextScale.isFinite ? Swift.min(Swift.max(captionTextScale, 0.75), 2) : 1
        let textWidth = Swift.max(width - 48, 0)
        let line = CaptionLayout.lineHeight
        let messageSize = 15 * scale, reasonSize = 13 * scale, buttonSize = 15 * scale
        let allReasonLines = reason.map {
            CaptionLayout.estimatedLines(of: $0, fontSize: reasonSize, width: textWidth, maximum: RetryLayout.maximumReasonLines)
        } ?? 0
        let buttonHeight = Swift.min(Swift.max(36, buttonSize * line + 14), height)
        let buttonWidth = Swift.min(Swift.max(88, Double(RetryLayout.buttonTitle.count) * buttonSize * 0.6 + 40), width)
        // What fits: everything; the title and the button; the button alone.
        var shows = (glyph: true, message: true, reasonLines: allReasonLines)
        for candidate in [(true, true, allReasonLines), (false, true, 0), (false, false, 0)] {
            shows = candidate
            if Self.retryStackHeight(shows, messageHeight: messageSize * line, reasonHeight: reasonSize * line,
                                     buttonHeight: buttonHeight) <= height { break }
        }
        let glyphSide = shows.glyph ? 36.0 : 0, messageHeight = shows.message ? messageSize * line : 0
        let reasonHeight = Double(shows.reasonLines) * reasonSize * line
        let total = Self.retryStackHeight(shows, messageHeight: messageSize * line, reasonHeight: reasonSize * line,
                                          buttonHeight: buttonHeight)
        var y = Swift.max((height - total) / 2, 0)
        let glyph = Rect(x: (width - glyphSide) / 2, y: y, width: glyphSide, height: glyphSide)
        y += shows.glyph ? glyphSide + 8 : 0
        let message = Rect(x: 24, y: y, width: shows.message ? textWidth : 0, height: messageHeight)
        y += messageHeight + (shows.reasonLines > 0 ? 4 : 0)
        let reasonBox = Rect(x: 24, y: y, width: shows.reasonLines > 0 ? textWidth : 0, height: reasonHeight)
        y += reasonHeight + (shows.message ? 14 : 0)
        let button = Rect(x: (width - buttonWidth) / 2, y: Swift.min(y, Swift.max(height - buttonHeight, 0)),
                          width: buttonWidth, height: buttonHeight)
        return RetryLayout(glyph: glyph, message: message, reason: reasonBox, button: button, messageFontSize: messageSize,
                           reasonFontSize: reasonSize, buttonFontSize: buttonSize)
    }

    /// The stack's height with these parts shown, in points.
    private static func retryStackHeight(_ shows: (glyph: Bool, message: Bool, reasonLines: Int), messageHeight: Double,
                                         reasonHeight: Double, buttonHeight: Double) -> Double {
        (shows.glyph ? 36 + 8 : 0) + (shows.message ? messageHeight + 14 : 0)
            + (shows.reasonLines > 0 ? 4 + Double(shows.reasonLines) * reasonHeight : 0) + buttonHeight
    }

    /// The current page's Retry button, in the page's points, or zero when its item has not
    /// failed (or the page has no usable size).
    public var retryButtonFrame: Rect {
        guard cube.hasUsableSize, !isClosed, let id = currentItem?.id, let reason = failureReason(forItem: id) else { return .zero }
        return retryLayout(reason: reason).button
    }

    /// Where a touch counts as the Retry button's: its frame grown to at least 44 × 44 points
    /// (Apple's smallest hit target), in the page's points; zero without a failure.
    public var retryButtonHitFrame: Rect {
        retryButtonFrame.hitTarget
    }

    /// Whether a touch at `point` is the Retry button's: on its hit frame, the viewer at rest
    /// (not dismissing, not turning).
    public func isOnRetryButton(_ point: Point) -> Bool {
        guard point.isFinite, !dismissal.isActive, cube.phase == .idle else { return false }
        let hit = retryButtonHitFrame
        return hit.width > 0 && hit.contains(point)
    }

    /// Whether the current page shows the loading indicator (a spinning arc): its item loads, or
    /// a stall outlasted its grace period, and it has not failed. It turns with ``time``, so
    /// the viewer needs frames while it shows (``needsFrames``).
    public var showsLoadingIndicator: Bool {
        guard !isClosed, state == .loading, let id = currentItem?.id else { return false }
        return failureReason(forItem: id) == nil
    }

    /// The current page's elements for VoiceOver: the item's tappable areas
    /// (``areaAccessibilityElements``), then the Retry button while the item has failed
    /// (id ``retryElementID``, its label "Retry", its hint the failure's reason). Activate one
    /// with ``activateAccessibilityElement(_:time:)``.
    public var pageAccessibilityElements: [AreaAccessibilityElement] {
        var elements = areaAccessibilityElements
        let button = retryButtonFrame
        if button.width > 0, let id = currentItem?.id {
            elements.append(AreaAccessibilityElement(id: Self.retryElementID, label: RetryLayout.buttonTitle,
                                                     hint: failureReason(forItem: id), isLink: false, frame: button))
        }
        return elements
    }

    /// VoiceOver activated the page element `id`: the Retry button retries the failed item
    /// (``retry(time:)``), an area is tapped (``tapArea(_:time:)``).
    @discardableResult
    public mutating func activateAccessibilityElement(_ id: String, time: Double) -> [Event] {
        guard id == Self.retryElementID else { return tapArea(id, time: time) }
        guard time.isFinite, !isClosed, retryButtonFrame.width > 0 else { return [] }
        return retry(time: time)
    }

    // MARK: Retry touches

    /// A touch came down at `point`: if it is on the Retry button, the button takes it (no hold,
    /// no page tap) and this returns true.
    mutating func beginRetryTouch(at point: Point) -> Bool {
        retryTouch = nil
        guard isOnRetryButton(point) else { return false }
        retryTouch = point
        return true
    }

    /// The button's touch lifted at `point` (`nil`: cancelled) at `time`: a lift on the hit frame
    /// of a page still failed retries.
    mutating func endRetryTouch(at point: Point?, time: Double, events: inout [Event]) {
        retryTouch = nil
        guard let point, point.isFinite, retryButtonHitFrame.contains(point) else { return }
        events += retry(time: time)
    }

    /// Whether a finger is down on the Retry button.
    var hasRetryTouch: Bool { retryTouch != nil }

    // MARK: Layers

    /// `user`'s page overlay: the retry state (`"retry"`) when the item the page shows failed,
    /// the loading indicator (`"loading"`) on the current page while ``showsLoadingIndicator``,
    /// else `nil`. The compositor's page and the UIKit page draw this one layer.
    public func overlayLayer(forUser user: Int) -> Layer? {
        guard cube.hasUsableSize, let item = item(forUser: user), users[user].items.indices.contains(item) else { return nil }
        if let reason = failureReason(forItem: users[user].items[item].id) { return retryLayer(reason: reason) }
        guard user == userIndex, showsLoadingIndicator else { return nil }
        return loadingLayer
    }

    /// The loading indicator, centred on the page: `"loading"`, a 3/4 white arc of radius 18
    /// turning 1.5 times a second with ``time``.
    var loadingLayer: Layer {
        let radius = 18.0
        let turn = (time * 1.5).truncatingRemainder(dividingBy: 1) * 2 * Double.pi
        let ring = ShapeContents(path: .circle(center: Point(x: radius + 2, y: radius + 2), radius: radius),
                                 strokeColor: RGBAColor(white: 1, alpha: 0.9), lineWidth: 3, lineCap: .round, strokeEnd: 0.75)
        return Layer(name: "loading", bounds: Rect(x: 0, y: 0, width: 2 * radius + 4, height: 2 * radius + 4),
                     position: Point(x: pageSize.width / 2, y: pageSize.height / 2),
                     transform: Transform3D(rotationAngle: turn.isFinite ? turn : 0, axis: Vector3(x: 0, y: 0, z: 1)), shape: ring)
    }

    /// A failed item's retry state over the whole page (``retryLayout(reason:)``): `"retry"`
    /// holding `"glyph"` (a circular arrow), `"message"` ("Couldn't load"), `"reason"` and
    /// `"button"` (a translucent pill) with its `"label"` ("Retry").
    func retryLayer(reason: String) -> Layer {
        let layout = retryLayout(reason: reason)
        let white = RGBAColor(white: 1, alpha: 0.9)
        var sublayers: [Layer] = []
        if layout.glyph.width > 0 { sublayers.append(glyphLayer(in: layout.glyph, color: white)) }
        if layout.message.width > 0 {
            sublayers.append(Self.text("message", RetryLayout.message, in: layout.message, size: layout.messageFontSize,
                                       weight: .semibold, lines: 1))
        }
        if layout.reason.height > 0 {
            sublayers.append(Self.text("reason", reason, in: layout.reason, size: layout.reasonFontSize, weight: .regular,
                                       lines: RetryLayout.maximumReasonLines))
        }
        let button = layout.button
        let labelHeight = layout.buttonFontSize * CaptionLayout.lineHeight     // one line, centred in the pill
        let label = Self.text("label", RetryLayout.buttonTitle,
                              in: Rect(x: 0, y: (button.height - labelHeight) / 2, width: button.width, height: labelHeight),
                              size: layout.buttonFontSize, weight: .semibold, lines: 1)
        var pill = Layer(name: "button", bounds: Rect(x: 0, y: 0, width: button.width, height: button.height),
                         position: Point(x: button.midX, y: button.midY), cornerRadius: button.height / 2,
                         backgroundColor: RGBAColor(white: 1, alpha: 0.22), sublayers: [label])
        pill.borderColor = RGBAColor(white: 1, alpha: 0.6)
        pill.borderWidth = 1
        sublayers.append(pill)
        return Layer(name: "retry", bounds: Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height),
                     position: Point(x: pageSize.width / 2, y: pageSize.height / 2), sublayers: sublayers)
    }

    /// The circular arrow, clockwise on screen from just right of 12 o'clock to just left of it,
    /// its head pointing along the arc.
    private func glyphLayer(in frame: Rect, color: RGBAColor) -> Layer {
        let side = frame.width, radius = 14.0
        let middle = Point(x: side / 2, y: side / 2)
        let start = -Double.pi / 2 + 0.45, end = start + 2 * .pi - 1.1
        let tip = Point(x: middle.x + radius * Double.cos(end), y: middle.y + radius * Double.sin(end))
        let along = Point(x: -Double.sin(end), y: Double.cos(end)), out = Point(x: Double.cos(end), y: Double.sin(end))
        let head = ShapePath([.move(to: Point(x: tip.x + 5 * along.x, y: tip.y + 5 * along.y)),
                              .line(to: Point(x: tip.x + 5 * out.x, y: tip.y + 5 * out.y)),
                              .line(to: Point(x: tip.x - 5 * out.x, y: tip.y - 5 * out.y)), .close])
        return Layer(name: "glyph", bounds: Rect(x: 0, y: 0, width: side, height: side), position: Point(x: frame.midX, y: frame.midY),
                     shape: ShapeContents(path: .arc(center: middle, radius: radius, startAngle: start, endAngle: end, clockwise: true),
                                          strokeColor: color, lineWidth: 3, lineCap: .round),
                     sublayers: [Layer(name: "head", bounds: Rect(x: 0, y: 0, width: side, height: side), position: middle,
                                       shape: ShapeContents(path: head, fillColor: color))])
    }

    /// A centred white text layer with a soft shadow (legible over a picture left behind).
    private static func text(_ name: String, _ string: String, in frame: Rect, size: Double, weight: TextContents.Weight,
                             lines: Int) -> Layer {
        var layer = Layer(name: name, bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                          position: Point(x: frame.midX, y: frame.midY),
                          text: TextContents(string, fontSize: size, fontWeight: weight, color: RGBAColor(white: 1, alpha: 0.9),
                                             alignment: .center, numberOfLines: lines))
        layer.shadowColor = .black
        layer.shadowOpacity = 0.5
        layer.shadowRadius = 2
        layer.shadowOffset = Size(width: 0, height: 1)
        return layer
    }
}
