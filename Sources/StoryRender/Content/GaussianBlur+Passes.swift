import StoryKit

// MARK: - GaussianBlur + Passes

extension GaussianBlur {
    typealias Lanes = SIMD16<UInt32>
    typealias FloatLanes = SIMD16<Float>

    /// Pixels per vertical strip of the Gaussian-kernel path: 16 RGBA pixels, four `SIMD16` vectors.
    static let stripPixels = 16

    /// Ordered-dither thresholds for rows `y mod 4`: the 4 × 4 Bayer matrix as `(b + 0.5) / 16` of
    /// a level, repeated over four pixels' RGBA lanes (so one vector serves every 4 pixels).
    static let thresholds: [FloatLanes] = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]].map { row in
        var lanes = FloatLanes()
        for i in 0..<16 { lanes[i] = (Float(row[i / 4]) + 0.5) / 16 }
        return lanes
    }

    /// `v` rounded to the nearest integer, for `|v| < 2²²`, as the bits of a `Float` from which
    /// ``magic`` is subtracted; this avoids the (slow, generic) SIMD float-to-integer
    /// initialisers: adding 1.5·2²³ leaves the rounded integer in the low mantissa bits.
    @inline(__always)
    static func roundedBits<V: SIMD>(_ v: V) -> V where V.Scalar == Float {
        v + V(repeating: 12_582_912)
    }

    /// The bit pattern of 1.5·2²³.
    static let magic: UInt32 = 0x4B40_0000

    /// `v` rounded to the nearest integers (each |v| < 2²²).
    @inline(__always)
    static func integers(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
        unsafeBitCast(roundedBits(v), to: SIMD4<UInt32>.self) &- magic
    }

    /// Blurs `image` onto a canvas `padding` pixels larger on every side (0: the same size).
    static func blur(_ image: RGBAImage, kernel: Kernel, padding p: Int) -> RGBAImage {
        if !kernel.boxes.isEmpty { return boxBlur(image, kernel: kernel, padding: p) }
        let w = image.width, h = image.height
        let outW = w + 2 * p, outH = h + 2 * p
        let guardSize = Swift.max(p, kernel.radius) + 1
        let margin = kernel.margin
        // Rows, `outW` wide, in 1/16 levels; slack so the last strip may read whole vectors.
        var middle = [UInt16](repeating: 0, count: outW * h * 4 + stripPixels * 4)
        middle.withUnsafeMutableBufferPointer { mid in
            image.pixels.withUnsafeBufferPointer { source in
                kernelRows(source.baseAddress!, width: w, height: h, into: mid.baseAddress!, outWidth: outW, padding: p,
                           guardSize: guardSize, margin: margin, kernel: kernel)
            }
        }
        var output = RGBAImage(width: outW, height: outH)
        output.pixels.withUnsafeMutableBufferPointer { out in
            middle.withUnsafeBufferPointer { mid in
                kernelColumns(mid.baseAddress!, width: outW, height: h, into: out.baseAddress!, padding: p,
                              guardSize: guardSize, margin: margin, kernel: kernel)
            }
        }
        return output
    }

    // MARK: Gaussian kernel (σ < 2)

    private static func kernelRows(_ src: UnsafePointer<UInt8>, width w: Int, height h: Int, into mid: UnsafeMutablePointer<UInt16>,
                                   outWidth outW: Int, padding p: Int, guardSize: Int, margin: Int, kernel: Kernel) {
        let length = w + 2 * guardSize, capacity = length + 2 * margin
        let line = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: capacity)
        line.initialize(repeating: .zero, count: capacity)
        defer { line.deallocate() }
        let a = line + margin
        let weights = kernel.weights, r = kernel.radius
        for y in 0..<h {
            let row = src + y * w * 4
            for x in 0..<w {
                let q = row + x &* 4
                a[guardSize + x] = SIMD4(Float(q[0]), Float(q[1]), Float(q[2]), Float(q[3])) * 16
            }
            let out = mid + y * outW * 4
            for x in 0..<outW {
                let s = a + (guardSize - p + x - r)
                var sum = SIMD4<Float>.zero
                for k in 0..<weights.count { sum += s[k] * weights[k] }
                let bits = unsafeBitCast(roundedBits(sum), to: SIMD4<UInt32>.self) &- magic
                (out + x &* 4).withMemoryRebound(to: SIMD4<UInt16>.self, capacity: 1) {
                    $0.pointee = SIMD4<UInt16>(truncatingIfNeeded: bits)
                }
            }
        }
    }

    private static func kernelColumns(_ mid: UnsafePointer<UInt16>, width outW: Int, height h: Int, into dst: UnsafeMutablePointer<UInt8>,
                                      padding p: Int, guardSize: Int, margin: Int, kernel: Kernel) {
        let outH = h + 2 * p
        let length = h + 2 * guardSize, capacity = (length + 2 * margin) * 4
        let column = UnsafeMutablePointer<FloatLanes>.allocate(capacity: capacity)
        column.initialize(repeating: .zero, count: capacity)
        defer { column.deallocate() }
        let a = column + margin * 4
        let r = kernel.radius
        var stripStart = 0
        while stripStart < outW {
            let used = Swift.min(stripPixels, outW - stripStart) * 4
            for y in 0..<h {
                let from = UnsafeRawPointer(mid + (y * outW + stripStart) * 4), to = a + (guardSize + y) * 4
                for v in 0..<4 {
                    let q = from.loadUnaligned(fromByteOffset: v * 32, as: SIMD16<UInt16>.self)
                    to[v] = FloatLanes(SIMD16<Int32>(truncatingIfNeeded: q)) * (1 / 16)
                }
            }
            kernel.weights.withUnsafeBufferPointer { weights in
                for y in 0..<outH {
                    let bias = thresholds[y & 3] - 0.5
                    let to = dst + (y * outW + stripStart) * 4
                    var bytes = (SIMD16<UInt8>.zero, SIMD16<UInt8>.zero, SIMD16<UInt8>.zero, SIMD16<UInt8>.zero)
                    withUnsafeMutableBytes(of: &bytes) { raw in
                        guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                        for v in 0..<4 {
                            var sum = FloatLanes.zero
                            let first = a + (guardSize - p + y - r) * 4 + v
                            for k in 0..<weights.count { sum += first[k &* 4] * weights[k] }
                            storeBytes(sum, bias: bias, to: base + v * 16)
                        }
                        for l in 0..<used { to[l] = base[l] }
                    }
                }
            }
            stripStart += stripPixels
        }
    }

    /// Writes `⌊value + bias + 0.5⌋` (0…255 by construction) for 16 float lanes as bytes.
    @inline(__always)
    static func storeBytes(_ value: FloatLanes, bias: FloatLanes, to target: UnsafeMutablePointer<UInt8>) {
        let quarters = (value.lowHalf.lowHalf, value.lowHalf.highHalf, value.highHalf.lowHalf, value.highHalf.highHalf)
        let biases = (bias.lowHalf.lowHalf, bias.lowHalf.highHalf, bias.highHalf.lowHalf, bias.highHalf.highHalf)
        let r0 = integers(quarters.0 + biases.0), r1 = integers(quarters.1 + biases.1)
        let r2 = integers(quarters.2 + biases.2), r3 = integers(quarters.3 + biases.3)
        let packed = SIMD4<UInt32>(
            r0[0] | r0[1] << 8 | r0[2] << 16 | r0[3] << 24, r1[0] | r1[1] << 8 | r1[2] << 16 | r1[3] << 24,
            r2[0] | r2[1] << 8 | r2[2] << 16 | r2[3] << 24, r3[0] | r3[1] << 8 | r3[2] << 16 | r3[3] << 24)
        UnsafeMutableRawPointer(target).storeBytes(of: packed, as: SIMD4<UInt32>.self)
    }
}
