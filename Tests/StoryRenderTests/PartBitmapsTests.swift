import Foundation
import MotionCore
import StoryKit
@testable import StoryRender
import Testing

/// The parts a renderer keeps across frames (``PartBitmaps``) change no pixel: a kept renderer
/// draws the loading ring's frames byte for byte as a new renderer does, and the cache stays
/// within its bounds.
@Suite struct PartBitmapsTests {
    /// A 60 × 60 opaque avatar: colour ramps.
    static func avatar() -> RGBAImage {
        var image = RGBAImage(width: 60, height: 60)
        for y in 0..<60 {
            for x in 0..<60 {
                let i = (y * 60 + x) * 4
                image.pixels[i] = UInt8(x * 4); image.pixels[i + 1] = UInt8(y * 4)
                image.pixels[i + 2] = UInt8((x ^ y) * 4 % 256); image.pixels[i + 3] = 255
            }
        }
        return image
    }

    /// The story ring loading at `time` around a photo avatar in a 48 × 48 pt cell.
    static func ring(at time: Double) -> LayerScene {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)
        let layers = ring.layers(at: time, avatarFrame: Rect(x: 8, y: 8, width: 32, height: 32),
                                 avatar: ImageContents(image: "avatar", gravity: .resizeAspectFill))
        return LayerScene(size: Size(width: 48, height: 48), backgroundColor: RGBAColor(white: 1), layers: layers)
    }

    /// `scene` drawn by a new renderer with the ``avatar()`` photo: what a renderer that keeps
    /// nothing across frames draws.
    static func fresh(_ scene: LayerScene, scale: Double) throws -> RGBAImage {
        try Renderer(images: ["avatar": avatar()]).render(scene, scale: scale)
    }

    /// Draws 12 frames of the ring from 0.5 s (the avatar shrunk and still, the segments turning)
    /// at 3× with `renderer`, expecting each to be the frame a new renderer draws.
    static func expectTurningFramesAreFresh(_ renderer: Renderer) throws {
        var frame = RGBAImage(width: 0, height: 0)
        for k in 0..<12 {
            let scene = ring(at: 0.5 + Double(k) / 60)
            try renderer.render(scene, scale: 3, into: &frame)
            #expect(frame.pixels == (try fresh(scene, scale: 3)).pixels, "frame \(k)")
        }
    }

    @Test func keptRendererDrawsTheTurningRingAsANewOne() throws {
        let kept = Renderer(images: ["avatar": Self.avatar()])
        var frame = RGBAImage(width: 0, height: 0)
        for k in 0..<40 {
            let scene = Self.ring(at: 0.5 + Double(k % 20) / 30)
            try kept.render(scene, scale: 3, into: &frame)
            let fresh = try Renderer(images: ["avatar": Self.avatar()]).render(scene, scale: 3)
            #expect(frame.pixels == fresh.pixels, "frame \(k)")
        }
        // The steady part (the avatar's rounded clip) was kept, the turning segments were not
        // (asked for once each among more than the 128 remembered), and the cache is bounded.
        let parts = kept.parts.kept
        #expect(parts.count >= 1 && parts.count <= PartBitmaps.maximumCount)
        #expect(parts.bytes <= PartBitmaps.maximumBytes)
    }

    @Test func anEqualPartIsPaintedOnceAndAChangedOneAgain() {
        let parts = PartBitmaps()
        var layer = Layer(name: "ring", frame: Rect(x: 0, y: 0, width: 30, height: 30))
        layer.gradient = ColorGradient(kind: .conic, colors: [.black, .white], startPoint: Point(x: 0.5, y: 0.5),
                                       endPoint: Point(x: 0.5, y: 0))
        let first = parts.bitmap(of: layer, part: .drawing, pixelsPerPoint: 2)
        #expect(parts.kept.count == 0)  // kept from the second time it is asked for
        let again = parts.bitmap(of: layer, part: .drawing, pixelsPerPoint: 2)
        #expect(parts.kept.count == 1)
        #expect(first.bitmap?.image.pixels == again.bitmap?.image.pixels)
        layer.gradient?.colors = [.white, .black]
        _ = parts.bitmap(of: layer, part: .drawing, pixelsPerPoint: 2)
        let changed = parts.bitmap(of: layer, part: .drawing, pixelsPerPoint: 2)
        #expect(parts.kept.count == 2)
        #expect(changed.bitmap?.image.pixels == LayerContentRenderer.render(layer, part: .drawing, pixelsPerPoint: 2)?.image.pixels)
        #expect(changed.bitmap?.image.pixels != first.bitmap?.image.pixels)
    }

    @Test func cacheKeepsAtMostItsCountOfParts() {
        let parts = PartBitmaps()
        var layer = Layer(name: "dot", frame: Rect(x: 0, y: 0, width: 4, height: 4))
        layer.backgroundColor = .black
        layer.cornerRadius = 1
        for k in 0..<(PartBitmaps.maximumCount * 3) {
            layer.bounds.size.width = 4 + Double(k) / 8
            let before = parts.kept.count
            _ = parts.bitmap(of: layer, part: .background, pixelsPerPoint: 1)
            #expect(parts.kept.count == before)  // asked for once: not kept
            _ = parts.bitmap(of: layer, part: .background, pixelsPerPoint: 1)
        }
        #expect(parts.kept.count == PartBitmaps.maximumCount)
    }

    @Test func maskedCompositeIsMultiplyThenComposite() {
        var state: UInt32 = 12_345
        func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
        func premultiplied(_ w: Int, _ h: Int, zeros: Bool) -> RGBAImage {
            var image = RGBAImage(width: w, height: h)
            for i in 0..<(w * h) {
                let a = zeros && next() % 3 == 0 ? 0 : (next() % 4 == 0 ? 255 : next())
                image.pixels[i * 4 + 3] = a
                for c in 0..<3 { image.pixels[i * 4 + c] = UInt8(UInt32(next()) * UInt32(a) / 255) }
            }
            return image
        }
        for (offset, opacity) in [((0, 0), 1.0), ((3, -2), 1.0), ((-4, 5), 0.6), ((10, 7), 0.25)] {
            let src = premultiplied(23, 17, zeros: true), mask = premultiplied(23, 17, zeros: true)
            let below = premultiplied(29, 21, zeros: false)
            var twoPass = below, onePass = below, multiplied = src
            Raster.multiplyAlpha(&multiplied, by: mask)
            Raster.composite(multiplied, over: &twoPass, at: offset, opacity: opacity)
            #expect(Raster.composite(src, masked: mask, over: &onePass, at: offset, opacity: opacity) != nil)
            #expect(onePass.pixels == twoPass.pixels, "offset \(offset), opacity \(opacity)")
        }
        var untouched = RGBAImage(width: 4, height: 4)
        #expect(Raster.composite(RGBAImage(width: 3, height: 3), masked: RGBAImage(width: 2, height: 3),
                                 over: &untouched, at: (0, 0)) == nil)
    }
}
