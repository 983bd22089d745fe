import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// `Layer.mask` drawn by the compositor: the mask layer's alpha multiplies the flattened layer,
/// checked against what the mask alone draws.
@Suite struct RendererMaskTests {
    /// The goldens of this file's tests (`__Snapshots__/RendererMaskTests/`).
    static let goldens = GoldenImages([
        "aDashedRingMasksAConicGradientAndACircleMasksAPhoto": [],
    ])

    /// Renders `layers` in a transparent `width` × `height` pt frame.
    static func render(_ layers: [Layer], width: Double = 60, height: Double = 60, scale: Double = 1) throws -> RGBAImage {
        try Renderer().render(LayerScene(size: Size(width: width, height: height), layers: layers), scale: scale)
    }

    /// A red card at (10, 10), 40 × 40 pt, with a half-transparent blue sublayer overhanging its
    /// bottom-right corner and a green border: several parts, partly transparent.
    static func card() -> Layer {
        var card = Layer.framed("card", Rect(x: 10, y: 10, width: 40, height: 40)) {
            $0.backgroundColor = RenderCheck.red
            $0.borderWidth = 3
            $0.borderColor = RenderCheck.green
        }
        card.sublayers = [Layer.framed("overhang", Rect(x: 20, y: 20, width: 30, height: 30)) {
            $0.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.6)
        }]
        return card
    }

    @Test(arguments: [false, true])
    func aHalfOpaqueMaskHalvesEveryPixelsAlpha(throughOpacity: Bool) throws {
        let plain = try Self.render([Self.card()])
        var masked = Self.card()
        // A mask reaching past the card's bounds and overhang, half opaque by its colour's alpha or
        // by its opacity; its colour (magenta) does not matter, only its alpha.
        masked.mask = Layer.framed("half", Rect(x: -10, y: -10, width: 70, height: 70)) {
            $0.backgroundColor = RGBAColor(red: 1, green: 0, blue: 1, alpha: throughOpacity ? 1 : 0.5)
            $0.opacity = throughOpacity ? 0.5 : 1
        }
        let image = try Self.render([masked])
        var drawn = 0
        for y in 0..<60 {
            for x in 0..<60 {
                let p = plain[x, y], m = image[x, y]
                if p.a > 0 { drawn += 1 }
                // Premultiplied: every channel is halved, within 1/255.
                for (a, b) in [(p.r, m.r), (p.g, m.g), (p.b, m.b), (p.a, m.a)] {
                    #expect(abs(Double(b) - Double(a) * 0.5) <= 1, "(\(x), \(y)): \(b) vs half of \(a)")
                }
            }
        }
        #expect(drawn > 1_500)
    }

    @Test(arguments: [1.0, 2.0])
    func aCircleMaskOverASquareLeavesTheCornersEmpty(scale: Double) throws {
        let circle = ShapeContents(path: .ellipse(in: Rect(x: 0, y: 0, width: 40, height: 40)), fillColor: .white)
        let square = Layer.framed("square", Rect(x: 10, y: 10, width: 40, height: 40)) {
            $0.backgroundColor = RenderCheck.blue
            $0.mask = Layer.framed("circle", Rect(x: 0, y: 0, width: 40, height: 40)) { $0.shape = circle }
        }
        let image = try Self.render([square], scale: scale)
        // The circle alone, where the mask sits: its alpha is the circle's coverage.
        let coverage = try Self.render([Layer.framed("circle", Rect(x: 10, y: 10, width: 40, height: 40)) { $0.shape = circle }],
                                       scale: scale)
        for y in 0..<image.height {
            for x in 0..<image.width {
                #expect(image[x, y].a == coverage[x, y].a && image[x, y].b == coverage[x, y].a,
                        "(\(x), \(y)) at \(scale)×: \(image[x, y]) vs coverage \(coverage[x, y].a)")
                #expect(image[x, y].r == 0 && image[x, y].g == 0)
            }
        }
        let s = Int(scale)
        // The square's corners are empty; its centre and the middle of each edge are opaque.
        for (x, y) in [(10, 10), (49, 10), (10, 49), (49, 49), (12, 12), (47, 47)] { #expect(image[x * s, y * s].a == 0) }
        for (x, y) in [(30, 30), (30, 11), (11, 30), (48, 30), (30, 48)] { #expect(image[x * s, y * s].a == 255) }
        // The area left is the circle's, π · 20² pt², less what flattening the circle to an
        // inscribed polygon cuts off (under 0.5 % at 1×).
        let area = RenderCheck.coveredArea(image) / (scale * scale)
        #expect(area < Double.pi * 400 && area > Double.pi * 400 * 0.995, "area \(area)")
    }

    @Test func aMaskedLayersSublayersAreMaskedToo() throws {
        // A layer that draws nothing itself: a sublayer inside its bounds and one outside them
        // (no masksToBounds), masked by the left half of the bounds and a strip outside them.
        var holder = Layer.framed("holder", Rect(x: 10, y: 10, width: 20, height: 20))
        holder.sublayers = [
            Layer.framed("inside", Rect(x: 0, y: 0, width: 20, height: 20)) { $0.backgroundColor = RenderCheck.red },
            Layer.framed("outside", Rect(x: 30, y: 0, width: 10, height: 20)) { $0.backgroundColor = RenderCheck.green },
        ]
        holder.mask = Layer.framed("mask", Rect(x: 0, y: 0, width: 10, height: 20)) {
            $0.sublayers = [Layer.framed("strip", Rect(x: 30, y: 5, width: 10, height: 5)) { $0.backgroundColor = .white }]
            $0.backgroundColor = .black
        }
        let image = try Self.render([holder])
        for y in 0..<60 {
            for x in 0..<60 {
                let left = (10..<20).contains(x) && (10..<30).contains(y)
                let strip = (40..<50).contains(x) && (15..<20).contains(y)
                let expected: [Int] = left ? [255, 0, 0, 255] : strip ? [0, 255, 0, 255] : [0, 0, 0, 0]
                #expect(RenderCheck.rgba(image, x, y) == expected, "(\(x), \(y))")
            }
        }
    }

    /// A 40 × 20 pt red bar centred at (30, 30) under `transform`, showing only its left half:
    /// through a mask, or as a red sublayer that is that half. The mask reaches past the bar's
    /// top, bottom and left, so that only its right edge cuts the bar (where a mask's edge meets
    /// the layer's, the two anti-aliased coverages multiply, as they do in Core Animation).
    static func halfBar(_ transform: Transform3D, masked: Bool) -> Layer {
        Layer.framed("bar", Rect(x: 10, y: 20, width: 40, height: 20)) {
            $0.transform = transform
            if masked {
                $0.backgroundColor = RenderCheck.red
                $0.mask = Layer.framed("left", Rect(x: -10, y: -10, width: 30, height: 40)) { $0.backgroundColor = .white }
            } else {
                $0.sublayers = [Layer.framed("left", Rect(x: 0, y: 0, width: 20, height: 20)) { $0.backgroundColor = RenderCheck.red }]
            }
        }
    }

    @Test func aTransformedMaskedLayerCarriesItsMaskWithIt() throws {
        // A quarter turn: the left half ends up on top, pixel for pixel as the half drawn alone.
        let quarter = Transform3D(rotationAngle: .pi / 2, axis: Vector3(x: 0, y: 0, z: 1))
        let turned = try Self.render([Self.halfBar(quarter, masked: true)])
        #expect(turned == (try Self.render([Self.halfBar(quarter, masked: false)])))
        #expect(turned[30, 15].a == 255 && turned[30, 45].a == 0 && turned[15, 30].a == 0)
        // A 30° turn, scaled 1.3 and tilted in perspective: the same picture, within rounding but
        // for a few pixels at the two corners where the cut meets the bar's edges (there the
        // product of two edge coverages stands in for the corner's area).
        var tilted = Transform3D(rotationAngle: .pi / 6, axis: Vector3(x: 0, y: 0, z: 1))
            .concatenating(Transform3D(scaleX: 1.3, y: 1.3, z: 1))
        tilted.m34 = -1 / 200
        tilted = Transform3D(rotationAngle: 0.4, axis: Vector3(x: 0, y: 1, z: 0)).concatenating(tilted)
        let masked = try Self.render([Self.halfBar(tilted, masked: true)], scale: 2)
        let reference = try Self.render([Self.halfBar(tilted, masked: false)], scale: 2)
        var worst = 0, differing = 0
        for y in 0..<masked.height {
            for x in 0..<masked.width {
                let d = zip(RenderCheck.rgba(masked, x, y), RenderCheck.rgba(reference, x, y)).map { abs($0 - $1) }.max() ?? 0
                worst = Swift.max(worst, d)
                if d > 1 { differing += 1 }
            }
        }
        #expect(worst <= 6 && differing <= 6, "worst \(worst), \(differing) pixels differ by more than 1")
        #expect(abs(RenderCheck.coveredArea(masked) - RenderCheck.coveredArea(reference)) < 1)
        #expect(RenderCheck.coveredArea(masked) > 2_000)
    }

    @Test func aMasksOwnMaskAndAHiddenMask() throws {
        // Core Animation allows a mask to have a mask: the two multiply (here to the top-left quarter).
        let square = Layer.framed("square", Rect(x: 10, y: 10, width: 40, height: 40)) {
            $0.backgroundColor = RenderCheck.red
            $0.mask = Layer.framed("left", Rect(x: 0, y: 0, width: 20, height: 40)) {
                $0.backgroundColor = .white
                $0.mask = Layer.framed("top", Rect(x: 0, y: 0, width: 40, height: 20)) { $0.backgroundColor = .white }
            }
        }
        let image = try Self.render([square])
        for y in 0..<60 {
            for x in 0..<60 {
                let inside = (10..<30).contains(x) && (10..<30).contains(y)
                #expect(RenderCheck.rgba(image, x, y) == (inside ? [255, 0, 0, 255] : [0, 0, 0, 0]), "(\(x), \(y))")
            }
        }
        // A hidden mask, or one that draws nothing, leaves nothing of the layer.
        var hidden = square
        hidden.mask?.isHidden = true
        var empty = square
        empty.mask = Layer.framed("nothing", Rect(x: 0, y: 0, width: 40, height: 40))
        for layer in [hidden, empty] { #expect(RenderCheck.coveredArea(try Self.render([layer])) == 0) }
    }

    @Test func aMaskClipsTheLayersShadowAndBlur() throws {
        // The shadow falls 10 pt right, outside the mask (the bounds): Core Animation masks it away.
        let card = Layer.framed("card", Rect(x: 10, y: 10, width: 30, height: 30)) {
            $0.backgroundColor = RenderCheck.red
            $0.shadowOpacity = 1
            $0.shadowOffset = Size(width: 10, height: 0)
            $0.shadowRadius = 0
            $0.blurRadius = 2
            $0.mask = Layer.framed("bounds", Rect(x: 0, y: 0, width: 30, height: 30)) { $0.backgroundColor = .white }
        }
        let image = try Self.render([card])
        for y in 0..<60 {
            for x in 0..<60 where !(10..<40).contains(x) || !(10..<40).contains(y) {
                #expect(image[x, y].a == 0, "(\(x), \(y))")
            }
        }
        #expect(image[25, 25].a == 255 && image[39, 25].a == 255 && image[10, 25].a < 255)
    }

    @Test func aChainOfMasksAsDeepAsTheLimitRenders() throws {
        var layer = Layer.framed("deepest", Rect(x: 0, y: 0, width: 20, height: 20)) { $0.backgroundColor = .white }
        for _ in 1..<LayerScene.maximumLayerDepth {
            let inner = layer
            layer = Layer.framed("level", Rect(x: 0, y: 0, width: 20, height: 20)) {
                $0.backgroundColor = .white
                $0.mask = inner
            }
        }
        let image = try Self.render([layer], width: 20, height: 20)
        #expect(image[10, 10].a == 255)
    }

    @Test func aDashedRingMasksAConicGradientAndACircleMasksAPhoto() throws {
        // Story-ring style: dashed arcs (butt caps) masking a conic gradient square.
        let colors = ["#FEDA75", "#FA7E1E", "#D62976", "#962FBF", "#4F5BD5", "#FEDA75"].compactMap { RGBAColor(hex: $0) }
        let dashes = ShapeContents(path: .arc(center: Point(x: 32, y: 32), radius: 28, startAngle: -.pi / 2,
                                              endAngle: 3 * .pi / 2, clockwise: true),
                                   strokeColor: .white, lineWidth: 5, lineDashPattern: [30, 6])
        let ring = Layer.framed("ring", Rect(x: 6, y: 6, width: 64, height: 64)) {
            $0.gradient = ColorGradient(kind: .conic, colors: colors, startPoint: Point(x: 0.5, y: 0.5),
                                        endPoint: Point(x: 0.5, y: 0))
            $0.mask = Layer.framed("segments", Rect(x: 0, y: 0, width: 64, height: 64)) { $0.shape = dashes }
        }
        // A "photo" (a radial gradient with a caption bar) masked by a circle that fades out at
        // the bottom: the mask's own gradient alpha.
        var photo = Layer.framed("photo", Rect(x: 82, y: 6, width: 64, height: 64)) {
            $0.gradient = ColorGradient(kind: .radial, colors: [RGBAColor(hex: "#9AD1FF")!, RGBAColor(hex: "#1F4E8C")!],
                                        startPoint: Point(x: 0.3, y: 0.3), endPoint: Point(x: 1, y: 1))
            $0.transform = Transform3D(rotationAngle: .pi / 12, axis: Vector3(x: 0, y: 0, z: 1))
        }
        photo.sublayers = [Layer.framed("caption", Rect(x: 0, y: 40, width: 64, height: 12)) { $0.backgroundColor = RenderCheck.red }]
        photo.mask = Layer.framed("disc", Rect(x: 4, y: 4, width: 56, height: 56)) {
            $0.shape = ShapeContents(path: .ellipse(in: Rect(x: 0, y: 0, width: 56, height: 56)), fillColor: .white)
            $0.mask = Layer.framed("fade", Rect(x: 0, y: 0, width: 56, height: 56)) {
                $0.gradient = ColorGradient(colors: [.white, RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.2)],
                                            startPoint: Point(x: 0.5, y: 0.4), endPoint: Point(x: 0.5, y: 1))
            }
        }
        let scene = LayerScene(size: Size(width: 152, height: 76), backgroundColor: .white, layers: [ring, photo])
        let image = try Renderer().render(scene, scale: 2)
        Self.goldens.assertMatches(image)
        // Inside the ring's hole and between two dashes the background shows; on a dash, the gradient.
        #expect(RenderCheck.rgba(image, 38 * 2, 38 * 2) == [255, 255, 255, 255])
        #expect(RenderCheck.rgba(image, 38 * 2, Int(9.5 * 2)) != [255, 255, 255, 255])
        // The photo's corners are cut by the disc.
        #expect(RenderCheck.rgba(image, 84 * 2, 66 * 2) == [255, 255, 255, 255])
    }
}
