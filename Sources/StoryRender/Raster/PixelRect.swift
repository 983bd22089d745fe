/// A half-open rectangle of whole pixels, `x0 ..< x1` by `y0 ..< y1`, in a bitmap's pixel grid.
///
/// The rasteriser uses it for clip rectangles in destination bitmaps and for the texel rectangle
/// that texture samples are clamped to. Pixel `(x, y)` covers the square from `(x, y)` to
/// `(x + 1, y + 1)` with its centre at `(x + 0.5, y + 0.5)`. A rectangle whose `x1 ≤ x0` or
/// `y1 ≤ y0` is empty and contains no pixel.
package struct PixelRect: Sendable, Hashable {
    /// The first column inside the rectangle.
    package var x0: Int
    /// The first row inside the rectangle.
    package var y0: Int
    /// The first column past the right edge (exclusive).
    package var x1: Int
    /// The first row past the bottom edge (exclusive).
    package var y1: Int

    /// Creates the rectangle of columns `x0 ..< x1` and rows `y0 ..< y1`.
    package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// The rectangle of a whole `width × height` bitmap, `0 ..< width` by `0 ..< height`.
    package init(width: Int, height: Int) {
        self.init(x0: 0, y0: 0, x1: width, y1: height)
    }

    /// `true` when the rectangle contains no pixel (`x1 ≤ x0` or `y1 ≤ y0`).
    package var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    /// The number of columns, 0 when empty.
    package var width: Int { Swift.max(0, x1 - x0) }

    /// The number of rows, 0 when empty.
    package var height: Int { Swift.max(0, y1 - y0) }

    /// The pixels inside both rectangles; empty (with `x1 ≤ x0` or `y1 ≤ y0`) when they do not
    /// overlap.
    ///
    /// - Parameter other: The other rectangle.
    /// - Returns: The overlap.
    package func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(x0: Swift.max(x0, other.x0), y0: Swift.max(y0, other.y0),
                  x1: Swift.min(x1, other.x1), y1: Swift.min(y1, other.y1))
    }
}

extension RGBAImage {
    /// The rectangle of every pixel of the bitmap, `0 ..< width` by `0 ..< height`.
    package var bounds: PixelRect { PixelRect(width: width, height: height) }
}
