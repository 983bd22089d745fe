import MotionCore

// MARK: - StoriesViewer + Areas

extension StoriesViewer {
    /// Tells the viewer the natural size of item `id`'s media (a decoded image's pixels, a
    /// video's presentation size), so that its tappable areas land on what they mark when the
    /// page crops the media (it is aspect-filled). Until then the media is taken to have the
    /// page's aspect.
    ///
    /// A size that is not finite and positive, or an id the feed does not have, is ignored.
    ///
    /// - Parameters:
    ///   - size: The media's size; only its aspect ratio counts.
    ///   - id: The item's id.
    public mutating func setMediaSize(_ size: Size, forItem id: String) {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
              users.contains(where: { $0.items.contains { $0.id == id } }) else { return }
        mediaSizes[id] = size
    }

    /// The media size reported for item `id`, if any (see ``setMediaSize(_:forItem:)``).
    public func mediaSize(forItem id: String) -> Size? { mediaSizes[id] }

    /// The current item's tappable areas where they sit on the page, in the page's points,
    /// back to front; empty while the page is not at rest (the cube turns or a dismiss runs),
    /// when closed, or with an unusable page size.
    public var areaPlacements: [StoryArea.Placement] {
        guard let item = currentItem, isAtRestForAreas else { return [] }
        return item.areas.compactMap { $0.placement(mediaSize: mediaSizes[item.id], pageSize: pageSize) }
    }

    /// The current item's area under `point` (page points), if the page is at rest: the
    /// front-most one that holds the point.
    public func area(at point: Point) -> StoryArea? {
        guard let item = currentItem, isAtRestForAreas else { return nil }
        return StoryArea.hit(item.areas, at: point, mediaSize: mediaSizes[item.id], pageSize: pageSize)
    }

    /// Whether the current page is flat in front, so that areas can be hit: open, the cube
    /// idle and no dismiss under way.
    var isAtRestForAreas: Bool {
        !isClosed && cube.phase == .idle && !dismissal.isActive
    }

    /// A tap that came down at `origin` on an area of the current item: the area's event
    /// (nothing navigates, nothing pauses), or `nil` when no area is there.
    func areaTap(at origin: Point) -> Event? {
        guard let item = currentItem, let area = area(at: origin) else { return nil }
        return .areaTapped(user: userIndex, item: itemIndex, id: item.id, areaID: area.id)
    }

    /// A swipe up on the current item: its front-most action area that fires on a swipe up,
    /// as an event, or `nil` (the swipe is then a reply).
    var swipeUpArea: Event? {
        guard let item = currentItem, !isClosed, let area = item.areas.last(where: \.firesOnSwipeUp) else { return nil }
        return .areaTapped(user: userIndex, item: itemIndex, id: item.id, areaID: area.id)
    }
}

// MARK: - StoriesViewer + Area accessibility

extension StoriesViewer {
    /// One tappable area as VoiceOver presents it: what the UIKit front-end turns into a
    /// `UIAccessibilityElement`.
    public struct AreaAccessibilityElement: Sendable, Hashable {
        /// The area's id (activating the element taps it: ``tapArea(_:time:)``).
        public var id: String
        /// What VoiceOver reads, e.g. "Link, example.com", "Mention, ben", "See more".
        public var label: String
        /// A hint for an action that also fires on a swipe up, else `nil`.
        public var hint: String?
        /// Whether the area is a link (the link trait) rather than a button.
        public var isLink: Bool
        /// The upright box around the rotated area, in the page's points, clipped to the page.
        public var frame: Rect
    }

    /// The current item's areas for VoiceOver, front-most first (the order VoiceOver reads
    /// them); empty while the page is not at rest. Areas wholly off the page are left out.
    public var areaAccessibilityElements: [AreaAccessibilityElement] {
        guard let item = currentItem else { return [] }
        let page = Rect(x: 0, y: 0, width: pageSize.width, height: pageSize.height)
        let placements = Dictionary(areaPlacements.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        return item.areas.reversed().compactMap { area in
            guard let placement = placements[area.id] else { return nil }
            let box = placement.boundingBox
            let minX = Swift.max(box.minX, page.minX), maxX = Swift.min(box.maxX, page.maxX)
            let minY = Swift.max(box.minY, page.minY), maxY = Swift.min(box.maxY, page.maxY)
            guard maxX > minX, maxY > minY else { return nil }
            let frame = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            let label: String, hint: String?
            switch area.kind {
            case .link(let url): label = "Link, " + Self.host(of: url); hint = nil
            case .mention(let user): label = "Mention, " + user; hint = nil
            case let .action(text, swipeUp): label = text; hint = swipeUp ? "Or swipe up" : nil
            }
            let isLink: Bool
            if case .link = area.kind { isLink = true } else { isLink = false }
            return AreaAccessibilityElement(id: area.id, label: label, hint: hint, isLink: isLink, frame: frame)
        }
    }

    /// Taps the current item's area `id` as VoiceOver's activation does: the same event as a
    /// finger's tap on it, and nothing else (no pause, no navigation); nothing for an unknown id
    /// or a page not at rest.
    ///
    /// - Returns: The events: ``Event/areaTapped(user:item:id:areaID:)``, after any the time
    ///   step caused.
    @discardableResult
    public mutating func tapArea(_ id: String, time: Double) -> [Event] {
        guard time.isFinite, !isClosed else { return [] }
        var events = advance(to: time)
        guard isAtRestForAreas, let item = currentItem, item.areas.contains(where: { $0.id == id }) else { return events }
        events.append(.areaTapped(user: userIndex, item: itemIndex, id: item.id, areaID: id))
        return events
    }

    /// A URL's host for a label ("https://www.example.com/a" reads "example.com"), or the URL.
    static func host(of url: String) -> String {
        var rest = Substring(url)
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") { rest = rest[rest.index(colon, offsetBy: 3)...] }
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if rest.hasPrefix("www.") { rest = rest.dropFirst(4) }
        return rest.isEmpty ? url : String(rest)
    }
}
