#if canImport(UIKit)
import QuartzCore
import StoryKit
import UIKit

/// A view that draws scene ``StoryKit/Layer``s with Core Animation, so that a UIKit view and the
/// compositor draw one description (the Stories page's scrim and progress bars).
///
/// It draws each layer's geometry (bounds, position, anchor point, z position, transforms), opacity,
/// visibility, double-sidedness, clipping, corners (radius, curve, which corners), background
/// colour, border, drop shadow (without `shadowPath`) and gradient (axial, radial or conic), and
/// its sublayers matched by place; image contents, shapes, text, masks, shadow paths and blur are
/// left to views of their own. It takes no touches.
@MainActor
final class SceneLayersView: UIView {
    /// The layers last drawn: the same layers again change nothing.
    private var drawn: [Layer] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Draws `layers` as this view's sublayers, back to front, in the view's points; call inside
    /// a transaction without actions.
    func draw(_ layers: [Layer]) {
        guard layers != drawn else { return }
        drawn = layers
        Self.draw(layers, in: layer)
    }

    /// Makes `parent`'s sublayers `layers`: a layer at the same place is reused when its kind
    /// (gradient or not) fits, made otherwise; the ones past the end go.
    private static func draw(_ layers: [Layer], in parent: CALayer) {
        let existing = parent.sublayers ?? []
        for (index, model) in layers.enumerated() {
            let reusable = existing.indices.contains(index) ? existing[index] : nil
            let target: CALayer
            if let reusable, (reusable is CAGradientLayer) == (model.gradient != nil) {
                target = reusable
            } else {
                target = model.gradient != nil ? CAGradientLayer() : CALayer()
                if let reusable { parent.replaceSublayer(reusable, with: target) } else { parent.addSublayer(target) }
            }
            target.name = model.name
            target.bounds = CGRect(model.bounds)
            target.position = CGPoint(model.position)
            target.anchorPoint = CGPoint(model.anchorPoint)
            target.zPosition = CGFloat(model.zPosition)
            target.transform = CATransform3D(model.transform)
            target.sublayerTransform = CATransform3D(model.sublayerTransform)
            target.opacity = Float(model.opacity)
            target.isHidden = model.isHidden
            target.isDoubleSided = model.isDoubleSided
            target.masksToBounds = model.masksToBounds
            target.cornerRadius = CGFloat(model.cornerRadius)
            target.cornerCurve = model.cornerCurve == .continuous ? .continuous : .circular
            target.maskedCorners = CACornerMask(rawValue: UInt(model.maskedCorners.rawValue))  // the same bits
            target.backgroundColor = model.backgroundColor.map { UIColor($0).cgColor }
            target.borderWidth = CGFloat(model.borderWidth)
            target.borderColor = UIColor(model.borderColor).cgColor
            target.shadowOpacity = Float(model.shadowOpacity)
            target.shadowColor = UIColor(model.shadowColor).cgColor
            target.shadowOffset = CGSize(model.shadowOffset)  // y down in both
            target.shadowRadius = CGFloat(model.shadowRadius)
            if let gradient = model.gradient, let gradientLayer = target as? CAGradientLayer {
                switch gradient.kind {
                case .axial: gradientLayer.type = .axial
                case .radial: gradientLayer.type = .radial
                case .conic: gradientLayer.type = .conic
                }
                gradientLayer.colors = gradient.colors.map { UIColor($0).cgColor }
                gradientLayer.locations = gradient.locations?.map { NSNumber(value: $0) }
                gradientLayer.startPoint = CGPoint(gradient.startPoint)
                gradientLayer.endPoint = CGPoint(gradient.endPoint)
            }
            draw(model.sublayers, in: target)
        }
        for extra in existing.dropFirst(layers.count) { extra.removeFromSuperlayer() }
    }
}
#endif
