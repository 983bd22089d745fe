import StoryKit

// MARK: - StoriesPlaceholderPicture

/// The picture a page view shows for a loading item's placeholder, as plain values (tested on
/// Linux): a BlurHash's pixels, decoded at the page's aspect, or an inline thumbnail's file
/// bytes. The platform only makes an image of it.
package enum StoriesPlaceholderPicture: Sendable, Hashable {
    /// Opaque RGBA8 pixels, small: shown scaled up aspect-filled (the scaling blurs them).
    case pixels(PlaceholderBitmap)
    /// A PNG or JPEG file's bytes (a `data:` URI thumbnail).
    case encoded([UInt8])

    /// The picture of `placeholder` for a page of `page` points, or `nil` when there is none to
    /// show here (a thumbnail at a URL or path, which this front-end does not fetch).
    package init?(_ placeholder: StoryPlaceholder, page: Size) {
        if let bitmap = placeholder.bitmap(forPage: page), !bitmap.rgba.isEmpty {
            self = .pixels(bitmap)
        } else if let bytes = placeholder.inlineThumbnail {
            self = .encoded(bytes)
        } else {
            return nil
        }
    }
}

// MARK: - StoriesPlaceholderMemo

/// Which placeholder picture a page view holds, so that it decodes one only when the
/// placeholder or the page's size changes (not every frame), and lets it go when none shows.
package struct StoriesPlaceholderMemo: Sendable, Hashable {
    /// What the view does with its placeholder image.
    package enum Change: Sendable, Hashable {
        /// Keep the image it has.
        case keep
        /// Show this picture (or no image: `nil`).
        case show(StoriesPlaceholderPicture?)
    }

    private var placeholder: StoryPlaceholder?
    private var page: Size?

    /// A memo of no picture.
    package init() {}

    /// The change for showing `placeholder` (or none) on a page of `page` points.
    package mutating func update(_ placeholder: StoryPlaceholder?, page: Size) -> Change {
        guard let placeholder else {
            guard self.placeholder != nil else { return .keep }
            self.placeholder = nil
            self.page = nil
            return .show(nil)
        }
        if placeholder == self.placeholder, page == self.page { return .keep }
        self.placeholder = placeholder
        self.page = page
        return .show(StoriesPlaceholderPicture(placeholder, page: page))
    }
}
