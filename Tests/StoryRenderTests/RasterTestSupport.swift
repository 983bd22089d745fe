import StoryKit
@testable import StoryRender
import StoryKitTestSupport

/// Helpers shared by the raster tests: pixel access, PNG dumps and slow reference renderers.
enum RasterTestSupport {
    /// The four bytes of pixel `(x, y)` as integers.
    static func rgba(_ image: RGBAImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image[x, y]
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    /// Writes `image` to `$STORYKIT_DEBUG_RENDERS/quad/name.png`, when that is set, for looking at.
    static func write(_ image: RGBAImage, _ name: String) {
        DebugPNG.writeForLooking(width: image.width, height: image.height, premultiplied: image.pixels,
                                 topic: "quad", name: name)
    }

    /// `true` when the centre-sampled point `(x, y)` lies inside the convex polygon (either winding).
    static func contains(_ polygon: [Point], _ x: Double, _ y: Double) -> Bool {
        var sign = 0.0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            let c = (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x)
            if c != 0 {
                if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
            }
        }
        return true
    }

    /// The exact fraction of pixel `(px, py)` inside the convex `polygon`: the polygon clipped to the
    /// pixel square (Sutherland–Hodgman, independent of the rasteriser's scanline method) and its
    /// area by the shoelace formula.
    static func exactCoverage(_ polygon: [Point], _ px: Int, _ py: Int) -> Double {
        var points = polygon
        let x0 = Double(px), y0 = Double(py)
        let planes: [(Point) -> Double] = [{ $0.x - x0 }, { x0 + 1 - $0.x }, { $0.y - y0 }, { y0 + 1 - $0.y }]
        for distance in planes {
            var out: [Point] = []
            for i in points.indices {
                let p = points[i], q = points[(i + 1) % points.count]
                let dp = distance(p), dq = distance(q)
                if dp >= 0 { out.append(p) }
                if (dp >= 0) != (dq >= 0) { out.append(p + (q - p) * (dp / (dp - dq))) }
            }
            points = out
            if points.isEmpty { return 0 }
        }
        var area = 0.0
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            area += p.x * q.y - q.x * p.y
        }
        return abs(area) / 2
    }

    /// A photo-like test image: colour gradients, a checker of 60-pixel squares and per-pixel noise,
    /// opaque.
    static func photo(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        var rng = SeededRandom(seed: seed)
        for y in 0..<height {
            for x in 0..<width {
                let n = Int(rng.next() & 15)
                let r = Swift.min(255, (seed & 1 == 0 ? 200 : 40) + x * 50 / Swift.max(width, 1) + n)
                let g = Swift.min(255, 60 + y * 120 / Swift.max(height, 1) + n)
                let b = Swift.min(255, (seed & 1 == 0 ? 40 : 200) + ((x / 60 + y / 60) & 1) * 40 + n)
                image[x, y] = (UInt8(r), UInt8(g), UInt8(b), 255)
            }
        }
        return image
    }

    /// Bilinear sample (Double maths, clamp to edge) of `image` at texture point `(u, v)` (texel
    /// centres at +0.5), per premultiplied channel.
    static func bilinear(_ image: RGBAImage, _ u: Double, _ v: Double) -> [Double] {
        let x = Swift.min(Swift.max(u - 0.5, 0), Double(image.width - 1))
        let y = Swift.min(Swift.max(v - 0.5, 0), Double(image.height - 1))
        let x0 = Int(x), y0 = Int(y), x1 = Swift.min(x0 + 1, image.width - 1), y1 = Swift.min(y0 + 1, image.height - 1)
        let fx = x - Double(x0), fy = y - Double(y0)
        return (0..<4).map { c in
            let t00 = Double(rgba(image, x0, y0)[c]), t01 = Double(rgba(image, x1, y0)[c])
            let t10 = Double(rgba(image, x0, y1)[c]), t11 = Double(rgba(image, x1, y1)[c])
            return (t00 * (1 - fx) + t01 * fx) * (1 - fy) + (t10 * (1 - fx) + t11 * fx) * fy
        }
    }
}
