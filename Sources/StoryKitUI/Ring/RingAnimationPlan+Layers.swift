import MotionCore
import StoryKit

// MARK: - RingAnimationPlan.Target + Layer order

extension RingAnimationPlan.Target {
    /// Where the target's layer sits in the ring view's layer list, in this order: the avatar,
    /// the ring, the segments' container, then segment 0, 1, … (``StoryRingView`` builds its list
    /// so); nil for a segment with a negative number.
    package var layerIndex: Int? {
        switch self {
        case .avatar: 0
        case .ring: 1
        case .segments: 2
        case .segment(let k): k >= 0 ? 3 + k : nil
        }
    }

    /// The target's layer in `layers` (in ``layerIndex``'s order); nil when the list has no such
    /// layer (a segment the view has not built).
    package func layer<Layer>(in layers: [Layer]) -> Layer? {
        layerIndex.flatMap { layers.dropFirst($0).first }
    }
}

// MARK: - RingAnimationPlan.Animation + Keyframes

extension RingAnimationPlan.Animation {
    /// The timing function of each span between two neighbouring ``values``, as a Core
    /// Animation keyframe animation takes them (`timingFunctions`, keyframes evenly spaced,
    /// linear calculation): a from-to animation is one span along ``curve``, a keyframed one is
    /// linear in every span. Played so, every animation is one `CAKeyframeAnimation` whose value
    /// at each progress is ``value(at:)``.
    package var keyframeCurves: [TimingCurve] {
        isKeyframed ? Array(repeating: .linear, count: values.count - 1) : [curve]
    }
}
