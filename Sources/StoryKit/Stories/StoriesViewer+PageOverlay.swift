import MotionCore

// MARK: - StoriesViewer + Page overlay

extension StoriesViewer {
    /// The page of `user` as ``layers(media:avatar:behind:now:)`` draws it, for a front-end whose
    /// own views show the item's media under these layers (the UIKit page's player and image views).
    ///
    /// The layers are the page layer's sublayers, back to front, in the page's points
    /// (``pageSize``): `"media"` without the media's pixels and without its black (the
    /// front-end's media views, black themselves, show through), holding the `"placeholder"`
    /// while one shows (``placeholder(forUser:)``: its image is named
    /// ``StoryPlaceholder/imageName(forItem:)``); then `"scrim"`, `"captions"`, `"chrome"` (the
    /// bars, the `"avatar"` whose contents name the user's ``StoryUser/avatar`` string, the mute
    /// button, the name and the age, at ``chromeOpacity`` on the current page), `"areas"` and the
    /// `"loading"` or `"retry"` overlay. Every one of them equals the compositor's: the drawing is
    /// one function.
    ///
    /// - Parameters:
    ///   - user: The user's index; a user the viewer does not have gives no layers.
    ///   - now: The wall-clock time in seconds since 1970, for the item's age ("2h"); `nil` leaves
    ///     the age out.
    /// - Returns: The layers over the media, back to front.
    package func pageOverlayLayers(user: Int, now: Double?) -> [Layer] {
        guard users.indices.contains(user) else { return [] }
        let size = pageSize
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let centre = Point(x: size.width / 2, y: size.height / 2)
        var layers = pageLayer(user: user, bounds: bounds, centre: centre, media: { _, _ in nil },
                               avatar: { users[$0].avatar.map { ImageContents(image: $0) } }, now: now).sublayers
        for index in layers.indices where layers[index].name == "media" {
            layers[index].backgroundColor = nil      // the media views' own black shows, or their picture
            layers[index].contents = nil
        }
        return layers
    }
}
