import MotionCore
import StoryKit
import StoryKitTestSupport
import StoryRender
import Testing

/// Nine-slice images (`contentsCenter`), `contentsScale` and the contents filters, against their maths.
@Suite struct RendererImageSamplingTests {
    /// The goldens of this file's tests (`__Snapshots__/RendererImageSamplingTests/`).
    static let goldens = GoldenImages([
        "aNineSliceKeepsItsCornersAtTheirPixelSizeAndStretchesItsCentre": [],
        "nearestMagnificationGivesHardPixelEdgesAtExactPositions": [],
    ])

    /// The colour of the nine-slice test image's region (column 0…2, row 0…2).
    static func regionColour(_ column: Int, _ row: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(column * 120), UInt8(row * 120), column == 1 && row == 1 ? 255 : 60)
    }

    /// A 12 × 12 px image in nine 4 × 4 px regions of distinct colours.
    static let frameImage = RenderCheck.image(width: 12, height: 12) { x, y in regionColour(x / 4, y / 4) }

    /// `frameImage` with its middle 4 × 4 px stretchable at 2 px per point in `bounds`, at 2×.
    static func nineSlice(_ frame: Rect, size: Size) throws -> RGBAImage {
        let layer = Layer.framed("frame", frame) {
            $0.contents = ImageContents(image: "frame", contentsCenter: Rect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12),
                                        contentsScale: 2)
        }
        return try Renderer(images: ["frame": frameImage]).render(LayerScene(size: size, layers: [layer]), scale: 2)
    }

    static func colour(_ c: (UInt8, UInt8, UInt8)) -> [Int] { [Int(c.0), Int(c.1), Int(c.2), 255] }

    @Test func aNineSliceKeepsItsCornersAtTheirPixelSizeAndStretchesItsCentre() throws {
        // The layer spans 10…50 × 10…30 pt, pixels 20…100 × 20…60 at 2×. The 4 px edges keep
        // 2 pt = 4 px: columns 20…24 and 96…100, rows 20…24 and 56…60, texel for pixel.
        let image = try Self.nineSlice(Rect(x: 10, y: 10, width: 40, height: 20), size: Size(width: 60, height: 40))
        Self.goldens.assertMatches(image)
        for (x, column) in [(20, 0), (23, 0), (96, 2), (99, 2)] {
            for (y, row) in [(20, 0), (23, 0), (56, 2), (59, 2)] {
                #expect(RenderCheck.pixel(image, x, y, is: Self.colour(Self.regionColour(column, row)), tolerance: 0), "\(x), \(y)")
            }
        }
        // The centre's 4 texels stretch over 72 × 32 px (18 × 8 px per texel): from the first
        // texel's centre (pixel 24 + 9) to the last one's (pixel 96 − 9), and rows 24 + 4 … 56 − 4,
        // only centre texels are read.
        for x in [33, 60, 86] {
            for y in [28, 40, 51] {
                #expect(RenderCheck.pixel(image, x, y, is: Self.colour(Self.regionColour(1, 1)), tolerance: 0), "\(x), \(y)")
            }
        }
        // The side parts stretch along the edge only: the left column at row 40 is region (0, 1).
        #expect(RenderCheck.pixel(image, 21, 40, is: Self.colour(Self.regionColour(0, 1)), tolerance: 0))
        #expect(RenderCheck.pixel(image, 60, 58, is: Self.colour(Self.regionColour(1, 2)), tolerance: 0))
        // Seams between parts are covered exactly once: the whole layer is opaque, nothing outside.
        for y in 20..<60 { for x in 20..<100 { #expect(RenderCheck.rgba(image, x, y)[3] == 255) } }
        #expect(RenderCheck.coveredArea(image) == 80 * 40)
    }

    @Test func aLayerSmallerThanTheFixedEdgesShrinksThemProportionally() throws {
        // 3 pt wide: the 2 + 2 pt edges shrink by 3/4 to 1.5 pt = 3 px each, with no centre.
        let image = try Self.nineSlice(Rect(x: 0, y: 0, width: 3, height: 20), size: Size(width: 4, height: 20))
        for x in 0..<3 { #expect(RenderCheck.pixel(image, x, 20, is: Self.colour(Self.regionColour(0, 1)), tolerance: 0), "\(x)") }
        for x in 3..<6 { #expect(RenderCheck.pixel(image, x, 20, is: Self.colour(Self.regionColour(2, 1)), tolerance: 0), "\(x)") }
        #expect(RenderCheck.rgba(image, 6, 20)[3] == 0)
    }

    @Test func aZeroSizeCentreStretchesTheLineAtItsCutWithoutHoles() throws {
        // contentsCenter (0.5, 0.5, 0, 0) on the 12 px image at 2 px/pt: 3 pt corners, and the
        // centre stretches the line between texels 5 and 6 (both centre-coloured).
        let layer = Layer.framed("frame", Rect(x: 0, y: 0, width: 30, height: 20)) {
            $0.contents = ImageContents(image: "frame", contentsCenter: Rect(x: 0.5, y: 0.5, width: 0, height: 0), contentsScale: 2)
        }
        let image = try Renderer(images: ["frame": Self.frameImage]).render(LayerScene(size: Size(width: 30, height: 20), layers: [layer]), scale: 2)
        #expect(RenderCheck.coveredArea(image) == 60 * 40)
        #expect(RenderCheck.pixel(image, 30, 20, is: Self.colour(Self.regionColour(1, 1)), tolerance: 0))
        #expect(RenderCheck.pixel(image, 1, 1, is: Self.colour(Self.regionColour(0, 0)), tolerance: 0))
    }

    @Test func contentsScaleSetsTheSizeOfAnUnscaledGravity() throws {
        // 20 × 10 px at 2 px per point: 10 × 5 pt, centred in 40 × 40 pt: x 15…25, y 17.5…22.5.
        let photo = RenderCheck.image(width: 20, height: 10) { _, _ in (0, 0, 255) }
        let layer = Layer.framed("photo", Rect(x: 0, y: 0, width: 40, height: 40)) {
            $0.contents = ImageContents(image: "photo", gravity: .center, contentsCenter: ImageContents.unitRect, contentsScale: 2)
        }
        let image = try Renderer(images: ["photo": photo]).render(LayerScene(size: Size(width: 40, height: 40), layers: [layer]))
        #expect(RenderCheck.rgba(image, 14, 20)[3] == 0 && RenderCheck.rgba(image, 25, 20)[3] == 0)
        #expect(RenderCheck.pixel(image, 15, 20, is: [0, 0, 255, 255], tolerance: 0))
        #expect(RenderCheck.pixel(image, 24, 20, is: [0, 0, 255, 255], tolerance: 0))
        #expect(abs(RenderCheck.rgba(image, 20, 17)[3] - 128) <= 2 && abs(RenderCheck.rgba(image, 20, 22)[3] - 128) <= 2)
        #expect(abs(RenderCheck.coveredArea(image) - 50) < 0.5)
    }

    /// Three texels (red, green, blue) stretched over 30 × 10 pt with `filter` magnifying, at 1×.
    static func stripes(_ filter: ContentsFilter) throws -> RGBAImage {
        let stripes = RenderCheck.image(width: 3, height: 1) { x, _ in [(255, 0, 0), (0, 255, 0), (0, 0, 255)][x] }
        let layer = Layer.framed("stripes", Rect(x: 0, y: 0, width: 30, height: 10)) {
            $0.contents = ImageContents(image: "stripes", contentsCenter: ImageContents.unitRect, magnificationFilter: filter)
        }
        return try Renderer(images: ["stripes": stripes]).render(LayerScene(size: Size(width: 30, height: 10), layers: [layer]))
    }

    @Test func nearestMagnificationGivesHardPixelEdgesAtExactPositions() throws {
        let nearest = try Self.stripes(.nearest), linear = try Self.stripes(.linear)
        Self.goldens.assertMatches(nearest)
        // Each texel covers exactly 10 px: pixels 0…9 red, 10…19 green, 20…29 blue, no blend.
        for x in 0..<30 {
            #expect(RenderCheck.pixel(nearest, x, 5, is: [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]][x / 10], tolerance: 0), "\(x)")
        }
        // Linear blends across the texel boundary: pixel 9 is part green, pixel 10 part red.
        #expect(RenderCheck.rgba(linear, 9, 5)[1] > 80 && RenderCheck.rgba(linear, 10, 5)[0] > 80)
    }

    /// A 256 × 256 px checkerboard of 1 px black and white squares drawn 8× smaller (32 pt, at
    /// 1×, 0.3 pt off the pixel grid) with `filter` minifying: the mean of every interior pixel's
    /// grey and the largest distance from mid grey.
    static func checkerboard(_ filter: ContentsFilter) throws -> (mean: Double, worst: Double) {
        let board = RenderCheck.image(width: 256, height: 256) { x, y in (x + y) % 2 == 0 ? (255, 255, 255) : (0, 0, 0) }
        let layer = Layer.framed("board", Rect(x: 0.3, y: 0.3, width: 32, height: 32)) {
            $0.contents = ImageContents(image: "board", contentsCenter: ImageContents.unitRect, minificationFilter: filter)
        }
        let image = try Renderer(images: ["board": board]).render(LayerScene(size: Size(width: 34, height: 34), layers: [layer]))
        var sum = 0.0, worst = 0.0, count = 0.0
        for y in 2..<30 {
            for x in 2..<30 {
                let grey = Double(RenderCheck.rgba(image, x, y)[1])
                sum += grey
                count += 1
                worst = Swift.max(worst, abs(grey - 127.5))
            }
        }
        return (sum / count, worst)
    }

    @Test func trilinearAveragesAnEighthDownscaleWhereLinearAliases() throws {
        let trilinear = try Self.checkerboard(.trilinear), linear = try Self.checkerboard(.linear)
        // Mip level 3 of the checkerboard is mid grey everywhere.
        #expect(trilinear.worst <= 2, "\(trilinear)")
        // Bilinear from the full image reads 2 × 2 texels of 64: far from grey somewhere.
        #expect(linear.worst > 60, "\(linear)")
    }
}
