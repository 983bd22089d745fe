import Foundation

extension GradientPainter {
    /// Composites a conic gradient centred at (`sx`, `sy`) (pixels, finite) over the pixels of
    /// `window` wherever `coverage` (one byte per pixel of the window, row by row) is not zero,
    /// with the generic painter's arithmetic (`coarseAtan2` in `Float`, the turn in `Double`, the
    /// nearest table entry) done for eight pixels at once: every operation is the same IEEE
    /// operation per lane, so each pixel gets the same table entry.
    func paintConic(into window: PixelWindow, coverage: [UInt8], sx: Double, sy: Double, startAngle: Double) {
        let w = window.width, h = window.height
        guard coverage.count == w * h else { return }
        let offsets = SIMD8<Double>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
        table.withUnsafeBufferPointer { lut in
            guard let l = lut.baseAddress, !lut.isEmpty else { return }
            let last = lut.count - 1, lastD = Double(last)
            @inline(__always) func color(_ angle: Float) -> UInt32 {
                var t = (Double(angle) - startAngle) * (0.5 / Double.pi)
                if t < 0 { t += 1 }
                let index = t * lastD + 0.5
                return index >= 1 ? (index < lastD ? l[Int(index)] : l[last]) : l[0]
            }
            do {
                coverage.withUnsafeBufferPointer { mask in
                    guard let m = mask.baseAddress else { return }
                    for y in 0..<h {
                        let row = y &* w, p = window.row(y)
                        let dy = Float((Double(y) + 0.5) - sy)
                        var x = 0
                        while x &+ 8 <= w {
                            let bytes = UnsafeRawPointer(m + (row &+ x)).loadUnaligned(as: UInt64.self)
                            if bytes != 0 {
                                let dx = SIMD8<Float>((SIMD8<Double>(repeating: Double(x)) + offsets) - sx)
                                let angles = Self.coarseAtan2(dy, dx)
                                for i in 0..<8 {
                                    let c = m[row &+ x &+ i]
                                    if c == 0 { continue }
                                    CoveragePainter.blend(color(angles[i]), coverage: UInt32(c), into: p + (x &+ i) &* 4)
                                }
                            }
                            x &+= 8
                        }
                        while x < w {
                            let c = m[row &+ x]
                            if c != 0 {
                                let dx = Float((Double(x) + 0.5) - sx)
                                CoveragePainter.blend(color(Self.coarseAtan2(dy, dx)), coverage: UInt32(c), into: p + x &* 4)
                            }
                            x &+= 1
                        }
                    }
                }
            }
        }
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
