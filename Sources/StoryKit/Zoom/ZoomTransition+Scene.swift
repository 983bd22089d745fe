import MotionCore

// MARK: - ZoomTransition + Scene

extension ZoomTransition {
    /// The transition at `time` as layers over `grid` (the source screen, in the container's
    /// points): a placeholder over the source cell while the image is away from it, the black
    /// dimming, the detail's background at its chrome opacity, and the image aspect-filling the
    /// rounded mask (continuous corners).
    ///
    /// - Parameters:
    ///   - time: Seconds.
    ///   - grid: The source screen's layers.
    ///   - image: The image's contents.
    ///   - detailBackground: The detail screen's background colour.
    ///   - placeholder: The colour that hides the source cell.
    public func layers(at time: Double, grid: [Layer], image: ImageContents, detailBackground: RGBAColor = RGBAColor(white: 1),
                       placeholder: RGBAColor = RGBAColor(white: 0.93)) -> [Layer] {
        let now = frame(at: time)
        let bounds = Rect(x: 0, y: 0, width: geometry.container.width, height: geometry.container.height)
        var layers = grid
        if now.sourceHidden {
            var hole = Layer(name: "zoom placeholder", frame: geometry.source)
            hole.backgroundColor = placeholder
            hole.cornerRadius = geometry.sourceCornerRadius
            hole.cornerCurve = .continuous
            layers.append(hole)
        }
        if now.dimming > 0 {
            var dim = Layer(name: "zoom dimming", frame: bounds)
            dim.backgroundColor = RGBAColor(white: 0)
            dim.opacity = now.dimming
            layers.append(dim)
        }
        if now.chromeOpacity > 0 {
            var background = Layer(name: "zoom detail background", frame: bounds)
            background.backgroundColor = detailBackground
            background.opacity = now.chromeOpacity
            layers.append(background)
        }
        guard now.sourceHidden || now.opacity < 1 else { return layers }
        var mask = Layer(name: "zoom mask", frame: now.mask)
        mask.cornerRadius = now.cornerRadius
        mask.cornerCurve = .continuous
        mask.masksToBounds = true
        mask.opacity = now.opacity
        var picture = Layer(name: "zoom image", frame: Rect(x: now.imageFrame.minX - now.mask.minX, y: now.imageFrame.minY - now.mask.minY,
                                                            width: now.imageFrame.width, height: now.imageFrame.height))
        picture.contents = image
        mask.sublayers = [picture]
        layers.append(mask)
        return layers
    }
}
