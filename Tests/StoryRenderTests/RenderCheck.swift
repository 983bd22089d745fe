import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// Pixel helpers for the renderer tests (goldens: each file's own `GoldenImages`).
enum RenderCheck {
    /// The pixel as four `Int`s (premultiplied).
    static func rgba(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image[x, y]
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// Whether every channel of the pixel is within `tolerance` of `expected`.
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int, is expected: [Int], tolerance: Int = 1) -> Bool {
        zip(rgba(image, x, y), expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// The sum of the alpha channel over the whole image, divided by 255 (covered pixel area).
    static func coveredArea(_ image: RGBAImage) -> Double {
        var sum = 0
        for i in stride(from: 3, to: image.pixels.count, by: 4) { sum += Int(image.pixels[i]) }
        return Double(sum) / 255
    }

    /// An image of `width × height` opaque pixels coloured by `color(x, y)`.
    static func image(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                image[x, y] = (c.0, c.1, c.2, 255)
            }
        }
        return image
    }

    static let red = RGBAColor(red: 1, green: 0, blue: 0)
    static let blue = RGBAColor(red: 0, green: 0, blue: 1)
    static let green = RGBAColor(red: 0, green: 1, blue: 0)
}

// MARK: - RGBAImage + CustomTestStringConvertible

import Testing

extension RGBAImage: CustomTestStringConvertible {
    /// Just the size: a failing expectation must not print millions of bytes.
    public var testDescription: String { "RGBAImage(\(width)×\(height))" }
}
