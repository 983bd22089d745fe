import MotionCore

// MARK: - ShapePath + Trimming

extension ShapePath {
    /// The part of the path between two fractions of its total length, as `CAShapeLayer` draws
    /// for `strokeStart` and `strokeEnd`.
    ///
    /// Fractions are of the whole path's ``length``, across all subpaths in order (a path of two
    /// equal circles trimmed to 0…0.5 keeps the first circle). Lines and arcs are cut exactly;
    /// Béziers are cut (de Casteljau) at the parameter where their measured length reaches the
    /// fraction. A subpath kept whole keeps its `close`; a cut one ends in a line instead.
    /// Lone `move`s are dropped.
    ///
    /// ```swift
    /// // The loading ring at 60 %: 216° clockwise from 12 o'clock.
    /// let arc = ShapePath.circle(center: Point(x: 44, y: 44), radius: 40).trimmed(from: 0, to: 0.6)
    /// ```
    ///
    /// - Parameters:
    ///   - start: Fraction of the length where the kept part begins, clamped to 0…1 (NaN → 0).
    ///   - end: Fraction where it ends, clamped to 0…1 (NaN → 1).
    /// - Returns: The kept part; the path itself for 0…1, an empty path when `start ≥ end` or the
    ///   path has no length.
    public func trimmed(from start: Double, to end: Double) -> ShapePath {
        let from = start.isNaN ? 0 : start.clamped(to: 0...1)
        let to = end.isNaN ? 1 : end.clamped(to: 0...1)
        if from <= 0 && to >= 1 { return self }
        guard from < to else { return ShapePath() }
        let all = segments
        let lengths = all.map(\.length)
        let total = lengths.reduce(0, +)
        guard total > 0 else { return ShapePath() }
        let lower = from * total, upper = to * total

        var result: [Element] = []
        var position = 0.0
        var index = 0
        while index < all.count {
            // One subpath: from its .start to the next .start.
            var end = index + 1
            while end < all.count { if case .start = all[end] { break }; end += 1 }
            let subpathLength = lengths[index..<end].reduce(0, +)
            let keepsWhole = lower <= position && position + subpathLength <= upper
            var drawing = false
            for i in index..<end {
                let segment = all[i], length = lengths[i]
                defer { position += length }
                if case .start = segment { continue }
                let a = Swift.max(lower, position), b = Swift.min(upper, position + length)
                guard b > a || (length == 0 && position >= lower && position <= upper) else {
                    drawing = false
                    continue
                }
                let f0 = length > 0 ? (a - position) / length : 0
                let f1 = length > 0 ? (b - position) / length : 1
                if !drawing {
                    result.append(.move(to: segment.point(atFraction: f0)))
                    drawing = true
                }
                if keepsWhole, case .close = segment {
                    result.append(.close)
                } else {
                    result.append(segment.part(from: f0, to: f1))
                }
                if f1 < 1 { drawing = false }
            }
            index = end
        }
        return ShapePath(result)
    }
}

// MARK: - PathSegment + Trimming

extension PathSegment {
    /// The point a fraction `f` (0…1) of the way along the segment's length.
    func point(atFraction f: Double) -> Point {
        switch self {
        case .start(let p): return p
        case .line(let a, let b), .close(let a, let b): return a.interpolated(to: b, fraction: f)
        case .arc(let center, let radius, let start, let sweep):
            return ShapePath.pointOnArc(center: center, radius: radius, angle: start + sweep * f)
        case .quad(let a, let b, let c):
            return Self.bezierPoint([a, b, c], at: Self.parameter(ofFraction: f, in: [a, b, c]))
        case .cubic(let a, let b, let c, let d):
            return Self.bezierPoint([a, b, c, d], at: Self.parameter(ofFraction: f, in: [a, b, c, d]))
        }
    }

    /// The element drawing the part of the segment between length fractions `f0` and `f1`,
    /// continuing from the point at `f0`.
    func part(from f0: Double, to f1: Double) -> ShapePath.Element {
        switch self {
        case .start(let p): return .move(to: p)
        case .line, .close: return .line(to: point(atFraction: f1))
        case .arc(let center, let radius, let start, let sweep):
            return .arc(center: center, radius: radius, startAngle: start + sweep * f0,
                        endAngle: start + sweep * f1, clockwise: sweep >= 0)
        case .quad(let a, let b, let c):
            let p = [a, b, c]
            let q = Self.bezierPart(p, from: Self.parameter(ofFraction: f0, in: p), to: Self.parameter(ofFraction: f1, in: p))
            return .quadCurve(to: q[2], control: q[1])
        case .cubic(let a, let b, let c, let d):
            let p = [a, b, c, d]
            let q = Self.bezierPart(p, from: Self.parameter(ofFraction: f0, in: p), to: Self.parameter(ofFraction: f1, in: p))
            return .curve(to: q[3], control1: q[1], control2: q[2])
        }
    }

    /// The Bézier parameter at which the curve's length reaches the fraction `f` of its total.
    static func parameter(ofFraction f: Double, in p: [Point]) -> Double {
        if f <= 0 { return 0 }
        if f >= 1 { return 1 }
        let table = bezierLengthTable(p)
        let target = f * table[table.count - 1].length
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid].length < target { lo = mid } else { hi = mid }
        }
        let span = table[hi].length - table[lo].length
        let w = span > 0 ? (target - table[lo].length) / span : 0
        return table[lo].t + (table[hi].t - table[lo].t) * w
    }
}
