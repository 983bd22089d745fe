import Foundation
import StoryKit
import StoryRender

/// Photographs made from code, so the reel needs no downloads: a sky gradient, a sun, hills and a
/// few stripes, coloured by a palette. Deterministic for a given palette.
enum DemoImages {
    /// A landscape-like opaque picture of `width × height` pixels in the colours of `palette`
    /// (sky top, sky bottom, sun, near hills, far hills).
    static func landscape(width: Int, height: Int, palette: [RGBAColor]) -> RGBAImage {
        precondition(palette.count == 5, "palette needs five colours")
        var image = RGBAImage(width: width, height: height)
        let w = Double(width), h = Double(height)
        let sun = (x: 0.68 * w, y: 0.32 * h, r: 0.11 * min(w, h))
        func mix(_ a: RGBAColor, _ b: RGBAColor, _ t: Double) -> RGBAColor {
            RGBAColor(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
                  blue: a.blue + (b.blue - a.blue) * t)
        }
        for y in 0..<height {
            let fy = (Double(y) + 0.5) / h
            for x in 0..<width {
                let fx = (Double(x) + 0.5) / w
                var c = mix(palette[0], palette[1], fy)
                let dx = Double(x) + 0.5 - sun.x, dy = Double(y) + 0.5 - sun.y
                let d = (dx * dx + dy * dy).squareRoot()
                if d < sun.r + 1 { c = mix(c, palette[2], min(1, sun.r + 1 - d)) }
                let far = 0.60 + 0.06 * sin(fx * 7.0 + 0.5) + 0.03 * sin(fx * 19.0)
                if fy > far { c = mix(palette[4], palette[3], min(1, (fy - far) * 3)) }
                let near = 0.76 + 0.05 * sin(fx * 4.0 + 2.0)
                if fy > near {
                    c = palette[3]
                    if (Int(fx * 24) + Int(fy * 40)) % 2 == 0 { c = mix(c, .black, 0.08) }
                }
                image[x, y] = (UInt8((c.red * 255).rounded()), UInt8((c.green * 255).rounded()),
                               UInt8((c.blue * 255).rounded()), 255)
            }
        }
        return image
    }

    /// Three palettes: dawn, sea and forest.
    static let palettes: [[RGBAColor]] = [
        ["#2B1E4A", "#F49A6C", "#FFE29A", "#3A2E39", "#7A4E5C"],
        ["#0B3D91", "#6EC6F5", "#FFFFFF", "#0E5E6F", "#3A8FA3"],
        ["#1F3B2C", "#B7D98B", "#FFF4C2", "#24452F", "#4F7A4A"],
    ].map { $0.map { RGBAColor(hex: $0)! } }
}
