import StoryKit

// MARK: - Homography + Fitting

extension Homography {
    /// The projective map that sends the corners of `rect` to the four points of `quad`.
    ///
    /// The corners map in the order top-left `(minX, minY)`, top-right, bottom-right, bottom-left
    /// to `quad.0 … quad.3`. Uses Heckbert's closed form for the unit square to a quadrilateral,
    /// preceded by the affine map from `rect` to the unit square.
    /// Source: Heckbert, *Fundamentals of Texture Mapping and Image Warping* (1989), §2.2.3.
    ///
    /// - Parameters:
    ///   - rect: The source rectangle (e.g. a texture's pixel rectangle); must have a non-zero size.
    ///   - quad: The images of its corners (e.g. projected layer corners, in pixels).
    /// - Returns: The map, or `nil` when `rect` is empty, a value is not finite, or three of the
    ///   quad's corners are collinear.
    package static func mapping(_ rect: Rect, to quad: (Point, Point, Point, Point)) -> Homography? {
        let (p0, p1, p2, p3) = quad
        guard rect.width > 0, rect.height > 0, rect.origin.isFinite, rect.size.width.isFinite,
              rect.size.height.isFinite, p0.isFinite, p1.isFinite, p2.isFinite, p3.isFinite else { return nil }
        let sx = p0.x - p1.x + p2.x - p3.x, sy = p0.y - p1.y + p2.y - p3.y
        var square: Homography
        if sx == 0 && sy == 0 {
            square = Homography(m11: p1.x - p0.x, m12: p1.y - p0.y, m13: 0,
                                m21: p2.x - p1.x, m22: p2.y - p1.y, m23: 0,
                                m31: p0.x, m32: p0.y, m33: 1)
        } else {
            let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
            let den = dx1 * dy2 - dx2 * dy1
            guard den != 0 else { return nil }
            let g = (sx * dy2 - dx2 * sy) / den, h = (dx1 * sy - sx * dy1) / den
            square = Homography(m11: p1.x - p0.x + g * p1.x, m12: p1.y - p0.y + g * p1.y, m13: g,
                                m21: p3.x - p0.x + h * p3.x, m22: p3.y - p0.y + h * p3.y, m23: h,
                                m31: p0.x, m32: p0.y, m33: 1)
        }
        let toUnit = Homography(m11: 1 / rect.width, m12: 0, m13: 0, m21: 0, m22: 1 / rect.height, m23: 0,
                                m31: -rect.minX / rect.width, m32: -rect.minY / rect.height, m33: 1)
        square = concat(toUnit, square)
        guard square.isFinite, square.inverted() != nil else { return nil }
        return square
    }
}
