import Foundation
import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// Shadows, per-corner radii, fill rules and miter limits, drawn by the compositor and checked
/// against their maths.
@Suite struct RendererLayerPropertiesTests {
    /// The goldens of this file's tests (`__Snapshots__/RendererLayerPropertiesTests/`).
    static let goldens = GoldenImages([
        "aCardCastsASoftShadowDownAndAShadowPathCastsItsOwnShape": [],
        "onlyTheMaskedCornersAreRounded": [],
        "evenOddCutsHolesAndTheMiterLimitBevelsSharpJoins": [],
    ])

    /// A 40 × 30 pt opaque red card at (20, 20) casting a half-opaque black shadow 10 pt right,
    /// 8 pt down, radius 4, in a transparent 100 × 80 pt frame.
    static func shadowedCard(scale: Double) throws -> RGBAImage {
        let card = Layer.framed("card", Rect(x: 20, y: 20, width: 40, height: 30)) {
            $0.backgroundColor = RenderCheck.red
            $0.shadowOpacity = 0.5
            $0.shadowOffset = Size(width: 10, height: 8)
            $0.shadowRadius = 4
        }
        return try Renderer().render(LayerScene(size: Size(width: 100, height: 80), layers: [card]), scale: scale)
    }

    @Test(arguments: [1.0, 2.0])
    func aShadowIsTheGaussianBlurOfTheLayersAlphaMovedAndTinted(scale: Double) throws {
        let image = try Self.shadowedCard(scale: scale)
        let s = Int(scale)
        // The expected shadow: the card's alpha moved by the offset, blurred with σ = radius.
        var mask = RGBAImage(width: image.width, height: image.height)
        for y in (28 * s)..<(58 * s) {
            for x in (30 * s)..<(70 * s) {
                let i = (y * mask.width + x) * 4
                for c in 0..<4 { mask.pixels[i + c] = 255 }
            }
        }
        GaussianBlur.apply(to: &mask, sigma: 4 * scale)
        func check(_ x: Int, _ y: Int) {
            let expected = 0.5 * Double(mask[x, y].a), actual = Double(image[x, y].a)
            #expect(abs(actual - expected) <= 1, "(\(x), \(y)) at \(scale)×: \(actual) vs \(expected)")
            #expect(image[x, y].r == 0 && image[x, y].g == 0 && image[x, y].b == 0, "black shadow at (\(x), \(y))")
        }
        // Along a row through the shadow's middle, right of the card, and down a column below it.
        for x in (60 * s)..<image.width { check(x, 43 * s) }
        for y in (50 * s)..<image.height { check(65 * s, y) }
        // The sigma convention against the exact Gaussian: across the shadow's right edge at
        // x = 70 pt the alpha is 0.5 · Φ((70 − x) / σ), within the blur's 3/255.
        for x in (62 * s)..<(82 * s) {
            let centre = (Double(x) + 0.5) / scale
            let exact = 0.5 * 255 * 0.5 * erfc((centre - 70) / (4 * 2.0.squareRoot()))
            #expect(abs(Double(image[x, 43 * s].a) - exact) <= 3, "x = \(centre) pt: \(image[x, 43 * s].a) vs \(exact)")
        }
        // Cast down and right: nothing above or left of the card.
        #expect(image[40 * s, 10 * s].a == 0 && image[8 * s, 35 * s].a == 0)
        // The card itself is drawn over its shadow, unchanged.
        #expect(RenderCheck.pixel(image, 30 * s, 30 * s, is: [255, 0, 0, 255], tolerance: 0))
    }

    @Test func aCardCastsASoftShadowDownAndAShadowPathCastsItsOwnShape() throws {
        var card = Layer.framed("card", Rect(x: 16, y: 14, width: 60, height: 44)) {
            $0.backgroundColor = .white
            $0.cornerRadius = 10
            $0.cornerCurve = .continuous
            $0.shadowOpacity = 0.35
            $0.shadowOffset = Size(width: 0, height: 6)
            $0.shadowRadius = 6
        }
        card.sublayers = [Layer.framed("photo", Rect(x: 8, y: 8, width: 44, height: 28)) { $0.backgroundColor = RenderCheck.blue }]
        // A layer that draws nothing but casts an oval shadow through its path.
        let floating = Layer.framed("floating", Rect(x: 96, y: 14, width: 40, height: 44)) {
            $0.shadowOpacity = 0.6
            $0.shadowOffset = Size(width: 0, height: 0)
            $0.shadowRadius = 0
            $0.shadowColor = RGBAColor(hex: "#7A1FA2")!
            $0.shadowPath = .ellipse(in: Rect(x: 0, y: 30, width: 40, height: 12))
        }
        let scene = LayerScene(size: Size(width: 150, height: 76), backgroundColor: RGBAColor(hex: "#E9E9EF")!,
                               layers: [card, floating])
        let image = try Renderer().render(scene, scale: 2)
        Self.goldens.assertMatches(image)
        // The path's shadow: hard, 0.6 of its colour over the background inside the oval, none above.
        let inside = RenderCheck.rgba(image, 116 * 2, 50 * 2), above = RenderCheck.rgba(image, 116 * 2, 30 * 2)
        #expect(above == [233, 233, 239, 255])
        #expect(abs(inside[0] - Int((0.6 * 0x7A + 0.4 * 233).rounded())) <= 1)
        // The card's shadow shows below it, not above.
        #expect(RenderCheck.rgba(image, 46 * 2, 61 * 2)[0] < 215 && RenderCheck.rgba(image, 46 * 2, 1 * 2)[0] == 233)
    }

    @Test func aLayerThatMasksToItsBoundsClipsItsShadow() throws {
        let card = Layer.framed("card", Rect(x: 20, y: 20, width: 40, height: 30)) {
            $0.backgroundColor = RenderCheck.red
            $0.shadowOpacity = 1
            $0.shadowOffset = Size(width: 10, height: 8)
            $0.masksToBounds = true
        }
        let image = try Renderer().render(LayerScene(size: Size(width: 100, height: 80), layers: [card]), scale: 1)
        for y in 0..<80 {
            for x in 0..<100 where !(20..<60).contains(x) || !(20..<50).contains(y) {
                #expect(image[x, y].a == 0, "(\(x), \(y))")
            }
        }
    }

    /// A 60 × 40 pt card at (10, 10) with 12 pt corners of `curve`, `corners` rounded, at 2×.
    static func card(_ corners: Layer.Corners, _ curve: Layer.CornerCurve, radius: Double = 12) throws -> RGBAImage {
        let card = Layer.framed("card", Rect(x: 10, y: 10, width: 60, height: 40)) {
            $0.backgroundColor = RenderCheck.blue
            $0.cornerRadius = radius
            $0.cornerCurve = curve
            $0.maskedCorners = corners
        }
        return try Renderer().render(LayerScene(size: Size(width: 80, height: 60), layers: [card]), scale: 2)
    }

    @Test(arguments: [Layer.CornerCurve.circular, .continuous])
    func perCornerRadiiLeaveTheOtherCornersSquarePixelForPixel(curve: Layer.CornerCurve) throws {
        let top = try Self.card([.minXMinY, .maxXMinY], curve)
        let all = try Self.card(.all, curve), square = try Self.card(.all, curve, radius: 0)
        // At 2× the card spans rows 20…100: the upper half is the all-rounded card's, the lower
        // half the square card's, pixel for pixel.
        for y in 0..<60 { for x in 0..<160 { #expect(top[x, y] == all[x, y], "(\(x), \(y))") } }
        for y in 60..<120 { for x in 0..<160 { #expect(top[x, y] == square[x, y], "(\(x), \(y))") } }
        #expect(top[20, 20].a == 0 && top[20, 99].a == 255 && top[139, 99].a == 255)
        // No corner in the set: a plain rectangle.
        #expect(try Self.card([], curve) == square)
    }

    @Test func onlyTheMaskedCornersAreRounded() throws {
        let corners: [(Layer.Corners, Double)] = [([.minXMinY, .maxXMinY], 8), ([.minXMaxY], 22), ([.minXMinY, .maxXMaxY], 14)]
        let layers = corners.enumerated().map { i, c in
            Layer.framed("card-\(i)", Rect(x: 10 + Double(i) * 70, y: 10, width: 60, height: 44)) {
                $0.backgroundColor = RenderCheck.blue
                $0.cornerRadius = c.1
                $0.cornerCurve = .continuous
                $0.maskedCorners = c.0
                $0.borderWidth = 3
                $0.borderColor = RGBAColor(hex: "#FEDA75")!
            }
        }
        let image = try Renderer().render(LayerScene(size: Size(width: 220, height: 64), backgroundColor: .white, layers: layers), scale: 2)
        Self.goldens.assertMatches(image)
        // The second card's bottom-left corner is cut, its top-left is square (border colour).
        #expect(RenderCheck.rgba(image, 81 * 2, 53 * 2) == [255, 255, 255, 255])
        #expect(RenderCheck.rgba(image, 80 * 2, 10 * 2)[3] == 255 && RenderCheck.rgba(image, 80 * 2, 10 * 2)[0] == 254)
    }

    @Test func evenOddCutsHolesAndTheMiterLimitBevelsSharpJoins() throws {
        // Two circles drawn the same way round: even-odd leaves the inner one empty.
        var rings = ShapeContents(path: ShapePath(ShapePath.circle(center: Point(x: 20, y: 20), radius: 18).elements
                                                  + ShapePath.circle(center: Point(x: 20, y: 20), radius: 8).elements),
                                  fillColor: RenderCheck.blue)
        let nonZero = Layer.framed("non-zero", Rect(x: 4, y: 4, width: 40, height: 40)) { $0.shape = rings }
        rings.fillRule = .evenOdd
        let evenOdd = Layer.framed("even-odd", Rect(x: 48, y: 4, width: 40, height: 40)) { $0.shape = rings }
        // A 67° join 6 pt wide reaches 1.8 line widths: mitered under a limit of 10, beveled under 1.5.
        func vee(_ name: String, x: Double, limit: Double) -> Layer {
            var stroke = ShapeContents(path: ShapePath([.move(to: Point(x: 4, y: 30)), .line(to: Point(x: 20, y: 6)),
                                                        .line(to: Point(x: 36, y: 30))]),
                                       strokeColor: RenderCheck.red, lineWidth: 6)
            stroke.miterLimit = limit
            return Layer.framed(name, Rect(x: x, y: 8, width: 40, height: 36)) { $0.shape = stroke }
        }
        let scene = LayerScene(size: Size(width: 180, height: 48), backgroundColor: .white,
                               layers: [nonZero, evenOdd, vee("miter", x: 92, limit: 10), vee("bevel", x: 136, limit: 1.5)])
        let image = try Renderer().render(scene, scale: 2)
        Self.goldens.assertMatches(image)
        #expect(RenderCheck.rgba(image, 24 * 2, 24 * 2) == [0, 0, 255, 255])      // non-zero: filled centre
        #expect(RenderCheck.rgba(image, 68 * 2, 24 * 2) == [255, 255, 255, 255])  // even-odd: a hole
        #expect(RenderCheck.rgba(image, 68 * 2, 10 * 2) == [0, 0, 255, 255])      // …inside the ring
        // The miter's tip reaches 0.6 pt below the layer's top (y = 8.6); the bevel stops at 12.3.
        #expect(RenderCheck.rgba(image, 112 * 2, Int(10.5 * 2)) == [255, 0, 0, 255])
        #expect(RenderCheck.rgba(image, 156 * 2, Int(10.5 * 2)) == [255, 255, 255, 255])
    }
}
