import RealModule
import StoryKit

/// Paints a ``Gradient`` into a bitmap through a coverage mask, as `CAGradientLayer` draws it.
///
/// The gradient's unit coordinates map onto `unitRect` (the layer's bounds), so the geometry is
/// measured in points there (an axial gradient's bands are perpendicular in points, not in unit
/// coordinates):
/// - axial: `t` is the projection of the pixel centre on the line start → end, clamped to 0…1;
/// - radial: `t = √((dx/rx)² + (dy/ry)²)` about the start point, with `rx`, `ry` the end point's
///   horizontal and vertical distances (Core Animation's ellipse); one zero radius uses the other,
///   both zero paint the last colour;
/// - conic: `t` is the angle from the start→end direction, clockwise on screen, over one turn
///   (start = end measures from 12 o'clock).
/// Colours are interpolated in premultiplied sRGB between their ``Gradient/locations`` (even
/// spacing when `nil`, of the wrong count or not finite; made non-decreasing), and held beyond the
/// first and last location. The ramp is tabulated (four entries per pixel of an axial or radial
/// gradient's extent, one per pixel of a conic one's circumference; 64…4096), so painting costs
/// a table look-up per pixel; the conic angle uses a polynomial `atan2` accurate to 2·10⁻⁵ rad.
package struct GradientPainter: Sendable {
    private enum Geometry: Sendable {
        case axial(sx: Double, sy: Double, dx: Double, dy: Double)       // d = (end − start) / |end − start|²
        case radial(sx: Double, sy: Double, invRx: Double, invRy: Double)
        case conic(sx: Double, sy: Double, startAngle: Double)
        case solid
    }

    private let geometry: Geometry
    /// Premultiplied RGBA8 colours packed R low, at evenly spaced `t`.
    private let table: [UInt32]

    /// Prepares a gradient for painting.
    ///
    /// - Parameters:
    ///   - gradient: The gradient; with no colours nothing is painted (`nil`).
    ///   - unitRect: The layer-space rectangle (points) that unit coordinates (0…1) cover.
    ///   - origin: The layer-space point at the top-left corner of pixel (0, 0).
    ///   - pixelsPerPoint: Pixels per point (> 0).
    /// - Returns: `nil` when there is nothing to paint (no colours, bad scale).
    package init?(_ gradient: Gradient, unitRect: Rect, origin: Point, pixelsPerPoint: Double) {
        guard !gradient.colors.isEmpty, pixelsPerPoint > 0, pixelsPerPoint.isFinite else { return nil }
        let rect = unitRect.isFinite ? unitRect : .zero
        func pixel(_ u: Point) -> Point {
            Point(x: (rect.origin.x + u.x * rect.size.width - origin.x) * pixelsPerPoint,
                  y: (rect.origin.y + u.y * rect.size.height - origin.y) * pixelsPerPoint)
        }
        let s = pixel(gradient.startPoint), e = pixel(gradient.endPoint)
        var extent = 16.0
        if !s.isFinite || !e.isFinite || gradient.colors.count == 1 {
            geometry = .solid
        } else {
            switch gradient.kind {
            case .axial:
                let v = e - s, lengthSquared = v.magnitudeSquared
                if lengthSquared > 1e-18 {
                    geometry = .axial(sx: s.x, sy: s.y, dx: v.x / lengthSquared, dy: v.y / lengthSquared)
                    extent = 4 * lengthSquared.squareRoot()
                } else {
                    geometry = .solid
                }
            case .radial:
                var rx = Swift.abs(e.x - s.x), ry = Swift.abs(e.y - s.y)
                if rx == 0 { rx = ry }
                if ry == 0 { ry = rx }
                if rx > 1e-12 {
                    geometry = .radial(sx: s.x, sy: s.y, invRx: 1 / rx, invRy: 1 / ry)
                    extent = 4 * Swift.max(rx, ry)
                } else {
                    geometry = .solid
                }
            case .conic:
                let v = e - s
                let angle = v.magnitudeSquared > 1e-18 ? Double.atan2(y: v.y, x: v.x) : -Double.pi / 2
                geometry = .conic(sx: s.x, sy: s.y, startAngle: angle)
                let size = Swift.max(rect.width, rect.height) * pixelsPerPoint
                extent = 2 * Double.pi * size.finite(or: 16)
            }
        }
        let count: Int
        if case .solid = geometry { count = 1 } else { count = Int(extent.clamped(to: 64...4096)) }
        let stops = Self.stops(of: gradient)
        var table = [UInt32](repeating: 0, count: count)
        var segment = 0
        for i in 0..<count {
            let t = count == 1 ? 1 : Double(i) / Double(count - 1)
            while segment < stops.count - 1, stops[segment + 1].location < t { segment += 1 }
            table[i] = Self.pack(Self.color(at: t, stops: stops, from: segment))
        }
        self.table = table
    }

    /// The premultiplied colour (each 0…1) of `gradient` at ramp position `t`, exactly.
    package static func premultipliedColor(of gradient: Gradient, at t: Double) -> SIMD4<Double> {
        let stops = stops(of: gradient)
        guard !stops.isEmpty else { return .zero }
        return color(at: t, stops: stops, from: 0)
    }

    private static func stops(of gradient: Gradient) -> [(location: Double, color: SIMD4<Double>)] {
        let n = gradient.colors.count
        var locations: [Double]
        if let given = gradient.locations, given.count == n, given.allSatisfy(\.isFinite) {
            locations = given
            for i in locations.indices.dropFirst() { locations[i] = Swift.max(locations[i], locations[i - 1]) }
        } else {
            locations = (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
        }
        return zip(locations, gradient.colors).map { location, c in
            (location, SIMD4(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha))
        }
    }

    private static func color(at t: Double, stops: [(location: Double, color: SIMD4<Double>)], from start: Int) -> SIMD4<Double> {
        if t <= stops[0].location { return stops[0].color }
        var i = start
        while i < stops.count - 1, stops[i + 1].location < t { i += 1 }
        if i >= stops.count - 1 { return stops[stops.count - 1].color }
        let a = stops[i], b = stops[i + 1]
        let span = b.location - a.location
        let f = span > 0 ? ((t - a.location) / span).clamped(to: 0...1) : 1
        return a.color + (b.color - a.color) * f
    }

    private static func pack(_ c: SIMD4<Double>) -> UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32((v.clamped(to: 0...1) * 255).rounded()) }
        return byte(c.x) | byte(c.y) << 8 | byte(c.z) << 16 | byte(c.w) << 24
    }

    /// The ramp position at the centre of pixel (`x`, `y`), 0…1.
    @inline(__always)
    private func position(x: Double, y: Double) -> Double {
        switch geometry {
        case .solid:
            return 1
        case .axial(let sx, let sy, let dx, let dy):
            return ((x - sx) * dx + (y - sy) * dy)
        case .radial(let sx, let sy, let invRx, let invRy):
            let u = (x - sx) * invRx, v = (y - sy) * invRy
            return (u * u + v * v).squareRoot()
        case .conic(let sx, let sy, let startAngle):
            var turn = (Self.fastAtan2(y - sy, x - sx) - startAngle) * (0.5 / Double.pi)
            turn -= turn.rounded(.down)
            return turn
        }
    }

    /// The packed premultiplied colour at the centre of pixel (`x`, `y`) (for tests).
    package func color(atPixel x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let c = lookUp(position(x: Double(x) + 0.5, y: Double(y) + 0.5))
        return (UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF), UInt8(c >> 24))
    }

    @inline(__always)
    private func lookUp(_ t: Double) -> UInt32 {
        let last = table.count - 1
        let index = (t * Double(last) + 0.5)
        guard index > 0 else { return table[0] }
        return table[Swift.min(last, Int(index))]
    }

    /// Composites the gradient over `image` wherever `coverage` (one byte per pixel, same size)
    /// is not zero, weighted by it.
    package func paint(into image: inout RGBAImage, coverage: [UInt8]) {
        let w = image.width, h = image.height
        guard coverage.count == w * h else { return }
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            coverage.withUnsafeBufferPointer { mask in
                let p = pixels.baseAddress!, m = mask.baseAddress!
                for y in 0..<h {
                    let row = y * w, cy = Double(y) + 0.5
                    for x in 0..<w where m[row + x] != 0 {
                        let color = lookUp(position(x: Double(x) + 0.5, y: cy))
                        CoveragePainter.blend(color, coverage: UInt32(m[row + x]), into: p + (row + x) &* 4)
                    }
                }
            }
        }
    }

    /// `atan2(y, x)` in radians to within 2·10⁻⁵, by an odd minimax polynomial for `atan` on
    /// 0…1 and octant reflection (coefficients from Abramowitz & Stegun 4.4.49's family, as used
    /// in many graphics libraries).
    @inline(__always)
    static func fastAtan2(_ y: Double, _ x: Double) -> Double {
        let ax = Swift.abs(x), ay = Swift.abs(y)
        let big = Swift.max(ax, ay)
        guard big > 0 else { return 0 }
        let a = Swift.min(ax, ay) / big
        let s = a * a
        var r = (((((-0.011_721_20 * s + 0.052_653_32) * s - 0.116_432_87) * s + 0.193_543_46) * s
            - 0.332_623_47) * s + 0.999_977_26) * a
        if ay > ax { r = Double.pi / 2 - r }
        if x < 0 { r = Double.pi - r }
        return y < 0 ? -r : r
    }
}
