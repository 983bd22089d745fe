import MotionCore
@testable import StoryRender
import Testing

/// A texture made for one draw skips its mip levels only when that draw would not sample them:
/// the pixels are the same as from the texture with every level.
@Suite struct CompositorTextureLevelsTests {
    /// A 64 × 48 texture of fine detail, partly transparent.
    static let image: RGBAImage = {
        var image = RGBAImage(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                let i = (y * 64 + x) * 4, a = UInt8(x % 5 == 0 ? 128 : 255)
                image.pixels[i + 3] = a
                image.pixels[i] = UInt8((x * 37 + y * 11) % 256) & a; image.pixels[i + 1] = UInt8((y * 23) % 256) & a
                image.pixels[i + 2] = UInt8((x ^ y) * 4 % 256) & a
            }
        }
        return image
    }()

    /// Maps from a 80 × 60 px target into the texture: enlarged, 1:1 and rotated, shrunk 1.3× and
    /// 3×, and in perspective (shrunk at one side only).
    static let maps: [Homography] = [
        Homography(m11: 0.5, m12: 0, m13: 0, m21: 0, m22: 0.5, m23: 0, m31: 2, m32: 1, m33: 1),
        Homography(m11: 0.8, m12: 0.6, m13: 0, m21: -0.6, m22: 0.8, m23: 0, m31: 20, m32: -10, m33: 1),
        Homography(m11: 1.3, m12: 0, m13: 0, m21: 0, m22: 1.3, m23: 0, m31: 0, m32: 0, m33: 1),
        Homography(m11: 3, m12: 0, m13: 0, m21: 0, m22: 3, m23: 0, m31: 0, m32: 0, m33: 1),
        Homography(m11: 1, m12: 0, m13: -0.008, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1),
    ]

    @Test(arguments: 0..<5)
    func aTextureWithoutLevelsDrawsTheSamePixelsWhereNoLevelIsSampled(index: Int) {
        let map = Self.maps[index]
        var polygon = ConvexPolygon()
        for p in [Point(x: 3.3, y: 2.1), Point(x: 77.5, y: 5), Point(x: 70.2, y: 57.9), Point(x: 1, y: 50)] { polygon.append(p) }
        let full = Texture(Self.image), fitted = Texture(Self.image, for: map, polygon: polygon)
        let minified = TextureChunks.isMinified(map: map, polygon: polygon)
        #expect(minified == TextureChunks(map: map, levelCount: full.levelCount, polygon: polygon).mipmapped)
        #expect(fitted.levelCount == (minified ? full.levelCount : 1))
        #expect(minified == (index >= 3), "only the 3× and the perspective maps sample levels")
        var a = RGBAImage(width: 80, height: 60, fill: (10, 20, 30, 255)), b = a
        Raster.draw(&a, polygon: polygon, texture: full, destinationToTexture: map, sourceClamp: full.bounds,
                    opacity: 0.9, clip: a.bounds)
        Raster.draw(&b, polygon: polygon, texture: fitted, destinationToTexture: map, sourceClamp: fitted.bounds,
                    opacity: 0.9, clip: b.bounds)
        #expect(a == b)
        #expect(a != RGBAImage(width: 80, height: 60, fill: (10, 20, 30, 255)))
    }
}
