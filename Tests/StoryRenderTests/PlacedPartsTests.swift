import Foundation
import MotionCore
import StoryKit
@testable import StoryRender
import Testing

/// The rounded clip, and a masked group's only drawing, placed into the group's bitmap are kept
/// across frames when nothing about them changes (a still avatar and gradient under turning
/// segments), and not when they move; a kept placement changes no pixel.
@Suite struct PlacedPartsTests {
    @Test func aStillAvatarsClipIsPlacedOnceAndDrawnAsANewRendererDrawsIt() throws {
        let kept = Renderer(images: ["avatar": PartBitmapsTests.avatar()])
        // From 0.5 s the avatar has shrunk and stays; the segments turn every frame.
        try PartBitmapsTests.expectTurningFramesAreFresh(kept)
        // The avatar's rounded clip and the ring's gradient, each placed into its group's bitmap.
        #expect(kept.parts.keptPlaced.count == 2)
        #expect(kept.parts.keptPlaced.bytes > 0 && kept.parts.keptPlaced.bytes <= PartBitmaps.maximumPlacedBytes)
    }

    @Test func aMovingAvatarsClipAndRingAreNotKept() throws {
        let renderer = Renderer(images: ["avatar": PartBitmapsTests.avatar()])
        var frame = RGBAImage(width: 0, height: 0)
        for k in 0..<12 {
            var scene = PartBitmapsTests.ring(at: 0.6)
            scene.layers[0].position.x += Double(k) * 0.37
            scene.layers[1].position.y -= Double(k) * 0.29
            try renderer.render(scene, scale: 3, into: &frame)
            let fresh = try PartBitmapsTests.fresh(scene, scale: 3)
            #expect(frame.pixels == fresh.pixels, "frame \(k)")
        }
        #expect(renderer.parts.keptPlaced.count == 0)
    }

    @Test func aKeptRingGradientServesEveryMask() throws {
        // The same ring under segments that turn a little every frame (and a still avatar): from
        // the second frame on the gradient comes whole from the kept placement, and every frame is
        // the one a new renderer draws.
        let kept = Renderer(images: ["avatar": PartBitmapsTests.avatar()])
        var frame = RGBAImage(width: 0, height: 0)
        for k in 0..<30 {
            let scene = PartBitmapsTests.ring(at: 0.7 + Double(k) / 60)
            try kept.render(scene, scale: 2, into: &frame)
            let fresh = try PartBitmapsTests.fresh(scene, scale: 2)
            #expect(frame.pixels == fresh.pixels, "frame \(k)")
        }
        #expect(kept.parts.keptPlaced.count == 2)
    }

    @Test func placedPartsStayWithinTheirCount() {
        let parts = PartBitmaps()
        var layer = Layer(name: "dot", frame: Rect(x: 0, y: 0, width: 8, height: 8))
        layer.cornerRadius = 4
        layer.masksToBounds = true
        let key = PartBitmaps.Key(layer, part: .clipMask, pixelsPerPoint: 1)
        let node = RenderNode(layer: layer, depth: 0, layerToPixels: .identity, pixelsToLayer: .identity,
                              quad: ScreenPolygon(x0: 0, y0: 0, x1: 8, y1: 8), isFrontFacing: true, clip: nil,
                              contentClip: nil, opacity: 1, group: nil)
        var image = RGBAImage(width: 8, height: 8)
        image.pixels[3] = 255
        for k in 0..<(PartBitmaps.maximumPlacedCount * 2) {
            let placement = PartBitmaps.Placement(key, of: node, origin: (k, 0), width: 8, height: 8)
            parts.offerPlaced(image, for: placement)
            #expect(parts.keptPlaced.count == Swift.min(k, PartBitmaps.maximumPlacedCount))  // kept from the second offer
            parts.offerPlaced(image, for: placement)
            var copy = RGBAImage(width: 8, height: 8)
            #expect(parts.copyPlaced(placement, into: &copy) && copy == image)
        }
        #expect(parts.keptPlaced.count == PartBitmaps.maximumPlacedCount)
    }
}
