import CBlur

// MARK: - GaussianBlur + BoxRings

extension GaussianBlur {
    /// The column pass's three running box sums over `vectors` column vectors, each box's recent
    /// input rows kept in a ring: the sweep of the one-byte-per-pixel blur
    /// (``alphaBoxBlur(_:rowStride:width:height:kernel:)``; the RGBA blur sums taps instead, see
    /// ``boxBlur(_:kernel:padding:window:)``).
    /// Each step, the caller fills (or zeroes) ``newRow`` with the row pass's output, then calls
    /// ``advance(_:)``; ``output(_:)`` is then the third box's sum. It owns its memory until
    /// ``deallocate()``.
    struct BoxRings {
        /// Column vectors per row.
        let vectors: Int
        private let sums: UnsafeMutablePointer<Lanes>
        private let ring0: UnsafeMutablePointer<Lanes>, ring1: UnsafeMutablePointer<Lanes>, ring2: UnsafeMutablePointer<Lanes>
        private let size0: Int, size1: Int, size2: Int
        private var slot0 = 0, slot1 = 0, slot2 = 0

        /// Zeroed rings for `kernel`'s three boxes over `vectors` column vectors.
        init(kernel: Kernel, vectors n: Int) {
            let (b1, a1) = kernel.boxes[0], (b2, a2) = kernel.boxes[1], (b3, a3) = kernel.boxes[2]
            vectors = n
            size0 = a1 + b1 + 2
            size1 = a2 + b2 + 2
            size2 = a3 + b3 + 2
            let storage = (3 + size0 + size1 + size2) * n
            sums = UnsafeMutablePointer<Lanes>.allocate(capacity: storage)
            sums.initialize(repeating: .zero, count: storage)
            ring0 = sums + 3 * n
            ring1 = ring0 + size0 * n
            ring2 = ring1 + size1 * n
        }

        /// Frees the rings; the value must not be used after.
        func deallocate() { sums.deallocate() }

        /// Where this step's input row goes (the first box's newest row): fill it, or zero it.
        var newRow: UnsafeMutablePointer<Lanes> { ring0 + slot0 * vectors }

        /// The third box's running sum for column vector `v`, after ``advance(_:)``.
        @inline(__always)
        func output(_ v: Int) -> Lanes { sums[2 * vectors + v] }

        /// Adds the new row to the first box and each box's new output to the next, dropping
        /// each box's oldest row, for the column vectors in `range`; then turns the rings.
        @inline(__always)
        mutating func advance(_ range: Range<Int>) {
            let n = vectors
            let new0 = ring0 + slot0 * n
            let old0 = ring0 + (slot0 + 1 == size0 ? 0 : slot0 + 1) * n
            let new1 = ring1 + slot1 * n
            let old1 = ring1 + (slot1 + 1 == size1 ? 0 : slot1 + 1) * n
            let new2 = ring2 + slot2 * n
            let old2 = ring2 + (slot2 + 1 == size2 ? 0 : slot2 + 1) * n
            for v in range {
                let s1 = sums[v] &+ (new0[v] &- old0[v])
                sums[v] = s1
                new1[v] = s1
                let s2 = sums[n + v] &+ (s1 &- old1[v])
                sums[n + v] = s2
                new2[v] = s2
                sums[2 * n + v] = sums[2 * n + v] &+ (s2 &- old2[v])
            }
            slot0 = slot0 + 1 == size0 ? 0 : slot0 + 1
            slot1 = slot1 + 1 == size1 ? 0 : slot1 + 1
            slot2 = slot2 + 1 == size2 ? 0 : slot2 + 1
        }

        /// ``advance(_:)`` over every column vector in AVX2 (only where ``GaussianBlur/avx2``),
        /// with `row` (`vectors · 16` values; nil: zeros) as the new row, copied into ``newRow``
        /// as it is read; then, unless `to` is nil, the third box's sums as `width` bytes there,
        /// each ⌊sum · `scale` + bias + 0.5⌋ with `bias` the 16 lanes' dither: byte for byte
        /// filling ``newRow``, ``advance(_:)`` then `storeBytes(_:scale:bias:to:)`.
        mutating func advanceAVX2(row: UnsafePointer<UInt32>?, scale: Float, bias: UnsafePointer<Float>,
                                  to: UnsafeMutablePointer<UInt8>?, width: Int) {
            let n = vectors
            func lanes(_ ring: UnsafeMutablePointer<Lanes>, _ slot: Int) -> UnsafeMutablePointer<UInt32> {
                UnsafeMutableRawPointer(ring + slot * n).assumingMemoryBound(to: UInt32.self)
            }
            storykit_blur_alpha_step_avx2(UnsafeMutableRawPointer(sums).assumingMemoryBound(to: UInt32.self), n, row,
                                          lanes(ring0, slot0), lanes(ring0, slot0 + 1 == size0 ? 0 : slot0 + 1),
                                          lanes(ring1, slot1), lanes(ring1, slot1 + 1 == size1 ? 0 : slot1 + 1),
                                          lanes(ring2, slot2), lanes(ring2, slot2 + 1 == size2 ? 0 : slot2 + 1),
                                          scale, bias, to, width)
            slot0 = slot0 + 1 == size0 ? 0 : slot0 + 1
            slot1 = slot1 + 1 == size1 ? 0 : slot1 + 1
            slot2 = slot2 + 1 == size2 ? 0 : slot2 + 1
        }
    }
}
