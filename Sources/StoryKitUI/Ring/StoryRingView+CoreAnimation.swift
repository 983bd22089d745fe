#if canImport(UIKit)
import QuartzCore
import StoryKit
import UIKit

// MARK: - StoryRingView + Core Animation

extension StoryRingView {
    /// Puts the model's current plan (colours included) on the layers, if it changed (or always,
    /// with `force`): geometry and colours, model values, then the groups. No implicit animation
    /// applies.
    func render(force: Bool = false) {
        let layout = RingLayout(width: Double(bounds.width), height: Double(bounds.height), ring: session.rules.ring)
        let plan = RingAnimationPlan(ring: session.rules.ring, layout: layout)
        guard force || plan != installedPlan else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        configureLayers(for: plan)
        install(plan)
        CATransaction.commit()
        installedPlan = plan
    }

    /// Sizes and places the avatar, the ring layer, its fill and mask, and one stroke per segment.
    private func configureLayers(for plan: RingAnimationPlan) {
        let layout = plan.layout
        let diameter = CGFloat(layout.avatarDiameter), ringSide = CGFloat(layout.ringSide)
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        // Bounds and centre, not frame: the avatar is scaled about its centre.
        avatarView.bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        avatarView.center = centre
        avatarView.layer.cornerRadius = CGFloat(layout.avatarCornerRadius)

        ringLayer.isHidden = plan.segmentCount == 0
        ringLayer.bounds = CGRect(x: 0, y: 0, width: ringSide, height: ringSide)
        ringLayer.position = centre
        fillLayer.frame = ringLayer.bounds
        // The mask lies in the fill's coordinates: the same square, turning about its centre.
        segmentsLayer.bounds = ringLayer.bounds
        segmentsLayer.position = CGPoint(layout.ringCenter)

        // The conic gradient's colours (set up clockwise from the bottom left, as the model's
        // ColorGradient(kind: .conic)), or the seen ring's one colour through the same opaque
        // mask, so the segments' overlapping round caps never show darker.
        fillLayer.colors = plan.fill.gradientColors?.map { UIColor($0).cgColor }
        fillLayer.backgroundColor = plan.fill.solidColor.map { UIColor($0).cgColor }

        while segmentLayers.count < plan.segmentCount {
            let segment = CAShapeLayer()
            segment.fillColor = nil
            segment.strokeColor = UIColor.black.cgColor      // opaque: the mask's alpha
            segment.lineCap = .round
            segmentsLayer.addSublayer(segment)
            segmentLayers.append(segment)
        }
        while segmentLayers.count > plan.segmentCount {
            segmentLayers.removeLast().removeFromSuperlayer()
        }
        for (k, segment) in segmentLayers.enumerated() {
            segment.frame = segmentsLayer.bounds
            segment.lineWidth = CGFloat(layout.lineWidth)
            segment.strokeStart = CGFloat(plan.strokeStart(segment: k))
        }
    }

    /// Replaces the ring's animations with the plan's: the model values first, then the groups
    /// in order, one `CAAnimationGroup` per layer, each at its begin time in that layer's time.
    /// The layers are listed in ``RingAnimationPlan/Target/layerIndex``'s order.
    private func install(_ plan: RingAnimationPlan) {
        let layers = [avatarView.layer, ringLayer, segmentsLayer] + segmentLayers
        for layer in layers {
            for stage in RingAnimationPlan.Stage.allCases { layer.removeAnimation(forKey: stage.animationKey) }
        }
        func layer(for target: RingAnimationPlan.Target) -> CALayer? { target.layer(in: layers) }
        for (key, value) in plan.modelValues {
            layer(for: key.target)?.setValue(layerValue(value, of: key.property, in: plan.layout), forKeyPath: key.property.keyPath)
        }
        for group in plan.groups {
            for target in group.targets {
                guard let layer = layer(for: target) else { continue }
                layer.add(animationGroup(group, animations: group.animations(of: target), layer: layer, layout: plan.layout),
                          forKey: group.stage.animationKey)
            }
        }
    }

    /// One layer's share of a group: its timing (the model's begin time converted to the layer's
    /// time), kept after it ends (the layer's model values match its end; the next phase removes it).
    private func animationGroup(_ group: RingAnimationPlan.Group, animations: [RingAnimationPlan.Animation],
                                layer: CALayer, layout: RingLayout) -> CAAnimationGroup {
        let timing = group.timing
        let result = CAAnimationGroup()
        result.animations = animations.map { animation(for: $0, duration: timing.duration, layout: layout) }
        result.beginTime = layer.convertTime(CFTimeInterval(timing.beginTime), from: nil)
        result.duration = CFTimeInterval(timing.duration)
        result.repeatCount = Float(timing.repeatCount)
        result.fillMode = CAMediaTimingFillMode(rawValue: timing.fillMode.rawValue)
        result.isRemovedOnCompletion = false
        return result
    }

    /// The plan's animation as keyframes: a from-to one eased along the plan's curve, the
    /// keyframed ones linear (``RingAnimationPlan/Animation/keyframeCurves``).
    private func animation(for animation: RingAnimationPlan.Animation, duration: Double, layout: RingLayout) -> CAAnimation {
        let result = CAKeyframeAnimation(keyPath: animation.key.property.keyPath)
        result.values = animation.values.map { layerValue($0, of: animation.key.property, in: layout) }
        result.timingFunctions = animation.keyframeCurves.map(CAMediaTimingFunction.init)
        result.calculationMode = .linear
        result.duration = CFTimeInterval(duration)
        result.fillMode = .both
        return result
    }

    /// A plan's value as Core Animation takes it for `property`: for the path, the ring's circle
    /// of that radius in points, centred in the ring layer's square, from the top, clockwise (the
    /// model's path, so that `strokeStart` 0 is at the top); a number otherwise.
    private func layerValue(_ value: Double, of property: RingAnimationPlan.Property, in layout: RingLayout) -> Any {
        guard property == .path else { return NSNumber(value: value) }
        return UIBezierPath(arcCenter: CGPoint(layout.ringCenter), radius: CGFloat(Swift.max(value, 0)),
                            startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath
    }
}
#endif
