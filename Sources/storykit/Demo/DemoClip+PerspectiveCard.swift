import StoryKit
import StoryRender

extension DemoClip {
    /// A photo card flipping about its vertical axis in perspective, driven by a spring.
    ///
    /// Two layers, front and back, share one position; each is single-sided, so the compositor
    /// hides whichever faces away, as Core Animation does. Each flip is a bouncy spring from rest,
    /// so the card overshoots and settles.
    static func perspectiveCard() -> DemoClip {
        let size = Size(width: 360, height: 480)
        let card = Size(width: 220, height: 300)
        let flipEvery = 1.5
        let flip = SpringMotion(spring: SpringParameters(response: 0.7, dampingRatio: 0.55), from: 0.0, to: Double.pi)
        let images = [
            "front": DemoImages.landscape(width: 440, height: 600, palette: DemoImages.palettes[0]),
            "back": DemoImages.landscape(width: 440, height: 600, palette: DemoImages.palettes[1]),
        ]
        return DemoClip(
            name: "perspective-card", title: "Perspective card",
            caption: "A card flips about its vertical axis with perspective (m34 = −1/600) on a bouncy spring; "
                + "front and back are single-sided layers, so the one facing away is hidden.",
            size: size, duration: 3 * flipEvery, framesPerSecond: 25, images: images
        ) { time in
            let turn = Double(Int(time / flipEvery))
            let angle = turn * .pi + flip.value(at: time - turn * flipEvery)
            func face(_ name: String, extra: Double) -> Layer {
                var layer = Layer(name: name, bounds: Rect(x: 0, y: 0, width: card.width, height: card.height),
                                  position: Point(x: size.width / 2, y: size.height / 2))
                layer.transform = Transform3D(rotationAngle: angle + extra, axis: Vector3(x: 0, y: 1, z: 0))
                layer.isDoubleSided = false
                layer.masksToBounds = true
                layer.cornerRadius = 22
                layer.cornerCurve = .continuous
                layer.contents = ImageContents(image: name, gravity: .resizeAspectFill).mipmapped
                return layer
            }
            var stage = Layer(name: "stage", frame: Rect(origin: .zero, size: size))
            stage.sublayerTransform = .perspective(eyeDistance: 600)
            stage.sublayers = [face("front", extra: 0), face("back", extra: .pi)]
            return LayerScene(size: size, backgroundColor: RGBAColor(hex: "#15151A"), layers: [stage])
        }
    }
}
