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

// MARK: - Scene + Validation

extension Scene {
    /// Checks the scene for values no renderer can draw: a non-positive or non-finite size, and
    /// NaN or infinite numbers in any layer's geometry, transforms, opacity, radii, widths,
    /// gradient points, stroke fractions or path.
    ///
    /// Renderers stay safe without it (they skip what they cannot draw); the command line calls
    /// it so that bad input gets a one-line error instead of a silently empty frame.
    ///
    /// - Returns: Every problem found, in document order; empty when the scene is drawable.
    public func validationErrors() -> [SceneError] {
        var errors: [SceneError] = []
        if size.isEmpty {
            errors.append(SceneError(location: "scene", problem: "size must be positive and finite, got \(size.width)×\(size.height)"))
        }
        for (i, layer) in layers.enumerated() {
            layer.collectErrors(at: Self.label("layers", i, layer), into: &errors)
        }
        return errors
    }

    static func label(_ list: String, _ index: Int, _ layer: Layer) -> String {
        layer.name.map { "\(list)[\(index)] \"\($0)\"" } ?? "\(list)[\(index)]"
    }
}

extension Layer {
    func collectErrors(at location: String, into errors: inout [SceneError]) {
        func check(_ ok: Bool, _ problem: @autoclosure () -> String) {
            if !ok { errors.append(SceneError(location: location, problem: problem())) }
        }
        check(bounds.isFinite, "bounds has a non-finite value \(bounds)")
        check(position.isFinite, "position has a non-finite value \(position)")
        check(anchorPoint.isFinite, "anchorPoint has a non-finite value \(anchorPoint)")
        check(zPosition.isFinite, "zPosition is not finite (\(zPosition))")
        check(transform.isFinite, "transform has a non-finite entry")
        check(sublayerTransform.isFinite, "sublayerTransform has a non-finite entry")
        check(opacity.isFinite, "opacity is not finite (\(opacity))")
        check(cornerRadius.isFinite, "cornerRadius is not finite (\(cornerRadius))")
        check(borderWidth.isFinite, "borderWidth is not finite (\(borderWidth))")
        check(blurRadius.isFinite, "blurRadius is not finite (\(blurRadius))")
        if let contents {
            check(!contents.image.isEmpty, "contents names no image")
            check(contents.contentsRect.isFinite, "contents.contentsRect has a non-finite value")
        }
        if let gradient {
            gradient.collectErrors(at: "gradient", check: check)
        }
        if let shape {
            check(shape.lineWidth.isFinite, "shape.lineWidth is not finite (\(shape.lineWidth))")
            check(shape.strokeStart.isFinite && shape.strokeEnd.isFinite, "shape strokeStart/strokeEnd must be finite")
            check(shape.lineDashPattern.allSatisfy { $0.isFinite && $0 >= 0 }, "shape.lineDashPattern needs finite, non-negative lengths")
            check(shape.path.isFinite, "shape.path has a non-finite coordinate")
            if let g = shape.strokeGradient { g.collectErrors(at: "shape.strokeGradient", check: check) }
        }
        for (i, sublayer) in sublayers.enumerated() {
            sublayer.collectErrors(at: location + " > " + Scene.label("sublayers", i, sublayer), into: &errors)
        }
    }
}

extension Gradient {
    func collectErrors(at name: String, check: (Bool, @autoclosure () -> String) -> Void) {
        check(!colors.isEmpty, "\(name) has no colours")
        check(startPoint.isFinite && endPoint.isFinite, "\(name) points must be finite")
        if let locations {
            check(locations.allSatisfy(\.isFinite), "\(name).locations must be finite")
            check(locations.count == colors.count, "\(name) has \(colors.count) colours but \(locations.count) locations")
        }
    }
}

extension Path {
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
