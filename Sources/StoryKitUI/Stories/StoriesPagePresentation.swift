import StoryKit

// MARK: - StoriesPagePresentation

/// What one user's page shows now, read from the viewer: the values a page view applies and
/// nothing it computes (plain values, tested on Linux).
package struct StoriesPagePresentation: Sendable, Hashable {
    /// What covers the media in the middle of the page.
    package enum Overlay: Sendable, Hashable {
        /// Nothing: the media shows.
        case none
        /// An activity indicator: the current item loads, or a stall outlasted its grace period.
        case loading
        /// The failure's reason and a Retry button.
        case failed(reason: String)

        /// The failure's reason, shown with the Retry button, or `nil`: no failure shows.
        package var failureReason: String? {
            guard case let .failed(reason) = self else { return nil }
            return reason
        }
    }

    /// The user's index among the viewer's users.
    package var user: Int
    /// The item the page shows.
    package var item: Int
    /// That item's id (its media in the media source).
    package var itemID: String
    /// Whether this is the current user's page (the one that plays).
    package var isCurrent: Bool
    /// The header's text: the scene's `"name"` and `"age"` layers of this page
    /// (``StoryKit/StoriesViewer/titleLayers(forUser:now:)``), scaled with Dynamic Type.
    package var title: [Layer]
    /// The avatar's URL or path, if the user has one.
    package var avatar: String?
    /// The scrim behind the chrome: the scene's `"scrim"` layer (``StoryKit/StoriesViewer/scrimLayer``).
    package var scrim: Layer
    /// The progress bars: the scene's `"bars"` layer of this page
    /// (``StoryKit/StoriesViewer/barsLayer(forUser:)``), one `"segment <i>"` per item.
    package var bars: Layer
    /// The item's action pills: the scene's `"areas"` layer of this page
    /// (``StoryKit/StoriesViewer/areaLayer(forUser:)``), labels included (the bridge draws text
    /// layers), or `nil` without one.
    package var areas: Layer?
    /// The caption and the subtitle with their darkening band: the scene's `"captions"` layer
    /// (``StoryKit/StoriesViewer/captionLayer(forUser:)``), or `nil` when the page shows neither.
    package var captions: Layer?
    /// The mute button: the scene's `"mute"` layer (``StoryKit/StoriesViewer/muteButtonLayer``)
    /// on a page whose item is a video, else `nil`.
    package var muteButton: Layer?
    /// The chrome's alpha (bars, header): ``StoryKit/StoriesViewer/chromeOpacity`` on the current
    /// page, 1 on the other (as the scene draws them).
    package var chromeAlpha: Double
    /// The failure on any page whose shown item failed (as the scene draws it); the loading
    /// indicator on the current page only (``StoryKit/StoriesViewer/showsLoadingIndicator``).
    package var overlay: Overlay
    /// The loading ring or the retry state over everything, as the scene draws it
    /// (``StoryKit/StoriesViewer/overlayLayer(forUser:)``): `"loading"`, `"retry"` or `nil`.
    package var overlayLayer: Layer?
    /// The placeholder the page shows over its media while the item loads
    /// (``StoryKit/StoriesViewer/placeholder(forUser:)``), or `nil`.
    package var placeholder: StoryPlaceholder?

    /// The page of `user` in `viewer`, or `nil` for a user the viewer does not have.
    ///
    /// - Parameters:
    ///   - user: The user's index.
    ///   - viewer: The viewer.
    ///   - now: Seconds since 1970, for the post's age.
    package init?(user: Int, viewer: StoriesViewer, now: Double) {
        guard let item = viewer.item(forUser: user) else { return nil }
        let story = viewer.users[user]
        let shown = story.items[item]
        self.user = user
        self.item = item
        itemID = shown.id
        isCurrent = user == viewer.userIndex
        title = viewer.titleLayers(forUser: user, now: now)
        avatar = story.avatar
        scrim = viewer.scrimLayer
        bars = viewer.barsLayer(forUser: user)
        areas = viewer.areaLayer(forUser: user)
        muteButton = viewer.showsMuteButton(forUser: user) ? viewer.muteButtonLayer : nil
        chromeAlpha = isCurrent ? viewer.chromeOpacity : 1
        placeholder = viewer.placeholder(forUser: user)
        captions = viewer.captionLayer(forUser: user)
        overlayLayer = viewer.overlayLayer(forUser: user)
        if let reason = viewer.failureReason(forItem: shown.id) {
            overlay = .failed(reason: reason)
        } else if isCurrent, viewer.showsLoadingIndicator {
            overlay = .loading
        } else {
            overlay = .none
        }
    }
}

// MARK: - StoriesPagePresentation + Chrome layers

extension StoriesPagePresentation {
    /// The chrome's scene layers, back to front: the bars, the mute button when the page shows
    /// it, then the name and the age (the page view draws them in one layer view).
    package var chromeLayers: [Layer] {
        [bars] + (muteButton.map { [$0] } ?? []) + title
    }
}
