import MotionCore

// MARK: - StoryRendition

/// One encoding of an item's media that the feed offers besides (or instead of) its ``StoryItem/url``:
/// the same story at another resolution or bitrate.
///
/// In the feed, an item's optional `renditions` list (unknown keys are errors naming the key path):
///
/// ```json
/// { "id": "ava-2", "kind": "video", "url": "ava/2-1080.mp4",
///   "renditions": [ { "url": "ava/2-1080.mp4", "width": 1080, "height": 1920, "bitrate": 6000000 },
///                   { "url": "ava/2-540.mp4", "width": 540, "height": 960, "bitrate": 1500000 } ] }
/// ```
///
/// Which one is loaded is ``choice(among:displayPixels:savingData:)``'s rule.
public struct StoryRendition: Sendable, Hashable, Codable {
    /// The media's URL or file path.
    public var url: String
    /// The width in pixels, > 0.
    public var width: Double
    /// The height in pixels, > 0.
    public var height: Double
    /// The average bitrate in bits per second, if the feed says (> 0).
    public var bitrate: Double?

    /// A rendition.
    public init(url: String, width: Double, height: Double, bitrate: Double? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.bitrate = bitrate
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case url, width, height, bitrate }

    /// Decodes strictly: unknown keys are errors; width and height must be positive finite
    /// numbers of pixels, a bitrate a positive finite number of bits per second.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        bitrate = try container.decodeIfPresent(Double.self, forKey: .bitrate)
        for (key, value) in [(CodingKeys.width, width), (.height, height)] where !(value.isFinite && value > 0) {
            throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                   debugDescription: "\(key.rawValue) must be a positive number of pixels")
        }
        if let bitrate, !(bitrate.isFinite && bitrate > 0) {
            throw DecodingError.dataCorruptedError(forKey: .bitrate, in: container,
                                                   debugDescription: "bitrate must be a positive number of bits per second")
        }
    }

    /// The number of pixels, for ordering (0 for a rendition made in code with bad sizes).
    var pixelCount: Double {
        width.isFinite && height.isFinite && width > 0 && height > 0 ? width * height : 0
    }

    /// Whether it is at least `size` in both directions.
    func covers(_ size: Size) -> Bool { width >= size.width && height >= size.height }

    /// Lower first: fewer pixels, then a lower bitrate (none counts as lowest), then the URL.
    static func lower(_ a: StoryRendition, _ b: StoryRendition) -> Bool {
        (a.pixelCount, a.bitrate ?? 0, a.url) < (b.pixelCount, b.bitrate ?? 0, b.url)
    }

    /// The rendition to load for a display of `displayPixels`, or `nil` when there is none.
    ///
    /// - Normally, the smallest that covers the display (at least its width and height in
    ///   pixels); if none does, the largest.
    /// - Saving data, never the highest of two or more: of the others, the lowest that covers
    ///   half the display in each direction; if none does, the lowest of all. Of two renditions
    ///   the lower is always chosen: of 1080 × 1920 and 540 × 960, a 1170 × 2532 display gets
    ///   the first normally and the second when saving data (though the first alone covers half
    ///   of it).
    ///
    /// Renditions with a non-positive or non-finite size count as the smallest. Ties go to the
    /// lower bitrate, then the URL, so the choice does not depend on the feed's order.
    ///
    /// - Parameters:
    ///   - renditions: The feed's renditions of one item.
    ///   - displayPixels: The display's size in pixels (``PrefetchConditions/displayPixels(for:)``).
    ///   - savingData: Whether data is to be saved (``PrefetchConditions/isSavingData``).
    public static func choice(among renditions: [StoryRendition], displayPixels: Size,
                              savingData: Bool) -> StoryRendition? {
        let sorted = renditions.sorted(by: lower)
        guard let lowest = sorted.first, let highest = sorted.last else { return nil }
        func finite(_ value: Double) -> Double { value.isFinite ? Swift.max(value, 0) : 0 }
        let display = Size(width: finite(displayPixels.width), height: finite(displayPixels.height))
        if savingData {
            let half = Size(width: display.width / 2, height: display.height / 2)
            return sorted.dropLast(sorted.count > 1 ? 1 : 0).first { $0.covers(half) } ?? lowest
        }
        return sorted.first { $0.covers(display) } ?? highest
    }
}

// MARK: - StoryItem + Renditions

extension StoryItem {
    /// The URL to load for a display of `displayPixels`: the chosen rendition's
    /// (``StoryRendition/choice(among:displayPixels:savingData:)``), else ``url``.
    ///
    /// - Parameters:
    ///   - displayPixels: The display's size in pixels.
    ///   - savingData: Whether data is to be saved.
    public func mediaURL(displayPixels: Size, savingData: Bool) -> String {
        StoryRendition.choice(among: renditions ?? [], displayPixels: displayPixels, savingData: savingData)?.url ?? url
    }
}
