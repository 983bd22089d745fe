import CPrefetch

/// Bilinear filtering of premultiplied RGBA8 texels with 7-bit weights, in 16-bit SIMD lanes.
///
/// The two texels of a row are one 8-byte load, widened to eight 16-bit lanes. Rows and then
/// columns are mixed as `a + ((b − a) · f) >> 7` with a weight `f` of 0…127 (1/128 texel steps,
/// as pixman's default), whose product fits a signed 16-bit lane; the arithmetic shift floors, so
/// a result always lies between its inputs and a zero fraction returns the top-left texel
/// exactly. This compiles to SSE2 on x86-64 and NEON on arm64 with no per-pixel branch.
/// Source: pixman, `pixman-inlines.h` (`bilinear_interpolation`, 7 interpolation bits).
enum Bilinear {
    /// Both columns of the 2 × 2 block at `p`, mixed vertically with weight `fy`: lanes 0–3 are
    /// the left column's channels, lanes 4–7 the right column's.
    @inline(__always)
    static func columns(_ p: UnsafeRawPointer, rowBytes: Int, fy: Int16) -> SIMD8<Int16> {
        let top = widen(p.loadUnaligned(as: SIMD8<UInt8>.self))
        let bottom = widen(p.loadUnaligned(fromByteOffset: rowBytes, as: SIMD8<UInt8>.self))
        return top &+ (((bottom &- top) &* SIMD8(repeating: fy)) &>> 7)
    }

    /// Zero-extends eight bytes to 16-bit lanes (spelled out lane by lane: the generic
    /// `init(truncatingIfNeeded:)` is not always inlined, and then costs a call per texel pair).
    @inline(__always)
    static func widen(_ b: SIMD8<UInt8>) -> SIMD8<Int16> {
        SIMD8(Int16(b[0]), Int16(b[1]), Int16(b[2]), Int16(b[3]), Int16(b[4]), Int16(b[5]), Int16(b[6]), Int16(b[7]))
    }

    /// Narrows eight 16-bit lanes holding 0…255 to bytes (spelled out lane by lane, as ``widen(_:)``
    /// is: the generic `init(truncatingIfNeeded:)` was left as a call per texel pair in the cube's
    /// loop once another file of the module used a conversion of the same shape).
    @inline(__always)
    static func narrow(_ w: SIMD8<Int16>) -> UInt64 {
        let bytes = SIMD8<UInt8>(UInt8(truncatingIfNeeded: w[0]), UInt8(truncatingIfNeeded: w[1]),
                                 UInt8(truncatingIfNeeded: w[2]), UInt8(truncatingIfNeeded: w[3]),
                                 UInt8(truncatingIfNeeded: w[4]), UInt8(truncatingIfNeeded: w[5]),
                                 UInt8(truncatingIfNeeded: w[6]), UInt8(truncatingIfNeeded: w[7]))
        return unsafeBitCast(bytes, to: UInt64.self)
    }

    /// The address of the top-left tap of fixed-point tap coordinate `(u, v)` in a level whose
    /// rows are `stride` texels apart.
    @inline(__always)
    static func tap(_ base: UnsafePointer<UInt32>, stride: Int, u: Int, v: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(base + ((v >> 16) &* stride &+ (u >> 16)))
    }

    /// The 7-bit fraction of a 16.16 coordinate.
    @inline(__always)
    static func fraction(_ c: Int) -> Int16 {
        Int16(truncatingIfNeeded: c >> 9) & 0x7F
    }

    /// The texel blend at fixed-point tap coordinate `(u, v)` (16.16, already shifted by −0.5 so
    /// that the integer part is the top-left tap), reading the 2 × 2 block at that tap.
    @inline(__always)
    static func sample(_ base: UnsafePointer<UInt32>, stride: Int, u: Int, v: Int) -> UInt32 {
        let c = columns(tap(base, stride: stride, u: u, v: v), rowBytes: stride &* 4, fy: fraction(v))
        let left = c.lowHalf, right = c.highHalf
        let pixel = left &+ (((right &- left) &* SIMD4(repeating: fraction(u))) &>> 7)
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: pixel), to: UInt32.self)
    }

    /// `a + ((b − a) · w) >> 7` per lane, for weights `w` of 0…127.
    @inline(__always)
    static func lerp(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>, _ w: SIMD8<Int16>) -> SIMD8<Int16> {
        a &+ (((b &- a) &* w) &>> 7)
    }

    /// The 7-bit weights in the top bits of 16-bit fractions, as signed lanes (0…127).
    @inline(__always)
    static func weights(_ f: SIMD8<UInt16>) -> SIMD8<Int16> {
        unsafeBitCast(f &>> 9, to: SIMD8<Int16>.self)
    }

    /// Stores `count` samples along a line of texture coordinates starting at `(u, v)` and
    /// stepping by `(du, dv)` (16.16 tap coordinates whose taps all lie inside the level), two
    /// pixels per iteration so every mix runs on full vectors.
    ///
    /// A pair's vertical mixes take the two pixels' left columns in one vector and their right
    /// columns in another (lanes 0–3 the first pixel's, 4–7 the second's), so that one vector of
    /// vertical weights serves both and the horizontal mix needs no shuffle; every lane computes
    /// what ``sample(_:stride:u:v:)`` computes for its pixel and channel.
    ///
    /// `prefetch` is a byte offset from each tap to texels a later row will read; they are
    /// prefetched (a hint that never faults, so the address may lie outside the level), once per
    /// pair: the second pixel's texels are at most a few texels further along the same lines.
    ///
    /// The weights come from the low 16 bits of u and v, which a 16-bit lane add steps exactly
    /// as the 64-bit coordinates' fractions (they wrap alike), so no lane is filled per pixel.
    @inline(__always)
    static func storeRun(_ out: UnsafeMutablePointer<UInt32>, count: Int, base: UnsafePointer<UInt32>, stride: Int,
                         u: Int, v: Int, du: Int, dv: Int, prefetch: Int) {
        guard count > 0 else { return }
        // (u, v) is the first pixel of a pair, (u + du, v + dv) the second.
        var u = u, v = v
        var out = out
        let end = out + (count & ~1)
        let rowBytes = stride &* 4
        let du2 = du &* 2, dv2 = dv &* 2
        var fx = SIMD8<UInt16>(lowHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: u)),
                               highHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: u &+ du)))
        var fy = SIMD8<UInt16>(lowHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: v)),
                               highHalf: SIMD4(repeating: UInt16(truncatingIfNeeded: v &+ dv)))
        let stepX = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: du2))
        let stepY = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: dv2))
        while out < end {
            let pa = tap(base, stride: stride, u: u, v: v)
            let pb = tap(base, stride: stride, u: u &+ du, v: v &+ dv)
            storykit_prefetch(pa + prefetch)
            let top = interleave(pa.loadUnaligned(as: SIMD2<UInt32>.self), pb.loadUnaligned(as: SIMD2<UInt32>.self))
            let bottom = interleave(pa.loadUnaligned(fromByteOffset: rowBytes, as: SIMD2<UInt32>.self),
                                    pb.loadUnaligned(fromByteOffset: rowBytes, as: SIMD2<UInt32>.self))
            let wy = weights(fy)
            let left = lerp(widen(top.lowHalf), widen(bottom.lowHalf), wy)
            let right = lerp(widen(top.highHalf), widen(bottom.highHalf), wy)
            let pair = lerp(left, right, weights(fx))
            UnsafeMutableRawPointer(out).storeBytes(of: narrow(pair), as: UInt64.self)
            out += 2
            u &+= du2
            v &+= dv2
            fx &+= stepX
            fy &+= stepY
        }
        if count & 1 != 0 { out[0] = sample(base, stride: stride, u: u, v: v) }
    }

    /// The texels of two 2-texel rows `a` and `b` (left, right) as bytes: a's left, b's left,
    /// a's right, b's right.
    @inline(__always)
    static func interleave(_ a: SIMD2<UInt32>, _ b: SIMD2<UInt32>) -> SIMD16<UInt8> {
        unsafeBitCast(SIMD4<UInt32>(a[0], b[0], a[1], b[1]), to: SIMD16<UInt8>.self)
    }
}

