import MotionCore

// MARK: - StoriesViewer + Placeholders

extension StoriesViewer {
    /// The blur over a placeholder as the scene draws it, in points (a Gaussian's standard
    /// deviation): it hides the steps of a picture a few dozen pixels wide scaled to the page.
    public static let placeholderBlurRadius = 6.0

    /// The placeholder the page of `user` shows now, or `nil`: the placeholder of the item that
    /// page shows while that item's media is not on screen.
    ///
    /// An image's placeholder shows until its bytes arrived (its source reported it ready); a
    /// video's until its first frame is decoded (``MediaEvent/displaying``), so the page goes from
    /// the placeholder straight to the video's picture and is never black. The pages beside the
    /// current one (the cube's next face while it is dragged) show theirs the same way. Progress
    /// does not start for a placeholder: it waits for the real first frame, as without one.
    ///
    /// - Parameter user: The user's index among ``users``.
    /// - Returns: The item's ``StoryItem/placeholder`` while its media is missing; `nil` once it
    ///   is there, for an item without one, or for an unknown user.
    public func placeholder(forUser user: Int) -> StoryPlaceholder? {
        guard let item = self.item(forUser: user), users.indices.contains(user),
              users[user].items.indices.contains(item) else { return nil }
        let shown = users[user].items[item]
        guard let placeholder = shown.placeholder else { return nil }
        switch shown.kind {
        case .image: return reports.hasArrived(shown.id) ? nil : placeholder
        case .video: return reports.isDisplaying(shown.id) ? nil : placeholder
        }
    }

    /// The `"placeholder"` layer of the page of `user` while it shows one: the picture named
    /// ``StoryPlaceholder/imageName(forItem:)`` aspect-filled over the page and blurred by
    /// ``placeholderBlurRadius``, reaching 3 radii past each edge so the blur does not darken
    /// them (the page's `"media"` layer clips it).
    func placeholderLayer(forUser user: Int, bounds: Rect, centre: Point) -> Layer? {
        guard placeholder(forUser: user) != nil, let item = self.item(forUser: user) else { return nil }
        let bleed = 3 * Self.placeholderBlurRadius
        let id = users[user].items[item].id
        return Layer(name: "placeholder",
                     bounds: Rect(x: 0, y: 0, width: bounds.width + 2 * bleed, height: bounds.height + 2 * bleed),
                     position: centre,
                     contents: ImageContents(image: StoryPlaceholder.imageName(forItem: id), gravity: .resizeAspectFill),
                     blurRadius: Self.placeholderBlurRadius)
    }
}
