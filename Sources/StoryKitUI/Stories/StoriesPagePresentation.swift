import StoryKit

// MARK: - StoriesPagePresentation

/// What one user's page shows now, read from the viewer: the media the page view shows itself
/// and the scene's layers it draws over them (plain values, tested on Linux).
///
/// The layers are the compositor's page without the media's pixels
/// (``StoryKit/StoriesViewer/pageOverlayLayers(user:now:)``); the page view draws them in one
/// ``SceneLayersView`` with the two images they name: the avatar (``avatar``) and the placeholder
/// (``placeholderImage``).
package struct StoriesPagePresentation: Sendable, Hashable {
    /// The user's index among the viewer's users.
    package var user: Int
    /// The shown item's id (its media in the media source).
    package var itemID: String
    /// The avatar's URL or path, if the user has one: the page view loads it, and the `"avatar"`
    /// layer's contents name it.
    package var avatar: String?
    /// The placeholder the page shows over its media while the item loads
    /// (``StoryKit/StoriesViewer/placeholder(forUser:)``), or `nil`: the page view decodes its
    /// picture (``StoriesPlaceholderMemo``).
    package var placeholder: StoryPlaceholder?
    /// The name the `"placeholder"` layer's contents give that picture
    /// (``StoryKit/StoryPlaceholder/imageName(forItem:)``), or `nil` without a placeholder.
    package var placeholderImage: String?
    /// Whether the shown item failed (the page shows the Retry state): the page drops the media
    /// views under the top one, so no previous item's picture shows behind the failure.
    package var showsFailure: Bool
    /// The page's layers over its media, back to front, in the page's points.
    package var layers: [Layer]

    /// The page of `user` in `viewer`, or `nil` for a user the viewer does not have.
    ///
    /// - Parameters:
    ///   - user: The user's index.
    ///   - viewer: The viewer.
    ///   - now: Seconds since 1970, for the post's age.
    package init?(user: Int, viewer: StoriesViewer, now: Double) {
        guard let item = viewer.item(forUser: user) else { return nil }
        let story = viewer.users[user]
        itemID = story.items[item].id
        self.user = user
        avatar = story.avatar
        placeholder = viewer.placeholder(forUser: user)
        placeholderImage = placeholder.map { _ in StoryPlaceholder.imageName(forItem: story.items[item].id) }
        showsFailure = viewer.failureReason(forItem: story.items[item].id) != nil
        layers = viewer.pageOverlayLayers(user: user, now: now)
    }
}

// MARK: - StoriesPagePresentation + Images

extension StoriesPagePresentation {
    /// The image table for ``layers``: `avatar` under the avatar's name and `placeholder` under
    /// the placeholder's, each left out when missing (a layer whose image is missing draws only
    /// its background: the avatar's grey circle before its image loads).
    ///
    /// - Parameters:
    ///   - avatar: The user's avatar image, once loaded.
    ///   - placeholder: The placeholder's decoded picture, while one shows.
    /// - Returns: The images by the names the layers' contents give them.
    package func images<Image>(avatar avatarImage: Image?, placeholder placeholderPicture: Image?) -> [String: Image] {
        var images: [String: Image] = [:]
        if let avatar { images[avatar] = avatarImage }
        if let placeholderImage { images[placeholderImage] = placeholderPicture }
        return images
    }
}
