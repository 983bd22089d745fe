import RealModule
import StoryKit

/// Paints a ``ColorGradient`` into a bitmap through a coverage mask, as `CAGradientLayer` draws it.
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
/// Colours are interpolated in premultiplied sRGB between their ``ColorGradient/locations`` (even
/// spacing when `nil`, of the wrong count or not finite; made non-decreasing), and held beyond the
/// first and last location. The ramp is tabulated (four entries per pixel of an axial or radial
/// gradient's extent, one per pixel round a conic one's inscribed circle; 64…4096), so painting costs
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
    let table: [UInt32]
    /// A conic gradient's place in the layer's pixels (layer points × pixels per point), when
    /// the bitmap's top-left corner is on a whole pixel there: a pixel's angle is then taken from
    /// its layer pixel, whatever the bitmap's extent, so the colours of the gradient's rectangle
    /// can be kept (``GradientTables/conicField(_:make:)``) for every bitmap painted from it.
    let conicPlace: ConicPlace?
    /// Where ramps and conic colour fields are kept, if anywhere.
    let tables: GradientTables?

    /// Prepares a gradient for painting.
    ///
    /// - Parameters:
    ///   - gradient: The gradient; with no colours nothing is painted (`nil`).
    ///   - unitRect: The layer-space rectangle (points) that unit coordinates (0…1) cover.
    ///   - origin: The layer-space point at the top-left corner of pixel (0, 0).
    ///   - pixelsPerPoint: Pixels per point (> 0).
    ///   - tables: Where ramps computed before are kept (the same ramp as computing it); `nil`
    ///     computes it.
    /// - Returns: `nil` when there is nothing to paint (no colours, bad scale).
    package init?(_ gradient: ColorGradient, unitRect: Rect, origin: Point, pixelsPerPoint: Double,
                  tables: GradientTables? = nil) {
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
                extent = Double.pi * size.finite(or: 16)   // the circumference of the inscribed circle
            }
        }
        let count: Int
        if case .solid = geometry { count = 1 } else { count = Int(extent.clamped(to: 64...4096)) }
        self.table = tables?.table(for: gradient, count: count) { Self.ramp(of: gradient, count: count) }
            ?? Self.ramp(of: gradient, count: count)
        self.tables = tables
        if case .conic(_, _, let angle) = geometry {
            conicPlace = ConicPlace(gradient, count: count, unitRect: rect, origin: origin, pixelsPerPoint: pixelsPerPoint,
                                    startAngle: angle)
        } else {
            conicPlace = nil
        }
    }

    /// The ramp: `count` packed premultiplied colours at evenly spaced `t` from 0 to 1.
    private static func ramp(of gradient: ColorGradient, count: Int) -> [UInt32] {
        let stops = Self.stops(of: gradient)
        var table = [UInt32](repeating: 0, count: count)
        var segment = 0
        for i in 0..<count {
            let t = count == 1 ? 1 : Double(i) / Double(count - 1)
            while segment < stops.count - 1, stops[segment + 1].location < t { segment += 1 }
            table[i] = Self.pack(Self.color(at: t, stops: stops, from: segment))
        }
        return table
    }

    /// The premultiplied colour (each 0…1) of `gradient` at ramp position `t`, exactly.
    package static func premultipliedColor(of gradient: ColorGradient, at t: Double) -> SIMD4<Double> {
        let stops = stops(of: gradient)
        guard !stops.isEmpty else { return .zero }
        return color(at: t, stops: stops, from: 0)
    }

    private static func stops(of gradient: ColorGradient) -> [(location: Double, color: SIMD4<Double>)] {
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
        func byte(_ v: Double) -> UInt32 { UInt32(v.clamped(to: 0...1) * 255 + 0.5) }
        return byte(c.x) | byte(c.y) << 8 | byte(c.z) << 16 | byte(c.w) << 24
    }

    /// The ramp position at the centre of pixel (`x`, `y`) (any value; the table clamps it).
    @inline(__always)
    private func position(x: Double, y: Double) -> Double {
        switch geometry {
        case .solid:
            return 1
        case .axial(let sx, let sy, let dx, let dy):
            return (x - sx) * dx + (y - sy) * dy
        case .radial(let sx, let sy, let invRx, let invRy):
            let u = (x - sx) * invRx, v = (y - sy) * invRy
            return (u * u + v * v).squareRoot()
        case .conic(let sx, let sy, let startAngle):
            return Self.turn(Self.fastAtan2(y - sy, x - sx) - startAngle)
        }
    }

    /// An angle difference in (−2π, 2π) as a fraction of a clockwise turn, 0…1.
    @inline(__always)
    private static func turn(_ angle: Double) -> Double {
        let t = angle * (0.5 / Double.pi)
        return t < 0 ? t + 1 : t
    }

    /// The packed premultiplied colour at the centre of pixel (`x`, `y`) (for tests).
    package func color(atPixel x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let c = table.withUnsafeBufferPointer { Self.lookUp(position(x: Double(x) + 0.5, y: Double(y) + 0.5), in: $0) }
        return (UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF), UInt8(c >> 24))
    }

    /// The table entry nearest to ramp position `t`, clamped to the ends (NaN → the first).
    @inline(__always)
    private static func lookUp(_ t: Double, in table: UnsafeBufferPointer<UInt32>) -> UInt32 {
        let last = table.count - 1
        let index = t * Double(last) + 0.5
        guard index >= 1 else { return table[0] }
        return index < Double(last) ? table[Int(index)] : table[last]
    }

    /// Composites the gradient over `image` wherever `coverage` (one byte per pixel, same size)
    /// is not zero, weighted by it.
    package func paint(into image: inout RGBAImage, coverage: [UInt8]) {
        image.withWindow(x: 0, y: 0, width: image.width, height: image.height) { paint(into: $0, coverage: coverage) }
    }

    /// Composites the gradient over the pixels of `window` wherever `coverage` (one byte per
    /// pixel of the window, row by row) is not zero, weighted by it; pixel (`x`, `y`) of the
    /// window is the gradient's pixel (`x`, `y`).
    func paint(into window: PixelWindow, coverage: [UInt8]) {
        switch geometry {
        case .solid:
            paint(into: window, coverage: coverage) { _, _ in 1 }
        case .axial(let sx, let sy, let dx, let dy):
            paint(into: window, coverage: coverage) { x, y in (x - sx) * dx + (y - sy) * dy }
        case .radial(let sx, let sy, let invRx, let invRy):
            paint(into: window, coverage: coverage) { x, y in
                let u = (x - sx) * invRx, v = (y - sy) * invRy
                return (u * u + v * v).squareRoot()
            }
        case .conic(let sx, let sy, let startAngle) where sx.isFinite && sy.isFinite && !table.isEmpty:
            if let place = conicPlace {
                let field = place.key.flatMap { key in tables?.conicField(key) { conicColors(place) } }
                paintConic(into: window, coverage: coverage, place: place, field: field)
            } else {
                paintConic(into: window, coverage: coverage,
                           place: ConicPlace(cx: sx, cy: sy, ox: 0, oy: 0, startAngle: startAngle), field: nil)
            }
        case .conic(let sx, let sy, let startAngle):
            paint(into: window, coverage: coverage) { x, y in
                Self.turn(Double(Self.coarseAtan2(Float(y - sy), Float(x - sx))) - startAngle)
            }
        }
    }

    @inline(__always)
    private func paint(into window: PixelWindow, coverage: [UInt8], _ position: (Double, Double) -> Double) {
        let w = window.width, h = window.height
        guard coverage.count == w * h else { return }
        table.withUnsafeBufferPointer { lut in
            do {
                coverage.withUnsafeBufferPointer { mask in
                    guard let m = mask.baseAddress else { return }
                    for y in 0..<h {
                        let row = y &* w, cy = Double(y) + 0.5, p = window.row(y)
                        var x = 0
                        while x < w {
                            // Skip empty coverage eight pixels at a time.
                            if x &+ 8 <= w,
                               UnsafeRawPointer(m + (row &+ x)).loadUnaligned(as: UInt64.self) == 0 {
                                x &+= 8
                                continue
                            }
                            let c = m[row &+ x]
                            defer { x &+= 1 }
                            if c == 0 { continue }
                            let color = Self.lookUp(position(Double(x) + 0.5, cy), in: lut)
                            CoveragePainter.blend(color, coverage: UInt32(c), into: p + x &* 4)
                        }
                    }
                }
            }
        }
    }

    /// `atan2(y, x)` in radians to within 0.0015 rad, for painting conic gradients: the ramp
    /// table has one entry per pixel of circumference, so the error moves a colour by at most
    /// 0.0015 × the radius (1.5 pixels at a radius of 1000). `atan` on 0…1 is
    /// `π/4·a − a·(a − 1)·(0.2447 + 0.0663·a)` (Rajan, Wang, Inkol & Joyal, "Efficient
    /// approximations for the arctangent function", IEEE Signal Processing Magazine, 2006),
    /// half the latency of the minimax polynomial.
    @inline(__always)
    static func coarseAtan2(_ y: Float, _ x: Float) -> Float {
        let ax = Swift.abs(x), ay = Swift.abs(y)
        let big = Swift.max(ax, ay)
        guard big > 0 else { return 0 }
        let a = Swift.min(ax, ay) / big
        var r = 0.785_398_16 * a - a * (a - 1) * (0.2447 + 0.0663 * a)
        if ay > ax { r = 1.570_796_3 - r }
        if x < 0 { r = 3.141_592_7 - r }
        return y < 0 ? -r : r
    }

    /// `atan2(y, x)` in radians to within 2·10⁻⁵ (`Double`) or 3·10⁻⁵ (`Float`), by an odd minimax polynomial for `atan` on
    /// 0…1 and octant reflection (coefficients from Abramowitz & Stegun 4.4.49's family, as used
    /// in many graphics libraries).
    @inline(__always)
    static func fastAtan2<F: BinaryFloatingPoint>(_ y: F, _ x: F) -> F {
        let ax = Swift.abs(x), ay = Swift.abs(y)
        let big = Swift.max(ax, ay)
        guard big > 0 else { return 0 }
        let a = Swift.min(ax, ay) / big
        let s = a * a
        let c11: F = -0.011_721_20, c9: F = 0.052_653_32, c7: F = -0.116_432_87
        let c5: F = 0.193_543_46, c3: F = -0.332_623_47, c1: F = 0.999_977_26
        var r = (((((c11 * s + c9) * s + c7) * s + c5) * s + c3) * s + c1) * a
        let halfPi: F = 1.570_796_326_794_896_6, pi: F = 3.141_592_653_589_793
        if ay > ax { r = halfPi - r }
        if x < 0 { r = pi - r }
        return y < 0 ? -r : r
    }
}
