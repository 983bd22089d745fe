import StoryKit

// MARK: - GaussianBlur + Alpha row pass, eight rows at once

extension GaussianBlur {
    /// Eight rows' box sums, one row a lane.
    typealias RowLanes = SIMD8<UInt32>

    /// Box-blurs up to eight rows of bytes along x at once (`rows` of them, from `first`, each
    /// `rowStride` apart; the lanes of missing rows are zero), one row a lane, into `out` (row k
    /// at `out + k · outStride`: `width` values, then zeros up to a whole vector of 16), in units of
    /// 1/2^fractionBits of a level: byte for byte eight calls of the one-row pass (the same
    /// integer sums, the same rounding), in an eighth of the steps. `a` and `b` are lines of
    /// `length + 2 · margin` lanes, entered at `margin`.
    static func alphaRows(_ first: UnsafePointer<UInt8>, rows: Int, rowStride: Int, width w: Int,
                          _ a: UnsafeMutablePointer<RowLanes>, _ b: UnsafeMutablePointer<RowLanes>, length: Int,
                          guardSize: Int, kernel: Kernel, scale: Float, into out: UnsafeMutablePointer<UInt32>,
                          outStride: Int) {
        for i in 0..<guardSize { a[i] = .zero; a[length - 1 - i] = .zero }
        var offsets = SIMD8<Int>.zero, keep = RowLanes.zero
        for k in 0..<Swift.min(rows, 8) {
            offsets[k] = k * rowStride
            keep[k] = 1
        }
        let line = a + guardSize
        for x in 0..<w {
            var lanes = RowLanes.zero
            for k in 0..<8 { lanes[k] = UInt32(first[offsets[k] &+ x]) }
            line[x] = lanes &* keep
        }
        var (source, target) = (a, b)
        for box in kernel.boxes {
            var sum = RowLanes.zero
            for j in 0..<box.after { sum &+= source[j] }
            let ahead = source + box.after, behind = source - (box.before + 1)
            for i in 0..<length {
                sum &+= ahead[i] &- behind[i]
                target[i] = sum
            }
            swap(&source, &target)
        }
        let sums = source + guardSize
        let scales = SIMD4<Float>(repeating: scale)
        for x in 0..<w {
            let low = integers(SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: sums[x].lowHalf)) * scales)
            let high = integers(SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: sums[x].highHalf)) * scales)
            for k in 0..<4 {
                out[k &* outStride &+ x] = low[k]
                out[(k &+ 4) &* outStride &+ x] = high[k]
            }
        }
        var tail = w
        while tail % 16 != 0 {
            for k in 0..<8 { out[k * outStride + tail] = 0 }
            tail += 1
        }
    }
}
