import MotionCore

/// A problem that makes a scene unrenderable, named so a person can find it.
public struct SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is: a path of layer names or indices, e.g. `layers[1] "cube" > sublayers[0]`.
    public var location: String
    /// What is wrong, e.g. `opacity is not finite (nan)` or `transform has a non-finite entry`.
    public var problem: String

    /// One line: location and problem.
    public var description: String { location.isEmpty ? problem : "\(location): \(problem)" }
}

// MARK: - LayerScene + Validation

extension LayerScene {
    /// Whether this is the empty scene: size exactly zero and no layers, what the models return
    /// for a page size they cannot lay out. It is valid and draws nothing.
    public var isEmptyScene: Bool { size == .zero && layers.isEmpty }

    /// Checks the scene for values no renderer can draw: a non-positive or non-finite size (but
    /// for the empty scene, ``isEmptyScene``), and
    /// NaN or infinite numbers in any layer's geometry, transforms, opacity, radii, widths,
    /// shadow, gradient points, stroke fractions or paths, a negative shadow radius or miter
    /// limit, an image contents without a name, with a `contentsCenter` outside the unit square
    /// or a `contentsScale` that is not positive, a gradient
    /// without colours or with a different number of locations than colours, a text font size
    /// that is negative or not finite, a negative number of text lines, and layers nested deeper
    /// than ``maximumLayerDepth`` (a ``Layer/mask`` counts as one level below its layer, and is
    /// checked by the same rules, its own mask included).
    ///
    /// These are the only rules: ``isValid`` checks the same ones without building messages, and
    /// the compositor (`StoryRender`'s `Renderer`) refuses a scene that breaks any of them with
    /// these errors rather than drawing part of it.
    ///
    /// - Returns: Every problem found, in document order; empty when the scene is drawable.
    public func validationErrors() -> [SceneError] {
        var collector = SceneProblemCollector()
        forEachProblem(into: &collector)
        return collector.errors
    }

    /// Whether ``validationErrors()`` is empty, found without building a message or allocating,
    /// so that a renderer can check every frame.
    /// How deep layers may nest: 200 levels of sublayers. Deeper scenes are invalid (the
    /// compositor walks the tree recursively, and no effect comes near this).
    public static let maximumLayerDepth = 200

    public var isValid: Bool {
        var check = SceneValidityCheck()
        forEachProblem(into: &check)
        return check.isValid
    }

    /// Reports each problem to `sink` in document order, while it asks for more.
    func forEachProblem<Sink: SceneProblemSink>(into sink: inout Sink) {
        // The empty scene (size zero, no layers) is what a model gives for an unusable size:
        // nothing to draw, and valid (a renderer draws it as a 0 × 0 image).
        if size.isEmpty, !isEmptyScene {
            guard sink.report({ "scene" }, { "size must be positive and finite, got \(size.width)×\(size.height)" })
            else { return }
        }
        for (i, layer) in layers.enumerated() {
            guard layer.forEachProblem(at: { Self.label("layers", i, layer) }, depth: 1, into: &sink) else { return }
        }
    }

    static func label(_ list: String, _ index: Int, _ layer: Layer) -> String {
        layer.name.map { "\(list)[\(index)] \"\($0)\"" } ?? "\(list)[\(index)]"
    }
}

extension Layer {
    /// Reports this layer's problems, its sublayers' and its mask's to `sink`; `false` when it asked to stop.
    func forEachProblem<Sink: SceneProblemSink>(at location: () -> String, depth: Int, into sink: inout Sink) -> Bool {
        func check(_ ok: Bool, _ problem: @autoclosure () -> String) -> Bool { ok || sink.report(location, problem) }
        guard check(bounds.isFinite, "bounds has a non-finite value \(bounds)"),
              check(position.isFinite, "position has a non-finite value \(position)"),
              check(anchorPoint.isFinite, "anchorPoint has a non-finite value \(anchorPoint)"),
              check(zPosition.isFinite, "zPosition is not finite (\(zPosition))"),
              check(transform.isFinite, "transform has a non-finite entry"),
              check(sublayerTransform.isFinite, "sublayerTransform has a non-finite entry"),
              check(opacity.isFinite, "opacity is not finite (\(opacity))"),
              check(cornerRadius.isFinite, "cornerRadius is not finite (\(cornerRadius))"),
              check(borderWidth.isFinite, "borderWidth is not finite (\(borderWidth))"),
              check(blurRadius.isFinite, "blurRadius is not finite (\(blurRadius))"),
              check(shadowOpacity.isFinite, "shadowOpacity is not finite (\(shadowOpacity))"),
              check(shadowRadius.isFinite && shadowRadius >= 0,
                    "shadowRadius must be finite and not negative, got \(shadowRadius)"),
              check(shadowOffset.width.isFinite && shadowOffset.height.isFinite,
                    "shadowOffset has a non-finite value \(shadowOffset)"),
              check(shadowPath?.isFinite ?? true, "shadowPath has a non-finite coordinate")
        else { return false }
        if let contents {
            guard check(!contents.image.isEmpty, "contents names no image"),
                  check(contents.contentsRect.isFinite, "contents.contentsRect has a non-finite value"),
                  check(contents.contentsCenter.isFinite, "contents.contentsCenter has a non-finite value"),
                  check(!contents.contentsCenter.isFinite || contents.contentsCenter.isWithinUnitSquare,
                        "contents.contentsCenter must lie within the unit square (0…1), got \(contents.contentsCenter)"),
                  check(contents.contentsScale.isFinite && contents.contentsScale > 0,
                        "contents.contentsScale must be finite and > 0, got \(contents.contentsScale)")
            else { return false }
        }
        if let gradient {
            guard gradient.forEachProblem(named: "gradient", check: check) else { return false }
        }
        if let shape {
            guard check(shape.lineWidth.isFinite, "shape.lineWidth is not finite (\(shape.lineWidth))"),
                  check(shape.strokeStart.isFinite && shape.strokeEnd.isFinite, "shape strokeStart/strokeEnd must be finite"),
                  check(shape.lineDashPattern.allSatisfy { $0.isFinite && $0 >= 0 },
                        "shape.lineDashPattern needs finite, non-negative lengths"),
                  check(shape.path.isFinite, "shape.path has a non-finite coordinate"),
                  check(shape.miterLimit.isFinite && shape.miterLimit >= 0,
                        "shape.miterLimit must be finite and not negative, got \(shape.miterLimit)")
            else { return false }
            if let g = shape.strokeGradient {
                guard g.forEachProblem(named: "shape.strokeGradient", check: check) else { return false }
            }
        }
        if let text {
            guard check(text.fontSize.isFinite && text.fontSize >= 0,
                        "text.fontSize must be finite and not negative, got \(text.fontSize)"),
                  check(text.numberOfLines >= 0, "text.numberOfLines must not be negative, got \(text.numberOfLines)")
            else { return false }
        }
        if !sublayers.isEmpty, depth >= LayerScene.maximumLayerDepth {
            return check(false, "sublayers nested deeper than \(LayerScene.maximumLayerDepth) levels")
        }
        for (i, sublayer) in sublayers.enumerated() {
            guard sublayer.forEachProblem(at: { location() + " > " + LayerScene.label("sublayers", i, sublayer) },
                                          depth: depth + 1, into: &sink)
            else { return false }
        }
        if let mask {
            if depth >= LayerScene.maximumLayerDepth {
                return check(false, "mask nested deeper than \(LayerScene.maximumLayerDepth) levels")
            }
            guard mask.forEachProblem(at: { location() + " > mask" + (mask.name.map { " \"\($0)\"" } ?? "") },
                                      depth: depth + 1, into: &sink)
            else { return false }
        }
        return true
    }
}

/// Hears the problems a validation walk finds; the messages are built only when asked for.
protocol SceneProblemSink {
    /// Takes one problem; returns whether the walk should go on.
    mutating func report(_ location: () -> String, _ problem: () -> String) -> Bool
}

/// Collects every problem as a ``SceneError``.
struct SceneProblemCollector: SceneProblemSink {
    var errors: [SceneError] = []

    mutating func report(_ location: () -> String, _ problem: () -> String) -> Bool {
        errors.append(SceneError(location: location(), problem: problem()))
        return true
    }
}

/// Stops at the first problem, building no message.
struct SceneValidityCheck: SceneProblemSink {
    var isValid = true

    mutating func report(_ location: () -> String, _ problem: () -> String) -> Bool {
        isValid = false
        return false
    }
}

extension ColorGradient {
    /// Reports the gradient's problems through `check`; `false` when it asked to stop.
    func forEachProblem(named name: String, check: (Bool, @autoclosure () -> String) -> Bool) -> Bool {
        guard check(!colors.isEmpty, "\(name) has no colours"),
              check(startPoint.isFinite && endPoint.isFinite, "\(name) points must be finite")
        else { return false }
        if let locations {
            return check(locations.allSatisfy(\.isFinite), "\(name).locations must be finite")
                && check(locations.count == colors.count, "\(name) has \(colors.count) colours but \(locations.count) locations")
        }
        return true
    }
}

extension ShapePath {
    /// `true` when every coordinate, radius and angle is finite.
    public var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): p.isFinite
            case .quadCurve(let p, let c): p.isFinite && c.isFinite
            case .curve(let p, let c1, let c2): p.isFinite && c1.isFinite && c2.isFinite
            case .arc(let center, let radius, let start, let end, _):
                center.isFinite && radius.isFinite && start.isFinite && end.isFinite
            case .close: true
            }
        }
    }
}
