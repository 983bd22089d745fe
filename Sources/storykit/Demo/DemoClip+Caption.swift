import StoryKit
import StoryRender

extension DemoClip {
    /// The height of the caption band at the bottom of every reel frame, in points.
    static let captionBand = 26.0

    /// The clip with its title captioned in every frame: white 11 pt semibold text on a scrim
    /// that darkens the bottom ``captionBand`` points (a gradient from clear to black at 60 %),
    /// drawn over the clip's own layers (above the highest `zPosition` among them: the profile
    /// header raises its layers), so a GIF seen on its own still says what it shows.
    func captioned() -> DemoClip {
        let scenes = self.scenes, caption = Self.caption(title, width: size.width, at: size.height - Self.captionBand)
        return DemoClip(name: name, title: title, caption: self.caption, size: size, duration: duration,
                        framesPerSecond: framesPerSecond, images: images) {
            let frames = scenes()
            return AnyIterator {
                guard var frame = frames.next() else { return nil }
                var top = caption
                top.zPosition = (frame.layers.map(\.zPosition).filter(\.isFinite).max() ?? 0) + 1
                frame.layers.append(top)
                return frame
            }
        }
    }

    /// The caption layer: a scrim `width` points wide from `top` down, with `title` on it.
    static func caption(_ title: String, width: Double, at top: Double) -> Layer {
        var band = Layer(name: "caption", frame: Rect(x: 0, y: top, width: width, height: captionBand))
        band.gradient = ColorGradient(kind: .axial, colors: [.clear, RGBAColor(white: 0, alpha: 0.6)],
                                      startPoint: Point(x: 0.5, y: 0), endPoint: Point(x: 0.5, y: 1))
        var label = Layer(name: "caption-text", frame: Rect(x: 10, y: captionBand - 18, width: width - 20, height: 16))
        label.text = TextContents(title, fontSize: 11, fontWeight: .semibold, color: RGBAColor(white: 1, alpha: 0.92),
                                  numberOfLines: 1)
        band.sublayers = [label]
        return band
    }
}
