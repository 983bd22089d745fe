import StoryKit

// MARK: - RingLayout

/// Where a story ring's avatar and ring sit in a square: the rule both front-ends share
/// (``StoryRingView`` from its bounds, ``StoryRingAvatar`` from an avatar diameter), as a plain
/// value tested on Linux.
///
/// The square holds the avatar, the gap and the ring. The avatar's diameter leaves room for the
/// *wider* of the two rings (unseen and seen), so the picture keeps its size when a story is
/// seen and the ring thins; the ring's centre line is where the model puts it
/// (``StoryKit/StoryRing/Frame/ringRadius(avatarDiameter:gap:)``), and its layer is the square
/// that just holds the stroke at rest, centred on the avatar.
package struct RingLayout: Sendable, Hashable {
    /// The square's side, in points.
    package var side: Double
    /// The avatar's diameter at rest, in points.
    package var avatarDiameter: Double
    /// The space between the avatar and the ring's inner edge, in points.
    package var gap: Double
    /// The ring's line width for the ring's status, in points (0 without stories).
    package var lineWidth: Double

    /// The layout of `ring` in a square of `side` points.
    ///
    /// - Parameters:
    ///   - side: The square's side (the smaller side of a view), in points; negative or
    ///     non-finite values count as 0.
    ///   - ring: The ring (its status and configuration).
    package init(side: Double, ring: StoryRing) {
        let side = side.isFinite ? Swift.max(side, 0) : 0
        let configuration = ring.configuration
        self.side = side
        self.gap = configuration.gap
        self.lineWidth = ring.frame(at: ring.time).lineWidth
        self.avatarDiameter = Swift.max(side - 2 * Self.margin(configuration), 0)
    }

    /// The layout of `ring` in a view of `width × height` points: in the square of its smaller
    /// side, centred.
    package init(width: Double, height: Double, ring: StoryRing) {
        self.init(side: Swift.min(width.isFinite ? width : 0, height.isFinite ? height : 0), ring: ring)
    }

    /// The layout of `ring` around an avatar of `avatarDiameter` points.
    package init(avatarDiameter: Double, ring: StoryRing) {
        let diameter = avatarDiameter.isFinite ? Swift.max(avatarDiameter, 0) : 0
        self.init(side: diameter + 2 * Self.margin(ring.configuration), ring: ring)
    }

    /// The side of the square that holds an avatar of `avatarDiameter` points and its ring.
    package static func side(avatarDiameter: Double, configuration: StoryRing.Configuration) -> Double {
        (avatarDiameter.isFinite ? Swift.max(avatarDiameter, 0) : 0) + 2 * margin(configuration)
    }

    /// The room around the avatar on each side: the gap and the wider ring.
    static func margin(_ configuration: StoryRing.Configuration) -> Double {
        configuration.gap + Swift.max(configuration.unseenLineWidth, configuration.seenLineWidth)
    }

    /// The radius of the ring's centre line when the avatar is scaled by `scale`, in points
    /// (the model's ``StoryKit/StoryRing/Frame/ringRadius(avatarDiameter:gap:)``).
    package func radius(scale: Double) -> Double {
        avatarDiameter / 2 * scale + gap + lineWidth / 2
    }

    /// The avatar's corner radius, half its diameter, in points: a circle.
    package var avatarCornerRadius: Double { avatarDiameter / 2 }

    /// The radius of the ring's centre line at rest, in points.
    package var restRadius: Double { radius(scale: 1) }

    /// The side of the ring layer's square: the stroke at rest, `2 · restRadius + lineWidth`.
    package var ringSide: Double { 2 * restRadius + lineWidth }

    /// The centre of the ring layer's square in its own coordinates, `ringSide / 2` each way, in
    /// points: the circle's centre and the segments' turning point.
    package var ringCenter: Point { Point(x: ringSide / 2, y: ringSide / 2) }
}
