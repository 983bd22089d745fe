import Foundation
import MotionCore
import StoryKit
@testable import StoryRender
import Testing

/// A leaf group (a photo avatar in its rounded clip), and a shallow mask (a ring's segments), are
/// kept finished across frames while nothing they read changes, and drawn from what is kept with
/// the bytes a new renderer draws; one that changes, or reads more than its key holds, is not kept.
@Suite struct KeptGroupsTests {
    @Test func aStillAvatarIsKeptFinishedAndDrawnAsANewRendererDrawsIt() throws {
        let kept = Renderer(images: ["avatar": PartBitmapsTests.avatar()])
        // From 0.5 s the avatar has shrunk and stays; the segments turn every frame.
        try PartBitmapsTests.expectTurningFramesAreFresh(kept)
        // Only the avatar: the ring has a mask.
        #expect(kept.parts.keptGroups.count == 1)
        #expect(kept.parts.keptGroups.bytes > 0 && kept.parts.keptGroups.bytes <= PartBitmaps.maximumGroupBytes)
    }

    @Test func aGroupThatChangesIsDrawnAgainEveryFrame() throws {
        // The avatar moves by a fraction of a pixel, then changes colour, then opacity: every
        // frame is the one a new renderer draws.
        let renderer = Renderer(images: ["avatar": PartBitmapsTests.avatar()])
        var frame = RGBAImage(width: 0, height: 0)
        for k in 0..<18 {
            var scene = PartBitmapsTests.ring(at: 0.6)
            switch k / 6 {
            case 0: scene.layers[0].position.x += Double(k) * 0.37
            case 1: scene.layers[0].backgroundColor = RGBAColor(red: 0.1 * Double(k % 6), green: 0.5, blue: 0.2)
                    scene.layers[0].contents = nil
            default: scene.layers[0].opacity = 1 - 0.1 * Double(k % 6)
            }
            try renderer.render(scene, scale: 3, into: &frame)
            let fresh = try PartBitmapsTests.fresh(scene, scale: 3)
            #expect(frame.pixels == fresh.pixels, "frame \(k)")
        }
        #expect(renderer.parts.keptGroups.count <= 2)  // the still ring's mask, and an avatar at its last opacity
    }

    @Test func aGroupWithSublayersOrAShadowIsNotKept() throws {
        let renderer = Renderer(images: ["avatar": PartBitmapsTests.avatar()])
        var scene = PartBitmapsTests.ring(at: 0.6)
        scene.layers[0].sublayers = [Layer(name: "dot", frame: Rect(x: 2, y: 2, width: 4, height: 4))]
        scene.layers[0].sublayers[0].backgroundColor = RGBAColor(red: 1, green: 0, blue: 0)
        var frame = RGBAImage(width: 0, height: 0)
        for _ in 0..<4 { try renderer.render(scene, scale: 2, into: &frame) }
        #expect(renderer.parts.keptGroups.count == 1)  // the still ring's mask only
        scene.layers[0].sublayers = []
        scene.layers[0].shadowOpacity = 0.5
        for _ in 0..<4 { try renderer.render(scene, scale: 2, into: &frame) }
        #expect(renderer.parts.keptGroups.count == 1)
        #expect(frame.pixels == (try PartBitmapsTests.fresh(scene, scale: 2)).pixels)
    }

    @Test func keptGroupsStayWithinTheirCount() throws {
        // More still avatars than are kept, each drawn three times in a row.
        let renderer = Renderer(images: ["avatar": PartBitmapsTests.avatar()])
        var frame = RGBAImage(width: 0, height: 0)
        for k in 0..<(PartBitmaps.maximumGroupCount * 2) {
            var scene = PartBitmapsTests.ring(at: 0.6)
            scene.layers[0].position.x += Double(k)
            for _ in 0..<3 { try renderer.render(scene, scale: 2, into: &frame) }
            // The avatars and the still ring's mask, used every frame so never the oldest.
            #expect(renderer.parts.keptGroups.count == Swift.min(k + 2, PartBitmaps.maximumGroupCount))
        }
    }

    @Test func anUnchangedRingsMaskIsKeptAndATurningOneIsNot() throws {
        let renderer = Renderer(images: ["avatar": PartBitmapsTests.avatar()])
        var frame = RGBAImage(width: 0, height: 0)
        let still = PartBitmapsTests.ring(at: 0.7)
        for k in 0..<4 {
            try renderer.render(still, scale: 3, into: &frame)
            #expect(frame.pixels == (try PartBitmapsTests.fresh(still, scale: 3)).pixels,
                    "frame \(k)")
        }
        // The avatar and the segments' mask.
        #expect(renderer.parts.keptGroups.count == 2)
        let turning = Renderer(images: ["avatar": PartBitmapsTests.avatar()])
        for k in 0..<8 {
            let scene = PartBitmapsTests.ring(at: 0.7 + Double(k) / 60)
            try turning.render(scene, scale: 3, into: &frame)
            #expect(frame.pixels == (try PartBitmapsTests.fresh(scene, scale: 3)).pixels,
                    "frame \(k)")
        }
        #expect(turning.parts.keptGroups.count == 1)
    }

    @Test func aMaskWithNestedLayersHasNoKey() {
        var layer = Layer(name: "masked", frame: Rect(x: 0, y: 0, width: 8, height: 8))
        var mask = Layer(name: "mask", frame: Rect(x: 0, y: 0, width: 8, height: 8))
        mask.sublayers = [Layer(name: "dot", frame: Rect(x: 0, y: 0, width: 4, height: 4))]
        layer.mask = mask
        func node() -> RenderNode {
            RenderNode(layer: layer, depth: 0, layerToPixels: .identity, pixelsToLayer: .identity,
                       quad: ScreenPolygon(x0: 0, y0: 0, x1: 8, y1: 8), isFrontFacing: true, clip: nil,
                       contentClip: nil, opacity: 1, group: nil)
        }
        #expect(PartBitmaps.GroupKey(maskOf: node(), origin: (0, 0), width: 8, height: 8, scale: 1) != nil)
        layer.mask?.sublayers[0].sublayers = [Layer(name: "deeper", frame: Rect(x: 0, y: 0, width: 2, height: 2))]
        #expect(PartBitmaps.GroupKey(maskOf: node(), origin: (0, 0), width: 8, height: 8, scale: 1) == nil)
        layer.mask?.sublayers[0].sublayers = []
        layer.mask?.mask = Layer(name: "mask of the mask", frame: Rect(x: 0, y: 0, width: 8, height: 8))
        #expect(PartBitmaps.GroupKey(maskOf: node(), origin: (0, 0), width: 8, height: 8, scale: 1) == nil)
    }

    @Test func aGroupOrMaskTooLargeToKeepIsDrawnEveryFrame() throws {
        // The bound, four bytes a pixel, with no overflow on any size.
        #expect(PartBitmaps.keepsGroups(width: 1024, height: 1024))
        #expect(!PartBitmaps.keepsGroups(width: 1025, height: 1024))
        #expect(!PartBitmaps.keepsGroups(width: 1024, height: 1025))
        for (width, height) in [(0, 8), (8, 0), (-1, 8), (8, -1), (Int.max, Int.max), (Int.max, 1), (1, Int.max)] {
            #expect(!PartBitmaps.keepsGroups(width: width, height: height), "\(width) × \(height)")
        }
        // The still avatar alone, 36 pt across: kept at 4×; at 32× its group (1,152 pixels
        // square, 5.3 MB) is over 4 MiB, so it is drawn every frame, the same each time.
        var avatar = PartBitmapsTests.ring(at: 0.6).layers[0]
        avatar.position = Point(x: 18, y: 18)
        avatar.bounds = Rect(x: 0, y: 0, width: 36, height: 36)
        avatar.transform = .identity
        let scene = LayerScene(size: Size(width: 36, height: 36), backgroundColor: RGBAColor(white: 1), layers: [avatar])
        for (scale, kept) in [(4.0, 1), (32.0, 0)] {
            let renderer = Renderer(images: ["avatar": PartBitmapsTests.avatar()])
            var frames: [RGBAImage] = []
            for _ in 0..<3 { frames.append(try renderer.render(scene, scale: scale)) }
            #expect(renderer.parts.keptGroups.count == kept, "at \(scale)×")
            #expect(frames[1].pixels == frames[0].pixels && frames[2].pixels == frames[0].pixels, "at \(scale)×")
        }
    }
}
