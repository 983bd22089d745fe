import Foundation
import StoryKit
@testable import StoryRender
import StoryKitTestSupport
import Testing

@Suite struct RasterFillTests {
    typealias T = RasterTestSupport
    static let red = PremultipliedColor(r: 255, g: 0, b: 0, a: 255)

    @Test func halfPixelEdgesGiveHalfCoverage() {
        var image = RGBAImage(width: 8, height: 6)
        // x 2.5…5.5 covers columns 3, 4 fully and half of 2 and 5; y 2.5…4 covers half of row 2.
        Raster.fill(&image, polygon: ConvexPolygon(x0: 2.5, y0: 2.5, x1: 5.5, y1: 4), color: Self.red,
                    clip: image.bounds)
        #expect(T.rgba(image, 3, 3) == [255, 0, 0, 255])
        #expect(T.rgba(image, 4, 3) == [255, 0, 0, 255])
        // 50 %: round(127.5) = 128.
        #expect(T.rgba(image, 2, 3) == [128, 0, 0, 128])
        #expect(T.rgba(image, 5, 3) == [128, 0, 0, 128])
        #expect(T.rgba(image, 3, 2) == [128, 0, 0, 128])
        // 25 % at the corners: round(63.75) = 64.
        #expect(T.rgba(image, 2, 2) == [64, 0, 0, 64])
        #expect(T.rgba(image, 5, 2) == [64, 0, 0, 64])
        #expect(T.rgba(image, 1, 3) == [0, 0, 0, 0])
        #expect(T.rgba(image, 3, 4) == [0, 0, 0, 0])
        #expect(T.rgba(image, 6, 3) == [0, 0, 0, 0])
    }

    @Test func halfCoverageOverWhiteMixesHalfWay() {
        var image = RGBAImage(width: 4, height: 4, fill: (255, 255, 255, 255))
        Raster.fill(&image, polygon: ConvexPolygon(x0: 1.5, y0: 0, x1: 4, y1: 4), color: Self.red, clip: image.bounds)
        // src' = (128, 0, 0, 128); dst = src' + 255 · 127 / 255 = (255, 127, 127, 255).
        #expect(T.rgba(image, 1, 2) == [255, 127, 127, 255])
        #expect(T.rgba(image, 2, 2) == [255, 0, 0, 255])
        #expect(T.rgba(image, 0, 2) == [255, 255, 255, 255])
    }

    @Test func opacityAndTranslucentColoursCompositeOver() {
        var image = RGBAImage(width: 2, height: 1, fill: (0, 0, 200, 255))
        let color = PremultipliedColor(r: 100, g: 50, b: 0, a: 128)
        Raster.fill(&image, polygon: ConvexPolygon(x0: 0, y0: 0, x1: 1, y1: 1), color: color, clip: image.bounds)
        // b: 0 + 200 · 127 / 255 = 99.6 → 100.
        #expect(T.rgba(image, 0, 0) == [100, 50, 100, 255])
        Raster.fill(&image, polygon: ConvexPolygon(x0: 1, y0: 0, x1: 2, y1: 1), color: color, opacity: 0.5,
                    clip: image.bounds)
        // opacity 0.5 → alpha byte 128: src' = (round(100·128/255), round(50·128/255), 0, round(128·128/255))
        // = (50, 25, 0, 64); b: 200 · 191 / 255 = 149.8 → 150.
        #expect(T.rgba(image, 1, 0) == [50, 25, 150, 255])
    }

    @Test func clipRectangleIsNeverExceeded() {
        var image = RGBAImage(width: 10, height: 10)
        let clip = PixelRect(x0: 2, y0: 3, x1: 7, y1: 6)
        Raster.fill(&image, polygon: [Point(x: -50, y: -40), Point(x: 80, y: 5), Point(x: 3, y: 90)],
                    color: Self.red, clip: clip)
        for y in 0..<10 {
            for x in 0..<10 where !(2..<7).contains(x) || !(3..<6).contains(y) {
                #expect(image[x, y] == (0, 0, 0, 0), "pixel \(x), \(y) outside the clip")
            }
        }
        #expect(T.rgba(image, 4, 4) == [255, 0, 0, 255])
    }

    @Test func coverageIsTheExactAreaInsideEachPixel() {
        // A rotated quad, a thin sliver and a nearly vertical needle, against the area of each
        // pixel square clipped to the polygon.
        let shapes: [[Point]] = [
            [Point(x: 3.2, y: 1.1), Point(x: 17.7, y: 4.4), Point(x: 14.1, y: 18.9), Point(x: 1.4, y: 13.3)],
            [Point(x: 0.5, y: 2.2), Point(x: 19.5, y: 3.9), Point(x: 19.2, y: 4.6)],
            [Point(x: 10.3, y: 0.2), Point(x: 10.9, y: 19.8), Point(x: 10.1, y: 12)],
        ]
        for (index, shape) in shapes.enumerated() {
            var image = RGBAImage(width: 20, height: 20)
            Raster.fill(&image, polygon: ConvexPolygon(shape), color: .white, clip: image.bounds)
            T.write(image, "fill-coverage-\(index)")
            for y in 0..<20 {
                for x in 0..<20 {
                    let expected = T.exactCoverage(shape, x, y) * 255
                    #expect(abs(Double(image[x, y].a) - expected) <= 0.5 + 1e-9, "shape \(index) pixel \(x), \(y)")
                }
            }
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func totalCoverageEqualsPolygonArea(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        // A random convex polygon: points on an ellipse at sorted random angles.
        let cx = rng.double(in: 20...44), cy = rng.double(in: 20...44)
        let rx = rng.double(in: 2...18), ry = rng.double(in: 2...18)
        let angles = (0..<Int(rng.double(in: 3...12))).map { _ in rng.double(in: 0...(2 * .pi)) }.sorted()
        let shape = angles.map { Point(x: cx + rx * cos($0), y: cy + ry * sin($0)) }
        var area = 0.0
        for i in shape.indices {
            let p = shape[i], q = shape[(i + 1) % shape.count]
            area += (p.x * q.y - q.x * p.y) / 2
        }
        var image = RGBAImage(width: 64, height: 64)
        Raster.fill(&image, polygon: ConvexPolygon(shape), color: .white, clip: image.bounds)
        let total = image.pixels.enumerated().reduce(0.0) { $1.offset % 4 == 3 ? $0 + Double($1.element) / 255 : $0 }
        // Each edge pixel rounds by at most half a level.
        #expect(abs(total - abs(area)) <= Double(4 * (Int(rx + ry) + 4)) / 510 + 1e-9, "area \(area) total \(total)")
    }

    @Test func adjacentPolygonsPartitionTheirSharedEdge() {
        let a = [Point(x: 1.3, y: 1.7), Point(x: 30.6, y: 2.2), Point(x: 28.1, y: 27.2)]
        let b = [Point(x: 1.3, y: 1.7), Point(x: 28.1, y: 27.2), Point(x: 2.9, y: 29.4)]
        // Anti-aliased: coverages of the two halves add up to the coverage of the whole (±1).
        var first = RGBAImage(width: 32, height: 32), second = first, whole = first
        Raster.fill(&first, polygon: ConvexPolygon(a), color: .white, clip: first.bounds)
        Raster.fill(&second, polygon: ConvexPolygon(b), color: .white, clip: second.bounds)
        Raster.fill(&whole, polygon: ConvexPolygon(a + [b[2]]), color: .white, clip: whole.bounds)
        for y in 0..<32 {
            for x in 0..<32 {
                let sum = Int(first[x, y].a) + Int(second[x, y].a)
                #expect(abs(sum - Int(whole[x, y].a)) <= 1, "pixel \(x), \(y)")
            }
        }
        // Hard edges: one opaque colour over white is that colour on every pixel whose centre is
        // inside the union, and white elsewhere — no gap and no seam.
        let color = PremultipliedColor(r: 40, g: 90, b: 200, a: 255)
        var image = RGBAImage(width: 32, height: 32, fill: (255, 255, 255, 255))
        Raster.fill(&image, polygon: ConvexPolygon(a), color: color, clip: image.bounds, antialiased: false)
        Raster.fill(&image, polygon: ConvexPolygon(b), color: color, clip: image.bounds, antialiased: false)
        T.write(image, "fill-seam-hard")
        for y in 0..<32 {
            for x in 0..<32 {
                let inside = T.contains(a + [b[2]], Double(x) + 0.5, Double(y) + 0.5)
                #expect(T.rgba(image, x, y) == (inside ? [40, 90, 200, 255] : [255, 255, 255, 255]), "pixel \(x), \(y)")
            }
        }
    }

    @Test func hardSharedEdgesLeaveNoSeamBetweenSmoothPolygons() {
        // The same split square, anti-aliased, with the diagonal marked hard in both halves
        // (edge 2 of a: C → A; edge 0 of b: A → C).
        let a = [Point(x: 1.3, y: 1.7), Point(x: 30.6, y: 2.2), Point(x: 28.1, y: 27.2)]
        let b = [Point(x: 1.3, y: 1.7), Point(x: 28.1, y: 27.2), Point(x: 2.9, y: 29.4)]
        var first = ConvexPolygon(a), second = ConvexPolygon(b)
        first.aliasedEdges = 0b100
        second.aliasedEdges = 0b001
        let color = PremultipliedColor(r: 40, g: 90, b: 200, a: 255)
        var image = RGBAImage(width: 32, height: 32, fill: (255, 255, 255, 255))
        Raster.fill(&image, polygon: first, color: color, clip: image.bounds)
        Raster.fill(&image, polygon: second, color: color, clip: image.bounds)
        T.write(image, "fill-seam-hard-diagonal")
        var smooth = 0
        for y in 0..<32 {
            for x in 0..<32 {
                let union = T.exactCoverage(a + [b[2]], x, y)
                if union > 0.9999 {
                    #expect(T.rgba(image, x, y) == [40, 90, 200, 255], "pixel \(x), \(y) inside the union")
                } else if union == 0 {
                    #expect(T.rgba(image, x, y) == [255, 255, 255, 255], "pixel \(x), \(y) outside")
                } else if image[x, y].r > 40 && image[x, y].r < 255 {
                    smooth += 1
                }
            }
        }
        // The outer edges are still anti-aliased.
        #expect(smooth > 60)
    }

    @Test(arguments: [UInt64(11), 12, 13, 14, 15, 16])
    func hostileVerticesNeverCrashOrEscapeTheClip(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let clip = PixelRect(x0: 4, y0: 4, x1: 28, y1: 28)
        for _ in 0..<50 {
            let points = (0..<Int(rng.double(in: 0...16.9))).map { _ in
                Point(x: rng.hostile(in: -40...70), y: rng.hostile(in: -40...70))
            }
            var image = RGBAImage(width: 32, height: 32)
            var polygon = ConvexPolygon(points)
            polygon.aliasedEdges = UInt16(truncatingIfNeeded: rng.next())
            Raster.fill(&image, polygon: polygon, color: Self.red, clip: clip, antialiased: rng.next() & 1 == 0)
            for y in 0..<32 {
                for x in 0..<32 where !(4..<28).contains(x) || !(4..<28).contains(y) {
                    #expect(image[x, y] == (0, 0, 0, 0))
                }
            }
        }
    }

    @Test func hugeCoordinatesKeepTheirShape() {
        // A half-plane-like triangle reaching far beyond the bitmap: its edge x = 10.5 still cuts
        // the bitmap in half exactly.
        var image = RGBAImage(width: 20, height: 4)
        Raster.fill(&image, polygon: [Point(x: 10.5, y: -1e30), Point(x: 1e30, y: 0), Point(x: 10.5, y: 1e30)],
                    color: Self.red, clip: image.bounds)
        #expect(T.rgba(image, 9, 2) == [0, 0, 0, 0])
        #expect(T.rgba(image, 10, 2) == [128, 0, 0, 128])
        #expect(T.rgba(image, 11, 2) == [255, 0, 0, 255])
        // NaN anywhere: nothing is drawn.
        Raster.fill(&image, polygon: [Point(x: 0, y: 0), Point(x: .nan, y: 0), Point(x: 0, y: 4)],
                    color: Self.red, clip: image.bounds)
        #expect(T.rgba(image, 0, 0) == [0, 0, 0, 0])
    }
}
