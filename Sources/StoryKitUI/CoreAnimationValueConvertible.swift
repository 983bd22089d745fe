#if canImport(UIKit)
import MotionCore
import QuartzCore
import UIKit

/// A model value that Core Animation can animate: it turns itself into the object a
/// `CAPropertyAnimation` expects in `values`, `fromValue` or `toValue`.
///
/// StoryKit's geometry conforms (`Double` as `NSNumber`, `Point`/`Size`/`Rect` as `NSValue`,
/// `Transform3D` and its components as an `NSValue` of `CATransform3D`), so any of them can be
/// sampled from a spring into a ``QuartzCore/CAKeyframeAnimation``.
public protocol CoreAnimationValueConvertible {
    /// The value boxed the way Core Animation expects it for a layer property.
    var coreAnimationValue: Any { get }
}

// MARK: - Conformances

extension Double: CoreAnimationValueConvertible {
    /// The number as an `NSNumber` (opacity, corner radius, `transform.rotation.y` …).
    public var coreAnimationValue: Any { NSNumber(value: self) }
}

extension Point: CoreAnimationValueConvertible {
    /// The point as `NSValue(cgPoint:)` (position, anchor point).
    public var coreAnimationValue: Any { NSValue(cgPoint: CGPoint(self)) }
}

extension Size: CoreAnimationValueConvertible {
    /// The size as `NSValue(cgSize:)` (bounds.size, shadow offset).
    public var coreAnimationValue: Any { NSValue(cgSize: CGSize(self)) }
}

extension Rect: CoreAnimationValueConvertible {
    /// The rectangle as `NSValue(cgRect:)` (bounds, contentsRect).
    public var coreAnimationValue: Any { NSValue(cgRect: CGRect(self)) }
}

extension Transform3D: CoreAnimationValueConvertible {
    /// The matrix as `NSValue(caTransform3D:)` (transform, sublayerTransform).
    public var coreAnimationValue: Any { NSValue(caTransform3D: CATransform3D(self)) }
}

extension Transform3D.Components: CoreAnimationValueConvertible {
    /// The recomposed matrix as `NSValue(caTransform3D:)`, so a spring over decomposed
    /// components animates `transform`.
    public var coreAnimationValue: Any { NSValue(caTransform3D: CATransform3D(Transform3D(self))) }
}
#endif
