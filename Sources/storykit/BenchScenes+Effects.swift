import StoryKit
import StoryRender

// MARK: - BenchScenes + Shadow and mask

extension BenchScenes {
    /// A frame with a large shadow: a 900 × 1400 white card with 40 pt corners casting a
    /// black shadow (opacity 0.5, radius 30, offset (0, 20)) on a light grey 1080 × 1920 frame.
    static func shadow() -> LayerScene {
        var card = Layer(name: "card", frame: Rect(x: 90, y: 260, width: 900, height: 1400))
        card.backgroundColor = RGBAColor(white: 1)
        card.cornerRadius = 40
        card.shadowOpacity = 0.5
        card.shadowRadius = 30
        card.shadowOffset = Size(width: 0, height: 20)
        return LayerScene(size: Size(width: 1080, height: 1920), backgroundColor: RGBAColor(white: 0.9), layers: [card])
    }

    /// A frame with a mask: a 1080 × 1920 photo whose alpha is a 1000 pt wide circle (a shape
    /// layer as its `mask`), on black.
    static func mask() -> (scene: LayerScene, images: [String: RGBAImage]) {
        var photo = Layer(name: "photo", frame: Rect(x: 0, y: 0, width: 1080, height: 1920))
        photo.contents = ImageContents(image: "photo").mipmapped
        var circle = Layer(name: "circle", frame: Rect(x: 0, y: 0, width: 1080, height: 1920))
        circle.shape = ShapeContents(path: .circle(center: Point(x: 540, y: 960), radius: 500), fillColor: RGBAColor(white: 1))
        photo.mask = circle
        let scene = LayerScene(size: Size(width: 1080, height: 1920), backgroundColor: .black, layers: [photo])
        return (scene, ["photo": Self.photo(width: 1080, height: 1920, seed: 4)])
    }
}
