import MotionCore

/// The reading direction an effect lays itself out in: which side is leading (where the first
/// page, item or avatar sits and where "back" is).
///
/// The models apply it themselves, so the scene a model builds under ``rightToLeft`` is its
/// ``leftToRight`` scene mirrored about the vertical centre line (the cube turns the other way,
/// the tap zones swap sides, the progress bars fill from the right, the tray starts at the right);
/// text stays readable, only its place and alignment mirror. The model reads no system setting:
/// UIKit front-ends pass `effectiveUserInterfaceLayoutDirection`, SwiftUI ones `\.layoutDirection`
/// (named apart from SwiftUI's `LayoutDirection` so that a file importing both compiles).
public enum StoryLayoutDirection: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
    /// Leading edge on the left (English, the default).
    case leftToRight
    /// Leading edge on the right (Arabic, Hebrew, Persian, Urdu).
    case rightToLeft

    /// +1 left to right, −1 right to left: multiplies a horizontal travel or offset measured
    /// toward the trailing side.
    public var sign: Double { self == .rightToLeft ? -1 : 1 }

    /// The x, in points, that `x` (measured as if left to right) has in a box `width` points
    /// wide: `x` unchanged left to right, `width − x` right to left.
    public func x(_ x: Double, inWidth width: Double) -> Double {
        self == .rightToLeft ? width - x : x
    }

    /// The rectangle `rect` (laid out as if left to right) has in a box `width` points wide:
    /// unchanged left to right, mirrored about `width / 2` right to left (same size).
    public func rect(_ rect: Rect, inWidth width: Double) -> Rect {
        guard self == .rightToLeft else { return rect }
        return Rect(x: width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// The edges `edges` name once laid out in this direction: left and right swap right to left.
    public func edges(_ edges: Layer.Edges) -> Layer.Edges {
        guard self == .rightToLeft else { return edges }
        var mirrored = edges.subtracting([.left, .right])
        if edges.contains(.left) { mirrored.insert(.right) }
        if edges.contains(.right) { mirrored.insert(.left) }
        return mirrored
    }

    /// The text alignment that puts text at the leading edge: left, or right under right to left.
    public var leadingAlignment: TextContents.Alignment { self == .rightToLeft ? .right : .left }
}
