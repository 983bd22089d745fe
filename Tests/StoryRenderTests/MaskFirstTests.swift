import Foundation
import MotionCore
import StoryKit
@testable import StoryRender
import StoryKitTestSupport
import Testing

/// A group's mask drawn first: content sampled only where the mask keeps something gives, where
/// it keeps something, the very bytes of sampling everywhere, and touches nothing else; and the
/// masked composite's whole-block shortcuts give the bytes of the two passes.
@Suite struct MaskFirstTests {
    /// A premultiplied bitmap of seeded random pixels (a quarter of them transparent, a quarter
    /// opaque).
    static func noise(_ width: Int, _ height: Int, seed: UInt64) -> RGBAImage {
        var rng = SeededRandom(seed: seed)
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let kind = rng.next() % 4
                let a: UInt8 = kind == 0 ? 0 : kind == 1 ? 255 : UInt8(rng.next() % 256)
                func channel() -> UInt8 { UInt8(rng.next() % (UInt64(a) + 1)) }
                image[x, y] = (channel(), channel(), channel(), a)
            }
        }
        return image
    }

    /// A mask of runs: transparent, opaque and partial runs of 1…40 pixels, so that runs start and
    /// end anywhere in a sampling chunk and some cover whole 8-pixel blocks.
    static func runs(_ width: Int, _ height: Int, seed: UInt64) -> RGBAImage {
        var rng = SeededRandom(seed: seed)
        var mask = RGBAImage(width: width, height: height)
        for y in 0..<height {
            var x = 0
            while x < width {
                let length = Int(1 + rng.next() % 40), kind = rng.next() % 3
                for i in x..<Swift.min(width, x + length) {
                    let a: UInt8 = kind == 0 ? 0 : kind == 1 ? 255 : UInt8(1 + rng.next() % 254)
                    mask[i, y] = (a, a, a, a)
                }
                x += length
            }
        }
        return mask
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func textureDrawnOnlyWhereTheMaskKeepsMatchesTheWholeDraw(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        func random(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(rng.next() % 10_000) / 10_000 * (range.upperBound - range.lowerBound)
        }
        let texture = Texture(Self.noise(64, 48, seed: UInt64(seed) + 100))
        // Affine and perspective maps, magnified and shrunk (mip levels), partly off the texture.
        let map = Homography(m11: random(0.3...2.5), m12: random(-0.4...0.4), m13: seed % 2 == 0 ? 0 : random(-0.002...0.002),
                             m21: random(-0.4...0.4), m22: random(0.3...2.5), m23: seed % 2 == 0 ? 0 : random(-0.002...0.002),
                             m31: random(-10...10), m32: random(-10...10), m33: 1)
        let polygon = ConvexPolygon([Point(x: random(0...20), y: random(0...10)), Point(x: random(280...299), y: random(0...20)),
                                     Point(x: random(260...299), y: random(60...79)), Point(x: random(0...30), y: random(50...79))])
        let under = Self.noise(300, 80, seed: UInt64(seed) + 200)
        let need = Self.runs(300, 80, seed: UInt64(seed) + 300)
        for opacity in [1.0, 0.6] {
            for filter in [TextureFilter.mipmapped, .linear, .nearest] {
                var whole = under, masked = under
                Raster.draw(&whole, polygon: polygon, texture: texture, destinationToTexture: map, sourceClamp: texture.bounds,
                            opacity: opacity, clip: whole.bounds, filter: filter)
                Raster.draw(&masked, polygon: polygon, texture: texture, destinationToTexture: map, sourceClamp: texture.bounds,
                            opacity: opacity, clip: masked.bounds, filter: filter, only: need)
                var differing = 0, touched = 0, kept = 0
                for y in 0..<80 {
                    for x in 0..<300 where need[x, y].a != 0 {
                        kept += 1
                        if masked[x, y] != whole[x, y] { differing += 1 }
                    }
                    for x in 0..<300 where need[x, y].a == 0 && masked[x, y] != under[x, y] { touched += 1 }
                }
                #expect(differing == 0, "\(differing) kept pixels differ (opacity \(opacity), \(filter))")
                #expect(touched == 0, "\(touched) pixels drawn where the mask is transparent")
                #expect(kept > 5_000)
                #expect(whole != under)
            }
        }
    }

    @Test func aMaskOfAnotherSizeDrawsEverything() {
        let texture = Texture(Self.noise(16, 16, seed: 1))
        var whole = RGBAImage(width: 20, height: 20), masked = whole
        let map = Homography(scaleX: 0.7, y: 0.7)
        Raster.draw(&whole, polygon: ConvexPolygon(x0: 1.5, y0: 1.5, x1: 18, y1: 18), texture: texture,
                    destinationToTexture: map, sourceClamp: texture.bounds, clip: whole.bounds)
        Raster.draw(&masked, polygon: ConvexPolygon(x0: 1.5, y0: 1.5, x1: 18, y1: 18), texture: texture,
                    destinationToTexture: map, sourceClamp: texture.bounds, clip: masked.bounds,
                    only: RGBAImage(width: 19, height: 20))
        #expect(masked == whole)
    }

    @Test(arguments: [1.0, 0.5])
    func maskedCompositeGivesTheBytesOfMultiplyThenComposite(opacity: Double) {
        var source = Self.noise(101, 40, seed: 9)
        let under = Self.noise(120, 50, seed: 10)
        var mask = Self.runs(101, 40, seed: 11)
        // Whole opaque and transparent 8-pixel blocks too, at every alignment, over an opaque
        // source (stored as it is) and a translucent one.
        for y in 0..<10 { for x in (y * 3)..<(y * 3 + 24) { mask[x, y] = (255, 255, 255, 255) } }
        for y in 0..<5 { for x in (y * 2)..<(y * 2 + 40) { source[x, y] = (UInt8(x), UInt8(y), 9, 255) } }
        for y in 10..<20 { for x in (y * 3)..<(y * 3 + 24) { mask[x, y] = (0, 0, 0, 0) } }
        for offset in [(0, 0), (7, 3), (-5, -2), (30, 20)] {
            var fused = under, twoPasses = under, multiplied = source
            #expect(Raster.composite(source, masked: mask, over: &fused, at: offset, opacity: opacity) != nil)
            Raster.multiplyAlpha(&multiplied, by: mask)
            Raster.composite(multiplied, over: &twoPasses, at: offset, opacity: opacity)
            #expect(fused == twoPasses, "offset \(offset)")
        }
    }

    /// A rounded avatar (with and without a border) beside a gradient ring masked to a band: a
    /// kept renderer (its rounded clip placed once and kept) draws as a new one, and nothing
    /// shows outside the band and the avatar's circle.
    @Test(arguments: [false, true])
    func roundedAndMaskedGroupsDrawOnlyInsideTheirMasks(bordered: Bool) throws {
        var avatar = Layer(name: "avatar", frame: Rect(x: 6, y: 6, width: 36, height: 36))
        avatar.cornerRadius = 18
        avatar.masksToBounds = true
        avatar.backgroundColor = RGBAColor(white: 0.8)
        avatar.contents = ImageContents(image: "photo", gravity: .resizeAspectFill)
        avatar.transform = Transform3D(scaleX: 0.9, y: 0.9, z: 1)
        if bordered {
            avatar.borderWidth = 2
            avatar.borderColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        }
        var ring = Layer(name: "ring", frame: Rect(x: 2.3, y: 2.3, width: 43.1, height: 43.1))
        ring.gradient = ColorGradient(kind: .conic, colors: [RGBAColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                              RGBAColor(red: 0, green: 1, blue: 0, alpha: 1)],
                                      startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0, y: 1))
        var band = Layer(name: "band", frame: Rect(x: 0, y: 18, width: 43.1, height: 6))
        band.backgroundColor = .white
        ring.mask = band
        let scene = LayerScene(size: Size(width: 48, height: 48), backgroundColor: RGBAColor(white: 1), layers: [avatar, ring])
        let images = ["photo": Self.noise(40, 40, seed: 4).opaque()]
        let kept = Renderer(images: images)
        var frame = RGBAImage(width: 0, height: 0)
        for _ in 0..<3 { try kept.render(scene, scale: 3, into: &frame) }
        let fresh = try Renderer(images: images).render(scene, scale: 3)
        #expect(frame == fresh)
        // The ring shows only on its band (20.3…26.3 pt, rows 61…78), the avatar only inside its
        // circle (radius 16.2 pt, 48.6 px, about the centre at 72 px).
        for y in 0..<144 where y < 58 || y > 81 {
            for x in 0..<144 where (Double(x) - 71.5) * (Double(x) - 71.5) + (Double(y) - 71.5) * (Double(y) - 71.5) > 50 * 50 {
                #expect(frame[x, y] == (255, 255, 255, 255), "pixel \(x), \(y)")
            }
        }
    }
}

private extension RGBAImage {
    /// The image with every alpha set to 255 (its colours scaled up to stay premultiplied-valid).
    func opaque() -> RGBAImage {
        var image = self
        for y in 0..<height {
            for x in 0..<width {
                let p = self[x, y]
                image[x, y] = (p.r, p.g, p.b, 255)
            }
        }
        return image
    }
}
