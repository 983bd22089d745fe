#if canImport(UIKit)
import QuartzCore
import StoryKit
import UIKit

/// A view that draws scene ``StoryKit/Layer``s with Core Animation, so that a UIKit view and the
/// compositor draw one description (the Stories page over its media).
///
/// It draws each layer's geometry (bounds, position, anchor point, z position, transforms), opacity,
/// visibility, double-sidedness, clipping, corners (radius, curve, which corners), background
/// colour, border, drop shadow (with its path), gradient (axial, radial or conic), shape (path,
/// fill and fill rule, solid stroke with its caps, joins, miter limit, dashes and trim), mask,
/// image contents (the named image from ``images``, with gravity, contents rect, centre, scale
/// and filters as ``SceneContentsPlan`` gives them), a shape's `strokeGradient` (a
/// `CAGradientLayer` masked by the stroked path, the shape layer's first sublayer, see
/// ``SceneLayerKind/drawsStrokeGradient(_:)``), text (a `CATextLayer`, as ``SceneTextPlan``
/// says) and its sublayers matched by place. Blur is left to views of their own (iOS has no
/// public layer blur). It takes no touches.
@MainActor
final class SceneLayersView: UIView {
    /// The layers last drawn: the same layers again change nothing.
    private var drawn: [Layer] = []
    /// The images last drawn with ``drawn``.
    private var drawnImages: [String: CGImage] = [:]

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// Draws `layers` as this view's sublayers, back to front, in the view's points; call inside
    /// a transaction without actions. `images` holds the images the layers' contents name (a
    /// missing name draws no image).
    func draw(_ layers: [Layer], images: [String: CGImage] = [:]) {
        guard layers != drawn || images != drawnImages else { return }
        let previous = drawn, sameImages = images == drawnImages
        drawn = layers
        drawnImages = images
        Self.draw(layers, previous: previous, sameImages: sameImages, in: layer, images: images, scale: traitCollection.displayScale)
    }

    /// Makes `parent`'s sublayers `layers` (`previous` those last drawn there), drawing again only
    /// the places ``SceneLayerKind/redraws(existing:for:previous:sameImages:)`` names.
    private static func draw(_ layers: [Layer], previous: [Layer], sameImages: Bool, in parent: CALayer,
                             images: [String: CGImage], scale: CGFloat) {
        let existing = (parent.sublayers ?? []).filter { !($0 is StrokeGradientLayer) }
        let (redraws, removed) = SceneLayerKind.redraws(existing: existing.map(kind), for: layers, previous: previous, sameImages: sameImages)
        for (index, step, before) in redraws.map({ ($0.index, $0.step, $0.previous) }) {
            let model = layers[index]
            let target: CALayer
            switch step {
            case .keep: target = existing[index]
            case .replace(let kind): target = make(kind); parent.replaceSublayer(existing[index], with: target)
            case .add(let kind): target = make(kind); parent.addSublayer(target)
            }
            apply(model, previous: before, sameImages: sameImages, to: target, images: images, scale: scale)
        }
        for extra in existing[removed] { extra.removeFromSuperlayer() }
    }

    /// The class of `layer`, as ``SceneLayerKind`` names it.
    private static func kind(of layer: CALayer) -> SceneLayerKind {
        layer is CAGradientLayer ? .gradient : layer is CAShapeLayer ? .shape : layer is CATextLayer ? .text : .plain
    }

    /// A new layer of the class `kind`.
    private static func make(_ kind: SceneLayerKind) -> CALayer {
        switch kind {
        case .plain: CALayer()
        case .gradient: CAGradientLayer()
        case .shape: CAShapeLayer()
        case .text: CATextLayer()
        }
    }

    /// Sets `target`'s properties, mask and sublayers from `model` (`previous`: the sublayers last
    /// drawn in it).
    private static func apply(_ model: Layer, previous: [Layer], sameImages: Bool, to target: CALayer,
                              images: [String: CGImage], scale: CGFloat) {
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
            apply(gradient, to: gradientLayer)
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
        // The mask is one place, kept or replaced by the same rule as the sublayers.
        let mask = model.mask.map { [$0] } ?? []
        let (maskSteps, _) = SceneLayerKind.steps(existing: target.mask.map { [kind(of: $0)] } ?? [], for: mask)
        if let maskModel = mask.first, let step = maskSteps.first {
            if step != .keep { target.mask = make(SceneLayerKind(maskModel)) }
            target.mask.map { apply(maskModel, previous: [], sameImages: false, to: $0, images: images, scale: scale) }
        } else {
            target.mask = nil
        }
        applyContents(model.contents, to: target, images: images)
        applyStrokeGradient(model, to: target)
        if let text = model.text, let textLayer = target as? CATextLayer { apply(SceneTextPlan(text), color: text.color, to: textLayer, scale: scale) }
        draw(model.sublayers, previous: previous, sameImages: sameImages, in: target, images: images, scale: scale)
    }

    /// Sets a text layer's string, font, colour, alignment, truncation and wrapping from `plan`,
    /// drawn at the screen's `scale`.
    private static func apply(_ plan: SceneTextPlan, color: RGBAColor, to textLayer: CATextLayer, scale: CGFloat) {
        let size = CGFloat(plan.fontSize), weight = UIFont.Weight(rawValue: CGFloat(plan.weight))
        let font: UIFont
        switch plan.font {
        case .system(let design):
            let system = UIFont.systemFont(ofSize: size, weight: weight)
            let descriptor = system.fontDescriptor.withDesign(UIFontDescriptor.SystemDesign(rawValue: design))
            font = descriptor.map { UIFont(descriptor: $0, size: size) } ?? system
        case .family(let family):
            let descriptor = UIFontDescriptor(fontAttributes: [.family: family, .traits: [UIFontDescriptor.TraitKey.weight: weight]])
            font = UIFont(descriptor: descriptor, size: size)
        }
        textLayer.string = plan.string
        textLayer.font = font
        textLayer.fontSize = size
        textLayer.foregroundColor = UIColor(color).cgColor
        textLayer.alignmentMode = CATextLayerAlignmentMode(rawValue: plan.alignment)
        textLayer.truncationMode = CATextLayerTruncationMode(rawValue: plan.truncation)
        textLayer.isWrapped = plan.isWrapped
        textLayer.contentsScale = scale
    }

    /// Sets a gradient layer's kind, colours, locations and end points from `gradient`.
    private static func apply(_ gradient: ColorGradient, to gradientLayer: CAGradientLayer) {
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

    /// Paints a shape layer's stroke with its `strokeGradient`: a ``StrokeGradientLayer`` over the
    /// layer's bounds (first sublayer, in the layer's own coordinates) masked by the stroked
    /// path; removes it when the layer has none.
    private static func applyStrokeGradient(_ model: Layer, to target: CALayer) {
        let existing = target.sublayers?.first as? StrokeGradientLayer
        guard SceneLayerKind.drawsStrokeGradient(model), let gradient = model.shape?.strokeGradient,
              let shapeLayer = target as? CAShapeLayer else {
            existing?.removeFromSuperlayer()
            return
        }
        let fill = existing ?? StrokeGradientLayer()
        if existing == nil { target.insertSublayer(fill, at: 0) }
        fill.bounds = target.bounds
        fill.position = CGPoint(x: target.bounds.midX, y: target.bounds.midY)
        apply(gradient, to: fill)
        let stroke = fill.mask as? CAShapeLayer ?? CAShapeLayer()
        stroke.bounds = target.bounds
        stroke.position = fill.position
        stroke.path = shapeLayer.path
        stroke.fillColor = nil
        stroke.strokeColor = UIColor.black.cgColor
        stroke.lineWidth = shapeLayer.lineWidth
        stroke.lineCap = shapeLayer.lineCap
        stroke.lineJoin = shapeLayer.lineJoin
        stroke.miterLimit = shapeLayer.miterLimit
        stroke.lineDashPattern = shapeLayer.lineDashPattern
        stroke.lineDashPhase = shapeLayer.lineDashPhase
        stroke.strokeStart = shapeLayer.strokeStart
        stroke.strokeEnd = shapeLayer.strokeEnd
        fill.mask = stroke
        shapeLayer.strokeColor = nil  // the gradient overrides the solid stroke
    }

    /// Sets `target`'s image and contents properties from `contents`, as ``SceneContentsPlan`` says.
    private static func applyContents(_ contents: ImageContents?, to target: CALayer, images: [String: CGImage]) {
        guard let contents else {
            // A text layer's contents are its rendered glyphs, Core Animation's own.
            if !(target is CATextLayer) { target.contents = nil }
            return
        }
        let plan = SceneContentsPlan(contents, isFlipped: target.contentsAreFlipped())
        target.contents = images[plan.image]
        target.contentsGravity = CALayerContentsGravity(rawValue: plan.gravity)
        target.contentsRect = CGRect(plan.contentsRect)
        target.contentsCenter = CGRect(plan.contentsCenter)
        target.contentsScale = CGFloat(plan.contentsScale)
        target.minificationFilter = CALayerContentsFilter(rawValue: plan.minificationFilter)
        target.magnificationFilter = CALayerContentsFilter(rawValue: plan.magnificationFilter)
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
/// The gradient layer that paints a shape layer's stroke (``SceneLayersView``); kept out of the
/// matching of the scene's sublayers.
private final class StrokeGradientLayer: CAGradientLayer {}
#endif
