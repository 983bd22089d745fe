import Foundation
import StoryKit
import StoryRender

// MARK: - FeedPictures + Placeholders

extension FeedPictures {
    /// The pictures of the placeholders of `feed`'s items, named
    /// ``StoryKit/StoryPlaceholder/imageName(forItem:)``: a BlurHash decoded at
    /// ``StoryKit/BlurHash/decodeSize(forPage:)`` for a page of `page` points; a thumbnail read
    /// from its file or its `data:` URI (one at an http URL is not fetched: the page shows dark
    /// grey, as a video without a poster does).
    ///
    /// - Throws: ``CLIError`` naming the item whose thumbnail is missing or not a PNG or JPEG.
    static func placeholders(of feed: StoryFeed, page: Size) throws -> [String: RGBAImage] {
        var images: [String: RGBAImage] = [:]
        for user in feed.users {
            for item in user.items {
                guard let placeholder = item.placeholder else { continue }
                let name = StoryPlaceholder.imageName(forItem: item.id)
                switch placeholder {
                case .blurHash:
                    if let bitmap = placeholder.bitmap(forPage: page) {
                        images[name] = RGBAImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.rgba)
                    }
                case .thumbnail(let reference):
                    do {
                        if let bytes = placeholder.inlineThumbnail {
                            images[name] = try RGBAImage(imageData: bytes)
                        } else if FeedSource.httpURL(reference) == nil {
                            images[name] = try RGBAImage(contentsOfFile: reference)
                        } else {
                            images[name] = RGBAImage(width: 1, height: 1, fill: (28, 28, 34, 255))
                        }
                    } catch {
                        throw CLIError("\(error) (the placeholder thumbnail of item \(item.id) of \(user.id))")
                    }
                }
            }
        }
        return images
    }
}

// MARK: - FeedSource + Placeholders

extension FeedSource {
    /// `item` with a thumbnail placeholder's path resolved by `resolve` (a `data:` URI as it is).
    static func resolvingThumbnail(of item: StoryItem, with resolve: (String) -> String) -> StoryItem {
        guard case .thumbnail(let reference)? = item.placeholder, !reference.hasPrefix("data:") else { return item }
        var resolved = item
        resolved.placeholder = .thumbnail(resolve(reference))
        return resolved
    }
}
