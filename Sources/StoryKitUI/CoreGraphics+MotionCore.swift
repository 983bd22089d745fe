#if canImport(QuartzCore)
import CoreGraphics
import MotionCore

// MARK: - CGPoint + MotionCore

extension CGPoint {
    /// The Core Graphics point with the coordinates of `point`, in points.
    @inlinable
    public init(_ point: Point) { self.init(x: CGFloat(point.x), y: CGFloat(point.y)) }
}

extension Point {
    /// The MotionCore point with the coordinates of `point`, in points.
    @inlinable
    public init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

// MARK: - CGSize + MotionCore

extension CGSize {
    /// The Core Graphics size with the extents of `size`, in points.
    @inlinable
    public init(_ size: Size) { self.init(width: CGFloat(size.width), height: CGFloat(size.height)) }
}

extension Size {
    /// The MotionCore size with the extents of `size`, in points.
    @inlinable
    public init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
}

// MARK: - CGRect + MotionCore

extension CGRect {
    /// The Core Graphics rectangle with the origin and size of `rect`, in points.
    @inlinable
    public init(_ rect: Rect) { self.init(origin: CGPoint(rect.origin), size: CGSize(rect.size)) }
}

extension Rect {
    /// The MotionCore rectangle with the origin and size of `rect`, in points.
    @inlinable
    public init(_ rect: CGRect) { self.init(origin: Point(rect.origin), size: Size(rect.size)) }
}

// MARK: - CGAffineTransform + MotionCore

extension CGAffineTransform {
    /// The Core Graphics transform with the components of `transform` (the same layout).
    package init(_ transform: AffineTransform2D) {
        self.init(a: CGFloat(transform.a), b: CGFloat(transform.b), c: CGFloat(transform.c), d: CGFloat(transform.d),
                  tx: CGFloat(transform.tx), ty: CGFloat(transform.ty))
    }
}
#endif
