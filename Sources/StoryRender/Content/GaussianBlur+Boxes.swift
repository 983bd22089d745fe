import CBlur
import StoryKit

// MARK: - GaussianBlur + Three-box blur in bands

extension GaussianBlur {
    /// Two pixels' channels in 16-bit lanes: the row pass's output as the column pass reads it.
    typealias PairLanes = SIMD8<UInt16>
    /// Two pixels' channels in 32-bit lanes: the column pass's running sums.
    typealias PairSums = SIMD8<UInt32>

    /// Rows the column pass sweeps per band (the row pass fills a band of rows first).
    static let bandRows = 16

    /// The three-box blur as integer sums, rows first, then columns, exactly (bit for bit) the
    /// cascade of three running box sums along x and then along y, in far fewer operations.
    ///
    /// Three centred boxes of widths `w₁, w₂, w₃` are one filter,
    /// `(1 − z^−w₁)(1 − z^−w₂)(1 − z^−w₃) / (1 − z^−1)³`: three differences of the input (each
    /// minus itself w places back), then three running sums. The sums grow without bound, but
    /// every step is an addition modulo 2³², and the true result (a box-blur sum below 2³¹) is
    /// what is left: the same integers as the three separate box passes. The differences stay
    /// within ±4 · 4080 and are taken modulo 2¹⁶, eight lanes to a vector. Along a row each pixel
    /// is one `SIMD4` of running sums (its four channels); the row's result, rounded to
    /// 1/2^fractionBits of a level (at most 4080, so 16 bits), goes into a ring of the rows the
    /// column differences read again (w + 1 rows each). Down the columns the differences are
    /// taken row by row for a band of ``bandRows`` rows (in AVX2, by the column pass itself, in
    /// strips that stay in L1); the band is then swept two pixels (eight lanes) at a time with the three running sums in registers, and each result is rounded to
    /// bytes with the 4 × 4 ordered dither, as before. Each running sum adds one value per step.
    /// The working memory (about 0.8 MB for a 1080-pixel row at σ = 10) stays in the cache, and
    /// nothing is allocated per pixel.
    ///
    /// `window` (in the blurred picture's pixels) keeps only that part of the result: the row
    /// pass computes only its columns, the sweep stops after its last row, and only its pixels
    /// are stored, each exactly as the whole picture has it (the dither follows the picture's
    /// pixel places). `nil` keeps the whole picture.
    ///
    /// `extending` > 0 blurs the image as if it were first grown by that many pixels on every
    /// side, each new pixel the colour of the nearest edge pixel (the canvas of
    /// `RGBAImage.blurred(sigma:)`), without making that canvas: the row pass widens each source
    /// row with its edge pixels repeated, and the rows above and below the image, all equal to its
    /// first or last row, are blurred along x once and copied.
    ///
    /// Where the CPU has AVX2 (``avx2``), unless `portable`, the row pass runs two rows at a time
    /// and the column pass four pixels at a time in 256-bit C kernels; where it also has AVX-512
    /// (``avx512``), unless `avx2Only`, the column pass runs eight pixels at a time and the row
    /// pass widens and differences its rows in 512-bit kernels. Every path gives the same bytes.
    static func boxBlur(_ image: RGBAImage, kernel: Kernel, padding p: Int, window: PixelRect? = nil,
                        extending e: Int = 0, portable: Bool = false, avx2Only: Bool = false) -> RGBAImage {
        let wide = avx2 && !portable, widest = wide && avx512 && !avx2Only
        let rowPair = widest ? storykit_blur_row_pair_avx512 : storykit_blur_row_pair_avx2
        let sourceWidth = image.width, sourceHeight = image.height
        let w = sourceWidth + 2 * e, h = sourceHeight + 2 * e
        let outW = w + 2 * p, outH = h + 2 * p
        let whole = PixelRect(x0: 0, y0: 0, x1: outW, y1: outH)
        let keep = (window ?? whole).intersection(whole)
        guard !keep.isEmpty else { return RGBAImage(width: 0, height: 0) }
        let keepW = keep.x1 - keep.x0, keepH = keep.y1 - keep.y0
        let taps = Taps(kernel: kernel)
        // Columns x0 ..< x0 + 2·pairs of the picture are computed (x0 even: the dither pattern
        // of a pair is then one of two).
        let x0 = keep.x0 & ~1, pairs = (keep.x1 - x0 + 1) / 2
        let band = bandRows, rowLanes = pairs * 8
        // The column filter's three differences, (1 − z^−w₃), (1 − z^−w₂), (1 − z^−w₁), each
        // keeping its input's last w + 1 rows in a ring (zeros before the first step; the row
        // pass's ring holds a band more, as the AVX2 column pass takes the differences of a band
        // after its row passes, and one row more, where the AVX2 row pass puts the next step's
        // row), and the resulting tap sums of a band's steps.
        let (w1, w2, w3) = taps.widths, ringU = w3 + 2 + band
        let rings = UnsafeMutablePointer<UInt16>.allocate(capacity: (taps.span + 4 + band) * rowLanes)
        rings.initialize(repeating: 0, count: (taps.span + 4 + band) * rowLanes)
        let rowsOfU = rings, rowsOfE = rings + ringU * rowLanes, rowsOfF = rowsOfE + (w2 + 1) * rowLanes
        let tapped = UnsafeMutablePointer<PairLanes>.allocate(capacity: band * pairs)
        let sums = UnsafeMutablePointer<PairSums>.allocate(capacity: 3 * pairs)
        sums.initialize(repeating: .zero, count: 3 * pairs)
        // The row pass's lines: the source row widened to 16 bits and its first two differences
        // along x, with zeros where the differences reach past the row.
        let front = taps.span + Swift.max(0, p - taps.reach) + 4, lineLength = (front + w + p + taps.reach + 6) * 4
        let line = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * lineLength), nextLine = line + 2 * lineLength
        line.initialize(repeating: 0, count: 4 * lineLength)
        defer { rings.deallocate(); tapped.deallocate(); sums.deallocate(); line.deallocate() }

        let levels = Float(1 << kernel.fractionBits)
        let rowScale = SIMD4<Float>(repeating: levels / Float(kernel.total))
        let columnScale = 1 / (levels * Float(kernel.total))
        let biases = pairBiases
        // In AVX2, the pairs wholly inside the window, two at a time from the first such pair,
        // take their column differences in the column pass; the others here, step by step.
        let firstInside = keep.x0 - x0, quads = wide ? Swift.max(0, ((keep.x1 - x0) / 2 - firstInside) / 2) : 0
        let columnRings = ColumnRings(u: rowsOfU, ringU: ringU, w3: w3, e: rowsOfE, ringE: w2 + 1, f: rowsOfF,
                                      ringF: w1 + 1, rowLanes: rowLanes, firstInside: firstInside, quads: quads,
                                      avx512: widest)
        // Step s brings in the row pass of source row s + reach and yields picture row s + p.
        let firstStep = Swift.min(-taps.reach, keep.y0 - p), lastStep = keep.y1 - 1 - p
        let pixels = [UInt8](unsafeUninitializedCapacity: keepW * keepH * 4) { buffer, count in
            image.pixels.withUnsafeBufferPointer { source in
                guard let dst = buffer.baseAddress, let src = source.baseAddress else {
                    count = 0
                    return
                }
                var bandStart = firstStep
                // The source row whose row pass is in the previous step's ring slot (−1: none).
                var previousSource = -1
                // The source row whose row pass the previous step made in this step's slot (−1: none).
                var madeSource = -1
                while bandStart <= lastStep {
                    let bandEnd = Swift.min(bandStart + band, lastStep + 1)
                    for s in bandStart..<bandEnd {
                        let n = s - firstStep
                        let u = rowsOfU + (n % ringU) * rowLanes
                        let row = s + taps.reach
                        if row >= 0 && row < h {
                            let source = Swift.min(Swift.max(row - e, 0), sourceHeight - 1)
                            let next = Swift.min(Swift.max(row + 1 - e, 0), sourceHeight - 1)
                            if source == madeSource {
                                madeSource = -1
                            } else if source == previousSource {
                                u.update(from: rowsOfU + ((n + ringU - 1) % ringU) * rowLanes, count: rowLanes)
                            } else if wide && s < lastStep && row + 1 < h && next != source {
                                // Two rows at once in AVX2: this step's and the next's.
                                rowPair(src + source * sourceWidth * 4, src + next * sourceWidth * 4,
                                        sourceWidth, e, line, nextLine, lineLength, front, w1, w2, w3,
                                        taps.reach, p, x0, pairs * 2, rowScale[0], u,
                                        rowsOfU + ((n + 1) % ringU) * rowLanes)
                                madeSource = next
                            } else {
                                rowPass(src + source * sourceWidth * 4, width: sourceWidth, extending: e, lines: line,
                                        lineLength: lineLength, front: front, taps: taps, padding: p, firstColumn: x0,
                                        columns: pairs * 2, scale: rowScale, into: u)
                            }
                            previousSource = source
                        } else {
                            u.update(repeating: 0, count: rowLanes)
                            previousSource = -1
                        }
                        let uOld = rowsOfU + ((n + ringU - w3) % ringU) * rowLanes
                        let e = rowsOfE + (n % (w2 + 1)) * rowLanes, eOld = rowsOfE + ((n + 1) % (w2 + 1)) * rowLanes
                        let f = rowsOfF + (n % (w1 + 1)) * rowLanes, fOld = rowsOfF + ((n + 1) % (w1 + 1)) * rowLanes
                        let out = tapped + (s - bandStart) * pairs
                        if quads > 0 {
                            let after = firstInside + 2 * quads, lane = after * 8
                            differences(u, uOld, e, eOld, f, fOld, pairs: firstInside, into: out)
                            differences(u + lane, uOld + lane, e + lane, eOld + lane, f + lane, fOld + lane,
                                        pairs: pairs - after, into: out + after)
                        } else {
                            differences(u, uOld, e, eOld, f, fOld, pairs: pairs, into: out)
                        }
                    }
                    // The source rows the next band's row passes read (a hint to the AVX2 column pass).
                    let nextFirst = Swift.min(Swift.max(bandEnd + taps.reach - e, 0), sourceHeight - 1)
                    let nextLast = Swift.min(Swift.max(bandEnd + band + taps.reach + 1 - e, 0), sourceHeight - 1)
                    let ahead = bandEnd <= lastStep ? src + nextFirst * sourceWidth * 4 : nil
                    let aheadBytes = bandEnd <= lastStep ? (nextLast + 1 - nextFirst) * sourceWidth * 4 : 0
                    columnPass(tapped, steps: bandStart..<bandEnd, pairs: pairs, sums: sums, padding: p,
                               firstColumn: x0, keep: keep, scale: columnScale, biases: biases,
                               rings: columnRings, firstStep: bandStart - firstStep, ahead: ahead, aheadBytes: aheadBytes,
                               into: dst)
                    bandStart = bandEnd
                }
            }
            count = keepW * keepH * 4
        }
        // The count always matches; the fallback only keeps this free of a force unwrap.
        return RGBAImage(width: keepW, height: keepH, pixels: pixels) ?? RGBAImage(width: keepW, height: keepH)
    }

    /// Whether the row and column passes may run in AVX2 here (an x86-64 CPU and OS that have it).
    static let avx2 = storykit_blur_avx2_available() != 0

    /// Whether they may also run in AVX-512 (F and BW) here: eight pixels a step in the column pass.
    static let avx512 = storykit_blur_avx512_available() != 0

    /// A three-box kernel's widths and reach, as the differences and running sums use them.
    struct Taps {
        /// The box widths w₁, w₂, w₃.
        let widths: (Int, Int, Int)
        /// The filter's length, w₁ + w₂ + w₃ (the furthest place its differences read back).
        let span: Int
        /// Pixels the boxes reach ahead (the sum of the boxes' `after`).
        let reach: Int

        init(kernel: Kernel) {
            let sizes = kernel.boxes.map { $0.before + $0.after + 1 }
            widths = (sizes[0], sizes[1], sizes[2])
            span = sizes[0] + sizes[1] + sizes[2]
            reach = kernel.boxes.reduce(0) { $0 + $1.after }
        }
    }

    /// The dither's `threshold − 0.5` for a pair of pixels: index `(y mod 4) · 2 + (x / 2) mod 2`,
    /// written twice (indices 8 ..< 16 repeat 0 ..< 8), so four rows in turn from any row index in.
    static let pairBiases: [SIMD8<Float>] = (0..<16).map { index in
        let lanes = thresholds[(index / 2) % 4], first = (index % 2) * 8
        var bias = SIMD8<Float>()
        for i in 0..<8 { bias[i] = lanes[first + i] - 0.5 }
        return bias
    }

    /// The row pass of one source row: its three-box blur along x at picture columns
    /// `firstColumn ..< firstColumn + columns` (`columns` even), rounded to 1/2^fractionBits of a
    /// level, as four 16-bit channels per pixel into `out`. The differences of the widened row
    /// are (1 − z^−w₂)(1 − z^−w₃) along the whole row, then (1 − z^−w₁) as the three running
    /// sums take them, one value a step (in 16 bits: within ±4 · 255).
    @inline(__always)
    private static func rowPass(_ row: UnsafePointer<UInt8>, width w: Int, extending e: Int, lines: UnsafeMutablePointer<UInt16>,
                                lineLength: Int, front: Int, taps: Taps, padding p: Int, firstColumn: Int, columns: Int,
                                scale: SIMD4<Float>, into out: UnsafeMutablePointer<UInt16>) {
        // The source widened into pixels front + e ..< front + e + w of the line, its edge pixels
        // repeated over the e pixels on either side; the rest stays zero.
        let raw = UnsafeRawPointer(row), widened = UnsafeMutableRawPointer(lines + (front + e) * 4)
        if e > 0 {
            let first = SIMD4<UInt16>(UInt16(row[0]), UInt16(row[1]), UInt16(row[2]), UInt16(row[3]))
            let end = (w - 1) * 4
            let last = SIMD4<UInt16>(UInt16(row[end]), UInt16(row[end + 1]), UInt16(row[end + 2]), UInt16(row[end + 3]))
            let left = UnsafeMutableRawPointer(lines + front * 4), right = widened + w * 8
            for x in 0..<e {
                left.storeBytes(of: first, toByteOffset: x &* 8, as: SIMD4<UInt16>.self)
                right.storeBytes(of: last, toByteOffset: x &* 8, as: SIMD4<UInt16>.self)
            }
        }
        var x = 0
        while x &+ 4 <= w {
            let bytes = raw.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt8>.self)
            widened.storeBytes(of: SIMD8<UInt16>(truncatingIfNeeded: bytes.lowHalf), toByteOffset: x &* 8, as: SIMD8<UInt16>.self)
            widened.storeBytes(of: SIMD8<UInt16>(truncatingIfNeeded: bytes.highHalf), toByteOffset: x &* 8 &+ 16, as: SIMD8<UInt16>.self)
            x &+= 4
        }
        while x < w {
            for c in 0..<4 { lines[(front + e + x) * 4 + c] = UInt16(row[x * 4 + c]) }
            x += 1
        }
        let (w1, w2, w3) = taps.widths
        // Step s takes the tap sum at source pixel s + reach and yields image pixel s (picture
        // column s + p); the steps run from where the sums are still zero (an even count before
        // the first column kept).
        let firstOut = firstColumn - p
        let start = firstOut - ((Swift.max(0, firstOut + taps.reach) + 1) & ~1)
        let pairsCount = (firstOut + columns - start) / 2
        // f = (1 − z^−w₂)(1 − z^−w₃) u up to the last pixel the steps read, from u alone (a load
        // of a difference stored a few steps before would wait for the store).
        let u = UnsafeRawPointer(lines + front * 4), f = UnsafeMutableRawPointer(lines + lineLength + front * 4)
        let last = start + 2 * pairsCount + taps.reach
        let u3 = u - w3 * 8, u2 = u - w2 * 8, u23 = u - (w2 + w3) * 8
        var k = 0
        while k < last {
            let o = k &* 8
            func at(_ pointer: UnsafeRawPointer) -> PairLanes { pointer.loadUnaligned(fromByteOffset: o, as: PairLanes.self) }
            f.storeBytes(of: (at(u) &- at(u3)) &- (at(u2) &- at(u23)), toByteOffset: o, as: PairLanes.self)
            k &+= 2
        }
        var i1 = SIMD4<UInt32>.zero, i2 = SIMD4<UInt32>.zero, i3 = SIMD4<UInt32>.zero
        @inline(__always) func add(_ d: SIMD4<Int16>) {
            i1 &+= SIMD4<UInt32>(truncatingIfNeeded: SIMD4<Int32>(truncatingIfNeeded: d))
            i2 &+= i1
            i3 &+= i2
        }
        // The tap sums of steps s, s + 1: f − f(x − w₁) at x = s + reach.
        let now = UnsafeRawPointer(f + (start + taps.reach) * 8), before = now - w1 * 8
        @inline(__always) func tapped(_ k: Int) -> SIMD8<Int16> {
            let o = k &* 16
            return SIMD8<Int16>(truncatingIfNeeded: now.loadUnaligned(fromByteOffset: o, as: PairLanes.self)
                                &- before.loadUnaligned(fromByteOffset: o, as: PairLanes.self))
        }
        let warm = (firstOut - start) / 2
        for k in 0..<warm {
            let d = tapped(k)
            add(d.lowHalf)
            add(d.highHalf)
        }
        let target = UnsafeMutableRawPointer(out)
        for k in warm..<pairsCount {
            let d = tapped(k)
            add(d.lowHalf)
            let first = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: i3)) * scale
            add(d.highHalf)
            let second = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: i3)) * scale
            let bits = SIMD8(lowHalf: unsafeBitCast(roundedBits(first), to: SIMD4<UInt32>.self),
                             highHalf: unsafeBitCast(roundedBits(second), to: SIMD4<UInt32>.self))
            // The rounded value is in the low bits (at most 4080).
            target.storeBytes(of: SIMD8<UInt16>(truncatingIfNeeded: bits), toByteOffset: (k &- warm) &* 16, as: SIMD8<UInt16>.self)
        }
    }

    /// One step of the column filter's three differences for every pair of columns: `e` and `f`
    /// get this step's (1 − z^−w₃) of `u` and (1 − z^−w₂) of that, `out` the (1 − z^−w₁) of `f`
    /// (the `…Old` rows are the ones w rows back), all modulo 2¹⁶.
    @inline(__always)
    private static func differences(_ u: UnsafeMutablePointer<UInt16>, _ uOld: UnsafeMutablePointer<UInt16>,
                                    _ e: UnsafeMutablePointer<UInt16>, _ eOld: UnsafeMutablePointer<UInt16>,
                                    _ f: UnsafeMutablePointer<UInt16>, _ fOld: UnsafeMutablePointer<UInt16>,
                                    pairs: Int, into out: UnsafeMutablePointer<PairLanes>) {
        func lanes(_ pointer: UnsafeMutablePointer<UInt16>) -> UnsafeMutablePointer<PairLanes> {
            UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: PairLanes.self)
        }
        let u = lanes(u), uOld = lanes(uOld), e = lanes(e), eOld = lanes(eOld), f = lanes(f), fOld = lanes(fOld)
        for v in 0..<pairs {
            let eNow = u[v] &- uOld[v]
            let fNow = eNow &- eOld[v]
            out[v] = fNow &- fOld[v]
            e[v] = eNow
            f[v] = fNow
        }
    }

    /// The column pass over one band of steps: for each pair of columns, three running sums of
    /// the tapped rows (`tapped[j · pairs + v]` for step `steps.lowerBound + j`; the sums are kept
    /// in `sums` between bands), and the picture rows in `keep` rounded to bytes. The AVX2 kernels
    /// ask for the `aheadBytes` bytes at `ahead` (the next band's source rows) as they run.
    @inline(__always)
    private static func columnPass(_ tapped: UnsafeMutablePointer<PairLanes>, steps: Range<Int>, pairs: Int,
                                   sums: UnsafeMutablePointer<PairSums>, padding p: Int, firstColumn: Int,
                                   keep: PixelRect, scale: Float, biases: [SIMD8<Float>], rings: ColumnRings,
                                   firstStep: Int, ahead: UnsafePointer<UInt8>?, aheadBytes: Int,
                                   into dst: UnsafeMutablePointer<UInt8>) {
        let keepW = keep.x1 - keep.x0
        let scales = SIMD4<Float>(repeating: scale)
        // Steps before `outputFrom` only run the sums: their rows are above the window.
        let count = steps.count, outputFrom = Swift.min(count, Swift.max(0, keep.y0 - p - steps.lowerBound))
        let firstRow = steps.lowerBound + outputFrom + p
        biases.withUnsafeBufferPointer { biasTable in
            guard let bias = biasTable.baseAddress else { return }
            // In AVX2, the pairs wholly inside the window two at a time, from the first such pair,
            // their column differences taken here from the rings.
            let firstInside = rings.firstInside, quads = rings.quads
            if quads > 0 {
                let x = firstColumn + 2 * firstInside
                UnsafeRawPointer(bias).withMemoryRebound(to: Float.self, capacity: 128) { floats in
                    UnsafeMutableRawPointer(sums + firstInside).withMemoryRebound(to: UInt32.self, capacity: 8) { sum in
                        let fused = rings.avx512 ? storykit_blur_column_fused_avx512 : storykit_blur_column_fused_avx2
                        fused(rings.u, rings.ringU, rings.w3, rings.e, rings.ringE, rings.f, rings.ringF, firstStep,
                              rings.rowLanes, firstInside * 8, count, outputFrom, sum, pairs, quads, floats, (x >> 1) & 1,
                              firstRow, scale, dst + ((firstRow - keep.y0) * keepW + x - keep.x0) * 4, keepW * 4, ahead,
                              aheadBytes)
                    }
                }
            }
            for v in 0..<pairs where v < firstInside || v >= firstInside + 2 * quads {
                var i1 = sums[v], i2 = sums[pairs + v], i3 = sums[2 * pairs + v]
                @inline(__always) func step(_ d: PairLanes) {
                    let signed = SIMD8<Int16>(truncatingIfNeeded: d)
                    let low = SIMD4<Int32>(truncatingIfNeeded: signed.lowHalf)
                    let high = SIMD4<Int32>(truncatingIfNeeded: signed.highHalf)
                    i1 &+= SIMD8(lowHalf: SIMD4<UInt32>(truncatingIfNeeded: low), highHalf: SIMD4<UInt32>(truncatingIfNeeded: high))
                    i2 &+= i1
                    i3 &+= i2
                }
                var from = tapped + v
                for _ in 0..<outputFrom {
                    step(from.pointee)
                    from += pairs
                }
                let x = firstColumn &+ 2 &* v
                let inside = x >= keep.x0 && x + 2 <= keep.x1
                // bias[phase · 2]: the pair's dither for picture rows y with y mod 4 = phase mod 4.
                let pairBias = bias + ((x >> 1) & 1)
                var to = dst + ((firstRow &- keep.y0) &* keepW &+ x &- keep.x0) &* 4
                let rowBytes = keepW &* 4
                @inline(__always) func bytes(_ b: SIMD8<Float>) -> SIMD8<UInt8> {
                    let f0 = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: i3.lowHalf)) * scales + b.lowHalf
                    let f1 = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: i3.highHalf)) * scales + b.highHalf
                    let bits = SIMD8(lowHalf: unsafeBitCast(roundedBits(f0), to: SIMD4<UInt32>.self),
                                     highHalf: unsafeBitCast(roundedBits(f1), to: SIMD4<UInt32>.self))
                    return SIMD8<UInt8>(truncatingIfNeeded: bits)
                }
                var left = count &- outputFrom
                let phase = pairBias + (firstRow & 3) &* 2
                if inside {
                    // Four rows a step: the four dither rows in turn.
                    while left >= 4 {
                        step(from.pointee)
                        UnsafeMutableRawPointer(to).storeBytes(of: bytes(phase[0]), as: SIMD8<UInt8>.self)
                        step(from[pairs])
                        UnsafeMutableRawPointer(to + rowBytes).storeBytes(of: bytes(phase[2]), as: SIMD8<UInt8>.self)
                        step(from[2 &* pairs])
                        UnsafeMutableRawPointer(to + 2 &* rowBytes).storeBytes(of: bytes(phase[4]), as: SIMD8<UInt8>.self)
                        step(from[3 &* pairs])
                        UnsafeMutableRawPointer(to + 3 &* rowBytes).storeBytes(of: bytes(phase[6]), as: SIMD8<UInt8>.self)
                        from += 4 &* pairs
                        to += 4 &* rowBytes
                        left &-= 4
                    }
                }
                var k = 0
                while k < left {
                    step(from.pointee)
                    from += pairs
                    let value = bytes(phase[(k & 3) &* 2])
                    if inside {
                        UnsafeMutableRawPointer(to).storeBytes(of: value, as: SIMD8<UInt8>.self)
                    } else {
                        for l in 0..<8 where x + l / 4 >= keep.x0 && x + l / 4 < keep.x1 { to[l] = value[l] }
                    }
                    to += rowBytes
                    k &+= 1
                }
                sums[v] = i1
                sums[pairs + v] = i2
                sums[2 * pairs + v] = i3
            }
        }
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
}
