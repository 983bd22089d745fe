import Foundation
import MotionCore
import StoryKit
@testable import StoryRender
import Testing

/// A renderer kept across frames (its offscreen bitmaps reused, ``ScratchBitmaps``) draws every
/// frame byte for byte as a new renderer does: the same scene twice, and a scene after a
/// different one.
@Suite struct CompositorReuseTests {
    /// A deterministic opaque 120 × 90 photo: colour ramps and a checker of fine detail.
    static func photo() -> RGBAImage {
        var image = RGBAImage(width: 120, height: 90)
        for y in 0..<90 {
            for x in 0..<120 {
                let i = (y * 120 + x) * 4, check = (x / 3 + y / 3) % 2 == 0 ? 40 : 0
                image.pixels[i] = UInt8(x * 2); image.pixels[i + 1] = UInt8(y * 2 + check)
                image.pixels[i + 2] = UInt8(255 - x - check); image.pixels[i + 3] = 255
            }
        }
        return image
    }

    /// Shadows (the group's alpha, a shadow path, one clipped to rounded bounds), a mask, a
    /// blurred half-opaque group and a gradient ring turned away in perspective, in a
    /// 150 × 110 pt frame.
    static func effects() -> LayerScene {
        var card = Layer.framed("card", Rect(x: 12, y: 10, width: 56, height: 40)) {
            $0.backgroundColor = .white
            $0.cornerRadius = 9
            $0.shadowOpacity = 0.4; $0.shadowOffset = Size(width: 2, height: 5); $0.shadowRadius = 5
        }
        card.sublayers = [Layer.framed("photo", Rect(x: 6, y: 6, width: 44, height: 28)) {
            $0.contents = ImageContents(image: "photo", gravity: .resizeAspectFill)
        }]
        let floating = Layer.framed("floating", Rect(x: 80, y: 8, width: 40, height: 40)) {
            $0.shadowOpacity = 0.6; $0.shadowRadius = 2; $0.shadowColor = RGBAColor(hex: "#7A1FA2")!
            $0.shadowPath = .ellipse(in: Rect(x: 0, y: 28, width: 40, height: 12))
        }
        let clipped = Layer.framed("clipped", Rect(x: 12, y: 60, width: 50, height: 40)) {
            $0.masksToBounds = true; $0.cornerRadius = 12
            $0.shadowOpacity = 0.5; $0.shadowRadius = 4; $0.shadowOffset = Size(width: 3, height: 3)
            $0.sublayers = [Layer.framed("fill", Rect(x: -5, y: 10, width: 70, height: 20)) { $0.backgroundColor = RGBAColor(hex: "#D62976")! }]
        }
        var masked = Layer.framed("masked", Rect(x: 70, y: 56, width: 44, height: 44)) {
            $0.contents = ImageContents(image: "photo", gravity: .resizeAspectFill)
            $0.opacity = 0.8
            $0.blurRadius = 1.5
        }
        masked.mask = Layer.framed("circle", Rect(x: 2, y: 2, width: 40, height: 40)) {
            $0.backgroundColor = .white; $0.cornerRadius = 20
        }
        var ring = Layer.framed("ring", Rect(x: 0, y: 0, width: 60, height: 60)) {
            $0.shape = ShapeContents(
                path: .circle(center: Point(x: 30, y: 30), radius: 24),
                strokeGradient: ColorGradient(kind: .conic, colors: [RGBAColor(hex: "#FEDA75")!, RGBAColor(hex: "#D62976")!],
                                              startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0)),
                lineWidth: 6, lineCap: .round, strokeEnd: 0.7)
        }
        ring.transform = CubePager.cubeFaceTransform(offset: 0.8, width: 60)
        var turned = Layer.framed("turned", Rect(x: 118, y: 50, width: 60, height: 60))
        turned.sublayerTransform = .perspective(eyeDistance: 120)
        turned.sublayers = [ring]
        return LayerScene(size: Size(width: 150, height: 110), backgroundColor: RGBAColor(hex: "#E9E9EF")!,
                          layers: [card, floating, clipped, masked, turned])
    }

    /// The story ring loading around a photo avatar, as the tray draws it (96 × 96 pt).
    static func storyRing() -> LayerScene {
        var ring = StoryRing(status: .unseen)
        ring.tap(time: 0)
        return LayerScene(size: Size(width: 96, height: 96), backgroundColor: RGBAColor(white: 1),
                          layers: ring.layers(at: 0.7, avatarFrame: Rect(x: 16, y: 16, width: 64, height: 64),
                                              avatar: ImageContents(image: "photo", gravity: .resizeAspectFill).mipmapped))
    }

    /// What a new renderer draws.
    static func fresh(_ scene: LayerScene, scale: Double) throws -> RGBAImage {
        try Renderer(images: ["photo": photo()]).render(scene, scale: scale)
    }

    @Test(arguments: [1.0, 3.0])
    func theSameSceneTwiceGivesTheSameBytes(scale: Double) throws {
        let renderer = Renderer(images: ["photo": Self.photo()])
        let expected = try Self.fresh(Self.effects(), scale: scale)
        let first = try renderer.render(Self.effects(), scale: scale)
        var second = RGBAImage(width: 0, height: 0)
        try renderer.render(Self.effects(), scale: scale, into: &second)
        #expect(first == expected)
        #expect(second == expected)
        // The scene draws something in every part: the shadows, the masked photo, the ring.
        #expect(expected[40, 55].a == 255 && expected[5, 5].a == 255)
        #expect(Set(stride(from: 0, to: expected.pixels.count, by: 4).map { expected.pixels[$0] }).count > 100)
    }

    @Test func aSceneThenAnotherThenTheFirstGivesTheFirstBytes() throws {
        let renderer = Renderer(images: ["photo": Self.photo()])
        let effects = try Self.fresh(Self.effects(), scale: 2), ring = try Self.fresh(Self.storyRing(), scale: 3)
        var frame = RGBAImage(width: 0, height: 0)
        try renderer.render(Self.effects(), scale: 2, into: &frame)
        #expect(frame == effects)
        try renderer.render(Self.storyRing(), scale: 3, into: &frame)
        #expect(frame == ring)
        try renderer.render(Self.effects(), scale: 2, into: &frame)
        #expect(frame == effects)
        // And at another scale in between: bitmaps of other sizes come back transparent too.
        try renderer.render(Self.effects(), scale: 1, into: &frame)
        #expect(frame == (try Self.fresh(Self.effects(), scale: 1)))
        try renderer.render(Self.storyRing(), scale: 3, into: &frame)
        #expect(frame == ring)
    }

    @Test func theKeptBitmapsStayWithinTheirBound() throws {
        let renderer = Renderer(images: ["photo": Self.photo()])
        for scale in [1.0, 2, 3, 4, 3, 2, 1] {
            _ = try renderer.render(Self.effects(), scale: scale)
            let kept = renderer.scratch.kept
            #expect(kept.count >= 1 && kept.count <= ScratchBitmaps.maximumCount)
            #expect(kept.bytes <= ScratchBitmaps.maximumBytes)
        }
        // A bitmap larger than the bound is not kept.
        let pool = ScratchBitmaps()
        var huge = pool.take(width: 4_200, height: 4_200)
        #expect(huge.pixels.allSatisfy { $0 == 0 })
        pool.give(&huge)
        #expect(pool.kept.count == 0 && huge.width == 0)
    }

    @Test func aReusedBitmapComesBackTransparent() {
        let pool = ScratchBitmaps()
        var drawn = pool.take(width: 30, height: 20)
        for i in drawn.pixels.indices { drawn.pixels[i] = 200 }
        pool.give(&drawn)
        let smaller = pool.take(width: 10, height: 7)
        #expect(smaller.width == 10 && smaller.height == 7 && smaller.pixels.count == 280)
        #expect(smaller.pixels.allSatisfy { $0 == 0 })
        #expect(pool.kept.count == 0)
        for _ in 0..<(ScratchBitmaps.maximumCount + 3) {
            var image = pool.take(width: 4, height: 4)
            pool.give(&image)
            var other = RGBAImage(width: 5, height: 5)
            pool.give(&other)
        }
        #expect(pool.kept.count == ScratchBitmaps.maximumCount)
    }

    @Test(arguments: [0.4, 0])
    func aShadowCastIntoADrawnBitmapReplacesEveryPixel(alpha: Double) {
        var shape = RGBAImage(width: 40, height: 30)
        for y in 8..<22 { for x in 10..<30 { shape.pixels[(y * 40 + x) * 4 + 3] = 255 } }
        let color = RGBAColor(red: 0.2, green: 0, blue: 0.5, alpha: alpha)
        let expected = ShadowPainter.cast(shape, offset: Point(x: 2.5, y: 3), sigma: 2, color: color)
        var reused = RGBAImage(width: 40, height: 30, fill: (90, 200, 30, 255))
        ShadowPainter.cast(shape, offset: Point(x: 2.5, y: 3), sigma: 2, color: color, into: &reused)
        #expect(reused == expected)
        #expect(expected.pixels.contains { $0 != 0 } == (alpha > 0))
    }
}
