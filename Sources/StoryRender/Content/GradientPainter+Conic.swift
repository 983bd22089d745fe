import Foundation
import StoryKit

extension GradientPainter {
    /// Where a conic gradient is painted: its centre (`cx`, `cy`) and the bitmap's top-left pixel
    /// (`ox`, `oy`, whole) in one pixel frame, and its start angle; a pixel (x, y) of the bitmap
    /// is the frame's pixel (x + ox, y + oy), whose angle is taken about the centre from there.
    struct ConicPlace: Sendable {
        var cx: Double, cy: Double
        var ox: Double, oy: Double
        var startAngle: Double
        /// The colours of the gradient's rectangle in the frame, to be kept; `nil` when it is
        /// too large (more than 512 × 512 pixels) or not finite.
        var key: GradientTables.ConicFieldKey?

        /// A place with no colours to keep.
        init(cx: Double, cy: Double, ox: Double, oy: Double, startAngle: Double) {
            (self.cx, self.cy, self.ox, self.oy, self.startAngle) = (cx, cy, ox, oy, startAngle)
        }

        /// The place of `gradient` (a conic one with a `count`-entry ramp) over `unitRect` at
        /// `pixelsPerPoint`, in the layer's pixels, for a bitmap whose top-left corner is at the
        /// layer point `origin`; `nil` when that corner is not on a whole pixel.
        init?(_ gradient: ColorGradient, count: Int, unitRect rect: Rect, origin: Point, pixelsPerPoint ppp: Double,
              startAngle: Double) {
            let ox = (origin.x * ppp).rounded(), oy = (origin.y * ppp).rounded()
            let cx = (rect.origin.x + gradient.startPoint.x * rect.size.width) * ppp
            let cy = (rect.origin.y + gradient.startPoint.y * rect.size.height) * ppp
            guard Swift.abs(origin.x * ppp - ox) < 1e-6, Swift.abs(origin.y * ppp - oy) < 1e-6, Swift.abs(ox) < 1e9,
                  Swift.abs(oy) < 1e9, cx.isFinite, cy.isFinite else { return nil }
            self.init(cx: cx, cy: cy, ox: ox, oy: oy, startAngle: startAngle)
            let x0 = (Swift.min(rect.minX, rect.maxX) * ppp).rounded(.down), x1 = (Swift.max(rect.minX, rect.maxX) * ppp).rounded(.up)
            let y0 = (Swift.min(rect.minY, rect.maxY) * ppp).rounded(.down), y1 = (Swift.max(rect.minY, rect.maxY) * ppp).rounded(.up)
            guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, Swift.abs(x0) < 1e9, Swift.abs(y0) < 1e9,
                  x1 > x0, y1 > y0, (x1 - x0) * (y1 - y0) <= 512 * 512 else { return }
            key = GradientTables.ConicFieldKey(colors: gradient.colors, locations: gradient.locations, count: count,
                                               cx: cx, cy: cy, startAngle: startAngle, x0: Int(x0), y0: Int(y0),
                                               width: Int(x1 - x0), height: Int(y1 - y0))
        }
    }

    /// Composites the conic gradient at `place` over the pixels of `window` wherever `coverage`
    /// (one byte per pixel of the window, row by row) is not zero, with the generic painter's
    /// arithmetic (`coarseAtan2` in `Float`, the turn in `Double`, the nearest table entry) done
    /// for eight pixels at once: every operation is the same IEEE operation per lane, so each
    /// pixel gets the same table entry. Pixels inside `field` (the same colours, kept) take
    /// their colour from it.
    func paintConic(into window: PixelWindow, coverage: [UInt8], place: ConicPlace, field: GradientTables.ConicField?) {
        let w = window.width, h = window.height
        guard coverage.count == w * h else { return }
        let offsets = SIMD8<Double>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
        let startAngle = place.startAngle, cx = place.cx, ox = place.ox
        let shiftX = Int(place.ox) - (field?.x0 ?? 0), shiftY = Int(place.oy) - (field?.y0 ?? 0)
        let fieldWidth = field?.width ?? 0, fieldHeight = field?.height ?? 0
        // The window's pixels whose frame pixels the field covers, along a row.
        let fieldStart = Swift.max(0, -shiftX), fieldEnd = Swift.min(w, fieldWidth - shiftX)
        let empty: [UInt32] = []
        table.withUnsafeBufferPointer { lut in
            guard let l = lut.baseAddress, !lut.isEmpty else { return }
            let last = lut.count - 1, lastD = Double(last)
            @inline(__always) func color(_ angle: Float) -> UInt32 {
                Self.conicEntry(angle, startAngle: startAngle, table: l, last: last, lastD: lastD)
            }
            (field?.colors ?? empty).withUnsafeBufferPointer { kept in
                coverage.withUnsafeBufferPointer { mask in
                    guard let m = mask.baseAddress else { return }
                    for y in 0..<h {
                        let row = y &* w, p = window.row(y)
                        let dy = Float((Double(y) + place.oy + 0.5) - place.cy)
                        let fy = y &+ shiftY
                        let fieldRow: UnsafePointer<UInt32>? = fy >= 0 && fy < fieldHeight && fieldStart < fieldEnd
                            ? kept.baseAddress.map { $0 + (fy &* fieldWidth &+ shiftX) } : nil
                        var x = 0
                        while x &+ 8 <= w {
                            let bytes = UnsafeRawPointer(m + (row &+ x)).loadUnaligned(as: UInt64.self)
                            if bytes != 0 {
                                if let f = fieldRow, x >= fieldStart, x &+ 8 <= fieldEnd {
                                    for i in 0..<8 {
                                        let c = m[row &+ x &+ i]
                                        if c == 0 { continue }
                                        CoveragePainter.blend(f[x &+ i], coverage: UInt32(c), into: p + (x &+ i) &* 4)
                                    }
                                } else {
                                    let dx = SIMD8<Float>((SIMD8<Double>(repeating: Double(x) + ox) + offsets) - cx)
                                    let angles = Self.coarseAtan2(dy, dx)
                                    for i in 0..<8 {
                                        let c = m[row &+ x &+ i]
                                        if c == 0 { continue }
                                        CoveragePainter.blend(color(angles[i]), coverage: UInt32(c), into: p + (x &+ i) &* 4)
                                    }
                                }
                            }
                            x &+= 8
                        }
                        while x < w {
                            let c = m[row &+ x]
                            if c != 0 {
                                let value: UInt32
                                if let f = fieldRow, x >= fieldStart, x < fieldEnd {
                                    value = f[x]
                                } else {
                                    value = color(Self.coarseAtan2(dy, Float((Double(x) + ox + 0.5) - cx)))
                                }
                                CoveragePainter.blend(value, coverage: UInt32(c), into: p + x &* 4)
                            }
                            x &+= 1
                        }
                    }
                }
            }
        }
    }

    /// The colours of the gradient's rectangle at `place` (``ConicPlace/key``), row by row, as
    /// ``paintConic(into:coverage:place:field:)`` computes them pixel by pixel.
    func conicColors(_ place: ConicPlace) -> GradientTables.ConicField? {
        guard let key = place.key, !table.isEmpty else { return nil }
        let w = key.width, h = key.height
        let offsets = SIMD8<Double>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
        let startAngle = place.startAngle, cx = place.cx
        var colors = [UInt32](repeating: 0, count: w * h)
        table.withUnsafeBufferPointer { lut in
            guard let l = lut.baseAddress else { return }
            let last = lut.count - 1, lastD = Double(last)
            @inline(__always) func color(_ angle: Float) -> UInt32 {
                Self.conicEntry(angle, startAngle: startAngle, table: l, last: last, lastD: lastD)
            }
            colors.withUnsafeMutableBufferPointer { out in
                guard let o = out.baseAddress else { return }
                for y in 0..<h {
                    let dy = Float((Double(key.y0 &+ y) + 0.5) - place.cy)
                    let row = o + y &* w
                    var x = 0
                    while x &+ 8 <= w {
                        let dx = SIMD8<Float>((SIMD8<Double>(repeating: Double(key.x0 &+ x)) + offsets) - cx)
                        let angles = Self.coarseAtan2(dy, dx)
                        for i in 0..<8 { row[x &+ i] = color(angles[i]) }
                        x &+= 8
                    }
                    while x < w {
                        row[x] = color(Self.coarseAtan2(dy, Float((Double(key.x0 &+ x) + 0.5) - cx)))
                        x &+= 1
                    }
                }
            }
        }
        return GradientTables.ConicField(x0: key.x0, y0: key.y0, width: w, height: h, colors: colors)
    }

    /// The entry of the conic ramp `table` (`last + 1` entries, `lastD` = `last`) nearest the
    /// turn from `startAngle` to `angle` (radians): the one rule both the painter and the kept
    /// colour field use, so that they give the same bytes.
    @inline(__always)
    static func conicEntry(_ angle: Float, startAngle: Double, table l: UnsafePointer<UInt32>, last: Int,
                           lastD: Double) -> UInt32 {
        var t = (Double(angle) - startAngle) * (0.5 / Double.pi)
        if t < 0 { t += 1 }
        let index = t * lastD + 0.5
        return index >= 1 ? (index < lastD ? l[Int(index)] : l[last]) : l[0]
    }

    /// ``coarseAtan2(_:_:)`` for eight points sharing `y` (finite values), lane by lane the same
    /// operations in the same order.
    @inline(__always)
    static func coarseAtan2(_ y: Float, _ x: SIMD8<Float>) -> SIMD8<Float> {
        let ax = x.replacing(with: -x, where: x .< 0)
        let ay = SIMD8<Float>(repeating: Swift.abs(y))
        let big = ax.replacing(with: ay, where: ay .>= ax)
        let small = ax.replacing(with: ay, where: ay .< ax)
        let a = small / big
        var r = 0.785_398_16 * a - a * (a - 1) * (0.2447 + 0.0663 * a)
        r.replace(with: 1.570_796_3 - r, where: ay .> ax)
        r.replace(with: 3.141_592_7 - r, where: x .< 0)
        if y < 0 { r = -r }
        r.replace(with: 0, where: .!(big .> 0))
        return r
    }
}
