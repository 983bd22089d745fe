import Foundation
import StoryKit

// MARK: - RingStroke

/// How one frame of a story ring is stroked, for both front-ends and as the compositor's scene
/// (``StoryKit/StoryRing/layers(at:avatarFrame:avatar:name:)``) strokes it: the circle of the
/// model's radius from the top, clockwise, with the model's line width, dashes and opacity, round
/// caps while dashed, through the conic gradient (clockwise from the bottom left) when the ring
/// has several colours, else its one colour (clear without one). Plain values, tested on Linux.
///
/// ``StoryRingView`` takes the gradient or colour for its fill layer (its segments are the
/// dashes, see ``RingAnimationPlan``); ``StoryRingAvatar`` draws all of it on every frame.
package struct RingStroke: Sendable, Hashable {
    /// The radius of the ring's centre line, in points (the avatar's scale included).
    package var radius: Double
    /// The line width, in points; 0 draws no ring.
    package var lineWidth: Double
    /// Whether the ends are round: while the ring is dashed (loading), else butt.
    package var roundCaps: Bool
    /// The dash pattern, `[dash, gap]` in points, or empty for a solid ring.
    package var dash: [Double]
    /// The dash phase, in points.
    package var dashPhase: Double
    /// The ring's opacity, 0…1.
    package var opacity: Double
    /// The gradient or the one colour.
    package var fill: Fill

    /// What the ring is stroked through: the conic gradient of its colours, or its one colour.
    /// It depends on the ring's status and configuration only, never on time.
    package struct Fill: Sendable, Hashable {
        /// The conic gradient's colours, clockwise from ``RingStroke/gradientStartPoint``'s
        /// direction; nil for one colour.
        package var gradientColors: [RGBAColor]?
        /// The one colour, clear with a gradient or without colours.
        package var color: RGBAColor

        /// The one colour when there is no gradient (the seen ring's, or clear), else nil: what a
        /// layer behind the segments is filled with (a gradient layer shows its colours instead).
        package var solidColor: RGBAColor? { gradientColors == nil ? color : nil }

        /// The fill of a ring with `colors` (``StoryKit/StoryRing/Frame/colors``).
        package init(colors: [RGBAColor]) {
            gradientColors = colors.count > 1 ? colors : nil
            color = colors.count == 1 ? colors[0] : .clear
        }

        /// The conic gradient as the compositor's scene describes it, nil for one colour.
        package var gradient: ColorGradient? {
            gradientColors.map {
                ColorGradient(kind: .conic, colors: $0, startPoint: RingStroke.gradientCenter, endPoint: RingStroke.gradientStartPoint)
            }
        }
    }

    /// The conic gradient's centre, in the ring's unit square (Core Animation's `startPoint`).
    package static let gradientCenter = Point(x: 0.5, y: 0.5)
    /// Where the conic gradient starts, in the ring's unit square: the bottom left (Core
    /// Animation's `endPoint`, the compositor's ``StoryKit/ColorGradient/endPoint``).
    package static let gradientStartPoint = Point(x: 0, y: 1)

    /// The stroke of `frame` around an avatar laid out by `layout`.
    package init(_ frame: StoryRing.Frame, layout: RingLayout) {
        radius = frame.ringRadius(avatarDiameter: layout.avatarDiameter, gap: layout.gap)
        lineWidth = frame.lineWidth
        dash = frame.dashPattern(radius: radius)
        roundCaps = !dash.isEmpty
        dashPhase = frame.dashPhase(radius: radius)
        opacity = frame.ringOpacity
        fill = Fill(colors: frame.colors)
    }

    /// Whether a ring is drawn (a line width above 0).
    package var isVisible: Bool { lineWidth > 0 }

    /// The side of the square the circle is drawn in, `2 · radius`, in points.
    package var side: Double { 2 * radius }

    /// The conic gradient's start as an angle, in degrees clockwise from the trailing side (the
    /// angle SwiftUI's `AngularGradient` takes): 135°, the bottom left.
    package static var gradientStartDegrees: Double {
        atan2(gradientStartPoint.y - gradientCenter.y, gradientStartPoint.x - gradientCenter.x) * 180 / Double.pi
    }
}
