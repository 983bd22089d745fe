import StoryKit
@testable import StoryRender
import StoryKitTestSupport
import Testing

@Suite struct RasterGeometryTests {
    @Test func homographyOfAPlaneMatchesTheTransform() throws {
        let t = Transform3D(rotationAngle: 0.7, axis: Vector3(x: 0, y: 1, z: 0))
            .concatenating(.perspective(eyeDistance: 500))
            .concatenating(Transform3D(translationX: 40, y: 30, z: 0))
        let h = Homography(planeOf: t)
        for p in [Point(x: 0, y: 0), Point(x: 120, y: -40), Point(x: -75, y: 90)] {
            let expected = try #require(t.apply(to: p))
            let actual = try #require(h.apply(p))
            #expect(Approximately.equal(actual, expected, absolute: 1e-9))
        }
    }

    @Test func inverseAndConcatUndoEachOther() throws {
        let h = Homography(m11: 2, m12: 0.3, m13: 0.001, m21: -0.4, m22: 1.5, m23: 0.002, m31: 10, m32: -5, m33: 1)
        let inverse = try #require(h.inverted())
        let p = Point(x: 13, y: 27)
        let there = try #require(h.apply(p))
        #expect(Approximately.equal(try #require(inverse.apply(there)), p, absolute: 1e-9))
        // concat(a, b) applies a first: translate then scale.
        let moved = Homography.concat(Homography(translationX: 1, y: 2), Homography(scaleX: 10, y: 100))
        #expect(moved.apply(Point(x: 0, y: 0)) == Point(x: 10, y: 200))
        #expect(Homography(m11: 1, m12: 2, m13: 0, m21: 2, m22: 4, m23: 0, m31: 0, m32: 0, m33: 1).inverted() == nil)
        #expect(Homography(m11: .nan, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1).inverted() == nil)
        #expect(Homography(m11: 1, m12: 0, m13: 1, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 0).apply(.zero) == nil)
    }

    @Test func nearlyEdgeOnMapsAreSingularAtAnyScale() {
        // Rows (1, 2), (1, 2 + 10⁻¹²): a plane squashed to within 10⁻¹² of a line, in points and
        // a thousand times larger in pixels; both count as singular, an ordinary map as not.
        for k in [1.0, 1_000.0] {
            let squashed = Homography(m11: k, m12: 2 * k, m13: 0, m21: k, m22: (2 + 1e-12) * k, m23: 0, m31: 0, m32: 0, m33: k)
            #expect(squashed.determinant != 0)
            #expect(squashed.inverted() == nil)
            #expect(Homography(scaleX: k, y: k).inverted() != nil)
        }
        // The determinant's sign is the orientation: a mirrored plane shows its back.
        #expect(Homography(scaleX: 2, y: 3).determinant == 6)
        #expect(Homography(scaleX: -2, y: 3).determinant < 0)
    }

    @Test func rectangleToQuadMapsTheCorners() throws {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        let quad = (Point(x: 3, y: 4), Point(x: 90, y: 10), Point(x: 80, y: 70), Point(x: 5, y: 60))
        let h = try #require(Homography.mapping(rect, to: quad))
        let pairs = [(Point(x: 10, y: 20), quad.0), (Point(x: 110, y: 20), quad.1),
                     (Point(x: 110, y: 70), quad.2), (Point(x: 10, y: 70), quad.3)]
        for (corner, expected) in pairs {
            #expect(Approximately.equal(try #require(h.apply(corner)), expected, absolute: 1e-9))
        }
        #expect(Homography.mapping(Rect(x: 0, y: 0, width: 0, height: 5), to: quad) == nil)
        #expect(Homography.mapping(rect, to: (.zero, Point(x: 1, y: 1), Point(x: 2, y: 2), Point(x: 3, y: 3))) == nil)
    }

    @Test func polygonsHoldSixteenVerticesInline() {
        var polygon = ConvexPolygon()
        for i in 0..<20 { polygon.append(Point(x: Double(i), y: 0)) }
        #expect(polygon.count == 16)
        #expect(polygon[15] == Point(x: 15, y: 0))
        let accepted = polygon.append(.zero)
        #expect(!accepted)
        polygon[3] = Point(x: -1, y: -2)
        #expect(Array(polygon.prefix(4)) == [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 0), Point(x: -1, y: -2)])
        #expect(ConvexPolygon(x0: 0, y0: 0, x1: 2, y1: 3) == [Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 2, y: 3), Point(x: 0, y: 3)])
    }

    @Test func pixelRectsIntersect() {
        let a = PixelRect(x0: 0, y0: 0, x1: 10, y1: 5), b = PixelRect(x0: 7, y0: -3, x1: 20, y1: 2)
        #expect(a.intersection(b) == PixelRect(x0: 7, y0: 0, x1: 10, y1: 2))
        #expect(a.intersection(PixelRect(x0: 11, y0: 0, x1: 12, y1: 5)).isEmpty)
        #expect(PixelRect(x0: 3, y0: 3, x1: 1, y1: 9).width == 0)
    }

    @Test func premultipliedColoursRoundAndPack() {
        let c = PremultipliedColor(red: 1, green: 0.5, blue: .nan, alpha: 0.5)
        // 1 · 0.5 · 255 = 127.5 → 128; 0.5 · 0.5 · 255 = 63.75 → 64; NaN → 0.
        #expect(c == PremultipliedColor(r: 128, g: 64, b: 0, a: 128))
        #expect(PremultipliedColor(packed: c.packed) == c)
        #expect(PremultipliedColor(RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)) == PremultipliedColor(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func mipLevelsAverageTwoByTwoBlocks() {
        // 3 × 3: level 1 is 2 × 2 (the odd last row and column repeated), level 2 is 1 × 1.
        var image = RGBAImage(width: 3, height: 3)
        let values: [UInt8] = [0, 40, 80, 120, 160, 200, 240, 20, 60]
        for i in 0..<9 { image[i % 3, i / 3] = (values[i], 0, 0, 255) }
        let texture = Texture(image)
        #expect(texture.levelCount == 3 && texture.isOpaque)
        let level1 = texture.levelImage(1)
        #expect(level1.width == 2 && level1.height == 2)
        // (0 + 40 + 120 + 160 + 2) / 4 = 80; (80 + 80 + 200 + 200 + 2) / 4 = 140;
        // (240 + 20 + 240 + 20 + 2) / 4 = 130; (60 · 4 + 2) / 4 = 60.
        #expect([level1[0, 0].r, level1[1, 0].r, level1[0, 1].r, level1[1, 1].r] == [80, 140, 130, 60])
        #expect(texture.levelImage(2)[0, 0].r == 103)  // (80 + 140 + 130 + 60 + 2) / 4
        #expect(texture.levelImage(0) == image)
        #expect(!Texture(RGBAImage(width: 2, height: 2, fill: (0, 0, 0, 254))).isOpaque)
    }
}
