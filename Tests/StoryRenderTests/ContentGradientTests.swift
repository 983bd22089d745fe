@testable import StoryRender
import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct ContentGradientTests {
    static let red = RGBAColor(red: 1, green: 0, blue: 0), green = RGBAColor(red: 0, green: 1, blue: 0)
    static let blue = RGBAColor(red: 0, green: 0, blue: 1)

    static func painter(_ gradient: ColorGradient, size: Double = 100) throws -> GradientPainter {
        try #require(GradientPainter(gradient, unitRect: Rect(x: 0, y: 0, width: size, height: size), origin: .zero,
                                     pixelsPerPoint: 1))
    }

    static func close(_ c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: (Int, Int, Int, Int), within: Int = 2) -> Bool {
        abs(Int(c.r) - e.0) <= within && abs(Int(c.g) - e.1) <= within && abs(Int(c.b) - e.2) <= within
            && abs(Int(c.a) - e.3) <= within
    }

    @Test func axialEndpointsAndMidpoint() throws {
        // Default geometry: top (0.5, 0) to bottom (0.5, 1).
        let painter = try Self.painter(ColorGradient(colors: [Self.red, Self.blue]))
        #expect(Self.close(painter.color(atPixel: 50, 0), (254, 0, 1, 255)))       // t = 0.005
        #expect(Self.close(painter.color(atPixel: 50, 99), (1, 0, 254, 255)))
        // Row 49's centre is at y = 49.5: t = 0.495 → red 128.7, blue 126.2.
        #expect(Self.close(painter.color(atPixel: 10, 49), (129, 0, 126, 255)))
        // Bands are horizontal: every column of a row has the same colour.
        #expect(painter.color(atPixel: 0, 30) == painter.color(atPixel: 99, 30))
    }

    @Test func coloursMixInPremultipliedSpace() throws {
        // Opaque red to fully transparent blue: premultiplied, the blue contributes nothing,
        // so the middle is half-transparent pure red (a straight-alpha mix would be purple).
        let painter = try Self.painter(ColorGradient(colors: [Self.red, RGBAColor(red: 0, green: 0, blue: 1, alpha: 0)],
                                                startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0)))
        let middle = painter.color(atPixel: 49, 0)  // t = 0.495
        #expect(Self.close(middle, (129, 0, 0, 129)))
        let exact = GradientPainter.premultipliedColor(of: ColorGradient(colors: [Self.red, .clear]), at: 0.25)
        #expect(Approximately.equal(exact.x, 0.75) && Approximately.equal(exact.w, 0.75) && exact.z == 0)
    }

    @Test func locationsMoveTheStops() {
        let gradient = ColorGradient(colors: [Self.red, Self.green, Self.blue], locations: [0, 0.2, 1])
        let atStop = GradientPainter.premultipliedColor(of: gradient, at: 0.2)
        #expect(atStop == SIMD4(0, 1, 0, 1))
        let between = GradientPainter.premultipliedColor(of: gradient, at: 0.6)  // halfway from 0.2 to 1
        #expect(Approximately.equal(between.y, 0.5) && Approximately.equal(between.z, 0.5))
        // Beyond the first and last locations the end colours hold.
        let inset = ColorGradient(colors: [Self.red, Self.blue], locations: [0.3, 0.7])
        #expect(GradientPainter.premultipliedColor(of: inset, at: 0.1) == SIMD4(1, 0, 0, 1))
        #expect(GradientPainter.premultipliedColor(of: inset, at: 0.9) == SIMD4(0, 0, 1, 1))
        // Mismatched locations fall back to even spacing.
        let bad = ColorGradient(colors: [Self.red, Self.green, Self.blue], locations: [0, 1])
        #expect(GradientPainter.premultipliedColor(of: bad, at: 0.5) == SIMD4(0, 1, 0, 1))
    }

    @Test func radialCentreAndEdge() throws {
        // Centre (0.5, 0.5), end (1, 1): an ellipse of radii 50 × 50 points.
        let painter = try Self.painter(ColorGradient(kind: .radial, colors: [.white, .black],
                                                startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1)))
        #expect(Self.close(painter.color(atPixel: 50, 50), (251, 251, 251, 255)))  // 0.71 pt from the centre: t = 0.014
        #expect(Self.close(painter.color(atPixel: 74, 50), (128, 128, 128, 255), within: 3))  // 24.5 pt: t = 0.49
        #expect(Self.close(painter.color(atPixel: 99, 50), (3, 3, 3, 255)))  // 49.5 pt: t = 0.99
        #expect(painter.color(atPixel: 0, 0) == (0, 0, 0, 255))
    }

    @Test func conicSweepsClockwiseFromTheEndPoint() throws {
        // Start toward 12 o'clock: black there, a quarter of the way at 3 o'clock, half at 6.
        let painter = try Self.painter(ColorGradient(kind: .conic, colors: [.black, .white],
                                                startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0)))
        let twelve = painter.color(atPixel: 50, 5), three = painter.color(atPixel: 95, 49)
        let six = painter.color(atPixel: 49, 95), nine = painter.color(atPixel: 5, 50)
        #expect(twelve.r < 3)                                // just after the start
        #expect(Self.close(three, (64, 64, 64, 255)))        // 0.25 · 255
        #expect(Self.close(six, (128, 128, 128, 255)))
        #expect(Self.close(nine, (191, 191, 191, 255)))
        var image = RGBAImage(width: 100, height: 100)
        painter.paint(into: &image, coverage: [UInt8](repeating: 255, count: 100 * 100))
        ContentDebug.write(image, "gradient-conic")
    }

    @Test func fastAtan2IsAccurate() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<1000 {
            let y = random.double(in: -10...10), x = random.double(in: -10...10)
            #expect(Swift.abs(GradientPainter.fastAtan2(y, x) - Double.atan2(y: y, x: x)) < 2e-5)
            #expect(Swift.abs(Double(GradientPainter.fastAtan2(Float(y), Float(x))) - Double.atan2(y: y, x: x)) < 3e-5)
            #expect(Swift.abs(Double(GradientPainter.coarseAtan2(Float(y), Float(x))) - Double.atan2(y: y, x: x)) < 1.6e-3)
        }
        #expect(GradientPainter.fastAtan2(0.0, 0.0) == 0)
    }

    @Test func degenerateGradientsPaintTheirLastColour() throws {
        let flat = try Self.painter(ColorGradient(colors: [Self.red, Self.blue], startPoint: Point(x: 0.3, y: 0.3),
                                             endPoint: Point(x: 0.3, y: 0.3)))
        #expect(flat.color(atPixel: 10, 10) == (0, 0, 255, 255))
        #expect(GradientPainter(ColorGradient(colors: []), unitRect: .zero, origin: .zero, pixelsPerPoint: 1) == nil)
        let single = try Self.painter(ColorGradient(kind: .conic, colors: [Self.green]))
        #expect(single.color(atPixel: 3, 70) == (0, 255, 0, 255))
    }
}
