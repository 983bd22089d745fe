import StoryKit
import StoryRender

/// The scenes the benchmarks render, built the way the effects build them.
enum BenchScenes {
    /// The cube frame of the compositor issue: a 1080×1920 cube turned 45° about the vertical
    /// axis, two photos on adjacent faces, perspective m34 = −1/2000.
    static func cube() -> (scene: LayerScene, images: [String: RGBAImage]) {
        let size = Size(width: 1080, height: 1920)
        let half = size.width / 2
        func face(_ name: String, angle: Double) -> Layer {
            var layer = Layer(name: name, bounds: Rect(origin: .zero, size: size),
                              position: Point(x: half, y: size.height / 2))
            // The cube model's face turn: about the cube's centre, half a width behind the screen.
            layer.transform = CubePager.cubeFaceTransform(offset: angle / (Double.pi / 2), width: size.width)
            layer.isDoubleSided = false
            layer.contents = ImageContents(image: name).mipmapped
            return layer
        }
        var cube = Layer(name: "cube", frame: Rect(origin: .zero, size: size))
        cube.sublayerTransform = .perspective(eyeDistance: 2_000)
        cube.sublayers = [face("a", angle: -.pi / 4), face("b", angle: .pi / 4)]
        let scene = LayerScene(size: size, backgroundColor: .black, layers: [cube])
        return (scene, ["a": photo(width: 1080, height: 1920, seed: 1), "b": photo(width: 1080, height: 1920, seed: 2)])
    }

    /// The loading ring of the compositor issue: a 4 px gradient arc of radius 40, 60 % drawn,
    /// round caps, in a 96 × 96 frame.
    static func ring() -> LayerScene {
        var layer = Layer(name: "ring", frame: Rect(x: 0, y: 0, width: 96, height: 96))
        layer.shape = ShapeContents(
            path: .circle(center: Point(x: 48, y: 48), radius: 40),
            strokeGradient: ColorGradient(kind: .conic, colors: [RGBAColor(hex: "#FEDA75")!, RGBAColor(hex: "#D62976")!],
                                     startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0)),
            lineWidth: 4, lineCap: .round, strokeEnd: 0.6)
        return LayerScene(size: Size(width: 96, height: 96), layers: [layer])
    }

    /// A deterministic photo-like opaque image: smooth colour fields plus fine noise, so
    /// bilinear filtering and compression see realistic content.
    static func photo(width: Int, height: Int, seed: UInt32) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        var state = seed &* 2_654_435_761 | 1
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    state ^= state << 13; state ^= state >> 17; state ^= state << 5
                    let noise = Int(state & 15) - 8
                    let i = (y * width + x) * 4
                    p[i] = UInt8(clamping: x * 255 / max(1, width) + noise)
                    p[i + 1] = UInt8(clamping: y * 255 / max(1, height) + noise)
                    p[i + 2] = UInt8(clamping: Int(seed) * 70 + (x ^ y) % 64 + noise)
                    p[i + 3] = 255
                }
            }
        }
        return image
    }
}
