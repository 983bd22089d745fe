import StoryKit

// MARK: - GaussianBlur + Alpha planes

extension GaussianBlur {
    /// Ordered-dither thresholds for one byte per pixel: the lanes of ``thresholds`` rearranged
    /// for 16 pixels per vector instead of 4 pixels of 4 channels (lane `i` is pixel `x mod 4`).
    static let alphaThresholds: [FloatLanes] = thresholds.map { rgba in
        var lanes = FloatLanes()
        for i in 0..<16 { lanes[i] = rgba[(i % 4) * 4] }
        return lanes
    }

    /// Blurs a plane of coverage or alpha bytes (`width × height`, rows one after the other) in
    /// place, keeping its size; everything outside the plane counts as 0.
    ///
    /// The result is byte for byte the alpha channel that ``apply(to:sigma:)`` gives for an image
    /// with this alpha (the channels of that blur do not mix, and the dither depends only on
    /// the pixel's place), at a quarter of the work: one lane per pixel instead of four. Only the
    /// box around the non-zero bytes, grown by the kernel's reach and aligned to the 4 × 4 dither,
    /// is swept; outside it the blur is 0 and the plane is left as it is (zero). A shadow casts
    /// from a mask this way (``ShadowPainter``).
    ///
    /// - Parameters:
    ///   - plane: `width · height` bytes; another count leaves it unchanged.
    ///   - width: Pixels per row.
    ///   - height: Rows.
    ///   - sigma: Standard deviation in pixels (see ``apply(to:sigma:)``).
    ///   - portable: Keeps the column sweep in Swift where the CPU has AVX2 (tests compare the two).
    static func applyToAlpha(_ plane: inout [UInt8], width: Int, height: Int, sigma: Double, portable: Bool = false) {
        guard let kernel = Kernel(sigma: sigma), width > 0, height > 0, plane.count == width * height else { return }
        guard !kernel.boxes.isEmpty else {
            // σ < 2: the Gaussian-weights path, through an RGBA image (small kernels, rare).
            var image = RGBAImage(width: width, height: height)
            for i in 0..<plane.count { image.pixels[i * 4 + 3] = plane[i] }
            image = blur(image, kernel: kernel, padding: 0)
            for i in 0..<plane.count { plane[i] = image.pixels[i * 4 + 3] }
            return
        }
        plane.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let box = nonZeroBox(base, width: width, height: height) else { return }
            let reach = kernel.radius + 1
            let x0 = Swift.max(0, box.x0 - reach) & ~3, y0 = Swift.max(0, box.y0 - reach) & ~3
            let x1 = Swift.min(width, box.x1 + reach), y1 = Swift.min(height, box.y1 + reach)
            alphaBoxBlur(base + y0 * width + x0, rowStride: width, width: x1 - x0, height: y1 - y0, kernel: kernel,
                         portable: portable)
        }
    }

    /// The smallest box holding every non-zero byte of the plane, `nil` when all are zero.
    static func nonZeroBox(_ plane: UnsafePointer<UInt8>, width: Int, height: Int) -> PixelRect? {
        var minX = width, maxX = -1, minY = -1, maxY = -1
        for y in 0..<height {
            let row = plane + y * width
            var first = -1, last = -1
            var x = 0
            while x + 8 <= width {
                if UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) != 0 {
                    for i in x..<(x + 8) where row[i] != 0 {
                        if first < 0 { first = i }
                        last = i
                    }
                }
                x += 8
            }
            while x < width {
                if row[x] != 0 {
                    if first < 0 { first = x }
                    last = x
                }
                x += 1
            }
            guard first >= 0 else { continue }
            if minY < 0 { minY = y }
            maxY = y
            minX = Swift.min(minX, first)
            maxX = Swift.max(maxX, last)
        }
        guard minY >= 0 else { return nil }
        return PixelRect(x0: minX, y0: minY, x1: maxX + 1, y1: maxY + 1)
    }

    /// The three-box sweep of ``boxBlur(_:kernel:padding:)`` on one byte per pixel, in place:
    /// source row `r` is read before output row `r` is written (the output lags the input by the
    /// boxes' reach), so the rows can share memory. Vectors hold 16 pixels. Where the CPU has AVX2
    /// (``avx2``), unless `portable`, each step of the column sweep runs in a C kernel
    /// (`BoxRings.advanceAVX2`), with the same bytes.
    static func alphaBoxBlur(_ plane: UnsafeMutablePointer<UInt8>, rowStride: Int, width w: Int, height h: Int,
                             kernel: Kernel, portable: Bool = false) {
        guard w > 0, h > 0 else { return }
        let guardSize = kernel.radius + 1
        let a1 = kernel.boxes[0].1, a2 = kernel.boxes[1].1, a3 = kernel.boxes[2].1
        let n = (w + 15) / 16
        var rings = BoxRings(kernel: kernel, vectors: n)
        defer { rings.deallocate() }

        let margin = kernel.margin, length = w + 2 * guardSize, capacity = length + 2 * margin
        let lineA = UnsafeMutablePointer<RowLanes>.allocate(capacity: capacity)
        let lineB = UnsafeMutablePointer<RowLanes>.allocate(capacity: capacity)
        lineA.initialize(repeating: .zero, count: capacity)
        lineB.initialize(repeating: .zero, count: capacity)
        // The row pass of eight source rows at once (from `aheadFrom`), each copied into the
        // rings in its step.
        let rowValues = n * 16, ahead = UnsafeMutablePointer<UInt32>.allocate(capacity: 8 * rowValues)
        var aheadFrom = -8
        defer { lineA.deallocate(); lineB.deallocate(); ahead.deallocate() }

        let levels = Float(1 << kernel.fractionBits)
        let rowScale = levels / Float(kernel.total)
        let columnScale = 1 / (levels * Float(kernel.total))
        let wide = avx2 && !portable
        // The dither of rows y mod 4 as the AVX2 step reads it (16 floats each).
        let biases = UnsafeMutablePointer<FloatLanes>.allocate(capacity: 4)
        for r in 0..<4 { (biases + r).initialize(to: alphaThresholds[r] - 0.5) }
        defer { biases.deallocate() }
        let lastTime = guardSize + h - 1 + a2 + a3
        for t in 0...lastTime {
            let new0 = rings.newRow
            let row = t + a1 - guardSize
            // This step's row pass (nil: zeros).
            var rowValuesNow: UnsafePointer<UInt32>? = nil
            if row >= 0 && row < h {
                if row >= aheadFrom + 8 {
                    // Rows read ahead are read before any output row at or below them is written.
                    aheadFrom = row
                    alphaRows(plane + row * rowStride, rows: Swift.min(8, h - row), rowStride: rowStride, width: w,
                              lineA + margin, lineB + margin, length: length, guardSize: guardSize, kernel: kernel,
                              scale: rowScale, into: ahead, outStride: rowValues)
                }
                rowValuesNow = UnsafePointer(ahead + (row - aheadFrom) * rowValues)
            }
            let y = t - a2 - a3 - guardSize
            if wide {
                // The kernel copies the row into the ring as it reads it.
                UnsafeRawPointer(biases + (y & 3)).withMemoryRebound(to: Float.self, capacity: 16) { bias in
                    rings.advanceAVX2(row: rowValuesNow, scale: columnScale, bias: bias,
                                      to: y >= 0 ? plane + y * rowStride : nil, width: w)
                }
                continue
            }
            if let rowValuesNow {
                UnsafeMutableRawPointer(new0).assumingMemoryBound(to: UInt32.self).update(from: rowValuesNow, count: rowValues)
            } else {
                new0.update(repeating: .zero, count: n)
            }
            rings.advance(0..<n)
            guard y >= 0 else { continue }
            let bias = alphaThresholds[y & 3] - 0.5
            let to = plane + y * rowStride
            let whole = w / 16
            for v in 0..<whole { storeBytes(rings.output(v), scale: columnScale, bias: bias, to: to + v * 16) }
            if whole < n {
                var bytes = SIMD16<UInt8>.zero
                withUnsafeMutableBytes(of: &bytes) { raw in
                    guard let start = raw.baseAddress else { return }
                    let base = start.assumingMemoryBound(to: UInt8.self)
                    storeBytes(rings.output(whole), scale: columnScale, bias: bias, to: base)
                    for l in 0..<(w - whole * 16) { to[whole * 16 + l] = base[l] }
                }
            }
        }
    }
}
