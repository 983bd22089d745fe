import MotionCore

// MARK: - StoryRing + Scene

extension StoryRing {
    /// The avatar and its ring at `time` as layers, for the compositor, in the structure of the
    /// UIKit view's layers: a circular avatar scaled about its centre, and a ring layer whose
    /// bounds are exactly the ring's square (the article's warning: a shape layer with wrong
    /// bounds animates from odd places), filled with the conic gradient (or the seen ring's one
    /// colour) and masked by the segments: a container as large as the ring layer holding one
    /// shape layer per segment that strokes the circle clockwise, with round caps, from
    /// `strokeStart` k/n to `strokeEnd` (k + 1 − gap · openness)/n. These are the model's dashes
    /// (period 2πr/n, phase −rotation·r) as separate arcs; shut, the segments touch and the ring
    /// is solid. The UIKit view turns the container by the frame's ``Frame/rotation``; here the
    /// circle starts that far clockwise from the top instead (the same arcs in the same places),
    /// so that the compositor strokes them where they land rather than resampling a turned mask.
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
        let square = Rect(x: 0, y: 0, width: side, height: side)
        var ring = Layer(name: name + " ring", bounds: square, position: centre)
        ring.opacity = frame.ringOpacity
        if frame.colors.count > 1 {
            ring.gradient = ColorGradient(kind: .conic, colors: frame.colors, startPoint: Point(x: 0.5, y: 0.5),
                                          endPoint: Point(x: 0, y: 1))
        } else {
            ring.backgroundColor = frame.colors.first
        }
        ring.mask = segmentsMask(frame, radius: radius, square: square, name: name)
        return [picture, ring]
    }

    /// The ring layer's mask: the segments' container, with one opaque round-capped arc per
    /// segment (at least one), on a circle that starts the frame's rotation clockwise from the
    /// top (from the top when the segments are shut, where the turn shows nothing).
    private func segmentsMask(_ frame: Frame, radius: Double, square: Rect, name: String) -> Layer {
        let side = square.width
        var container = Layer(name: name + " segments", bounds: square, position: Point(x: side / 2, y: side / 2))
        let n = Swift.max(frame.segments, 1)
        let isOpen = frame.dash(radius: radius) != nil
        let open = isOpen ? frame.segmentGap * frame.openness : 0
        // Clockwise from the top, turned by the rotation (y down: a positive angle is clockwise).
        let turn = isOpen && frame.rotation.isFinite ? frame.rotation.truncatingRemainder(dividingBy: 2 * Double.pi) : 0
        let path = ShapePath.arc(center: Point(x: side / 2, y: side / 2), radius: radius, startAngle: -Double.pi / 2 + turn,
                                 endAngle: 3 * Double.pi / 2 + turn, clockwise: true)
        container.sublayers = (0..<n).map { k in
            var segment = Layer(name: name + " segment \(k)", bounds: square, position: Point(x: side / 2, y: side / 2))
            var stroke = ShapeContents(path: path, strokeColor: .black, lineWidth: frame.lineWidth, lineCap: .round)
            stroke.strokeStart = Double(k) / Double(n)
            stroke.strokeEnd = (Double(k + 1) - open) / Double(n)
            segment.shape = stroke
            return segment
        }
        return container
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
