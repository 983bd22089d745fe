import StoryKit

// MARK: - GaussianBlur + Streaming box blur

extension GaussianBlur {
    /// The three-box blur in one sweep down the image: each source row is box-blurred along x
    /// as it is needed, and the three vertical box stages run as running sums over whole rows,
    /// keeping only the rows they subtract again in small rings. No intermediate image is
    /// stored: the source is read once and the result written once, row by row.
    ///
    /// With `S₁(t) = S₁(t−1) + in(t + a₁) − in(t − b₁ − 1)` and likewise `S₂` over `S₁`, `S₃` over
    /// `S₂` (windows of `b` rows before and `a` after), time `t` yields `S₁(t)`, `S₂(t − a₂)` and
    /// `S₃(t − a₂ − a₃)`.
    ///
    /// `window` (in the blurred picture's pixels) keeps only that part of the result: the
    /// vertical sums run only over its columns, the sweep stops after its last row, and only its
    /// pixels are stored, each exactly as the whole picture has it (the dither follows the
    /// picture's pixel places). `nil` keeps the whole picture.
    static func boxBlur(_ image: RGBAImage, kernel: Kernel, padding p: Int, window: PixelRect? = nil) -> RGBAImage {
        let w = image.width, h = image.height
        let outW = w + 2 * p, outH = h + 2 * p
        let whole = PixelRect(x0: 0, y0: 0, x1: outW, y1: outH)
        let keep = (window ?? whole).intersection(whole)
        guard !keep.isEmpty else { return RGBAImage(width: 0, height: 0) }
        let keepW = keep.x1 - keep.x0, keepH = keep.y1 - keep.y0
        let firstVector = keep.x0 / 4, endVector = (keep.x1 + 3) / 4
        let guardSize = Swift.max(p, kernel.radius) + 1
        let a1 = kernel.boxes[0].1, a2 = kernel.boxes[1].1, a3 = kernel.boxes[2].1
        let n = (outW + 3) / 4   // vectors of 4 pixels per row
        var rings = BoxRings(kernel: kernel, vectors: n)
        defer { rings.deallocate() }

        // Row pass scratch: a line with zero margins, and its ping-pong partner.
        let margin = kernel.margin, length = w + 2 * guardSize, capacity = length + 2 * margin
        let lineA = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: capacity)
        let lineB = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: capacity)
        lineA.initialize(repeating: .zero, count: capacity)
        lineB.initialize(repeating: .zero, count: capacity)
        defer { lineA.deallocate(); lineB.deallocate() }

        let levels = Float(1 << kernel.fractionBits)
        let rowScale = SIMD4<Float>(repeating: levels / Float(kernel.total))
        let columnScale = 1 / (levels * Float(kernel.total))
        let firstOutput = guardSize - p
        let lastTime = firstOutput + keep.y1 - 1 + a2 + a3
        let pixels = [UInt8](unsafeUninitializedCapacity: keepW * keepH * 4) { buffer, count in
            image.pixels.withUnsafeBufferPointer { source in
                guard let dst = buffer.baseAddress, let src = source.baseAddress else {
                    count = 0
                    return
                }
                for t in 0...lastTime {
                    // in(t + a₁): the blurred source row, or zeros outside the image.
                    let new0 = rings.newRow
                    let row = t + a1 - guardSize
                    if row >= 0 && row < h {
                        blurRow(src + row * w * 4, width: w, lineA + margin, lineB + margin, length: length,
                                guardSize: guardSize, padding: p, outWidth: outW, kernel: kernel, scale: rowScale,
                                into: UnsafeMutableRawPointer(new0).assumingMemoryBound(to: SIMD4<UInt32>.self))
                    } else {
                        new0.update(repeating: .zero, count: n)
                    }
                    rings.advance(firstVector..<endVector)
                    let y = t - a2 - a3 - firstOutput
                    guard y >= keep.y0 else { continue }
                    let bias = thresholds[y & 3] - 0.5
                    let to = dst + (y - keep.y0) * keepW * 4
                    for v in firstVector..<endVector {
                        // Pixels 4v ..< 4v + 4 of the row; a vector that sticks out of the window
                        // goes through a scratch vector.
                        let first = v * 4
                        if first >= keep.x0 && first + 4 <= keep.x1 {
                            storeBytes(rings.output(v), scale: columnScale, bias: bias, to: to + (first - keep.x0) * 4)
                            continue
                        }
                        var bytes = SIMD16<UInt8>.zero
                        withUnsafeMutableBytes(of: &bytes) { raw in
                            guard let start = raw.baseAddress else { return }
                            let base = start.assumingMemoryBound(to: UInt8.self)
                            storeBytes(rings.output(v), scale: columnScale, bias: bias, to: base)
                            for x in Swift.max(first, keep.x0)..<Swift.min(first + 4, keep.x1) {
                                for c in 0..<4 { to[(x - keep.x0) * 4 + c] = base[(x - first) * 4 + c] }
                            }
                        }
                    }
                }
            }
            count = keepW * keepH * 4
        }
        return RGBAImage(width: keepW, height: keepH, pixels: pixels)!
    }

    /// Writes `⌊sum · scale + bias + 0.5⌋` for 16 integer lanes as bytes, converting in `SIMD4`
    /// pieces (single SSE instructions; the `SIMD16` conversions do not inline).
    @inline(__always)
    static func storeBytes(_ sum: Lanes, scale: Float, bias: FloatLanes, to target: UnsafeMutablePointer<UInt8>) {
        func float(_ q: SIMD4<UInt32>) -> SIMD4<Float> { SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: q)) * scale }
        let low = SIMD8(lowHalf: float(sum.lowHalf.lowHalf), highHalf: float(sum.lowHalf.highHalf))
        let high = SIMD8(lowHalf: float(sum.highHalf.lowHalf), highHalf: float(sum.highHalf.highHalf))
        storeBytes(FloatLanes(lowHalf: low, highHalf: high), bias: bias, to: target)
    }

    /// Box-blurs one source row along x into `out` (`outWidth` pixels, then zeros up to a whole
    /// vector), in units of 1/2^fractionBits of a level.
    @inline(__always)
    private static func blurRow(_ row: UnsafePointer<UInt8>, width w: Int, _ a: UnsafeMutablePointer<SIMD4<UInt32>>,
                                _ b: UnsafeMutablePointer<SIMD4<UInt32>>, length: Int, guardSize: Int, padding p: Int,
                                outWidth outW: Int, kernel: Kernel, scale: SIMD4<Float>, into out: UnsafeMutablePointer<SIMD4<UInt32>>) {
        for i in 0..<guardSize { a[i] = .zero; a[length - 1 - i] = .zero }
        // Four pixels at a time: 16 bytes widened to 16 UInt32 lanes.
        let raw = UnsafeRawPointer(row), widened = UnsafeMutableRawPointer(a + guardSize)
        var x = 0
        while x + 4 <= w {
            let bytes = raw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt8>.self)
            let words = SIMD8<UInt16>(truncatingIfNeeded: bytes.lowHalf)
            let words2 = SIMD8<UInt16>(truncatingIfNeeded: bytes.highHalf)
            widened.storeBytes(of: SIMD8<UInt32>(lowHalf: SIMD4<UInt32>(truncatingIfNeeded: words.lowHalf),
                                                highHalf: SIMD4<UInt32>(truncatingIfNeeded: words.highHalf)),
                              toByteOffset: x &* 16, as: SIMD8<UInt32>.self)
            widened.storeBytes(of: SIMD8<UInt32>(lowHalf: SIMD4<UInt32>(truncatingIfNeeded: words2.lowHalf),
                                                highHalf: SIMD4<UInt32>(truncatingIfNeeded: words2.highHalf)),
                              toByteOffset: x &* 16 + 32, as: SIMD8<UInt32>.self)
            x += 4
        }
        while x < w {
            let q = row + x &* 4
            a[guardSize + x] = SIMD4(UInt32(q[0]), UInt32(q[1]), UInt32(q[2]), UInt32(q[3]))
            x += 1
        }
        var (source, target) = (a, b)
        for box in kernel.boxes {
            var sum = SIMD4<UInt32>.zero
            for j in 0..<box.after { sum &+= source[j] }
            let ahead = source + box.after, behind = source - (box.before + 1)
            for i in 0..<length {
                sum &+= ahead[i] &- behind[i]
                target[i] = sum
            }
            swap(&source, &target)
        }
        let first = source + (guardSize - p)
        for x in 0..<outW {
            let v = roundedBits(SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: first[x])) * scale)
            out[x] = unsafeBitCast(v, to: SIMD4<UInt32>.self) &- magic
        }
        var tail = outW
        while tail % 4 != 0 { out[tail] = .zero; tail += 1 }
    }
}
