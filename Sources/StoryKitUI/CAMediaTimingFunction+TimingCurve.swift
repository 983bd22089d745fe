#if canImport(QuartzCore)
import MotionCore
import QuartzCore

// MARK: - CAMediaTimingFunction + TimingCurve

extension CAMediaTimingFunction {
    /// The Core Animation timing function with the control points of `curve`.
    ///
    /// `TimingCurve` has already clamped x1 and x2 to 0…1, which Core Animation requires, so the
    /// function Core Animation evaluates is the curve the model evaluated.
    public convenience init(_ curve: TimingCurve) {
        self.init(controlPoints: Float(curve.x1), Float(curve.y1), Float(curve.x2), Float(curve.y2))
    }
}

extension TimingCurve {
    /// The model curve with the control points of a Core Animation timing function.
    public init(_ function: CAMediaTimingFunction) {
        var c1: [Float] = [0, 0]
        var c2: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &c1)
        function.getControlPoint(at: 2, values: &c2)
        self.init(x1: Double(c1[0]), y1: Double(c1[1]), x2: Double(c2[0]), y2: Double(c2[1]))
    }
}
#endif
