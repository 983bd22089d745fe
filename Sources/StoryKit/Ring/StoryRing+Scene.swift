import MotionCore

// MARK: - StoryRing + Scene

extension StoryRing {
    /// The avatar and its ring at `time` as layers, for the compositor (and as the model of the
    /// UIKit view's layers): a circular avatar scaled about its centre, and a ring layer whose
    /// bounds are exactly the ring's square (the article's warning: a shape layer with wrong
    /// bounds animates from odd places), stroked with the gradient, dashed while loading.
    ///
    /// - Parameters:
    ///   - time: Seconds.
    ///   - avatarFrame: The avatar's frame at rest, in the parent's points (a square; the
    ///     smaller side is used).
    ///   - avatar: The avatar's picture, if any (else a grey disc).
    ///   - name: A prefix for the layers' names.
    /// - Returns: The avatar layer, then the ring layer (none for ``Status/none``).
    public func layers(at time: Double, avatarFrame: Rect, avatar: ImageContents?, name: String = "avatar") -> [Layer] {
        let frame = self.frame(at: time)
        let diameter = Swift.max(Swift.min(avatarFrame.width, avatarFrame.height), 0)
        let centre = Point(x: avatarFrame.midX, y: avatarFrame.midY)
        var picture = Layer(name: name, bounds: Rect(x: 0, y: 0, width: diameter, height: diameter), position: centre)
        picture.cornerRadius = diameter / 2
        picture.masksToBounds = true
        picture.backgroundColor = RGBAColor(white: 0.8)
        picture.contents = avatar
        picture.transform = Transform3D(scaleX: frame.avatarScale, y: frame.avatarScale, z: 1)
        guard status != .none, frame.lineWidth > 0 else { return [picture] }

        let radius = frame.ringRadius(avatarDiameter: diameter, gap: configuration.gap)
        let side = 2 * radius + frame.lineWidth
        var ring = Layer(name: name + " ring", bounds: Rect(x: 0, y: 0, width: side, height: side), position: centre)
        ring.opacity = frame.ringOpacity
        // The path starts at the top and runs clockwise, so dash phase 0 puts a segment there.
        let path = ShapePath.arc(center: Point(x: side / 2, y: side / 2), radius: radius,
                                 startAngle: -Double.pi / 2, endAngle: 3 * Double.pi / 2, clockwise: true)
        let gradient = frame.colors.count > 1
            ? ColorGradient(kind: .conic, colors: frame.colors, startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0, y: 1))
            : nil
        ring.shape = ShapeContents(path: path, strokeColor: frame.colors.count == 1 ? frame.colors[0] : nil, strokeGradient: gradient,
                                   lineWidth: frame.lineWidth, lineCap: frame.dashPattern(radius: radius).isEmpty ? .butt : .round,
                                   lineDashPattern: frame.dashPattern(radius: radius), lineDashPhase: frame.dashPhase(radius: radius))
        return [picture, ring]
    }
}

// MARK: - StoryRing + Deprecated layers order

extension StoryRing {
    /// The layers at `time`: ``layers(at:avatarFrame:avatar:name:)``, with the time first as
    /// every effect's `layers` takes it.
    @available(*, deprecated, renamed: "layers(at:avatarFrame:avatar:name:)")
    public func layers(avatarFrame: Rect, avatar: ImageContents?, at time: Double, name: String = "avatar") -> [Layer] {
        layers(at: time, avatarFrame: avatarFrame, avatar: avatar, name: name)
    }
}
