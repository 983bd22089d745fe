import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryKitUI
import Testing

/// How the ring view plays a plan: each target's layer found in its list, and every animation as
/// one keyframe animation that shows what the plan computes.
@Suite struct RingAnimationPlanLayersTests {
    typealias Plan = RingAnimationPlan

    @Test func eachTargetFindsItsLayerInTheViewsList() {
        let layers = ["avatar", "ring", "segments", "s0", "s1", "s2"]
        #expect(Plan.Target.avatar.layer(in: layers) == "avatar")
        #expect(Plan.Target.ring.layer(in: layers) == "ring")
        #expect(Plan.Target.segments.layer(in: layers) == "segments")
        #expect(Plan.Target.segment(0).layer(in: layers) == "s0")
        #expect(Plan.Target.segment(2).layer(in: layers) == "s2")
        #expect(Plan.Target.segment(3).layer(in: layers) == nil, "a segment the view has not built")
        #expect(Plan.Target.segment(-1).layer(in: layers) == nil)
        #expect(Plan.Target.avatar.layer(in: [String]()) == nil)
    }

    /// Core Animation's keyframe animation: `values` evenly spaced over the duration, each span
    /// eased by its own timing function.
    static func keyframeValue(_ values: [Double], curves: [TimingCurve], at progress: Double) -> Double {
        guard values.count > 1 else { return values.first ?? 0 }
        let position = Swift.min(Swift.max(progress, 0), 1) * Double(values.count - 1)
        let span = Swift.min(Int(position), values.count - 2)
        let eased = curves[span].value(at: position - Double(span))
        return values[span] + (values[span + 1] - values[span]) * eased
    }

    /// Every animation of the press, the loop and the resolution (turning and pulsing), played
    /// as keyframes with ``RingAnimationPlan/Animation/keyframeCurves``, is the plan's value at
    /// every progress: the eased from-to ones keep their curve.
    @Test(arguments: [false, true])
    func everyAnimationPlayedAsKeyframesIsThePlansValue(reduceMotion: Bool) throws {
        var ring = StoryRing(status: .unseen, configuration: StoryRing.Configuration(reduceMotion: reduceMotion))
        _ = ring.tap(time: 1)
        let loading = Plan(ring: ring, layout: RingLayout(side: 66, ring: ring))
        _ = ring.ready(time: 1.7)
        let resolving = Plan(ring: ring, layout: RingLayout(side: 66, ring: ring))
        let animations = (loading.groups + resolving.groups).flatMap(\.animations)
        #expect(animations.count >= 3)
        var eased = 0
        for animation in animations {
            let curves = animation.keyframeCurves
            #expect(curves.count == animation.values.count - 1)
            if animation.curve != .linear && !animation.isKeyframed { eased += 1 }
            for step in 0...20 {
                let progress = Double(step) / 20
                let played = Self.keyframeValue(animation.values, curves: curves, at: progress)
                #expect(Approximately.equal(played, animation.value(at: progress), absolute: 1e-9),
                        "\(animation.key) at \(progress)")
            }
        }
        #expect(eased > 0, "the plan has eased from-to animations, whose curve must survive")
    }
}
