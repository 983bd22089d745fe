#if canImport(UIKit) && canImport(AVFoundation)
import StoryKit
import UIKit

/// One user's page of the Stories viewer: the item's media, and over it the compositor's page
/// drawn by one ``SceneLayersView`` (the placeholder, the scrim, the captions, the chrome with
/// the bars, avatar, mute button, name and age, the action pills and, on the current page, the
/// loading ring or the failure with a Retry button). It applies a ``StoriesPagePresentation``
/// and computes nothing. A tap on Retry is the model's
/// (``StoryKit/StoriesViewer/retryButtonHitFrame``), like the mute button's.
@MainActor
final class StoriesPageView: UIView {
    /// The user this page shows, as last applied.
    private(set) var user: Int?
    /// The avatar string whose image is (or is being) shown.
    var avatarKey: String?
    /// The avatar's image once loaded (the scene's `"avatar"` layer is grey until then); setting
    /// it redraws the page.
    var avatarImage: CGImage? {
        didSet { drawScene() }
    }

    private let mediaContainer = UIView()
    private var mediaViews = StoriesMediaStack<StoryMediaView>()
    /// A loading item's placeholder picture, decoded once per placeholder and page size.
    private var placeholderImage: CGImage?
    private var placeholderMemo = StoriesPlaceholderMemo()
    /// Everything over the media, as the scene draws it.
    private let sceneView = SceneLayersView()
    /// The page last applied.
    private var page: StoriesPagePresentation?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .black
        mediaContainer.backgroundColor = .black
        mediaContainer.clipsToBounds = true
        addSubview(mediaContainer)
        addSubview(sceneView)
        isAccessibilityElement = false
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func layoutSubviews() {
        super.layoutSubviews()
        for view in [mediaContainer, sceneView] where view.frame != bounds { view.frame = bounds }
        for view in mediaViews.elements where view.frame != mediaContainer.bounds { view.frame = mediaContainer.bounds }
    }

    /// Applies the page's state: call inside a transaction without actions (every frame).
    ///
    /// - Parameters:
    ///   - page: What the page shows.
    ///   - media: The media view of the page's item, if the source lists it.
    func apply(_ page: StoriesPagePresentation, media: StoryMediaView?) {
        user = page.user
        self.page = page
        showMedia(media)
        showPlaceholder(page.placeholder)
        drawScene()
        // Not the previous item's picture behind the failure.
        for old in mediaViews.dropBelowTop(when: page.showsFailure) { old.removeFromSuperview() }
    }

    /// Draws the last page's layers with the avatar and placeholder images they name.
    private func drawScene() {
        page.map { sceneView.draw($0.layers, images: $0.images(avatar: avatarImage, placeholder: placeholderImage)) }
    }

    /// Shows `view` on top; the views under it stay until it has its first frame (no black
    /// frame between items), then go. Without a view (the source let go at the close), the last
    /// picture stays.
    private func showMedia(_ view: StoryMediaView?) {
        if let view, mediaViews.push(view) {
            view.frame = mediaContainer.bounds
            mediaContainer.addSubview(view)
        }
        if mediaViews.top?.hasFirstFrame == true { dropMediaBelowTop() }
    }

    /// Decodes `placeholder`'s picture (once per placeholder and page size), or lets it go.
    private func showPlaceholder(_ placeholder: StoryPlaceholder?) {
        if case .show(let picture) = placeholderMemo.update(placeholder, page: Size(bounds.size)) {
            placeholderImage = picture.flatMap { UIImage($0)?.cgImage }
        }
    }

    private func dropMediaBelowTop() {
        for old in mediaViews.dropBelowTop() { old.removeFromSuperview() }
    }

    /// Forgets the media, the avatar and the placeholder (the page is reused for another user).
    func prepareForReuse() {
        for view in mediaViews.removeAll() { view.removeFromSuperview() }
        page = nil
        avatarKey = nil
        avatarImage = nil
        placeholderMemo = StoriesPlaceholderMemo()
        placeholderImage = nil
        user = nil
    }
}
#endif
