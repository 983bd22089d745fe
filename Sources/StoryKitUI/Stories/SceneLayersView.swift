#if canImport(UIKit)
import QuartzCore
import StoryKit
import UIKit

/// A view that draws scene ``StoryKit/Layer``s with Core Animation, so that a UIKit view and the
/// compositor draw one description (the Stories page's scrim and progress bars).
///
/// It draws each layer's geometry (bounds, position, anchor point, z position, transforms), opacity,
/// visibility, double-sidedness, clipping, corners (radius, curve, which corners), background
/// colour, border, drop shadow (with its path), gradient (axial, radial or conic), shape (path,
/// fill and fill rule, solid stroke with its caps, joins, miter limit, dashes and trim), mask,
/// and its sublayers matched by place. Image contents, text, a shape's `strokeGradient` and blur
/// are left to views of their own. It takes no touches.
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

    /// Makes `parent`'s sublayers `layers`: a layer at the same place is reused when its class
    /// (``SceneLayerKind``) fits, made otherwise; the ones past the end go.
    private static func draw(_ layers: [Layer], in parent: CALayer) {
        let existing = parent.sublayers ?? []
        for (index, model) in layers.enumerated() {
            let reusable = existing.indices.contains(index) ? existing[index] : nil
            let target = reused(reusable, for: model)
            if target !== reusable {
                if let reusable { parent.replaceSublayer(reusable, with: target) } else { parent.addSublayer(target) }
            }
            apply(model, to: target)
        }
        for extra in existing.dropFirst(layers.count) { extra.removeFromSuperlayer() }
    }

    /// `layer` when its class fits `model`, else a new layer of the class that does.
    private static func reused(_ layer: CALayer?, for model: Layer) -> CALayer {
        let kind = SceneLayerKind(model)
        switch (kind, layer) {
        case (.gradient, let layer as CAGradientLayer): return layer
        case (.shape, let layer as CAShapeLayer): return layer
        case (.plain, let layer?) where !(layer is CAGradientLayer) && !(layer is CAShapeLayer): return layer
        case (.gradient, _): return CAGradientLayer()
        case (.shape, _): return CAShapeLayer()
        case (.plain, _): return CALayer()
        }
    }

    /// Sets `target`'s properties, mask and sublayers from `model`.
    private static func apply(_ model: Layer, to target: CALayer) {
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
        target.shadowPath = model.shadowPath.map(path)
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
        if let shape = model.shape, let shapeLayer = target as? CAShapeLayer {
            shapeLayer.path = path(shape.path)
            shapeLayer.fillColor = shape.fillColor.map { UIColor($0).cgColor }
            shapeLayer.strokeColor = shape.strokeColor.map { UIColor($0).cgColor }
            shapeLayer.lineWidth = CGFloat(shape.lineWidth)
            shapeLayer.lineCap = CAShapeLayerLineCap(rawValue: shape.lineCap.rawValue)    // butt, round, square
            shapeLayer.lineJoin = CAShapeLayerLineJoin(rawValue: shape.lineJoin.rawValue) // miter, round, bevel
            shapeLayer.miterLimit = CGFloat(shape.miterLimit)
            shapeLayer.fillRule = CAShapeLayerFillRule(rawValue: shape.fillRule.rawValue) // non-zero, even-odd
            shapeLayer.lineDashPattern = shape.lineDashPattern.isEmpty ? nil : shape.lineDashPattern.map { NSNumber(value: $0) }
            shapeLayer.lineDashPhase = CGFloat(shape.lineDashPhase)
            shapeLayer.strokeStart = CGFloat(shape.strokeStart)
            shapeLayer.strokeEnd = CGFloat(shape.strokeEnd)
        }
        if let mask = model.mask {
            let layer = reused(target.mask, for: mask)
            if layer !== target.mask { target.mask = layer }
            apply(mask, to: layer)
        } else if target.mask != nil {
            target.mask = nil
        }
        draw(model.sublayers, in: target)
    }

    /// The scene path as a Core Graphics path, in the layer's points; arcs go clockwise on
    /// screen as the scene's do (UIBezierPath's meaning, not CGPath's y-up one).
    private static func path(_ shape: ShapePath) -> CGPath {
        let path = UIBezierPath()
        for element in shape.elements {
            switch element {
            case .move(let to): path.move(to: CGPoint(to))
            case .line(let to): path.addLine(to: CGPoint(to))
            case .quadCurve(let to, let control): path.addQuadCurve(to: CGPoint(to), controlPoint: CGPoint(control))
            case .curve(let to, let control1, let control2):
                path.addCurve(to: CGPoint(to), controlPoint1: CGPoint(control1), controlPoint2: CGPoint(control2))
            case .arc(let center, let radius, let start, let end, let clockwise):
                path.addArc(withCenter: CGPoint(center), radius: CGFloat(radius), startAngle: CGFloat(start),
                            endAngle: CGFloat(end), clockwise: clockwise)
            case .close: path.close()
            }
        }
        return path.cgPath
    }
}
#endif
