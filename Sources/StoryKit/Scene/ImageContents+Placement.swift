import MotionCore

/// Where a layer's image lands in its bounds and which part of the image is shown there.
///
/// Core Animation draws the part of the image selected by `contentsRect` stretched over a
/// rectangle that `contentsGravity` chooses inside (or around) the layer's bounds. ``frame`` is
/// that rectangle in the layer's own coordinates and ``texels`` the selected part of the image in
/// pixel coordinates of the image (texel centres at +0.5, the image covering `0…width × 0…height`),
/// so a layer point `p` shows the texel ``texel(at:)``: the two rectangles correspond corner to
/// corner, linearly.
///
/// Compute it with ``ImageContents/placement(imageWidth:imageHeight:contentsScale:in:)``.
public struct ImagePlacement: Sendable, Hashable {
    /// Where the shown part of the image is drawn, in the layer's bounds coordinates (points),
    /// standardized (non-negative size). Zero-sized when nothing is drawn.
    public var frame: Rect
    /// The image area stretched over ``frame``, in image pixels: `contentsRect` times the image
    /// size. ``frame``'s top-left corner shows `texels.origin` and its bottom-right corner
    /// `texels.origin + texels.size`. It may extend past the image (Core Animation then repeats
    /// the edge pixels), and a negative width or height mirrors the image.
    public var texels: Rect
    /// The texels that can actually be sampled: ``texels`` (standardized) clamped to the image,
    /// at least one texel wide and high, so that a `contentsRect` outside the unit square
    /// stretches the nearest edge pixels as Core Animation does. Zero-sized for an empty image.
    public var sampledTexels: Rect

    /// Creates a placement from its parts.
    public init(frame: Rect, texels: Rect, sampledTexels: Rect) {
        self.frame = frame
        self.texels = texels
        self.sampledTexels = sampledTexels
    }

    /// `true` when the image draws nothing: an empty ``frame`` or no pixels to sample.
    public var isEmpty: Bool { frame.isEmpty || sampledTexels.isEmpty }

    /// The image position (in image pixels, texel centres at +0.5) shown at a point of the layer.
    ///
    /// Linear inside and outside ``frame``; when the mapping is degenerate (an empty or
    /// vanishingly thin ``frame``) or the result would overflow, the result is `texels.origin`.
    ///
    /// - Parameter point: A point in the layer's bounds coordinates, in points.
    /// - Returns: The corresponding position in the image, in pixels.
    public func texel(at point: Point) -> Point {
        guard !frame.isEmpty else { return texels.origin }
        let result = Point(x: texels.origin.x + (point.x - frame.origin.x) / frame.size.width * texels.size.width,
                           y: texels.origin.y + (point.y - frame.origin.y) / frame.size.height * texels.size.height)
        return result.isFinite ? result : texels.origin
    }
}

// MARK: - ImageContents + Placement

extension ImageContents {
    /// Where an image of the given pixel size lands in a layer's bounds, following
    /// `CALayer.contentsGravity` and `contentsRect`.
    ///
    /// The shown part of the image is `contentsRect` (unit coordinates of the image, (0, 0) its
    /// top-left pixel corner). Its natural size in points is that part's pixel size divided by
    /// `contentsScale`, and ``gravity`` places it (UIKit's orientation: ``ContentsGravity/top``
    /// is the edge with the smaller y):
    /// - ``ContentsGravity/resize``: the bounds;
    /// - ``ContentsGravity/resizeAspect`` / ``ContentsGravity/resizeAspectFill``: the natural
    ///   size scaled to fit inside / cover the bounds, centred (`Rect.aspectFit`, `aspectFill`);
    /// - the other gravities: the natural size, unscaled, at the named edge or corner, centred
    ///   along the other axis. It may overflow the bounds; only `masksToBounds` clips it.
    ///
    /// Source: Apple, *CALayer.contentsGravity* and *contentsRect* ("the edge pixels are
    /// extended outward when the rectangle extends beyond the unit rectangle").
    ///
    /// Fallbacks: a non-positive or non-finite `contentsScale` is treated as 1; a non-finite
    /// `contentsRect` (or one that overflows in pixels) as the unit rectangle; a non-finite bounds as empty. An empty image, empty
    /// `contentsRect` or empty bounds with a scaling gravity give an empty placement.
    ///
    /// - Parameters:
    ///   - imageWidth: The image width in pixels (negative counts as 0).
    ///   - imageHeight: The image height in pixels (negative counts as 0).
    ///   - contentsScale: Image pixels per point (`CALayer.contentsScale`, 1 by default).
    ///   - bounds: The layer's bounds, in points.
    /// - Returns: The placement, in the layer's bounds coordinates and the image's pixels.
    public func placement(imageWidth: Int, imageHeight: Int, contentsScale: Double = 1,
                          in bounds: Rect) -> ImagePlacement {
        let width = Double(Swift.max(0, imageWidth)), height = Double(Swift.max(0, imageHeight))
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let whole = Rect(x: 0, y: 0, width: width, height: height)
        let unit = contentsRect
        var texels = Rect(x: unit.origin.x * width, y: unit.origin.y * height,
                          width: unit.size.width * width, height: unit.size.height * height)
        if !texels.isFinite { texels = whole }
        let sampled = Self.sampledTexels(texels, width: width, height: height)
        let box = bounds.isFinite ? bounds.standardized : .zero
        let natural = Size(width: texels.width / scale, height: texels.height / scale)
        let frame = natural.isEmpty || !natural.isFinite ? Rect(origin: box.center, size: .zero)
            : Self.frame(of: natural, in: box, gravity: gravity)
        return ImagePlacement(frame: frame.isFinite ? frame : .zero, texels: texels, sampledTexels: sampled)
    }

    /// The rectangle gravity gives content of natural size `natural` in `box`.
    private static func frame(of natural: Size, in box: Rect, gravity: ContentsGravity) -> Rect {
        let w = natural.width, h = natural.height
        let left = box.minX, centerX = box.midX - w / 2, right = box.maxX - w
        let top = box.minY, centerY = box.midY - h / 2, bottom = box.maxY - h
        switch gravity {
        case .resize: return box
        case .resizeAspect: return box.aspectFit(natural)
        case .resizeAspectFill: return box.aspectFill(natural)
        case .center: return Rect(x: centerX, y: centerY, width: w, height: h)
        case .top: return Rect(x: centerX, y: top, width: w, height: h)
        case .bottom: return Rect(x: centerX, y: bottom, width: w, height: h)
        case .left: return Rect(x: left, y: centerY, width: w, height: h)
        case .right: return Rect(x: right, y: centerY, width: w, height: h)
        case .topLeft: return Rect(x: left, y: top, width: w, height: h)
        case .topRight: return Rect(x: right, y: top, width: w, height: h)
        case .bottomLeft: return Rect(x: left, y: bottom, width: w, height: h)
        case .bottomRight: return Rect(x: right, y: bottom, width: w, height: h)
        }
    }

    /// `texels` clamped to the image, keeping at least one texel per axis (the edge texels when
    /// the rectangle lies wholly outside the image).
    private static func sampledTexels(_ texels: Rect, width: Double, height: Double) -> Rect {
        guard width >= 1, height >= 1, !texels.isEmpty else { return .zero }
        func clamp(_ lo: Double, _ hi: Double, _ limit: Double) -> (Double, Double) {
            var a = lo.clamped(to: 0...limit), b = hi.clamped(to: 0...limit)
            if b - a < 1 {
                // Keep one texel: the one the rectangle is closest to.
                a = Swift.min(Swift.max(a.rounded(.down), 0), limit - 1)
                if hi <= 0 { a = 0 } else if lo >= limit { a = limit - 1 }
                b = a + 1
            }
            return (a, b)
        }
        let (x0, x1) = clamp(texels.minX, texels.maxX, width)
        let (y0, y1) = clamp(texels.minY, texels.maxY, height)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
