// MARK: - GaussianBlur + Column rings

extension GaussianBlur {
    /// The column filter's rings as the AVX2 column pass takes their differences: u (the row
    /// passes, `ringU` rows, read w₃ rows back), e and f (`ringE`, `ringF` rows, read one slot on),
    /// rows of `rowLanes` 16-bit lanes; `quads` quads of pairs from pair `firstInside` (none
    /// without AVX2).
    struct ColumnRings {
        let u: UnsafeMutablePointer<UInt16>, ringU: Int, w3: Int
        let e: UnsafeMutablePointer<UInt16>, ringE: Int
        let f: UnsafeMutablePointer<UInt16>, ringF: Int
        let rowLanes: Int, firstInside: Int, quads: Int
    }
}
