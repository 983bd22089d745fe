import StoryKit

extension ImageContents {
    /// These contents with the `trilinear` minification filter: the CLI's photos and avatars are
    /// large images shrunk several times over, which should average instead of aliasing (Core
    /// Animation's default `linear` reads the full-size image only).
    var mipmapped: ImageContents {
        var contents = self
        contents.minificationFilter = .trilinear
        return contents
    }
}
