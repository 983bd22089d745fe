import MotionCore

/// What a page shows while its item's media loads: a BlurHash, or a tiny thumbnail picture.
///
/// In a feed it is the item's `placeholder`, an object with exactly one key:
///
/// ```json
/// { "id": "ava-1", "kind": "image", "url": "ava/1.jpg",
///   "placeholder": { "blurHash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj" } }
/// { "id": "ava-2", "kind": "video", "url": "ava/2.mp4",
///   "placeholder": { "thumbnail": "ava/2-tiny.jpg" } }
/// ```
///
/// A malformed BlurHash, an empty thumbnail, a `data:` URI that is not base64, both keys or
/// neither are decoding errors naming the
/// key path (`users[0].items[1].placeholder.blurHash`) and the reason. The viewer draws the
/// placeholder blurred and aspect-filled on the page until the item's media is on screen
/// (``StoriesViewer/placeholder(forUser:)``).
public enum StoryPlaceholder: Sendable, Hashable, Codable {
    /// A BlurHash of the item's picture (or a video's first frame), decoded here.
    case blurHash(BlurHash)
    /// A tiny picture: a URL or a path relative to the feed, or a `data:image/…;base64,` URI,
    /// decoded by the front-end like any picture.
    case thumbnail(String)

    /// The name of the placeholder's picture in a scene's image table for item `id`
    /// (`"placeholder:<id>"`): the renderer or front-end that draws
    /// ``StoriesViewer/scene(media:avatar:behind:now:)`` registers the decoded placeholder under it.
    public static func imageName(forItem id: String) -> String { "placeholder:\(id)" }

    /// A BlurHash placeholder decoded for a page of `page` points: RGBA8 pixels at
    /// ``BlurHash/decodeSize(forPage:)``; `nil` for a thumbnail (its bytes are the front-end's to
    /// load and decode).
    public func bitmap(forPage page: Size) -> PlaceholderBitmap? {
        guard case .blurHash(let hash) = self else { return nil }
        let (width, height) = BlurHash.decodeSize(forPage: page)
        return PlaceholderBitmap(width: width, height: height, rgba: hash.pixels(width: width, height: height))
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case blurHash, thumbnail }

    /// Decodes strictly: one of `blurHash` (a valid BlurHash) or `thumbnail` (a non-empty string).
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let hash = try container.decodeIfPresent(String.self, forKey: .blurHash)
        let thumbnail = try container.decodeIfPresent(String.self, forKey: .thumbnail)
        switch (hash, thumbnail) {
        case let (hash?, nil):
            do { self = .blurHash(try BlurHash(hash)) } catch let error as BlurHash.Error {
                throw DecodingError.dataCorruptedError(forKey: .blurHash, in: container,
                                                       debugDescription: "not a BlurHash: \(error.description)")
            }
        case let (nil, thumbnail?):
            guard !thumbnail.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: .thumbnail, in: container,
                                                       debugDescription: "a thumbnail needs a URL, a path or a data URI")
            }
            do { _ = try Self.dataURIBytes(thumbnail) } catch {
                throw DecodingError.dataCorruptedError(forKey: .thumbnail, in: container, debugDescription: "\(error)")
            }
            self = .thumbnail(thumbnail)
        case (.some, .some):
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "a placeholder is a blurHash or a thumbnail, not both"))
        case (nil, nil):
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "a placeholder needs a blurHash or a thumbnail"))
        }
    }

    /// Encodes the one key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .blurHash(let hash): try container.encode(hash.string, forKey: .blurHash)
        case .thumbnail(let thumbnail): try container.encode(thumbnail, forKey: .thumbnail)
        }
    }
}

/// A decoded placeholder: opaque RGBA8 pixels row by row, for a front-end to make an image of
/// (a `CGImage` on iOS, an `RGBAImage` in the compositor) and scale up aspect-filled.
public struct PlaceholderBitmap: Sendable, Hashable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int
    /// `width × height × 4` bytes, red, green, blue, alpha (255), row by row from the top.
    public var rgba: [UInt8]
}
