import MotionCore

/// The stories a viewer shows: users in tray order, each with their items oldest first.
///
/// A feed is plain data, `Codable` as documented JSON (unknown keys are errors naming the key
/// path, as in scenes and gesture scripts):
///
/// ```json
/// { "users": [
///     { "id": "ava", "name": "Ava", "avatar": "avatars/ava.jpg",
///       "items": [
///         { "id": "ava-1", "kind": "image", "url": "ava/1.jpg", "createdAt": 1764000000 },
///         { "id": "ava-2", "kind": "video", "url": "ava/2.mp4", "duration": 8.5, "createdAt": 1764003600 }
///       ] } ] }
/// ```
///
/// `createdAt` is in seconds since 1970 (UTC); `duration` in seconds is optional: images default
/// to ``StoriesViewer/Configuration/imageDuration`` and videos take their media's own length as
/// soon as the media reports it (``StoriesViewer/MediaEvent/duration(_:)``).
public struct StoryFeed: Sendable, Hashable, Codable {
    /// The users, in the order the tray and the cube show them.
    public var users: [StoryUser]

    /// A feed of `users`.
    public init(users: [StoryUser]) {
        self.users = users
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case users }

    /// Decodes strictly: unknown keys are errors.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        users = try container.decode([StoryUser].self, forKey: .users)
    }
}

/// One user of the feed: a page of the cube.
public struct StoryUser: Sendable, Hashable, Codable, Identifiable {
    /// A stable identifier, unique in the feed.
    public var id: String
    /// The name the header and the tray show.
    public var name: String
    /// The avatar image's URL or file path, if any.
    public var avatar: String?
    /// The user's items, oldest first.
    public var items: [StoryItem]

    /// A user with `items`.
    public init(id: String, name: String, avatar: String? = nil, items: [StoryItem]) {
        self.id = id
        self.name = name
        self.avatar = avatar
        self.items = items
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case id, name, avatar, items }

    /// Decodes strictly: unknown keys are errors.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        avatar = try container.decodeIfPresent(String.self, forKey: .avatar)
        items = try container.decode([StoryItem].self, forKey: .items)
    }
}

/// One story: an image or a video shown for a duration.
public struct StoryItem: Sendable, Hashable, Codable, Identifiable {
    /// What the item's media is.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// A still image, shown for ``StoriesViewer/Configuration/imageDuration`` unless the item
        /// says otherwise.
        case image
        /// A video, shown for its media's own length.
        case video
    }

    /// A stable identifier, unique in the feed; the seen state is kept by it.
    public var id: String
    /// Image or video.
    public var kind: Kind
    /// The media's URL or file path.
    public var url: String
    /// Seconds to show the item; `nil` for the default (images) or the media's length (videos).
    public var duration: Double?
    /// When the item was posted, in seconds since 1970 (UTC).
    public var createdAt: Double
    /// What the page shows while the media loads (a BlurHash or a tiny thumbnail), if anything.
    public var placeholder: StoryPlaceholder? = nil
    /// The item's tappable areas (links, mentions, calls to action), back to front; empty by
    /// default. See ``StoryArea``.
    public var areas: [StoryArea] = []
    /// Other encodings of the media (resolutions, bitrates), if the feed offers them: which one
    /// loads is ``StoryRendition/choice(among:displayPixels:savingData:)``'s rule; `nil` for
    /// ``url`` alone.
    public var renditions: [StoryRendition]? = nil
    /// The item's caption, drawn over the bottom of its page; `nil` for none.
    public var caption: String? = nil
    /// The item's subtitles: the URL or path of a WebVTT file (``SubtitleTrack``), for a video;
    /// `nil` for none.
    public var subtitles: String? = nil

    /// An item.
    public init(id: String, kind: Kind, url: String, duration: Double? = nil, createdAt: Double = 0) {
        self.id = id
        self.kind = kind
        self.url = url
        self.duration = duration
        self.createdAt = createdAt
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case id, kind, url, duration, createdAt, placeholder, areas, renditions, caption, subtitles }

    /// Decodes strictly: unknown keys are errors; a duration must be a positive number of seconds.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        kind = try container.decode(Kind.self, forKey: .kind)
        url = try container.decode(String.self, forKey: .url)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        createdAt = try container.decodeIfPresent(Double.self, forKey: .createdAt) ?? 0
        placeholder = try container.decodeIfPresent(StoryPlaceholder.self, forKey: .placeholder)
        areas = try container.decodeIfPresent([StoryArea].self, forKey: .areas) ?? []
        try StoryArea.rejectDuplicateIDs(areas, codingPath: container.codingPath + [CodingKeys.areas])
        renditions = try container.decodeIfPresent([StoryRendition].self, forKey: .renditions)
        caption = try container.decodeIfPresent(String.self, forKey: .caption)
        subtitles = try container.decodeIfPresent(String.self, forKey: .subtitles)
        if subtitles?.isEmpty == true {
            throw DecodingError.dataCorruptedError(forKey: .subtitles, in: container,
                                                   debugDescription: "subtitles must be the URL or path of a WebVTT file, not empty")
        }
        if let duration, !(duration.isFinite && duration > 0) {
            throw DecodingError.dataCorruptedError(forKey: .duration, in: container,
                                                   debugDescription: "duration must be a positive number of seconds")
        }
    }
}

// MARK: - StoryFeed + Validation

extension StoryFeed {
    /// What is wrong with the feed for a viewer, one line each (empty when nothing is):
    /// duplicate user or item ids, users without items, non-positive or non-finite durations.
    ///
    /// A viewer accepts any feed (it skips users without items and sanitises durations); this
    /// is for tools that want to refuse a bad file.
    public func validationErrors() -> [String] {
        var errors: [String] = []
        var userIDs = Set<String>(), itemIDs = Set<String>()
        for (u, user) in users.enumerated() {
            if !userIDs.insert(user.id).inserted { errors.append("users[\(u)].id: \"\(user.id)\" is used twice") }
            if user.items.isEmpty { errors.append("users[\(u)].items: a user needs at least one item") }
            for (i, item) in user.items.enumerated() {
                if !itemIDs.insert(item.id).inserted {
                    errors.append("users[\(u)].items[\(i)].id: \"\(item.id)\" is used twice")
                }
                if let d = item.duration, !(d.isFinite && d > 0) {
                    errors.append("users[\(u)].items[\(i)].duration: must be a positive number of seconds")
                }
            }
        }
        return errors
    }
}
