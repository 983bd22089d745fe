import MotionCore
import RealModule

// MARK: - StoryArea.Placement

extension StoryArea {
    /// Where an area lands on the page: its rectangle's centre, size and rotation in the page's
    /// points, once the media is aspect-filled into the page (as the scene's `"media"` layer
    /// draws it, ``ContentsGravity/resizeAspectFill``).
    public struct Placement: Sendable, Hashable {
        /// The area's id.
        public var id: String
        /// The centre of the rotated rectangle, in the page's points.
        public var center: Point
        /// The unrotated rectangle's size, in points.
        public var size: Size
        /// The rotation about ``center``, in radians, clockwise on screen.
        public var angle: Double

        /// Whether `point` (page points) lies inside the rotated rectangle, its edges included.
        /// A non-finite point is never inside.
        public func contains(_ point: Point) -> Bool {
            guard point.isFinite else { return false }
            let dx = point.x - center.x, dy = point.y - center.y
            let c = Double.cos(angle), s = Double.sin(angle)
            // Into the rectangle's own axes: rotate back by the angle.
            let u = dx * c + dy * s, v = -dx * s + dy * c
            let tolerance = 1e-9
            return abs(u) <= size.width / 2 + tolerance && abs(v) <= size.height / 2 + tolerance
        }

        /// The rotated rectangle's corners, clockwise from its own top left, in page points.
        public var corners: [Point] {
            let c = Double.cos(angle), s = Double.sin(angle)
            let w = size.width / 2, h = size.height / 2
            return [(-w, -h), (w, -h), (w, h), (-w, h)].map { u, v in
                Point(x: center.x + u * c - v * s, y: center.y + u * s + v * c)
            }
        }

        /// The smallest upright rectangle holding the rotated one, in page points (what an
        /// accessibility element's frame is).
        public var boundingBox: Rect {
            let points = corners
            let xs = points.map(\.x), ys = points.map(\.y)
            let minX = xs.min() ?? center.x, minY = ys.min() ?? center.y
            return Rect(x: minX, y: minY, width: (xs.max() ?? minX) - minX, height: (ys.max() ?? minY) - minY)
        }
    }

    /// Where the media sits on a page of `pageSize` points: aspect-filled and centred, as the
    /// viewer draws it. Without a usable media size the media is taken to have the page's
    /// aspect (it then covers the page exactly).
    ///
    /// - Parameters:
    ///   - mediaSize: The media's natural size (pixels or points: only the ratio counts), or `nil`.
    ///   - pageSize: The page, in points.
    /// - Returns: The media's frame in page points (it may extend past the page); `nil` for an
    ///   unusable page size.
    public static func mediaFrame(mediaSize: Size?, pageSize: Size) -> Rect? {
        guard pageSize.width.isFinite, pageSize.height.isFinite, pageSize.width > 0, pageSize.height > 0 else { return nil }
        let page = Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height)
        guard let media = mediaSize, media.width.isFinite, media.height.isFinite, media.width > 0, media.height > 0 else { return page }
        let frame = page.aspectFill(media)
        return frame.isFinite && !frame.isEmpty ? frame : page
    }

    /// This area's place on a page of `pageSize` points showing media of `mediaSize`
    /// (aspect-filled), or `nil` when the page or the area's values are unusable.
    public func placement(mediaSize: Size?, pageSize: Size) -> Placement? {
        guard let media = Self.mediaFrame(mediaSize: mediaSize, pageSize: pageSize) else { return nil }
        let f = frame
        guard f.isFinite, f.width > 0, f.height > 0, rotation.isFinite else { return nil }
        let center = Point(x: media.minX + (f.minX + f.width / 2) * media.width,
                           y: media.minY + (f.minY + f.height / 2) * media.height)
        let size = Size(width: f.width * media.width, height: f.height * media.height)
        let angle = rotation.truncatingRemainder(dividingBy: 360) * .pi / 180
        return Placement(id: id, center: center, size: size, angle: angle)
    }

    /// The area of `areas` under `point` (page points): the front-most one (the last in the
    /// list) whose rotated rectangle holds it, or `nil`.
    public static func hit(_ areas: [StoryArea], at point: Point, mediaSize: Size?, pageSize: Size) -> StoryArea? {
        guard point.isFinite else { return nil }
        return areas.last { $0.placement(mediaSize: mediaSize, pageSize: pageSize)?.contains(point) == true }
    }
}
