import Foundation
import StoryKit
@testable import StoryRender
import StoryKitTestSupport
import Testing

@Suite struct RasterTextureTests {
    typealias T = RasterTestSupport

    static func image(_ width: Int, _ height: Int, _ pixels: [(UInt8, UInt8, UInt8, UInt8)]) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: pixels.flatMap { [$0.0, $0.1, $0.2, $0.3] })!
    }

    @Test func identityMappingReproducesTheTextureExactly() {
        var rng = SeededRandom(seed: 7)
        var source = RGBAImage(width: 37, height: 23)
        for y in 0..<23 {
            for x in 0..<37 {
                let a = UInt8(rng.next() % 256)
                func channel() -> UInt8 { UInt8(rng.next() % (UInt64(a) + 1)) }
                source[x, y] = (channel(), channel(), channel(), a)
            }
        }
        var image = RGBAImage(width: 37, height: 23)
        Raster.draw(&image, polygon: ConvexPolygon(x0: 0, y0: 0, x1: 37, y1: 23), texture: Texture(source),
                    destinationToTexture: .identity, sourceClamp: PixelRect(width: 37, height: 23), clip: image.bounds)
        #expect(image == source)
    }

    @Test func twoTimesMagnificationInterpolatesBetweenTexelCentres() {
        let source = Self.image(2, 1, [(200, 100, 0, 255), (40, 20, 160, 255)])
        var image = RGBAImage(width: 4, height: 2)
        Raster.draw(&image, polygon: ConvexPolygon(x0: 0, y0: 0, x1: 4, y1: 2), texture: Texture(source),
                    destinationToTexture: Homography(scaleX: 0.5, y: 0.5), sourceClamp: PixelRect(width: 2, height: 1),
                    clip: image.bounds)
        // Pixel centres 0.5, 1.5, 2.5, 3.5 sample u = 0.25, 0.75, 1.25, 1.75: clamped to the first
        // texel, ¾ first + ¼ second, ¼ + ¾, clamped to the second.
        for y in 0..<2 {
            #expect(T.rgba(image, 0, y) == [200, 100, 0, 255])
            #expect(T.rgba(image, 1, y) == [160, 80, 40, 255])
            #expect(T.rgba(image, 2, y) == [80, 40, 120, 255])
            #expect(T.rgba(image, 3, y) == [40, 20, 160, 255])
        }
    }

    @Test func perspectiveQuadMatchesASlowReference() throws {
        // A 64 × 64 texture on a card turned 35° about y, seen through a 300 px perspective.
        var source = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                // Gradients and a faint checker: smooth enough that 1/8 texel moves a value by < 2.
                let check = (x / 8 + y / 8) % 2 == 0 ? 12 : 0
                source[x, y] = (UInt8(100 + x * 2), UInt8(40 + y * 2 + check), UInt8(200 - x - y / 2), 255)
            }
        }
        let transform = Transform3D.layer(position: Point(x: 48, y: 48), anchorPoint: Point(x: 0.5, y: 0.5),
                                          bounds: Rect(x: 0, y: 0, width: 64, height: 64),
                                          transform: Transform3D(rotationAngle: 0.61, axis: Vector3(x: 0, y: 1, z: 0)))
            .concatenating(Transform3D(translationX: -48, y: -48, z: 0))
            .concatenating(.perspective(eyeDistance: 300))
            .concatenating(Transform3D(translationX: 48, y: 48, z: 0))
        let forward = Homography(planeOf: transform)
        let inverse = try #require(forward.inverted())
        let corners = [Point(x: 0, y: 0), Point(x: 64, y: 0), Point(x: 64, y: 64), Point(x: 0, y: 64)]
        let quad = try corners.map { try #require(forward.apply($0)) }
        var image = RGBAImage(width: 96, height: 96)
        Raster.draw(&image, polygon: ConvexPolygon(quad), texture: Texture(source), destinationToTexture: inverse,
                    sourceClamp: PixelRect(width: 64, height: 64), clip: image.bounds)
        T.write(image, "texture-perspective")
        var compared = 0
        for y in 0..<96 {
            for x in 0..<96 {
                let coverage = T.exactCoverage(quad, x, y)
                #expect(abs(Double(image[x, y].a) - coverage * 255) <= 1, "coverage at \(x), \(y)")
                guard coverage > 0.9999, let uv = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { continue }
                let expected = T.bilinear(source, uv.x, uv.y)
                let actual = T.rgba(image, x, y)
                for c in 0..<4 { #expect(abs(Double(actual[c]) - expected[c]) <= 3, "pixel \(x), \(y) channel \(c)") }
                compared += 1
            }
        }
        #expect(compared > 2000)
    }

    @Test func minificationSamplesAMipLevelInsteadOfAliasing() {
        // A 1-texel black and white checkerboard shrunk 8×: every pixel averages to grey.
        var source = RGBAImage(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { source[x, y] = (255, 255, 255, 255) } }
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 1 { source[x, y] = (0, 0, 0, 255) } }
        var image = RGBAImage(width: 8, height: 8)
        Raster.draw(&image, polygon: ConvexPolygon(x0: 0, y0: 0, x1: 8, y1: 8), texture: Texture(source),
                    destinationToTexture: Homography(scaleX: 8, y: 8), sourceClamp: PixelRect(width: 64, height: 64),
                    clip: image.bounds)
        for y in 0..<8 {
            for x in 0..<8 {
                #expect(abs(Int(image[x, y].r) - 128) <= 10 && image[x, y].a == 255, "pixel \(x), \(y): \(image[x, y])")
            }
        }
    }

    @Test func samplesNeverLeaveTheSourceClamp() {
        // Four columns red, green, blue, white; only green and blue may be read.
        let source = Self.image(4, 1, [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)])
        var image = RGBAImage(width: 40, height: 3)
        Raster.draw(&image, polygon: ConvexPolygon(x0: 0, y0: 0, x1: 40, y1: 3), texture: Texture(source),
                    destinationToTexture: Homography(scaleX: 0.1, y: 0.1), sourceClamp: PixelRect(x0: 1, y0: 0, x1: 3, y1: 1),
                    clip: image.bounds)
        for x in 0..<40 {
            #expect(image[x, 1].r == 0, "pixel \(x) shows a texel outside the clamp: \(image[x, 1])")
            #expect(Int(image[x, 1].g) + Int(image[x, 1].b) >= 254)
        }
        #expect(T.rgba(image, 0, 1) == [0, 255, 0, 255])
        #expect(T.rgba(image, 39, 1) == [0, 0, 255, 255])
    }

    @Test func opacityMultipliesTheTextureBeforeCompositing() {
        let source = Self.image(1, 1, [(200, 100, 0, 255)])
        var image = RGBAImage(width: 2, height: 1, fill: (255, 255, 255, 255))
        Raster.draw(&image, polygon: ConvexPolygon(x0: 0, y0: 0, x1: 1, y1: 1), texture: Texture(source),
                    destinationToTexture: .identity, sourceClamp: PixelRect(width: 1, height: 1), opacity: 0.5,
                    clip: image.bounds)
        // alpha byte 128: src' = (round(200·128/255), round(100·128/255), 0, 128) = (100, 50, 0, 128);
        // white · 127/255 = 127 is added.
        #expect(T.rgba(image, 0, 0) == [227, 177, 127, 255])
        #expect(T.rgba(image, 1, 0) == [255, 255, 255, 255])
    }

    @Test(arguments: [UInt64(21), 22, 23, 24])
    func hostileMapsNeverCrashOrEscapeTheClip(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let texture = Texture(T.photo(width: 20, height: 10, seed: seed))
        let clip = PixelRect(x0: 3, y0: 2, x1: 20, y1: 14)
        for _ in 0..<40 {
            let map = Homography(m11: rng.hostile(in: -3...3), m12: rng.hostile(in: -3...3), m13: rng.hostile(in: -0.1...0.1),
                                 m21: rng.hostile(in: -3...3), m22: rng.hostile(in: -3...3), m23: rng.hostile(in: -0.1...0.1),
                                 m31: rng.hostile(in: -50...50), m32: rng.hostile(in: -50...50), m33: rng.hostile(in: -2...2))
            let polygon = ConvexPolygon((0..<4).map { _ in Point(x: rng.hostile(in: -10...30), y: rng.hostile(in: -10...30)) })
            var image = RGBAImage(width: 24, height: 16)
            Raster.draw(&image, polygon: polygon, texture: texture, destinationToTexture: map,
                        sourceClamp: PixelRect(x0: -5, y0: -5, x1: 100, y1: 100), opacity: rng.hostile(in: 0...1),
                        clip: clip, antialiased: rng.next() & 1 == 0)
            for y in 0..<16 {
                for x in 0..<24 where !(3..<20).contains(x) || !(2..<14).contains(y) {
                    #expect(image[x, y] == (0, 0, 0, 0))
                }
            }
        }
        var image = RGBAImage(width: 4, height: 4)
        Raster.draw(&image, polygon: ConvexPolygon(x0: 0, y0: 0, x1: 4, y1: 4), texture: Texture(RGBAImage(width: 0, height: 0)),
                    destinationToTexture: .identity, sourceClamp: PixelRect(width: 4, height: 4), clip: image.bounds)
        #expect(image == RGBAImage(width: 4, height: 4))
    }
}
