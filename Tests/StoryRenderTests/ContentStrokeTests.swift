@testable import StoryRender
import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct ContentStrokeTests {
    /// The drawing of a shape-only layer with a solid black stroke.
    static func stroke(_ path: ShapePath, width: Double, cap: ShapeContents.LineCap = .butt, join: ShapeContents.LineJoin = .miter,
                       dash: [Double] = [], phase: Double = 0, end: Double = 1, scale: Double = 1) throws -> LayerBitmap {
        let shape = ShapeContents(path: path, strokeColor: .black, lineWidth: width, lineCap: cap, lineJoin: join,
                                  lineDashPattern: dash, lineDashPhase: phase, strokeEnd: end)
        return try #require(LayerContentRenderer.render(Layer(shape: shape), part: .drawing, pixelsPerPoint: scale))
    }

    static func alpha(_ bitmap: LayerBitmap, atLayerPoint p: Point) -> UInt8 {
        let x = Int(((p.x - bitmap.origin.x) * bitmap.pixelsPerPoint).rounded(.down))
        let y = Int(((p.y - bitmap.origin.y) * bitmap.pixelsPerPoint).rounded(.down))
        guard x >= 0, y >= 0, x < bitmap.image.width, y < bitmap.image.height else { return 0 }
        return bitmap.image[x, y].a
    }

    static let line = ShapePath([.move(to: Point(x: 10, y: 20)), .line(to: Point(x: 30, y: 20))])

    @Test func capsSetTheExtentsOfAHorizontalLine() throws {
        let butt = try Self.stroke(Self.line, width: 4, cap: .butt)
        #expect(butt.frame == Rect(x: 10, y: 18, width: 20, height: 4))
        #expect(butt.image.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })

        let round = try Self.stroke(Self.line, width: 4, cap: .round)
        #expect(round.frame == Rect(x: 8, y: 18, width: 24, height: 4))
        #expect(round.image[0, 0].a < 100)      // the cap's rounded corner
        #expect(round.image[1, 2].a == 255)     // its inside
        #expect(round.image[23, 3].a < 100)

        let square = try Self.stroke(Self.line, width: 4, cap: .square)
        #expect(square.frame == Rect(x: 8, y: 18, width: 24, height: 4))
        #expect(square.image[0, 0].a == 255 && square.image[23, 3].a == 255)
        ContentDebug.write(round.image, "stroke-round-caps", zoom: 8)
    }

    @Test func dashPatternLeavesGapsWhereExpected() throws {
        let line = ShapePath([.move(to: Point(x: 0, y: 10)), .line(to: Point(x: 20, y: 10))])
        // [4, 2]: dashes on 0–4, 6–10, 12–16, 18–20.
        let dashed = try Self.stroke(line, width: 2, dash: [4, 2])
        let on: [Double] = [0.5, 3.5, 6.5, 9.5, 12.5, 15.5, 18.5, 19.5]
        let off: [Double] = [4.5, 5.5, 10.5, 11.5, 16.5, 17.5]
        for x in on { #expect(Self.alpha(dashed, atLayerPoint: Point(x: x, y: 10)) == 255, "x = \(x)") }
        for x in off { #expect(Self.alpha(dashed, atLayerPoint: Point(x: x, y: 10)) == 0, "x = \(x)") }
        // A phase of 3 shifts the pattern back: dashes on 0–1, 3–7, 9–13, 15–19.
        let shifted = try Self.stroke(line, width: 2, dash: [4, 2], phase: 3)
        for x in [0.5, 3.5, 6.5, 9.5, 15.5] { #expect(Self.alpha(shifted, atLayerPoint: Point(x: x, y: 10)) == 255, "x = \(x)") }
        for x in [1.5, 2.5, 7.5, 13.5, 19.5] { #expect(Self.alpha(shifted, atLayerPoint: Point(x: x, y: 10)) == 0, "x = \(x)") }
        // Zero-length dashes with round caps are dots.
        let dots = try Self.stroke(line, width: 4, cap: .round, dash: [0, 10])
        #expect(Self.alpha(dots, atLayerPoint: Point(x: 0.5, y: 10.5)) == 255)
        #expect(Self.alpha(dots, atLayerPoint: Point(x: 10.5, y: 10.5)) == 255)
        #expect(Self.alpha(dots, atLayerPoint: Point(x: 5.5, y: 10.5)) == 0)
        ContentDebug.write(dots.image, "stroke-dots", zoom: 8)
    }

    @Test func joinsShapeTheOuterCorner() throws {
        // A right angle: right along y = 10, then down along x = 30.
        let corner = ShapePath([.move(to: Point(x: 10, y: 10)), .line(to: Point(x: 30, y: 10)), .line(to: Point(x: 30, y: 30))])
        let miter = try Self.stroke(corner, width: 6, join: .miter)
        let bevel = try Self.stroke(corner, width: 6, join: .bevel)
        let round = try Self.stroke(corner, width: 6, join: .round)
        // The outer corner square is (30…33, 7…10): the miter fills it, the bevel cuts it on the
        // diagonal, the round join leaves its far corner empty.
        #expect(Self.alpha(miter, atLayerPoint: Point(x: 32.5, y: 7.5)) == 255)
        #expect(Self.alpha(bevel, atLayerPoint: Point(x: 32.5, y: 7.5)) == 0)
        #expect(Self.alpha(bevel, atLayerPoint: Point(x: 30.5, y: 9.5)) == 255)
        #expect(Self.alpha(round, atLayerPoint: Point(x: 32.5, y: 7.5)) < 40)  // only a sliver of the circle
        #expect(Self.alpha(round, atLayerPoint: Point(x: 31.5, y: 8.5)) == 255)
        #expect(miter.frame == Rect(x: 10, y: 7, width: 23, height: 23))
        ContentDebug.write(round.image, "stroke-round-join", zoom: 8)
    }

    @Test func aSharpMiterBeyondTheLimitIsBeveled() throws {
        // A 10° turn back: the miter would be 1/sin(5°) ≈ 11.5 widths long, beyond 10.
        let angle = 10.0 * .pi / 180
        let spike = ShapePath([.move(to: Point(x: 0, y: 50)), .line(to: Point(x: 100, y: 50)),
                          .line(to: Point(x: 100 - 100 * Double.cos(angle), y: 50 + 100 * Double.sin(angle)))])
        let bitmap = try Self.stroke(spike, width: 4, join: .miter)
        #expect(bitmap.frame.maxX < 104)
    }

    @Test func strokeEndOfTheRingEndsAt216DegreesWithARoundCap() throws {
        let center = Point(x: 44, y: 44)
        let ring = try Self.stroke(.circle(center: center, radius: 40), width: 4, cap: .round, end: 0.6, scale: 2)
        let end = 126.0 * .pi / 180
        let radial = Point(x: Double.cos(end), y: Double.sin(end))
        let tangent = Point(x: -radial.y, y: radial.x)  // clockwise on screen
        let capCentre = center + radial * 40
        #expect(Self.alpha(ring, atLayerPoint: capCentre) == 255)
        #expect(Self.alpha(ring, atLayerPoint: capCentre + tangent * 1.2) == 255)   // inside the round cap
        #expect(Self.alpha(ring, atLayerPoint: capCentre + tangent * 2.6) == 0)     // past it
        // The cap is round: 1.5 pt ahead and 1.5 pt outward is outside the cap (√4.5 > 2).
        #expect(Self.alpha(ring, atLayerPoint: capCentre + tangent * 1.6 + radial * 1.6) == 0)
        // 12 o'clock is drawn, 300° (11 o'clock) is not.
        #expect(Self.alpha(ring, atLayerPoint: Point(x: 44, y: 4)) == 255)
        #expect(Self.alpha(ring, atLayerPoint: Point(x: 44 - 40 * Double.sin(.pi / 6), y: 44 - 40 * Double.cos(.pi / 6))) == 0)
        ContentDebug.write(ring.image, "stroke-ring-strokeEnd-0.6")
    }

    @Test func overlappingStrokesAddUp() throws {
        // A closed square's stroke crossed by a line: the crossings must be covered (no
        // cancelling windings).
        var elements = ShapePath.rect(Rect(x: 10, y: 10, width: 20, height: 20)).elements
        elements += [.move(to: Point(x: 0, y: 20)), .line(to: Point(x: 40, y: 20))]
        let bitmap = try Self.stroke(ShapePath(elements), width: 4)
        for p in [Point(x: 10.5, y: 20.5), Point(x: 29.5, y: 19.5), Point(x: 20.5, y: 10.5), Point(x: 5.5, y: 20.5)] {
            #expect(Self.alpha(bitmap, atLayerPoint: p) == 255, "\(p)")
        }
        #expect(Self.alpha(bitmap, atLayerPoint: Point(x: 15.5, y: 15.5)) == 0)
        ContentDebug.write(bitmap.image, "stroke-overlaps", zoom: 6)
    }

    @Test func aClosedSubpathIsJoinedAllRound() throws {
        let square = try Self.stroke(.rect(Rect(x: 10, y: 10, width: 20, height: 20)), width: 4, join: .miter)
        #expect(square.frame == Rect(x: 8, y: 8, width: 24, height: 24))
        #expect(Self.alpha(square, atLayerPoint: Point(x: 8.5, y: 8.5)) == 255)  // mitered start corner
        #expect(Self.alpha(square, atLayerPoint: Point(x: 20.5, y: 20.5)) == 0)  // hollow
    }

    @Test(arguments: [31, 32, 33, 34, 35, 36] as [UInt64])
    func hostileStrokesNeverCrash(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        func point() -> Point { Point(x: random.hostile(in: -50...50), y: random.hostile(in: -50...50)) }
        let path = ShapePath([.move(to: point()), .line(to: point()), .arc(center: point(), radius: random.hostile(in: 0...20),
                        startAngle: 0, endAngle: random.hostile(in: -7...7), clockwise: false), .line(to: point())])
        let style = StrokeStyle(lineWidth: random.hostile(in: 0...10), cap: .round, join: .round,
                                dashPattern: [random.hostile(in: 0...5), random.hostile(in: 0...5)],
                                dashPhase: random.hostile(in: -5...5))
        let contours = Stroker.outline(path.flattened(tolerance: 0.1), style: style)
        for contour in contours { #expect(contour.allSatisfy { $0.isFinite }) }
        let shape = ShapeContents(path: path, fillColor: .white, strokeColor: .black, lineWidth: random.hostile(in: 0...10),
                                  strokeStart: random.hostile(in: 0...1), strokeEnd: random.hostile(in: 0...1))
        _ = LayerContentRenderer.render(Layer(shape: shape), part: .drawing, pixelsPerPoint: random.hostile(in: 0.5...3))
    }
}
