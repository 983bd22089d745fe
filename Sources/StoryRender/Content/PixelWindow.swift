/// A rectangle of an RGBA bitmap's pixels to paint into, by pointer: `width` × `height` pixels
/// from `base` (the rectangle's top-left pixel), `rowPixels` pixels from one row to the next.
/// A painter given one writes inside it only; it is valid only within
/// ``RGBAImage/withWindow(x:y:width:height:_:)``'s body.
package struct PixelWindow {
    /// The rectangle's top-left pixel (four bytes, R first).
    let base: UnsafeMutablePointer<UInt8>
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// Pixels from one row of the bitmap to the next (the bitmap's width).
    let rowPixels: Int

    /// The first byte of the window's row `y`, 0..<``height``.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + y &* rowPixels &* 4 }
}

extension RGBAImage {
    /// Runs `body` with the window of this bitmap's pixels `x..<x + width` × `y..<y + height`
    /// (which must lie inside it; `false` without calling `body` otherwise, or when it is empty).
    @discardableResult
    mutating func withWindow(x: Int, y: Int, width: Int, height: Int, _ body: (PixelWindow) -> Void) -> Bool {
        guard x >= 0, y >= 0, width > 0, height > 0, x + width <= self.width, y + height <= self.height else { return false }
        let rowPixels = self.width
        return pixels.withUnsafeMutableBufferPointer { pixels in
            guard let p = pixels.baseAddress else { return false }
            body(PixelWindow(base: p + (y &* rowPixels &+ x) &* 4, width: width, height: height, rowPixels: rowPixels))
            return true
        }
    }
}
