// MARK: - GaussianBlur + Column rings

extension GaussianBlur {
    /// The column filter's rings as the AVX2 column pass takes their differences: u (the row
    /// passes, `ringU` rows, read w₃ rows back), e and f (`ringE`, `ringF` rows, read one slot on),
    /// rows of `rowLanes` 16-bit lanes; `quads` quads of pairs from pair `firstInside` (none
    /// without AVX2); `avx512` runs them in the AVX-512 kernel (eight pixels a step).
    struct ColumnRings {
        let u: UnsafeMutablePointer<UInt16>, ringU: Int, w3: Int
        let e: UnsafeMutablePointer<UInt16>, ringE: Int
        let f: UnsafeMutablePointer<UInt16>, ringF: Int
        let rowLanes: Int, firstInside: Int, quads: Int
        let avx512: Bool
    }
}
