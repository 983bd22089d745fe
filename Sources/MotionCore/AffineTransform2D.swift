import RealModule

/// A 2D affine transform laid out exactly like Core Graphics' `CGAffineTransform`.
///
/// A point maps as a row vector `(x, y, 1)` multiplied on the left of
/// `[a b 0; c d 0; tx ty 1]`:
///
/// ```
/// x' = a·x + c·y + tx        y' = b·x + d·y + ty
/// ```
///
/// ``concat(_:_:)`` of `t1` and `t2` is "`t1` then `t2`" (`CGAffineTransformConcat`), and the
/// instance operations ``translatedBy(x:y:)``, ``scaledBy(x:y:)`` and ``rotated(by:)`` act
/// **before** the receiver, like their Core Graphics namesakes. The same transform as a
/// ``Transform3D`` is ``Transform3D/init(_:)-(AffineTransform2D)``.
///
/// The `2D` suffix keeps the name distinct from Foundation's `AffineTransform`, which would
/// otherwise make the type ambiguous in every file that imports both Foundation (or UIKit) and
/// MotionCore.
///
/// Source: Apple, *CGAffineTransform* and *Quartz 2D Programming Guide — Transforms*.
public struct AffineTransform2D: Sendable, Hashable {
    /// x scale and rotation: the x' contribution of x.
    public var a: Double
    /// The y' contribution of x (rotation, shear).
    public var b: Double
    /// The x' contribution of y (rotation, shear).
    public var c: Double
    /// y scale and rotation: the y' contribution of y.
    public var d: Double
    /// Translation in x, in points.
    public var tx: Double
    /// Translation in y, in points.
    public var ty: Double

    /// Creates a transform from its six entries (`CGAffineTransform(a:b:c:d:tx:ty:)`).
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing (`CGAffineTransformIdentity`).
    public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by `(x, y)` points.
    @inlinable
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `(x, y)` about the origin; negative factors mirror.
    @inlinable
    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin (`CGAffineTransformMakeRotation`).
    ///
    /// `a = cos, b = sin, c = −sin, d = cos`: a positive angle turns +x toward +y, which is
    /// clockwise on a y-down screen, as in UIKit and ``Transform3D/init(rotationAngle:axis:)``
    /// about z.
    ///
    /// - Parameter angle: The rotation, in radians; a non-finite angle gives ``identity``.
    public init(rotationAngle angle: Double) {
        guard angle.isFinite else {
            self = .identity
            return
        }
        let cosine = Double.cos(angle), sine = Double.sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }
}

// MARK: - Concatenation

extension AffineTransform2D {
    /// The transform that applies `t1` and then `t2` (`CGAffineTransformConcat`).
    ///
    /// - Parameters:
    ///   - t1: The transform applied first.
    ///   - t2: The transform applied second.
    /// - Returns: The product `t1 × t2`.
    @inlinable
    public static func concat(_ t1: AffineTransform2D, _ t2: AffineTransform2D) -> AffineTransform2D {
        AffineTransform2D(a: t1.a * t2.a + t1.b * t2.c, b: t1.a * t2.b + t1.b * t2.d,
                        c: t1.c * t2.a + t1.d * t2.c, d: t1.c * t2.b + t1.d * t2.d,
                        tx: t1.tx * t2.a + t1.ty * t2.c + t2.tx, ty: t1.tx * t2.b + t1.ty * t2.d + t2.ty)
    }

    /// This transform followed by `other` (`CGAffineTransform.concatenating(_:)`).
    @inlinable
    public func concatenating(_ other: AffineTransform2D) -> AffineTransform2D {
        AffineTransform2D.concat(self, other)
    }

    /// A translation applied **before** this transform (`CGAffineTransformTranslate`).
    ///
    /// - Parameters:
    ///   - x: Horizontal translation, in points, in this transform's local space.
    ///   - y: Vertical translation, in points, in this transform's local space.
    /// - Returns: `concat(AffineTransform2D(translationX: x, y: y), self)`.
    @inlinable
    public func translatedBy(x: Double, y: Double) -> AffineTransform2D {
        AffineTransform2D.concat(AffineTransform2D(translationX: x, y: y), self)
    }

    /// A scale applied **before** this transform (`CGAffineTransformScale`).
    ///
    /// - Parameters:
    ///   - x: Horizontal factor.
    ///   - y: Vertical factor.
    /// - Returns: `concat(AffineTransform2D(scaleX: x, y: y), self)`.
    @inlinable
    public func scaledBy(x: Double, y: Double) -> AffineTransform2D {
        AffineTransform2D.concat(AffineTransform2D(scaleX: x, y: y), self)
    }

    /// A rotation applied **before** this transform (`CGAffineTransformRotate`).
    ///
    /// - Parameter angle: The rotation, in radians (positive turns +x toward +y).
    /// - Returns: `concat(AffineTransform2D(rotationAngle: angle), self)`.
    public func rotated(by angle: Double) -> AffineTransform2D {
        AffineTransform2D.concat(AffineTransform2D(rotationAngle: angle), self)
    }
}

// MARK: - Properties, inversion and application

extension AffineTransform2D {
    /// `true` when the transform is exactly ``identity``.
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// `true` when every entry is finite.
    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The determinant `a·d − b·c`: the factor by which areas scale (negative when mirrored).
    @inlinable
    public var determinant: Double { a * d - b * c }

    /// The transform that undoes this one, or `nil` when there is none.
    ///
    /// `CGAffineTransformInvert` returns its argument unchanged when it cannot invert; this
    /// returns `nil` instead, also for non-finite entries or an inverse that overflows.
    ///
    /// - Returns: The inverse, with `self.concatenating(inverse) == identity` up to rounding.
    public func inverted() -> AffineTransform2D? {
        let det = determinant
        guard isFinite, det != 0, det.isFinite else { return nil }
        let k = 1 / det
        let inverse = AffineTransform2D(a: d * k, b: -b * k, c: -c * k, d: a * k,
                                      tx: (c * ty - d * tx) * k, ty: (b * tx - a * ty) * k)
        return inverse.isFinite ? inverse : nil
    }

    /// The point mapped through the transform (`CGPointApplyAffineTransform`).
    ///
    /// - Parameter point: The point, in points.
    /// - Returns: `(a·x + c·y + tx, b·x + d·y + ty)`. When that is not finite (a non-finite
    ///   transform or point, or overflow) the input point is returned, or ``Point/zero`` if the
    ///   input itself is not finite, so NaN never leaves this method.
    @inlinable
    public func apply(to point: Point) -> Point {
        let p = Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
        if p.isFinite { return p }
        return point.isFinite ? point : .zero
    }

    /// The size mapped through the linear part only (`CGSizeApplyAffineTransform`): no
    /// translation, and components may turn negative under rotation or mirroring.
    ///
    /// - Parameter size: The size, in points.
    /// - Returns: `(a·w + c·h, b·w + d·h)`, or `size` (or ``Size/zero``) when not finite.
    @inlinable
    public func apply(to size: Size) -> Size {
        let s = Size(width: a * size.width + c * size.height, height: b * size.width + d * size.height)
        if s.isFinite { return s }
        return size.isFinite ? size : .zero
    }

    /// The smallest axis-aligned rectangle containing the transformed rectangle
    /// (`CGRectApplyAffineTransform`).
    ///
    /// The four corners of the standardized rectangle are mapped and bounded, so a rotated
    /// square gets a larger bounding box.
    ///
    /// - Parameter rect: The rectangle, in points.
    /// - Returns: The bounding box of the mapped corners. When the result is not finite, the
    ///   standardized input (or ``Rect/zero`` if that is not finite either).
    public func apply(to rect: Rect) -> Rect {
        let r = rect.standardized
        let p1 = Point(x: a * r.minX + c * r.minY + tx, y: b * r.minX + d * r.minY + ty)
        let p2 = Point(x: a * r.maxX + c * r.minY + tx, y: b * r.maxX + d * r.minY + ty)
        let p3 = Point(x: a * r.minX + c * r.maxY + tx, y: b * r.minX + d * r.maxY + ty)
        let p4 = Point(x: a * r.maxX + c * r.maxY + tx, y: b * r.maxX + d * r.maxY + ty)
        let minX = Swift.min(p1.x, p2.x, p3.x, p4.x), maxX = Swift.max(p1.x, p2.x, p3.x, p4.x)
        let minY = Swift.min(p1.y, p2.y, p3.y, p4.y), maxY = Swift.max(p1.y, p2.y, p3.y, p4.y)
        let result = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        if result.isFinite { return result }
        return r.isFinite ? r : .zero
    }
}

// MARK: - AffineTransform2D + Codable

extension AffineTransform2D: Codable {
    /// Encodes the transform as a flat array of 6 numbers `[a, b, c, d, tx, ty]`, matching
    /// ``Transform3D``'s compact array form.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(a); try container.encode(b); try container.encode(c)
        try container.encode(d); try container.encode(tx); try container.encode(ty)
    }

    /// Decodes a transform from an array of exactly 6 numbers `[a, b, c, d, tx, ty]`.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when the array does not hold exactly 6 numbers.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 6 {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "AffineTransform2D expects 6 numbers [a, b, c, d, tx, ty], found \(count)"))
        }
        func next() throws -> Double { try container.decode(Double.self) }
        self.init(a: try next(), b: try next(), c: try next(), d: try next(), tx: try next(), ty: try next())
        guard container.isAtEnd else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "AffineTransform2D expects 6 numbers [a, b, c, d, tx, ty], found more"))
        }
    }
}
