import MotionCore

// MARK: - StoriesViewer + Title layers

extension StoriesViewer {
    /// The most the header's text grows with Dynamic Type: the name at 20 points at most (the
    /// title has the avatar's height).
    package static let maximumTitleTextScale = 20 / ChromeText.nameFontSize

    /// The header's text on `user`'s page, as the scene's `"chrome"` layer holds it and the UIKit
    /// page draws it: `"name"` (the user's name, semibold) and, with a date, `"age"` under it
    /// (``relativeTime(since:now:)`` of the shown item), in ``chromeLayout``'s title frame,
    /// aligned to its leading edge (``ChromeLayout/titleAlignment``), in the page's points.
    ///
    /// The text is scaled by ``captionTextScale`` (Dynamic Type), clamped to
    /// 0.5…``maximumTitleTextScale``; the lines' heights (18 and 16 points at scale 1) grow with it.
    ///
    /// - Parameters:
    ///   - user: The user's index among ``users``.
    ///   - now: Seconds since 1970, for the age; `nil` leaves the age out.
    /// - Returns: The name, then the age; empty for a user the viewer does not have.
    package func titleLayers(forUser user: Int, now: Double?) -> [Layer] {
        guard users.indices.contains(user) else { return [] }
        let scale = captionTextScale.isFinite ? Swift.min(Swift.max(captionTextScale, 0.5), Self.maximumTitleTextScale) : 1
        let layout = chromeLayout
        let title = layout.title
        let nameHeight = 18 * scale, ageHeight = 16 * scale
        var layers = [Layer(name: "name", bounds: Rect(x: 0, y: 0, width: title.width, height: nameHeight),
                            position: Point(x: title.midX, y: title.minY + nameHeight / 2 - 1),
                            text: TextContents(users[user].name, fontSize: ChromeText.nameFontSize * scale, fontWeight: .semibold,
                                               color: .white, alignment: layout.titleAlignment, numberOfLines: 1))]
        let items = users[user].items
        let item = self.item(forUser: user) ?? 0
        if let now, items.indices.contains(item) {
            layers.append(Layer(name: "age", bounds: Rect(x: 0, y: 0, width: title.width, height: ageHeight),
                                position: Point(x: title.midX, y: title.minY + nameHeight + ageHeight / 2 - 1),
                                text: TextContents(Self.relativeTime(since: items[item].createdAt, now: now),
                                                   fontSize: ChromeText.ageFontSize * scale,
                                                   color: RGBAColor(white: 1, alpha: ChromeText.ageOpacity),
                                                   alignment: layout.titleAlignment, numberOfLines: 1)))
        }
        return layers
    }
}
