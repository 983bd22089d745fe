import StoryKit

// MARK: - ProfileHeaderBlurContentMemo

/// The content half of the header image's blur key (``ProfileHeaderBlurKey/Content``), worked
/// out once per image instance and id: hashing a bitmap reads thousands of its bytes, and
/// SwiftUI asks for the key on every evaluation of the header's body. Plain, tested on Linux;
/// generic over the image's class (`UIImage` on a device), which it holds while remembered.
package struct ProfileHeaderBlurContentMemo<Image: AnyObject> {
    /// The image measured last, its id and what it gave.
    private var last: (image: Image, id: String?, content: ProfileHeaderBlurKey.Content)?

    /// Nothing measured yet.
    package init() {}

    /// The content of `image` with the app's `id`: the one measured last when it is the same
    /// instance with the same id, else what `measure` says, remembered.
    ///
    /// - Parameters:
    ///   - image: The header image.
    ///   - id: The app's id for it, nil for none.
    ///   - measure: Works the content out (the id, or the bitmap's size, scale and hash).
    package mutating func content(of image: Image, id: String?,
                                  measure: () -> ProfileHeaderBlurKey.Content) -> ProfileHeaderBlurKey.Content {
        if let last, last.image === image, last.id == id { return last.content }
        let content = measure()
        last = (image, id, content)
        return content
    }

    /// Forgets the image (none is shown), letting it go.
    package mutating func reset() {
        last = nil
    }
}
