@testable import StoryRender
import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct ContentRendererTests {
    static let icon = Rect(x: 0, y: 0, width: 120, height: 120)
    static let orange = RGBAColor(red: 1, green: 0.5, blue: 0)

    /// The Instagram-style ring: radius 40, 4 pt wide, 60 % drawn, round caps, conic gradient.
    static var ringLayer: Layer {
        var ring = ShapeContents(path: .circle(center: Point(x: 44, y: 44), radius: 40))
        ring.lineWidth = 4
        ring.lineCap = .round
        ring.strokeEnd = 0.6
        ring.strokeGradient = ColorGradient(kind: .conic,
                                       colors: [RGBAColor(hex: "#FEDA75")!, RGBAColor(hex: "#FA7E1E")!, RGBAColor(hex: "#D62976")!,
                                                RGBAColor(hex: "#962FBF")!, RGBAColor(hex: "#FEDA75")!],
                                       startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0))
        return Layer(bounds: Rect(x: 0, y: 0, width: 88, height: 88), shape: ring)
    }

    @Test func backgroundFillsTheRoundedBounds() throws {
        for curve in Layer.CornerCurve.allCases {
            let layer = Layer(bounds: Self.icon, cornerRadius: 27, cornerCurve: curve, backgroundColor: Self.orange)
            let bitmap = try #require(LayerContentRenderer.render(layer, part: .background, pixelsPerPoint: 2))
            #expect(bitmap.origin == .zero && bitmap.image.width == 240 && bitmap.image.height == 240)
            #expect(bitmap.image[120, 120] == (255, 128, 0, 255))
            #expect(bitmap.image[0, 0].a == 0 && bitmap.image[239, 239].a == 0)
            #expect(bitmap.image[120, 0] == (255, 128, 0, 255) && bitmap.image[0, 120] == (255, 128, 0, 255))
            ContentDebug.write(bitmap.image, "background-\(curve.rawValue)", over: 40)
        }
        // The continuous corner starts further from the corner: 1.528 · 27 = 41.3 pt. At 36 pt
        // along the top edge, the circular corner is already straight; the continuous one is not.
        let circular = try #require(LayerContentRenderer.render(
            Layer(bounds: Self.icon, cornerRadius: 27, backgroundColor: Self.orange), part: .background, pixelsPerPoint: 1))
        let continuous = try #require(LayerContentRenderer.render(
            Layer(bounds: Self.icon, cornerRadius: 27, cornerCurve: .continuous, backgroundColor: Self.orange),
            part: .background, pixelsPerPoint: 1))
        #expect(circular.image[36, 0].a == 255)
        #expect(continuous.image[36, 0].a < 255)
    }

    @Test func borderLiesInsideTheBounds() throws {
        let layer = Layer(bounds: Rect(x: 0, y: 0, width: 60, height: 40), cornerRadius: 12, borderWidth: 3,
                          borderColor: RGBAColor(red: 0, green: 0, blue: 1))
        let bitmap = try #require(LayerContentRenderer.render(layer, part: .border, pixelsPerPoint: 1))
        #expect(bitmap.image.width == 60 && bitmap.image.height == 40)
        #expect(bitmap.image[30, 1] == (0, 0, 255, 255))   // top edge
        #expect(bitmap.image[30, 3].a == 0)                 // just inside it
        #expect(bitmap.image[30, 20].a == 0)                // the middle
        #expect(bitmap.image[58, 20] == (0, 0, 255, 255))  // right edge
        #expect(bitmap.image[0, 0].a == 0)                  // outside the rounded corner
        // A border wider than half the side fills everything.
        var thick = layer
        thick.borderWidth = 30
        let full = try #require(LayerContentRenderer.render(thick, part: .border, pixelsPerPoint: 1))
        #expect(full.image[30, 20] == (0, 0, 255, 255))
        ContentDebug.write(bitmap.image, "border", zoom: 4, over: 230)
    }

    @Test func clipMaskIsTheCoverageOfTheRoundedBounds() throws {
        let layer = Layer(bounds: Rect(x: 10, y: 10, width: 50, height: 30), masksToBounds: true, cornerRadius: 15,
                          cornerCurve: .continuous)
        let mask = try #require(LayerContentRenderer.render(layer, part: .clipMask, pixelsPerPoint: 1))
        #expect(mask.origin == Point(x: 10, y: 10))
        #expect(mask.image[25, 15] == (255, 255, 255, 255))
        #expect(mask.image[0, 0] == (0, 0, 0, 0))
        let edge = mask.image[0, 15]
        #expect(edge.a > 0 && edge.r == edge.a)  // white, premultiplied
    }

    @Test func gradientFillsTheWholeBoundsEvenWithCorners() throws {
        // Contents are not clipped by cornerRadius (only masksToBounds clips them).
        let layer = Layer(bounds: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 10,
                          gradient: ColorGradient(colors: [.black, .white]))
        let bitmap = try #require(LayerContentRenderer.render(layer, part: .drawing, pixelsPerPoint: 1))
        #expect(bitmap.image.width == 40 && bitmap.image.height == 20)
        #expect(bitmap.image[0, 0].a == 255 && bitmap.image[0, 0].r < 10)
        #expect(bitmap.image[39, 19].r > 245)
    }

    @Test func fillThenStroke() throws {
        let shape = ShapeContents(path: .rect(Rect(x: 10, y: 10, width: 20, height: 20)), fillColor: Self.orange,
                                  strokeColor: RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5), lineWidth: 4)
        let bitmap = try #require(LayerContentRenderer.render(Layer(shape: shape), part: .drawing, pixelsPerPoint: 1))
        #expect(bitmap.frame == Rect(x: 8, y: 8, width: 24, height: 24))
        #expect(bitmap.image[12, 12] == (255, 128, 0, 255))
        // Half-transparent blue (premultiplied 0, 0, 128, 128) over orange inside the path:
        // 255·127/255 = 127, 128·127/255 = 63.75 → 64; alone outside it.
        #expect(bitmap.image[3, 12] == (127, 64, 128, 255))
        #expect(bitmap.image[0, 12] == (0, 0, 128, 128))
    }

    @Test func theGradientRingLooksLikeTheLoadingRing() throws {
        let bitmap = try #require(LayerContentRenderer.render(Self.ringLayer, part: .drawing, pixelsPerPoint: 1))
        // The stroke overhangs the path by 2 pt; the bitmap covers the drawn arc only.
        #expect(bitmap.frame.minY == 2 && bitmap.frame.maxX == 86)
        // 12 o'clock: the first colour #FEDA75; 3 o'clock (t = 0.25): #FA7E1E.
        let top = bitmap.image[Int(44 - bitmap.origin.x), Int(4 - bitmap.origin.y)]
        #expect(top.a == 255 && abs(Int(top.r) - 0xFE) <= 3 && abs(Int(top.g) - 0xDA) <= 6)
        let right = bitmap.image[Int(84 - bitmap.origin.x), Int(44 - bitmap.origin.y)]
        #expect(right.a == 255 && abs(Int(right.r) - 0xFA) <= 3 && abs(Int(right.g) - 0x7E) <= 3)
        // Not drawn at 9 o'clock (270° > 216°).
        #expect(bitmap.image[Int(4 - bitmap.origin.x), Int(44 - bitmap.origin.y)].a == 0)
        ContentDebug.write(bitmap.image, "ring-gradient", zoom: 4, over: 255)
        let retina = try #require(LayerContentRenderer.render(Self.ringLayer, part: .drawing, pixelsPerPoint: 3))
        ContentDebug.write(retina.image, "ring-gradient-3x", over: 255)
    }

    @Test func partsThatPaintNothingAreNil() {
        let plain = Layer(bounds: Rect(x: 0, y: 0, width: 10, height: 10))
        for part in LayerPart.allCases where part != .clipMask {
            #expect(LayerContentRenderer.render(plain, part: part, pixelsPerPoint: 1) == nil)
        }
        let colored = Layer(bounds: .zero, backgroundColor: .white, borderWidth: 1)
        for part in LayerPart.allCases { #expect(LayerContentRenderer.render(colored, part: part, pixelsPerPoint: 1) == nil) }
        let clear = Layer(bounds: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .clear)
        #expect(LayerContentRenderer.render(clear, part: .background, pixelsPerPoint: 1) == nil)
        let ok = Layer(bounds: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .white)
        for scale in [0, -1, Double.nan, Double.infinity] {
            #expect(LayerContentRenderer.render(ok, part: .background, pixelsPerPoint: scale) == nil)
        }
    }

    @Test func hugeLayersAreDrawnAtALowerScale() throws {
        let layer = Layer(bounds: Rect(x: 0, y: 0, width: 20_000, height: 100), backgroundColor: .white)
        let bitmap = try #require(LayerContentRenderer.render(layer, part: .background, pixelsPerPoint: 2))
        #expect(bitmap.image.width <= LayerContentRenderer.maximumSide)
        #expect(Approximately.equal(bitmap.frame.width, 20_000, absolute: 3))
    }

    @Test(arguments: [41, 42, 43, 44, 45, 46, 47, 48] as [UInt64])
    func hostileLayersNeverCrash(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let layer = Layer(bounds: Rect(x: random.hostile(in: -10...10), y: random.hostile(in: -10...10),
                                       width: random.hostile(in: 0...60), height: random.hostile(in: 0...60)),
                          cornerRadius: random.hostile(in: 0...30), cornerCurve: seed % 2 == 0 ? .circular : .continuous,
                          backgroundColor: .white, borderWidth: random.hostile(in: 0...5),
                          gradient: ColorGradient(kind: .radial, colors: [.white, .black],
                                             startPoint: Point(x: random.hostile(in: 0...1), y: 0.5),
                                             endPoint: Point(x: 1, y: random.hostile(in: 0...1))))
        for part in LayerPart.allCases {
            if let bitmap = LayerContentRenderer.render(layer, part: part, pixelsPerPoint: random.hostile(in: 0.5...3)) {
                #expect(bitmap.origin.isFinite && bitmap.pixelsPerPoint.isFinite)
                #expect(bitmap.image.width <= LayerContentRenderer.maximumSide)
            }
        }
    }
}
