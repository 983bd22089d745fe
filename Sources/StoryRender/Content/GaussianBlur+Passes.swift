import StoryKit

// MARK: - GaussianBlur + Passes

extension GaussianBlur {
    /// Pixels per vertical strip; 16 RGBA pixels are 64 `UInt32` lanes of running sums.
    static let stripPixels = 16

    /// The 4 × 4 Bayer matrix as `2b + 1` (odd sixteenths of a half level), one row per
    /// `UInt32`, column `x mod 4` in byte `x mod 4`.
    static let bayer: [UInt32] = [
        [0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5],
    ].map { row in row.enumerated().reduce(UInt32(0)) { $0 | UInt32(2 * $1.element + 1) << UInt32(8 * $1.offset) } }

    /// Blurs `image` onto a canvas `padding` pixels larger on every side (0: the same size).
    static func blur(_ image: RGBAImage, kernel: Kernel, padding p: Int) -> RGBAImage {
        let w = image.width, h = image.height
        let outW = w + 2 * p, outH = h + 2 * p
        let guardSize = Swift.max(p, kernel.radius) + 1
        let margin = kernel.margin
        let f = UInt64(kernel.fractionBits)
        let total = UInt64(kernel.total)

        // Rows: source bytes → running sums → UInt16 with f fraction bits, `outW` wide.
        let lineLength = w + 2 * guardSize
        let lineA = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: lineLength + 2 * margin)
        let lineB = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: lineLength + 2 * margin)
        lineA.initialize(repeating: .zero, count: lineLength + 2 * margin)
        lineB.initialize(repeating: .zero, count: lineLength + 2 * margin)
        defer { lineA.deallocate(); lineB.deallocate() }
        let rowScale = ((Double(UInt64(1) << (32 + f)) / Double(total))).rounded()
        let rowMultiplier = UInt64(rowScale)
        var middle = [UInt16](repeating: 0, count: outW * h * 4)
        middle.withUnsafeMutableBufferPointer { middleBuffer in
            image.pixels.withUnsafeBufferPointer { source in
                let a = lineA + margin, b = lineB + margin
                let src = source.baseAddress!, mid = middleBuffer.baseAddress!
                for y in 0..<h {
                    for i in 0..<guardSize { a[i] = .zero; a[lineLength - 1 - i] = .zero }
                    let row = src + y * w * 4
                    for x in 0..<w {
                        let q = row + x &* 4
                        a[guardSize + x] = SIMD4(UInt32(q[0]), UInt32(q[1]), UInt32(q[2]), UInt32(q[3]))
                    }
                    let result = runStages(kernel, a, b, count: lineLength)
                    let out = mid + y * outW * 4
                    let first = result + (guardSize - p)
                    for x in 0..<outW {
                        let v = first[x], o = out + x &* 4
                        o[0] = UInt16(truncatingIfNeeded: (UInt64(v.x) &* rowMultiplier &+ (1 << 31)) >> 32)
                        o[1] = UInt16(truncatingIfNeeded: (UInt64(v.y) &* rowMultiplier &+ (1 << 31)) >> 32)
                        o[2] = UInt16(truncatingIfNeeded: (UInt64(v.z) &* rowMultiplier &+ (1 << 31)) >> 32)
                        o[3] = UInt16(truncatingIfNeeded: (UInt64(v.w) &* rowMultiplier &+ (1 << 31)) >> 32)
                    }
                }
            }
        }

        // Columns, in strips of 16 pixels: running sums over 64 lanes per row.
        let lanes = stripPixels * 4
        let columnLength = h + 2 * guardSize
        let columnCapacity = (columnLength + 2 * margin) * lanes
        let columnA = UnsafeMutablePointer<UInt32>.allocate(capacity: columnCapacity)
        let columnB = UnsafeMutablePointer<UInt32>.allocate(capacity: columnCapacity)
        columnA.initialize(repeating: 0, count: columnCapacity)
        columnB.initialize(repeating: 0, count: columnCapacity)
        defer { columnA.deallocate(); columnB.deallocate() }
        let columnMultiplier = UInt64((Double(UInt64(1) << 32) / Double(total << f)).rounded())
        var output = RGBAImage(width: outW, height: outH)
        output.pixels.withUnsafeMutableBufferPointer { outputBuffer in
            middle.withUnsafeBufferPointer { middleBuffer in
                let a = columnA + margin * lanes, b = columnB + margin * lanes
                let mid = middleBuffer.baseAddress!, dst = outputBuffer.baseAddress!
                var stripStart = 0
                while stripStart < outW {
                    let used = Swift.min(stripPixels, outW - stripStart) * 4
                    for i in 0..<(guardSize * lanes) { a[i] = 0; a[(columnLength - guardSize) * lanes + i] = 0 }
                    for y in 0..<h {
                        let from = mid + (y * outW + stripStart) * 4, to = a + (guardSize + y) * lanes
                        for l in 0..<used { to[l] = UInt32(from[l]) }
                        for l in used..<lanes { to[l] = 0 }
                    }
                    let result = runColumnStages(kernel, a, b, count: columnLength, lanes: lanes)
                    for y in 0..<outH {
                        let from = result + (guardSize - p + y) * lanes, to = dst + (y * outW + stripStart) * 4
                        // Bayer thresholds (2b + 1)/32 of a level for the four columns x mod 4.
                        let bayer = Self.bayer[y & 3]
                        for l in 0..<used {
                            let threshold = UInt64((bayer >> (UInt32((l >> 2) & 3) * 8)) & 0xFF) << 27
                            let v = (UInt64(from[l]) &* columnMultiplier &+ threshold) >> 32
                            to[l] = UInt8(truncatingIfNeeded: Swift.min(255, v))
                        }
                    }
                    stripStart += stripPixels
                }
            }
        }
        return output
    }

    /// Runs the kernel along a line of `count` pixels in `a` (zero margins on both sides),
    /// using `b` as scratch; returns the buffer holding the result.
    private static func runStages(_ kernel: Kernel, _ a: UnsafeMutablePointer<SIMD4<UInt32>>,
                                  _ b: UnsafeMutablePointer<SIMD4<UInt32>>, count: Int) -> UnsafeMutablePointer<SIMD4<UInt32>> {
        if kernel.boxes.isEmpty {
            let r = kernel.radius
            kernel.weights.withUnsafeBufferPointer { weights in
                for i in 0..<count {
                    var sum = SIMD4<UInt32>.zero
                    let s = a + (i - r)
                    for k in 0..<weights.count { sum &+= s[k] &* weights[k] }
                    b[i] = sum
                }
            }
            return b
        }
        var (source, target) = (a, b)
        for box in kernel.boxes {
            var sum = SIMD4<UInt32>.zero
            for j in 0..<box.after { sum &+= source[j] }
            let ahead = source + box.after, behind = source - (box.before + 1)
            for i in 0..<count {
                sum = sum &+ ahead[i] &- behind[i]
                target[i] = sum
            }
            swap(&source, &target)
        }
        return source
    }

    /// The same along columns: `count` rows of `lanes` running sums each.
    private static func runColumnStages(_ kernel: Kernel, _ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>,
                                        count: Int, lanes: Int) -> UnsafeMutablePointer<UInt32> {
        if kernel.boxes.isEmpty {
            let r = kernel.radius
            kernel.weights.withUnsafeBufferPointer { weights in
                for i in 0..<count {
                    let target = b + i * lanes
                    for l in 0..<lanes { target[l] = 0 }
                    for k in 0..<weights.count {
                        let s = a + (i - r + k) * lanes, weight = weights[k]
                        for l in 0..<lanes { target[l] = target[l] &+ s[l] &* weight }
                    }
                }
            }
            return b
        }
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: lanes)
        defer { sums.deallocate() }
        var (source, target) = (a, b)
        for box in kernel.boxes {
            sums.initialize(repeating: 0, count: lanes)
            for j in 0..<box.after {
                let s = source + j * lanes
                for l in 0..<lanes { sums[l] = sums[l] &+ s[l] }
            }
            for i in 0..<count {
                let ahead = source + (i + box.after) * lanes, behind = source + (i - box.before - 1) * lanes
                let out = target + i * lanes
                for l in 0..<lanes {
                    let v = sums[l] &+ ahead[l] &- behind[l]
                    sums[l] = v
                    out[l] = v
                }
            }
            swap(&source, &target)
        }
        return source
    }
}
