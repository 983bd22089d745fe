import StoryKit

extension ImageContents {
    /// These contents with the `trilinear` minification filter: the photos and avatars the
    /// effect tests shrink several times over average instead of aliasing (Core Animation's
    /// default `linear` reads the full-size image only), as an app shrinking large images asks.
    var mipmapped: ImageContents {
        var contents = self
        contents.minificationFilter = .trilinear
        return contents
    }
}
