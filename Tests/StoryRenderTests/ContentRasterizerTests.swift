@testable import StoryRender
import StoryKit
import StoryKitTestSupport
import Testing

/// Writes renders to `$STORYKIT_DEBUG_RENDERS/content/` for looking at them, when that is set.
enum ContentDebug {

    /// Writes `image`, enlarged `zoom` times, optionally flattened over an opaque grey `over`.
    static func write(_ image: RGBAImage, _ name: String, zoom: Int = 1, over: UInt8? = nil) {
        var pixels = image.pixels
        if let over {
            for i in stride(from: 0, to: pixels.count, by: 4) {
                let keep = 255 - Int(pixels[i + 3])
                for c in 0..<3 { pixels[i + c] = UInt8(Int(pixels[i + c]) + (Int(over) * keep + 127) / 255) }
                pixels[i + 3] = 255
            }
        }
        var w = image.width, h = image.height
        if zoom > 1 {
            let source = pixels
            pixels = []
            pixels.reserveCapacity(w * h * 4 * zoom * zoom)
            for y in 0..<(h * zoom) {
                for x in 0..<(w * zoom) {
                    let i = ((y / zoom) * w + x / zoom) * 4
                    pixels += source[i..<(i + 4)]
                }
            }
            w *= zoom; h *= zoom
        }
        DebugPNG.writeForLooking(width: w, height: h, premultiplied: pixels, topic: "content", name: name)
    }
}

@Suite struct ContentRasterizerTests {
    @Test func halfPixelAlignedRectangleHasExactCoverage() {
        for clockwise in [true, false] {
            var rasterizer = PolygonRasterizer(width: 5, height: 4)
            var square = [Point(x: 0.5, y: 0.5), Point(x: 3.5, y: 0.5), Point(x: 3.5, y: 2.5), Point(x: 0.5, y: 2.5)]
            if !clockwise { square.reverse() }
            rasterizer.addPolygon(square)
            let mask = rasterizer.coverage()
            // Corners a quarter (63.75 → 64), edges a half (127.5 → 128), inside full.
            #expect(mask == [
                64, 128, 128, 64, 0,
                128, 255, 255, 128, 0,
                64, 128, 128, 64, 0,
                0, 0, 0, 0, 0,
            ])
        }
    }

    @Test func geometryOutsideTheBitmapIsClippedExactly() {
        var rasterizer = PolygonRasterizer(width: 4, height: 2)
        // From x = −5 to 2.5 and y = −3 to 1.5: columns 0–1 full, column 2 half; row 1 half.
        rasterizer.addPolygon([Point(x: -5, y: -3), Point(x: 2.5, y: -3), Point(x: 2.5, y: 1.5), Point(x: -5, y: 1.5)])
        #expect(rasterizer.coverage() == [255, 255, 128, 0, 128, 128, 64, 0])
        // Wholly right of or below the bitmap: nothing; wholly left: nothing either (it closes).
        rasterizer.addPolygon([Point(x: 5, y: 0), Point(x: 9, y: 0), Point(x: 9, y: 2)])
        rasterizer.addPolygon([Point(x: -9, y: 0), Point(x: -5, y: 0), Point(x: -5, y: 2)])
        #expect(rasterizer.coverage().allSatisfy { $0 == 0 })
    }

    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func coverageSumsToThePolygonArea(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        // A random star-shaped (so simple) polygon around (32, 32).
        let count = Int(random.double(in: 3...24))
        let angles = (0..<count).map { _ in random.double(in: 0...(2 * .pi)) }.sorted()
        let polygon = angles.map { angle in
            let r = random.double(in: 4...30)
            return Point(x: 32 + r * Double.cos(angle), y: 32 + r * Double.sin(angle))
        }
        var area = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        area = Swift.abs(area) / 2
        var rasterizer = PolygonRasterizer(width: 64, height: 64)
        rasterizer.addPolygon(polygon)
        let covered = rasterizer.coverage().reduce(0.0) { $0 + Double($1) / 255 }
        // Each edge pixel rounds by at most half a level.
        #expect(Approximately.equal(covered, area, absolute: 0.004 * area + 0.5))
    }

    @Test func windingRules() {
        let outer = [Point(x: 0, y: 0), Point(x: 8, y: 0), Point(x: 8, y: 8), Point(x: 0, y: 8)]
        let inner = [Point(x: 2, y: 2), Point(x: 6, y: 2), Point(x: 6, y: 6), Point(x: 2, y: 6)]
        var rasterizer = PolygonRasterizer(width: 8, height: 8)
        // Same direction: non-zero fills the middle, even-odd leaves a hole.
        rasterizer.addPolygon(outer); rasterizer.addPolygon(inner)
        #expect(rasterizer.coverage()[4 * 8 + 4] == 255)
        rasterizer.addPolygon(outer); rasterizer.addPolygon(inner)
        let evenOdd = rasterizer.coverage(fillRule: .evenOdd)
        #expect(evenOdd[4 * 8 + 4] == 0 && evenOdd[0] == 255)
        // Opposite direction: a hole under non-zero too.
        rasterizer.addPolygon(outer); rasterizer.addPolygon(inner.reversed())
        let hole = rasterizer.coverage()
        #expect(hole[4 * 8 + 4] == 0 && hole[1 * 8 + 1] == 255)
    }

    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func hostileCoordinatesNeverCrash(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var rasterizer = PolygonRasterizer(width: 16, height: 16)
        let polygon = (0..<6).map { _ in Point(x: random.hostile(in: -20...40), y: random.hostile(in: -20...40)) }
        rasterizer.addPolygon(polygon)
        let mask = rasterizer.coverage()
        #expect(mask.count == 256)
        var empty = PolygonRasterizer(width: 0, height: -3)
        empty.addPolygon(polygon)
        #expect(empty.coverage().isEmpty)
    }
}

extension ContentRasterizerTests {
    @Test func shapesRunningOffTheRightEdgeStayCovered() {
        var rasterizer = PolygonRasterizer(width: 4, height: 3)
        // From x = 1.5 to far right: the right edge is dropped, the row stays covered to its end.
        rasterizer.addPolygon([Point(x: 1.5, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 2), Point(x: 1.5, y: 2)])
        #expect(rasterizer.coverage() == [0, 128, 255, 255, 0, 128, 255, 255, 0, 0, 0, 0])
        // Only a dropped edge in a row: nothing, and no stale state for the next polygon.
        rasterizer.addLine(from: Point(x: 9, y: 0), to: Point(x: 9, y: 3))
        #expect(rasterizer.coverage().allSatisfy { $0 == 0 })
        rasterizer.addPolygon([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)])
        #expect(rasterizer.coverage() == [255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }
}
