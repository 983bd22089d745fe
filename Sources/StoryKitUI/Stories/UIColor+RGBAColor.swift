#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - UIColor + RGBAColor

extension UIColor {
    /// The UIKit colour of a scene colour: sRGB components and straight alpha, as
    /// `UIColor(red:green:blue:alpha:)` takes them.
    public convenience init(_ color: RGBAColor) {
        self.init(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha))
    }
}
#endif
