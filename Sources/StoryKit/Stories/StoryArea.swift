import MotionCore

/// A tappable area of a story item: a link, a mention or a call to action, placed on the item's
/// media in fractional coordinates, rotated about its centre.
///
/// A feed carries an item's areas as JSON, decoded strictly (unknown keys, keys of another kind
/// and values out of range are errors naming the key path):
///
/// ```json
/// "areas": [
///   { "id": "shop", "kind": "link", "url": "https://example.com/shoes",
///     "x": 0.1, "y": 0.3, "width": 0.5, "height": 0.12, "rotation": -8 },
///   { "id": "tag", "kind": "mention", "user": "ben", "x": 0.55, "y": 0.6, "width": 0.3, "height": 0.06 },
///   { "id": "more", "kind": "action", "label": "See more", "swipeUp": true,
///     "x": 0.3, "y": 0.88, "width": 0.4, "height": 0.06 }
/// ]
/// ```
///
/// The frame is origin-based: (`x`, `y`) is the top-left corner of the unrotated rectangle, and
/// `x`, `y`, `width`, `height` are fractions of the media's width and height (0…1, origin at the
/// media's top left, y down), so that an area stays on what it marks however the page crops the
/// media (the viewer aspect-fills it). `rotation` is in degrees, clockwise on screen, about the
/// rectangle's centre (0 when absent). The rectangle must lie within the media before rotation.
///
/// A tap on an area is the area's (``StoriesViewer/Event/areaTapped(user:item:id:areaID:)``), not
/// a page tap; an ``Kind/action(label:swipeUp:)`` with `swipeUp` also fires on a swipe up.
public struct StoryArea: Sendable, Hashable, Identifiable {
    /// What an area does when tapped.
    public enum Kind: Sendable, Hashable {
        /// A link to open (`"url"` in the feed).
        case link(url: String)
        /// A mention of a user (`"user"` in the feed: the user's id).
        case mention(userID: String)
        /// A call to action, e.g. "See more" (`"label"`); with `swipeUp` (`"swipeUp": true`) a
        /// swipe up on the item fires it too. The scene draws it as a pill with its label.
        case action(label: String, swipeUp: Bool)
    }

    /// A stable identifier, unique among the item's areas.
    public var id: String
    /// What the area is.
    public var kind: Kind
    /// The unrotated rectangle, in fractions of the media's size (0…1, origin-based, y down).
    public var frame: Rect
    /// The rotation about the frame's centre, in degrees, clockwise on screen.
    public var rotation: Double

    /// An area of `kind` at `frame` (fractions of the media, origin-based) rotated by `rotation`
    /// degrees clockwise about its centre.
    public init(id: String, kind: Kind, frame: Rect, rotation: Double = 0) {
        self.id = id
        self.kind = kind
        self.frame = frame
        self.rotation = rotation
    }

    /// Whether a swipe up on the item fires this area (an action with `swipeUp`).
    public var firesOnSwipeUp: Bool {
        if case .action(_, true) = kind { return true }
        return false
    }
}

// MARK: - StoryArea + Codable

extension StoryArea: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, kind, url, user, label, swipeUp, x, y, width, height, rotation
    }

    /// The feed's names of the kinds.
    enum KindName: String, Codable, CaseIterable, DecodableByName { case link, mention, action }

    /// Decodes strictly: unknown keys and keys of another kind are errors; the frame must be
    /// finite fractions inside the media with a positive size, the rotation finite, the id, URL,
    /// user and label non-empty.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try Self.nonEmpty(.id, in: container)
        let name = try container.decode(KindName.self, forKey: .kind)
        let allowed: Set<CodingKeys>
        switch name {
        case .link:
            kind = .link(url: try Self.nonEmpty(.url, in: container))
            allowed = [.url]
        case .mention:
            kind = .mention(userID: try Self.nonEmpty(.user, in: container))
            allowed = [.user]
        case .action:
            kind = .action(label: try Self.nonEmpty(.label, in: container),
                           swipeUp: try container.decodeIfPresent(Bool.self, forKey: .swipeUp) ?? false)
            allowed = [.label, .swipeUp]
        }
        for key in [CodingKeys.url, .user, .label, .swipeUp] where !allowed.contains(key) && container.contains(key) {
            throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                   debugDescription: "\(key.rawValue) is not a key of a \(name.rawValue) area")
        }
        func fraction(_ key: CodingKeys) throws -> Double {
            let value = try container.decode(Double.self, forKey: key)
            guard value.isFinite, (0...1).contains(value) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                       debugDescription: "\(key.rawValue) must be a fraction of the media in 0...1")
            }
            return value
        }
        let x = try fraction(.x), y = try fraction(.y), width = try fraction(.width), height = try fraction(.height)
        for (key, size, origin) in [(CodingKeys.width, width, x), (.height, height, y)] {
            guard size > 0 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(key.rawValue) must be positive")
            }
            guard origin + size <= 1 + 1e-9 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                       debugDescription: "the area ends past the media's edge (\(origin) + \(size) > 1)")
            }
        }
        frame = Rect(x: x, y: y, width: width, height: height)
        rotation = try container.decodeIfPresent(Double.self, forKey: .rotation) ?? 0
        guard rotation.isFinite else {
            throw DecodingError.dataCorruptedError(forKey: .rotation, in: container, debugDescription: "rotation must be finite degrees")
        }
    }

    /// Encodes the feed's flat form (the keys of its kind only; no rotation when 0).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        switch kind {
        case .link(let url):
            try container.encode(KindName.link.rawValue, forKey: .kind)
            try container.encode(url, forKey: .url)
        case .mention(let user):
            try container.encode(KindName.mention.rawValue, forKey: .kind)
            try container.encode(user, forKey: .user)
        case let .action(label, swipeUp):
            try container.encode(KindName.action.rawValue, forKey: .kind)
            try container.encode(label, forKey: .label)
            if swipeUp { try container.encode(true, forKey: .swipeUp) }
        }
        try container.encode(frame.minX, forKey: .x)
        try container.encode(frame.minY, forKey: .y)
        try container.encode(frame.width, forKey: .width)
        try container.encode(frame.height, forKey: .height)
        if rotation != 0 { try container.encode(rotation, forKey: .rotation) }
    }

    private static func nonEmpty(_ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>) throws -> String {
        let value = try container.decode(String.self, forKey: key)
        guard !value.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(key.rawValue) must not be empty")
        }
        return value
    }

    /// Throws when two of `areas` share an id (the error names the second one's index).
    static func rejectDuplicateIDs(_ areas: [StoryArea], codingPath: [any CodingKey]) throws {
        var ids = Set<String>()
        for (index, area) in areas.enumerated() where !ids.insert(area.id).inserted {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [AnyCodingKey(intValue: index), CodingKeys.id],
                                                    debugDescription: "area id \"\(area.id)\" is used twice"))
        }
    }
}
