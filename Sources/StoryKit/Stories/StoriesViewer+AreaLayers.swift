import MotionCore
import RealModule

// MARK: - StoriesViewer + Area layers

extension StoriesViewer {
    /// The look of an action area's pill, shared by the scene and the front-ends.
    public enum AreaPillStyle {
        /// The label's size, in points (semibold).
        public static let fontSize = 15.0
        /// The pill's fill: white at 90 %.
        public static let fill = RGBAColor(white: 1, alpha: 0.9)
        /// The label's colour.
        public static let textColor = RGBAColor(white: 0.08)
        /// The side of the chevron drawn above a pill whose action fires on a swipe up, in points.
        public static let chevronSide = 14.0
    }

    /// The visible part of the tappable areas of `user`'s page: `"areas"`, as large as the page
    /// (in its points), holding one `"action <id>"` pill per action area of the item the page
    /// shows (its rotated rectangle, fully rounded, in ``AreaPillStyle/fill``, with its `"label"`
    /// centred and, for a swipe-up action, a `"chevron"` above it). Links and mentions draw
    /// nothing: they mark what the media shows, and VoiceOver finds them as
    /// ``areaAccessibilityElements``. `nil` when the page's item has no action area.
    ///
    /// - Parameter user: The user's index.
    package func areaLayer(forUser user: Int) -> Layer? {
        guard users.indices.contains(user), let index = item(forUser: user), users[user].items.indices.contains(index) else { return nil }
        let item = users[user].items[index]
        var pills: [Layer] = []
        for area in item.areas {
            guard case let .action(label, swipeUp) = area.kind,
                  let placement = area.placement(mediaSize: mediaSizes[item.id], pageSize: pageSize) else { continue }
            pills.append(Self.pill(label: label, swipeUp: swipeUp, placement: placement))
        }
        guard !pills.isEmpty else { return nil }
        let width = pageSize.width, height = pageSize.height
        return Layer(name: "areas", bounds: Rect(x: 0, y: 0, width: width, height: height),
                     position: Point(x: width / 2, y: height / 2), sublayers: pills)
    }

    /// One action's pill at `placement`.
    static func pill(label: String, swipeUp: Bool, placement: StoryArea.Placement) -> Layer {
        let w = placement.size.width, h = placement.size.height
        let fontSize = Swift.min(AreaPillStyle.fontSize, h * 0.6)
        let lineHeight = fontSize * 1.25
        var sublayers = [Layer(name: "label", bounds: Rect(x: 0, y: 0, width: Swift.max(w - h / 2, 0), height: lineHeight),
                               position: Point(x: w / 2, y: h / 2),
                               text: TextContents(label, fontSize: fontSize, fontWeight: .semibold, color: AreaPillStyle.textColor,
                                                  alignment: .center, numberOfLines: 1))]
        if swipeUp {
            let side = AreaPillStyle.chevronSide
            let path = ShapePath([.move(to: Point(x: 1, y: side * 0.7)), .line(to: Point(x: side / 2, y: side * 0.25)),
                                  .line(to: Point(x: side - 1, y: side * 0.7))])
            sublayers.append(Layer(name: "chevron", bounds: Rect(x: 0, y: 0, width: side, height: side),
                                   position: Point(x: w / 2, y: -side / 2 - 4),
                                   shape: ShapeContents(path: path, strokeColor: .white, lineWidth: 2.5, lineCap: .round,
                                                        lineJoin: .round)))
        }
        return Layer(name: "action \(placement.id)", bounds: Rect(x: 0, y: 0, width: w, height: h), position: placement.center,
                     transform: Transform3D(rotationAngle: placement.angle, axis: Vector3(x: 0, y: 0, z: 1)),
                     cornerRadius: Swift.min(w, h) / 2, backgroundColor: AreaPillStyle.fill, sublayers: sublayers)
    }
}
