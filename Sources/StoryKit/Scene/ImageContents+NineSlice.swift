import MotionCore

/// One part of a nine-slice image: a rectangle of the layer and the image pixels stretched over it.
public struct ImageSlice: Sendable, Hashable {
    /// Where the part is drawn, in the layer's bounds coordinates (points).
    public var frame: Rect
    /// The image pixels drawn there (texel centres at +0.5); its corners map to ``frame``'s.
    public var texels: Rect

    /// Creates a slice from its parts.
    public init(frame: Rect, texels: Rect) {
        self.frame = frame
        self.texels = texels
    }
}

// MARK: - ImageContents + NineSlice

extension ImageContents {
    /// Whether ``contentsCenter`` stretches the whole image (the unit square or larger), so the
    /// image is one slice.
    public var stretchesWholeImage: Bool {
        let c = contentsCenter
        return c.minX <= 0 && c.minY <= 0 && c.maxX >= 1 && c.maxY >= 1
    }

    /// The nine parts of a placed image under ``contentsCenter`` (`CALayer.contentsCenter`),
    /// leaving out the empty ones, in rows from the top.
    ///
    /// Along each axis the shown texels `T0…T1` (``ImagePlacement/texels``, signed: a mirroring
    /// `contentsRect` stays mirrored) are cut at `a = T0 + c₀·(T1 − T0)` and
    /// `b = T0 + c₁·(T1 − T0)` (`c₀…c₁` the centre in unit coordinates); the outer parts keep
    /// their natural length `(a − T0) / contentsScale` and `(T1 − b) / contentsScale` points at
    /// the ends of the placement's frame `F0…F1`, and the centre stretches over what is left.
    /// When the frame is shorter than the two outer parts together, both shrink by the same
    /// factor `(F1 − F0) / (outer sum)` and the centre vanishes, as Core Animation draws it.
    ///
    /// - Parameters:
    ///   - placement: Where the image lands (``placement(imageWidth:imageHeight:contentsScale:in:)``).
    /// - Returns: The slices (one, the whole placement, when ``stretchesWholeImage``); empty
    ///   when the placement is empty.
    public func slices(of placement: ImagePlacement) -> [ImageSlice] {
        guard !placement.isEmpty else { return [] }
        let whole = ImageSlice(frame: placement.frame, texels: placement.texels)
        let center = contentsCenter.standardized
        guard !stretchesWholeImage, center.isFinite else { return [whole] }
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let f = placement.frame, t = placement.texels
        let columns = Self.cuts(frame: f.minX, f.maxX, texels: t.origin.x, t.origin.x + t.size.width,
                                center: center.minX, center.maxX, scale: scale)
        let rows = Self.cuts(frame: f.minY, f.maxY, texels: t.origin.y, t.origin.y + t.size.height,
                             center: center.minY, center.maxY, scale: scale)
        var result: [ImageSlice] = []
        for r in rows {
            for c in columns {
                result.append(ImageSlice(frame: Rect(x: c.frame.0, y: r.frame.0, width: c.frame.1 - c.frame.0,
                                                     height: r.frame.1 - r.frame.0),
                                         texels: Rect(x: c.texels.0, y: r.texels.0, width: c.texels.1 - c.texels.0,
                                                      height: r.texels.1 - r.texels.0)))
            }
        }
        return result.allSatisfy({ $0.frame.isFinite && $0.texels.isFinite }) ? result : [whole]
    }

    /// The non-empty parts of one axis: frame interval and texel interval, in order.
    private static func cuts(frame f0: Double, _ f1: Double, texels t0: Double, _ t1: Double,
                             center c0: Double, _ c1: Double, scale: Double)
        -> [(frame: (Double, Double), texels: (Double, Double))] {
        let lo = c0.clamped(to: 0...1), hi = Swift.max(lo, c1.clamped(to: 0...1))
        let a = t0 + lo * (t1 - t0), b = t0 + hi * (t1 - t0)
        let leftTexels = Swift.abs(a - t0), rightTexels = Swift.abs(t1 - b)
        let left = leftTexels / scale, right = rightTexels / scale
        let length = f1 - f0
        var p1 = f0 + left, p2 = f1 - right
        if !(left + right < length), leftTexels + rightTexels > 0 {
            // Both shrink by the same factor; as a share of the texels, so that a sum that
            // overflows (a vanishing contentsScale) still splits the frame.
            p1 = f0 + length * (leftTexels / (leftTexels + rightTexels))
            p2 = p1
        }
        let parts = [((f0, p1), (t0, a)), ((p1, p2), (a, b)), ((p2, f1), (b, t1))]
        // A part with points but no texels (a zero-size centre) stretches the texel line at its cut.
        return parts.filter { $0.0.1 > $0.0.0 }.map { (frame: $0.0, texels: $0.1) }
    }
}

extension Rect {
    /// Whether the rectangle (standardized) lies within the unit square 0…1 × 0…1.
    var isWithinUnitSquare: Bool {
        let r = standardized
        return r.minX >= 0 && r.minY >= 0 && r.maxX <= 1 && r.maxY <= 1
    }
}
