// MARK: - TimingCurve + Named curves

extension TimingCurve {
    /// Constant pace: control points (0, 0) and (1, 1), `CAMediaTimingFunctionName.linear`.
    ///
    /// `value(at: p)` is `p` for every p in 0…1.
    public static let linear = TimingCurve(x1: 0, y1: 0, x2: 1, y2: 1)

    /// Core Animation's system default curve: control points (0.25, 0.1) and (0.25, 1.0),
    /// `CAMediaTimingFunctionName.default` (`kCAMediaTimingFunctionDefault`).
    ///
    /// Apple documents it as the curve that makes "the timing of your animations match that of most
    /// system animations" (`CAMediaTimingFunctionName.default` reference). It is the curve
    /// implicit layer animations use, and it is **not** ``easeInEaseOut`` (0.42, 0, 0.58, 1) nor
    /// UIKit's `.curveEaseInOut`: it starts faster and spends its second half settling. Its
    /// control points happen to be the same numbers as CSS's `ease` keyword, but what this constant
    /// promises is Core Animation's default — if Apple's and CSS's ever differ, this follows Apple.
    public static let `default` = TimingCurve(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)

    /// Slow start, then accelerating to the end: control points (0.42, 0) and (1, 1),
    /// `CAMediaTimingFunctionName.easeIn`.
    public static let easeIn = TimingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1)

    /// Fast start, decelerating into the end: control points (0, 0) and (0.58, 1),
    /// `CAMediaTimingFunctionName.easeOut`.
    public static let easeOut = TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)

    /// Slow start and slow end, symmetric about (0.5, 0.5): control points (0.42, 0) and
    /// (0.58, 1), `CAMediaTimingFunctionName.easeInEaseOut` (UIKit's `.curveEaseInOut`).
    public static let easeInEaseOut = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
}
