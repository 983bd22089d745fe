import StoryKit

// MARK: - RingAnimationPlan

/// The Core Animation groups that play a story ring's timeline, as plain values: which layer
/// and key path gets which values, along which curve, in which group, and what the model layers
/// hold — what ``StoryRingView`` adds to its layers, tested on Linux against the model.
///
/// The ring is drawn as segments so that every channel maps to animatable properties:
///
/// - The avatar (``Target/avatar``): `transform.scale` is the ``StoryKit/StoryRing/Channel/scale``.
/// - The ring (``Target/ring``): a layer whose square just holds the stroke at rest, with a
///   conic gradient (or the seen colour) masked by the segments; `opacity` is the
///   ``StoryKit/StoryRing/Channel/opacity``.
/// - The segments' container (``Target/segments``), the mask, as large as the ring layer:
///   `transform.rotation.z` is the ``StoryKit/StoryRing/Channel/rotation`` (the segments turn,
///   the gradient stays).
/// - One shape layer per segment (``Target/segment(_:)``), as large as the container, stroking
///   the circle from the top, clockwise, with round caps from `strokeStart` = k/n: its `path` is
///   the circle of the ring's radius for the ``StoryKit/StoryRing/Channel/scale``
///   (``RingLayout/radius(scale:)``) and its `strokeEnd` is `(k + 1 − segmentGap · openness) / n`
///   for the ``StoryKit/StoryRing/Channel/openness``. Shut, the segments touch and their round
///   caps overlap, so the ring is solid.
///
/// A `CAShapeLayer`'s `lineDashPattern` is not animatable, so the model's dashes (period
/// `2πr / n`, phase `−rotation · r`) become these segments: the same arcs, in the same places.
///
/// Each property is an affine function of one channel, so Core Animation interpolating the mapped
/// from and to values along the channel's curve shows exactly the model's value at every time
/// (the path too: the circles' control points are affine in the radius). The Reduce Motion pulse
/// is the exception: its cosine is sampled into ``pulseKeyframesPerTurn`` linear keyframes per
/// turn (within 0.001 of the model's opacity).
///
/// Groups, one `CAAnimationGroup` per layer, chained by begin time (never completion blocks):
///
/// - Loading: ``Stage/press`` from the tap (the avatar shrinks, the segments open; the model's
///   ease-out) and ``Stage/loop`` from the tap, repeating forever (one full turn of the segments,
///   linear; under Reduce Motion one opacity pulse instead).
/// - Resolving: ``Stage/resolve`` alone from readiness (or the cancel), one animation per moving
///   channel from ``StoryKit/StoryRing/Segment/from`` to ``StoryKit/StoryRing/Segment/to``
///   along its ``StoryKit/StoryRing/Segment/curve``, holding its end (fill forwards); it takes
///   over from wherever the press and the loop were, at their speed.
///
/// Times are the model's seconds; a front-end converts them to each layer's time.
package struct RingAnimationPlan: Sendable, Hashable {
    /// A layer of the ring.
    package enum Target: Sendable, Hashable {
        /// The avatar's picture (scaled about its centre).
        case avatar
        /// The ring layer: the gradient or seen colour, masked by the segments.
        case ring
        /// The segments' container, the ring layer's mask.
        case segments
        /// Segment `k`, from 0 at the top, clockwise.
        case segment(Int)
    }

    /// An animated layer property.
    package enum Property: String, Sendable, Hashable, CaseIterable {
        /// `transform.scale`.
        case scale = "transform.scale"
        /// `transform.rotation.z`, radians, clockwise on screen.
        case rotation = "transform.rotation.z"
        /// `opacity`.
        case opacity
        /// `path`: the value is the radius (points) of the circle centred in the ring layer's
        /// square, from the top, clockwise.
        case path
        /// `strokeEnd`, a fraction of the circle.
        case strokeEnd

        /// The Core Animation key path.
        package var keyPath: String { rawValue }
    }

    /// One property of one layer.
    package struct Key: Sendable, Hashable {
        package var target: Target
        package var property: Property

        package init(_ target: Target, _ property: Property) {
            self.target = target
            self.property = property
        }
    }

    /// One animation of a group: from one value to another along ``curve`` (two values), or
    /// linear keyframes (more, evenly spaced), as long as its group. The ring view plays either
    /// as a `CAKeyframeAnimation` (``keyframeCurves``).
    package struct Animation: Sendable, Hashable {
        /// The layer and property.
        package var key: Key
        /// The ring's channel it plays.
        package var channel: StoryRing.Channel
        /// From and to, or the keyframes.
        package var values: [Double]
        /// The from-to animation's timing function (linear for keyframes).
        package var curve: TimingCurve

        /// The first value.
        package var from: Double { values.first ?? 0 }
        /// The last value.
        package var to: Double { values.last ?? 0 }
        /// Whether it is a keyframe animation.
        package var isKeyframed: Bool { values.count > 2 }

        /// The value at `progress` (0…1) of its group's iteration, as Core Animation computes it.
        package func value(at progress: Double) -> Double {
            let progress = Swift.min(Swift.max(progress, 0), 1)
            guard isKeyframed else { return from + (to - from) * curve.value(at: progress) }
            let position = progress * Double(values.count - 1)
            let index = Swift.min(Int(position), values.count - 2)
            let fraction = position - Double(index)
            return values[index] + (values[index + 1] - values[index]) * fraction
        }
    }

    /// A group of the timeline.
    package enum Stage: String, Sendable, Hashable, CaseIterable {
        /// The avatar shrinks and the segments open, from the tap.
        case press
        /// The segments turn (or the ring pulses), from the tap, forever.
        case loop
        /// Every channel comes to rest, from readiness or the cancel.
        case resolve

        /// The key its `CAAnimationGroup` is added under on each layer ("storyRing.press"…): a
        /// layer has at most one group of each stage.
        package var animationKey: String { "storyRing." + rawValue }
    }

    /// One group of the timeline: its timing in the model's seconds and its animations, which a
    /// front-end adds as one `CAAnimationGroup` per layer.
    package struct Group: Sendable, Hashable {
        /// Which group.
        package var stage: Stage
        /// Begin time (model seconds), duration, repeat count and fill mode.
        package var timing: MediaTiming
        /// The animations, all as long as the group.
        package var animations: [Animation]

        /// The layers it animates, in the order they first appear.
        package var targets: [Target] {
            var seen: [Target] = []
            for animation in animations where !seen.contains(animation.key.target) { seen.append(animation.key.target) }
            return seen
        }

        /// The animations of one layer.
        package func animations(of target: Target) -> [Animation] {
            animations.filter { $0.key.target == target }
        }
    }

    /// Keyframes per turn of the Reduce Motion pulse.
    package static let pulseKeyframesPerTurn = 60

    /// The layout the values are for.
    package var layout: RingLayout
    /// The number of segment layers (0 without a ring).
    package var segmentCount: Int
    /// The ring's gradient or its one colour, for the fill layer.
    package var fill: RingStroke.Fill
    /// The groups, in the order they are added (a later one wins on a shared key path).
    package var groups: [Group]
    /// What the model layers hold: the values each property rests at once the finite groups end
    /// (the pressed look while loading, rest after a resolution), so removing a finished
    /// animation never shows a jump.
    package var modelValues: [Key: Double]

    /// Segment `k`'s `strokeStart`: `k / n`.
    package func strokeStart(segment k: Int) -> Double {
        segmentCount > 0 ? Double(k) / Double(segmentCount) : 0
    }

    /// The group of `stage`, if the plan has one.
    package func group(_ stage: Stage) -> Group? {
        groups.first { $0.stage == stage }
    }
}
