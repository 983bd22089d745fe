// MARK: - Bilinear + Blend

extension Bilinear {
    /// Composites `count` samples along a line of texture coordinates over `out`: pixel `i`
    /// samples `(u + i·du, v + i·dv)` (16.16 tap coordinates whose taps all lie inside the
    /// level), is scaled by its alpha (`alphas[i]`, or `constant` without them) and laid over
    /// `out[i]`, exactly as `TextureSink`'s clamped per-pixel path does, with the same bytes.
    ///
    /// Two pixels share one horizontal mix (as ``storeRun(_:count:base:stride:u:v:du:dv:prefetch:)``),
    /// and a pair with both alphas zero is not sampled; a transparent sample leaves the pixel as
    /// it is (`0 over d` is `d` exactly), so it is not written.
    @inline(__always)
    static func blendRun(_ out: UnsafeMutablePointer<UInt32>, count: Int, alphas: UnsafePointer<UInt8>?, constant: UInt32,
                         base: UnsafePointer<UInt32>, stride: Int, u: Int, v: Int, du: Int, dv: Int) {
        var u = u, v = v, i = 0
        let rowBytes = stride &* 4
        @inline(__always) func blend(_ s: UInt32, alpha: UInt32, at k: Int) {
            guard alpha != 0, s != 0 else { return }
            out[k] = PixelMath.over(alpha == 255 ? s : PixelMath.scale(s, by: alpha), out[k])
        }
        while i &+ 2 <= count {
            let alpha0 = alphas.map { UInt32($0[i]) } ?? constant
            let alpha1 = alphas.map { UInt32($0[i &+ 1]) } ?? constant
            if alpha0 | alpha1 != 0 {
                let ub = u &+ du, vb = v &+ dv
                let a = columns(tap(base, stride: stride, u: u, v: v), rowBytes: rowBytes, fy: fraction(v))
                let b = columns(tap(base, stride: stride, u: ub, v: vb), rowBytes: rowBytes, fy: fraction(vb))
                let left = SIMD8<Int16>(lowHalf: a.lowHalf, highHalf: b.lowHalf)
                let right = SIMD8<Int16>(lowHalf: a.highHalf, highHalf: b.highHalf)
                let weights = SIMD8<Int16>(lowHalf: SIMD4(repeating: fraction(u)), highHalf: SIMD4(repeating: fraction(ub)))
                let pair = narrow(lerp(left, right, weights))
                blend(UInt32(truncatingIfNeeded: pair), alpha: alpha0, at: i)
                blend(UInt32(truncatingIfNeeded: pair >> 32), alpha: alpha1, at: i &+ 1)
            }
            u = u &+ du &* 2
            v = v &+ dv &* 2
            i &+= 2
        }
        if i < count {
            let alpha = alphas.map { UInt32($0[i]) } ?? constant
            if alpha != 0 { blend(sample(base, stride: stride, u: u, v: v), alpha: alpha, at: i) }
        }
    }
}
